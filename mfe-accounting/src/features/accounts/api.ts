import type { Account, AccountInput, ChartGenerationResult } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;

/** The company's chart of accounts (GET/POST /api/companies/:id/accounts) and its generation. */
export const accountsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/accounts: every account, sorted by code. */
    listAccounts: build.query<Account[], string>({
      query: (companyId) => `/api/companies/${enc(companyId)}/accounts`,
      providesTags: (_result, _error, companyId) => [{ type: 'Account', id: companyId }, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/accounts → 201 Account (409 when the code exists). */
    createAccount: build.mutation<Account, { companyId: string; body: AccountInput }>({
      query: ({ companyId, body }) => ({ url: `/api/companies/${enc(companyId)}/accounts`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { companyId }) => [{ type: 'Account', id: companyId }, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/generate-chart {sector} → {created, total}. */
    generateChart: build.mutation<ChartGenerationResult, { companyId: string; sector: string }>({
      query: ({ companyId, sector }) => ({ url: `/api/companies/${enc(companyId)}/generate-chart`, method: 'POST', body: { sector } }),
      invalidatesTags: (_result, _error, { companyId }) => [{ type: 'Account', id: companyId }, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useListAccountsQuery, useCreateAccountMutation, useGenerateChartMutation } = accountsApi;
