import { QueryTypes, type Sequelize } from 'sequelize';
import type { AuditEventDto, AuditEventListResponse, AuditObjectType, Role } from '@xaalis/contracts';
import { isUuid, notFound } from '@xaalis/service-kit';

interface AuditEventRow {
  /** bigserial: pg answers a string. */
  id: string;
  at: Date;
  user_id: string | null;
  actor_role: Role | null;
  action: AuditEventDto['action'];
  object_type: AuditObjectType;
  object_id: string;
  object_label: string | null;
  details: Record<string, unknown> | null;
  total: number;
}

const toDto = (r: AuditEventRow): AuditEventDto => ({
  id: r.id,
  at: new Date(r.at).toISOString(),
  userId: r.user_id,
  actorRole: r.actor_role,
  action: r.action,
  objectType: r.object_type,
  objectId: r.object_id,
  objectLabel: r.object_label,
  details: r.details,
});

/** Reads the audit trail (written by the database triggers and recordAuditEvent; never edited). */
export function auditService(sequelize: Sequelize) {
  return {
    /**
     * The history of one object of the company, oldest first (ties: in the
     * order recorded). 404 when the company has no history for it: an unknown
     * id, or another company's object.
     */
    async listForObject(
      companyId: string,
      query: { objectType: AuditObjectType; objectId: string; page: number; pageSize: number },
    ): Promise<AuditEventListResponse> {
      if (!isUuid(query.objectId)) throw notFound();
      const rows = await sequelize.query<AuditEventRow>(
        `SELECT id, at, user_id, actor_role, action, object_type, object_id, object_label, details, count(*) OVER ()::int AS total
           FROM accounting.audit_events
          WHERE company_id = $1 AND object_type = $2 AND object_id = $3
          ORDER BY at, id
          LIMIT $4 OFFSET $5`,
        {
          bind: [companyId, query.objectType, query.objectId, query.pageSize, (query.page - 1) * query.pageSize],
          type: QueryTypes.SELECT,
        },
      );
      let totalItems = rows[0]?.total ?? 0;
      if (rows.length === 0) {
        // Past the last page, or no history at all (→ 404).
        const [{ n }] = await sequelize.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM accounting.audit_events WHERE company_id = $1 AND object_type = $2 AND object_id = $3',
          { bind: [companyId, query.objectType, query.objectId], type: QueryTypes.SELECT },
        );
        if (n === 0) throw notFound();
        totalItems = n;
      }
      return { items: rows.map(toDto), page: query.page, pageSize: query.pageSize, totalItems };
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
