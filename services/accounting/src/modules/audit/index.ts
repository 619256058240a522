// Public face of the audit trail (other features import from here only).
export { internalActorOf, rememberActorRole, rememberInternalActor } from './actor';
export { auditApi } from './routes';
export { auditService, type AuditService } from './service';
export { recordAuditEvent, recordAuditEvents, type AuditEventInput, type AuditAction, type AuditObjectType } from './record';
