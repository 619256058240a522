import type { Investment, InvestmentCategory, InvestmentInput, InvestmentListResponse } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyCreate, companyListQuery } from '@xaalis/web-kit';
import type { CompanyBodyArgs } from '@xaalis/web-kit';

const enc = encodeURIComponent;
const listTag = { type: 'Investment' as const, id: 'LIST' };

/** Investments: list, one with its plan, create, edit, record a year's depreciation. Every write refreshes the company's data. */
export const investmentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/investments?page=&pageSize=&search=&category= (without the plans) → a page and the company's totals. */
    listInvestments: companyListQuery<
      InvestmentListResponse,
      { page?: number; pageSize?: number; search?: string; category?: InvestmentCategory }
    >(build, '/investments', [listTag]),
    /** GET /api/investments/:id: with `depreciationSchedules` (polled while the plan is being computed). */
    getInvestment: build.query<Investment, string>({
      query: (id) => `/api/investments/${enc(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Investment', id }, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/investments → 201 Investment (plan 'computing'). */
    createInvestment: companyCreate<Investment, CompanyBodyArgs<InvestmentInput>>(build, '/investments', [listTag]),
    /** PUT /api/investments/:id (while nothing is recorded: re-plans). */
    updateInvestment: build.mutation<Investment, { id: string; body: InvestmentInput }>({
      query: ({ id, body }) => ({ url: `/api/investments/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [listTag, { type: 'Investment', id }, COMPANY_DATA_TAG],
    }),
    /** POST /api/investments/:id/depreciations/:rowId/record: 'Enregistrer la dotation'. */
    recordDepreciation: build.mutation<Investment, { id: string; rowId: string }>({
      query: ({ id, rowId }) => ({ url: `/api/investments/${enc(id)}/depreciations/${enc(rowId)}/record`, method: 'POST' }),
      invalidatesTags: (_result, _error, { id }) => [listTag, { type: 'Investment', id }, COMPANY_DATA_TAG],
    }),
  }),
});

export const {
  useListInvestmentsQuery,
  useGetInvestmentQuery,
  useCreateInvestmentMutation,
  useUpdateInvestmentMutation,
  useRecordDepreciationMutation,
} = investmentsApi;
