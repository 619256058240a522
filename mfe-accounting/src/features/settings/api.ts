import type { Company, CompanyInput } from '@xaalis/contracts';
import { authApi, baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;

/** The company record written by the settings form. */
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
    /** POST /api/companies (a user without a company) → Company; the user now carries its id. */
    createCompany: build.mutation<Company, CompanyInput>({
      query: (body) => ({ url: '/api/companies', method: 'POST', body }),
      invalidatesTags: ['User', COMPANY_DATA_TAG],
    }),
  }),
});

export const { useUpdateCompanyMutation, useCreateCompanyMutation } = companySettingsApi;
