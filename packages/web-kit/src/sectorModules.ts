import { skipToken } from '@reduxjs/toolkit/query/react';
import { defaultModulesForSector, type CompanyModules, type SectorModule } from '@xaalis/contracts';
import { COMPANY_DATA_TAG, baseApi } from './api';
import { useCompany } from './auth';

/**
 * The company's sector modules (Paramètres → Modules), served by the sector
 * service. In the one shared API: the shell's sidebar and router read them, the
 * accounting remote's Modules tab saves them, and the save refreshes both.
 */
export const sectorModulesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/modules. */
    getCompanyModules: build.query<CompanyModules, string>({
      query: (companyId) => `/api/companies/${encodeURIComponent(companyId)}/modules`,
      providesTags: (_result, _error, companyId) => [{ type: 'Modules', id: companyId }, COMPANY_DATA_TAG],
    }),
    /** PUT /api/companies/:id/modules: the saved answer replaces the cached copy at once (sidebar without a reload). */
    saveCompanyModules: build.mutation<CompanyModules, { companyId: string; modules: SectorModule[] }>({
      query: ({ companyId, modules }) => ({
        url: `/api/companies/${encodeURIComponent(companyId)}/modules`,
        method: 'PUT',
        body: { modules },
      }),
      async onQueryStarted({ companyId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(sectorModulesApi.util.upsertQueryData('getCompanyModules', companyId, data));
        } catch {
          /* the caller shows the error */
        }
      },
      invalidatesTags: (_result, _error, { companyId }) => [{ type: 'Modules', id: companyId }],
    }),
  }),
});

export const { useGetCompanyModulesQuery, useSaveCompanyModulesMutation } = sectorModulesApi;

export interface EnabledModulesState {
  /** null while unknown (user, company or modules still loading): show no sector page yet. */
  modules: SectorModule[] | null;
  /** True when the modules could not be read (sector service down): the company's sector decides. */
  fallback: boolean;
}

/**
 * The sector modules the signed-in user's company has enabled. When the sector
 * service cannot answer, the company's sector decides (as before modules were
 * configurable), so the application keeps working.
 */
export function useEnabledModules(): EnabledModulesState {
  const { company, companyId, isLoading: companyLoading } = useCompany();
  const { data, error, isLoading } = useGetCompanyModulesQuery(companyId ?? skipToken);
  if (data) return { modules: data.modules, fallback: false };
  if (error)
    return company
      ? { modules: defaultModulesForSector(company.sector), fallback: true }
      : { modules: companyLoading ? null : [], fallback: true };
  if (!companyId && !companyLoading && !isLoading) return { modules: [], fallback: false };
  return { modules: null, fallback: false };
}
