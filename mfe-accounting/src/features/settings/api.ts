import type { Company, CompanyInput } from '@xaalis/contracts';
import { authApi, baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;

/**
 * The company record written by the settings form (the payroll settings are the HR remote's).
 * Creating a company is web-kit's `createCompany` (one endpoint name per shared API).
 */
export const companySettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** PUT /api/companies/:id → Company (the cached company is replaced at once). */
    updateCompany: build.mutation<Company, { companyId: string; body: CompanyInput }>({
      query: ({ companyId, body }) => ({ url: `/api/companies/${enc(companyId)}`, method: 'PUT', body }),
      async onQueryStarted({ companyId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(authApi.util.upsertQueryData('getCompany', companyId, data));
        } catch {
          /* the form shows the error */
        }
      },
      invalidatesTags: (_result, _error, { companyId }) => [{ type: 'Company', id: companyId }, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useUpdateCompanyMutation } = companySettingsApi;
