import type { AuditEventListResponse, AuditObjectType, CompanyUser } from '@xaalis/contracts';
import { COMPANY_DATA_TAG, baseApi } from '@xaalis/web-kit';

const enc = encodeURIComponent;

/** The cache tag of the object a history belongs to: its page's writes refresh the history too. */
const objectTag = (objectType: AuditObjectType, objectId: string) =>
  objectType === 'invoice' ? ({ type: 'Invoice', id: objectId } as const) : ({ type: 'Entry', id: objectId } as const);

/**
 * The company's users (GET /api/users, gateway): resolves the ids stored on documents to names;
 * the audit trail of one object (GET /api/companies/:companyId/audit-events).
 */
export const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** One call shared by every panel (no argument: one cache entry), kept like the rest of the cache. */
    listCompanyUsers: build.query<CompanyUser[], void>({
      query: () => '/api/users',
    }),
    /** One object's history, oldest first (read-only: the database refuses any change of it). */
    listAuditEvents: build.query<AuditEventListResponse, { companyId: string; objectType: AuditObjectType; objectId: string }>({
      query: ({ companyId, objectType, objectId }) => ({
        url: `/api/companies/${enc(companyId)}/audit-events`,
        params: { objectType, objectId, pageSize: 100 },
      }),
      providesTags: (_result, _error, { objectType, objectId }) => [objectTag(objectType, objectId), COMPANY_DATA_TAG],
    }),
  }),
});

export const { useListCompanyUsersQuery, useListAuditEventsQuery } = auditApi;
