// Who did what on a document (ids from the services, names from the gateway's GET /api/users),
// and the full history from the audit trail (GET /api/companies/:companyId/audit-events).
export { AuditTrail, useUserName, type AuditStep } from './AuditTrail';
export { AuditHistory } from './AuditHistory';
export { useListAuditEventsQuery, useListCompanyUsersQuery } from './api';
