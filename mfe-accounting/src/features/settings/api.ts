import type { Company, CompanyInput, PayrollSettings, PayrollSettingsValues } from '@xaalis/contracts';
import { authApi, baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;
const payrollSettingsTag = { type: 'Payroll' as const, id: 'SETTINGS' };

/**
 * The company record written by the settings form, and the company's payroll settings (tab Paie).
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
    /**
     * GET /api/companies/:id/payroll-settings (HR service). Named apart from the HR remote's
     * `getPayrollSettings`: both inject into the one shared API, where a name is taken once.
     */
    getCompanyPayrollSettings: build.query<PayrollSettings, string>({
      query: (companyId) => `/api/companies/${enc(companyId)}/payroll-settings`,
      providesTags: [payrollSettingsTag, COMPANY_DATA_TAG],
    }),
    /**
     * PUT /api/companies/:id/payroll-settings → PayrollSettings. Invalidating CompanyData also
     * refreshes the HR remote's copy (its query carries that tag in the same store), so the
     * 'Nouveau bulletin' dialog uses the new set and risk class.
     */
    updatePayrollSettings: build.mutation<PayrollSettings, { companyId: string; body: PayrollSettingsValues }>({
      query: ({ companyId, body }) => ({ url: `/api/companies/${enc(companyId)}/payroll-settings`, method: 'PUT', body }),
      async onQueryStarted({ companyId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(companySettingsApi.util.upsertQueryData('getCompanyPayrollSettings', companyId, data));
        } catch {
          /* the tab shows the error */
        }
      },
      invalidatesTags: [payrollSettingsTag, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useUpdateCompanyMutation, useGetCompanyPayrollSettingsQuery, useUpdatePayrollSettingsMutation } = companySettingsApi;
