import type { CompanyUser } from '@xaalis/contracts';
import { baseApi } from '@xaalis/web-kit';

/** The company's users (GET /api/users, gateway): resolves the ids stored on documents to names. */
export const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** One call shared by every panel (no argument: one cache entry), kept like the rest of the cache. */
    listCompanyUsers: build.query<CompanyUser[], void>({
      query: () => '/api/users',
    }),
  }),
});

export const { useListCompanyUsersQuery } = auditApi;
