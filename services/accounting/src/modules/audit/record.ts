import { type Sequelize, type Transaction } from 'sequelize';
import type { AuditAction, AuditObjectType } from '@xaalis/contracts';

export type { AuditAction, AuditObjectType } from '@xaalis/contracts';

export interface AuditEventInput {
  companyId: string;
  /** The acting user (gateway's X-User-Id); null for requests without a user. */
  userId: string | null;
  action: AuditAction;
  objectType: AuditObjectType;
  objectId: string;
  objectLabel?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Appends one event to accounting.audit_events, in the caller's transaction
 * (the event commits or rolls back with the action it records).
 * Creation, validation and cancellation of entries, invoices and payments are
 * recorded by database triggers (migration 0014); call this for the rest
 * (edits, deletions of drafts, imports, closing and reopening of fiscal years).
 */
export async function recordAuditEvent(sequelize: Sequelize, transaction: Transaction, event: AuditEventInput): Promise<void> {
  await sequelize.query(
    `INSERT INTO accounting.audit_events (company_id, user_id, action, object_type, object_id, object_label, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    {
      bind: [
        event.companyId,
        event.userId,
        event.action,
        event.objectType,
        event.objectId,
        event.objectLabel ?? null,
        event.details === undefined ? null : JSON.stringify(event.details),
      ],
      transaction,
    },
  );
}

/**
 * Set-based variant: one statement for many objects that share the action
 * (e.g. every entry written by an import).
 */
export async function recordAuditEvents(
  sequelize: Sequelize,
  transaction: Transaction,
  common: { companyId: string; userId: string | null; action: AuditAction; objectType: AuditObjectType; details?: Record<string, unknown> },
  objects: readonly { id: string; label?: string | null }[],
): Promise<void> {
  if (objects.length === 0) return;
  await sequelize.query(
    `INSERT INTO accounting.audit_events (company_id, user_id, action, object_type, object_id, object_label, details)
     SELECT $1, $2, $3, $4, o.id, o.label, $5::jsonb
       FROM unnest($6::uuid[], $7::text[]) AS o(id, label)`,
    {
      bind: [
        common.companyId,
        common.userId,
        common.action,
        common.objectType,
        common.details === undefined ? null : JSON.stringify(common.details),
        objects.map((o) => o.id),
        objects.map((o) => o.label ?? null),
      ],
      transaction,
    },
  );
}
