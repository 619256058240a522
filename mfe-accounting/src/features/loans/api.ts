import type { Loan, LoanInput, LoanListResponse, LoanStatus } from '@xaalis/contracts';
import { baseApi, companyCreate, companyListQuery } from '@xaalis/web-kit';
import type { CompanyBodyArgs } from '@xaalis/web-kit';

// The payment dialog reads the same list under this tag: paying an instalment refreshes the page.
const listTag = { type: 'Loan' as const, id: 'LIST' };

/** Loans with their schedules, and creating one. Every write refreshes the company's data. */
export const loansApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/loans?page=&pageSize=&search=&status=&payable=: a page of loans with their schedules, the company's totals. */
    listLoans: companyListQuery<
      LoanListResponse,
      { page?: number; pageSize?: number; search?: string; status?: LoanStatus; payable?: 'true' | 'false' }
    >(build, '/loans', [listTag]),
    /** POST /api/companies/:id/loans → 201 Loan with its schedule. */
    createLoan: companyCreate<Loan, CompanyBodyArgs<LoanInput>>(build, '/loans', [listTag]),
  }),
});

export const { useListLoansQuery, useCreateLoanMutation } = loansApi;
