import type { Loan, LoanInput } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;
// The payment dialog reads the same list under this tag: paying an instalment refreshes the page.
const listTag = { type: 'Loan' as const, id: 'LIST' };

/** Loans with their schedules, and creating one. Every write refreshes the company's data. */
export const loansApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/loans: each loan with its schedule (`payments`, by due date). */
    listLoans: build.query<Loan[], string>({
      query: (companyId) => `/api/companies/${enc(companyId)}/loans`,
      providesTags: [listTag, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/loans → 201 Loan with its schedule. */
    createLoan: build.mutation<Loan, { companyId: string; body: LoanInput }>({
      query: ({ companyId, body }) => ({ url: `/api/companies/${enc(companyId)}/loans`, method: 'POST', body }),
      invalidatesTags: [listTag, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useListLoansQuery, useCreateLoanMutation } = loansApi;
