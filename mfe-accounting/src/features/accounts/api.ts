import type { Account, AccountInput, AccountListResponse, AccountType, ChartGenerationResult } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyUrl, listParams, type CompanyListArgs } from '@xaalis/web-kit';

/** The query of the chart's list (GET …/accounts): a page, a search (code or name), the filters. */
export interface AccountListFilter {
  page?: number;
  pageSize?: number;
  search?: string;
  /** Code prefixes, comma-separated ('2' for class 2, '21,22'). */
  prefix?: string;
  type?: AccountType;
  active?: 'true' | 'false';
  id?: string;
}

const enc = encodeURIComponent;

/** The company's chart of accounts (GET/POST /api/companies/:id/accounts) and its generation. */
export const accountsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/accounts?page=&pageSize=&search=&prefix=&type=&active=&id= → one page in code order, the chart's count. */
    listAccounts: build.query<AccountListResponse, CompanyListArgs<AccountListFilter>>({
      query: ({ companyId, ...filter }) => ({ url: companyUrl(companyId, '/accounts'), params: listParams(filter) }),
      providesTags: (_result, _error, { companyId }) => [{ type: 'Account', id: companyId }, COMPANY_DATA_TAG],
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
