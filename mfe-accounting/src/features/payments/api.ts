import type { Loan, LoanPayment, Payment, PaymentInput } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;

/** A loan instalment, as the payment dialog reads it (id, status, dueDate, totalAmount). */
export type LoanInstalment = Pick<LoanPayment, 'id' | 'status' | 'dueDate' | 'totalAmount'> & Partial<LoanPayment>;

/** A loan with its schedule, as the payment dialog reads it (lender, payments[]). */
export type LoanWithSchedule = Pick<Loan, 'id' | 'lender'> & Partial<Omit<Loan, 'payments'>> & { payments: LoanInstalment[] };

/** The loans the payment dialog reads at once. */
export const PAYMENT_LOANS_PAGE_SIZE = 100;

/** Recording a payment (POST /api/payments) and the loans whose pending instalments it offers. */
export const paymentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/companies/:id/loans?payable=true&pageSize=100: the loans with an instalment still to pay, each with its
     * schedule (a company has a handful of loans; 100 at once is far beyond).
     */
    listPaymentLoans: build.query<LoanWithSchedule[], string>({
      query: (companyId) => ({
        url: `/api/companies/${enc(companyId)}/loans`,
        params: { payable: 'true', pageSize: PAYMENT_LOANS_PAGE_SIZE },
      }),
      transformResponse: (page: { items: LoanWithSchedule[] }) => page.items,
      providesTags: [{ type: 'Loan', id: 'LIST' }, COMPANY_DATA_TAG],
    }),
    /** POST /api/payments → 201 Payment (refused with a message on overpayment). */
    createPayment: build.mutation<Payment, PaymentInput>({
      query: (body) => ({ url: '/api/payments', method: 'POST', body }),
      invalidatesTags: [{ type: 'Payment', id: 'LIST' }, { type: 'Invoice', id: 'LIST' }, { type: 'Loan', id: 'LIST' }, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useListPaymentLoansQuery, useCreatePaymentMutation } = paymentsApi;
