import { z } from 'zod';
import type { Role } from './memberships';
import { text, tooLong } from './text';
import { pageQueryFields } from './fields';

/** The append-only audit trail of the accounting service (issue 15). */

/**
 * A ledger document's trail (entries, invoices) as the API answers it: who created, validated
 * and cancelled it (identity user ids; null when unknown, e.g. before the audit trail), and when.
 */
export interface DocumentTrail {
  createdBy?: string | null;
  validatedBy?: string | null;
  validatedAt?: string | null;
  cancelledBy?: string | null;
  cancelledAt?: string | null;
  createdAt: string;
  updatedAt: string;
}

export const AUDIT_ACTIONS = [
  'created',
  'edited',
  'validated',
  'cancelled',
  'deleted',
  'imported',
  'closed',
  'reopened',
  'paid',
  'credited',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OBJECT_TYPES = ['entry', 'invoice', 'payment', 'entry-import', 'fiscal-year'] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** One event of GET /api/companies/:companyId/audit-events. */
export interface AuditEventDto {
  id: string;
  /** ISO date-time. */
  at: string;
  userId: string | null;
  /** The acting user's role in the company at the time; null outside a request (jobs) and before issue 16. */
  actorRole?: Role | null;
  action: AuditAction;
  objectType: AuditObjectType;
  objectId: string;
  objectLabel: string | null;
  details: Record<string, unknown> | null;
}

export interface AuditEventListResponse {
  items: AuditEventDto[];
  page: number;
  pageSize: number;
  totalItems: number;
}

/** What the history shows for each action (UI). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  created: 'Créée',
  edited: 'Modifiée',
  validated: 'Validée',
  cancelled: 'Annulée',
  deleted: 'Supprimée',
  imported: 'Importée',
  closed: 'Clôturé',
  reopened: 'Rouvert',
  paid: 'Règlement enregistré',
  credited: 'Avoir émis',
};

/**
 * GET /api/companies/:companyId/audit-events?objectType=…&objectId=…: the
 * history of one object, in chronological order (oldest first), one page.
 * 404 when the company has no history for that object (another company's id).
 */
export const auditEventListQuerySchema = z.object({
  objectType: z.enum(AUDIT_OBJECT_TYPES),
  objectId: text()
    .trim()
    .max(64, { error: tooLong(64) }),
  ...pageQueryFields(50),
});
export type AuditEventListQuery = z.input<typeof auditEventListQuerySchema>;
