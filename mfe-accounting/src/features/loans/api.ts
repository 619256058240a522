import type { Loan, LoanInput } from '@xaalis/contracts';
import { baseApi, companyCreate, companyQuery } from '@xaalis/web-kit';
import type { CompanyBodyArgs } from '@xaalis/web-kit';

// The payment dialog reads the same list under this tag: paying an instalment refreshes the page.
const listTag = { type: 'Loan' as const, id: 'LIST' };

/** Loans with their schedules, and creating one. Every write refreshes the company's data. */
export const loansApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/loans: each loan with its schedule (`payments`, by due date). */
    listLoans: companyQuery<Loan[]>(build, '/loans', [listTag]),
    /** POST /api/companies/:id/loans → 201 Loan with its schedule. */
    createLoan: companyCreate<Loan, CompanyBodyArgs<LoanInput>>(build, '/loans', [listTag]),
  }),
});

export const { useListLoansQuery, useCreateLoanMutation } = loansApi;
