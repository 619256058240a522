import type {
  PaymentMethod,
  PayrollGenerationProgress,
  PayrollGenerationStarted,
  PayrollSettings,
  PayrollSettingsValues,
  PayrollTransferInput,
  PayrollTransferResult,
  Payslip,
  PayslipCreateInput,
  PayslipList,
  PayslipListParams,
  TransferOrder,
} from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyCreate, companyQuery } from '@xaalis/web-kit';
import type { CompanyBodyArgs } from '@xaalis/web-kit';

const enc = encodeURIComponent;
const listTag = { type: 'Payroll' as const, id: 'LIST' };
const settingsTag = { type: 'Payroll' as const, id: 'SETTINGS' };

/** One page of the slips: `page` from 1, `search` on the employee, `period`, `year`, `employeeId`, `status`. */
export type PayslipListArgs = PayslipListParams & { companyId: string };

/**
 * The company's pay slips (list, create with the figures computed client-side, validate, pay,
 * cancel) and its payroll settings (Paramètres → Paie, the 'Nouveau bulletin' defaults).
 */
export const payrollApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/payrolls?page&pageSize&search&period&year&employeeId&status → one page and the totals of every matching slip. */
    listPayslips: build.query<PayslipList, PayslipListArgs>({
      query: ({ companyId, search, ...params }) => ({
        url: `/api/companies/${enc(companyId)}/payrolls`,
        params: { ...params, search: search?.trim() || undefined },
      }),
      providesTags: [listTag, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/payrolls → 201 Payslip (400 when the figures do not match the server's). */
    createPayslip: companyCreate<Payslip, CompanyBodyArgs<PayslipCreateInput>>(build, '/payrolls', [listTag]),
    /** POST /api/companies/:id/payrolls/generate {period} → 202 {jobId}: the month's drafts, as a background job. */
    generatePayroll: build.mutation<PayrollGenerationStarted, { companyId: string; period: string }>({
      query: ({ companyId, period }) => ({ url: `/api/companies/${enc(companyId)}/payrolls/generate`, method: 'POST', body: { period } }),
    }),
    /** GET /api/companies/:id/payrolls/generate/:jobId → JobStatus: payslips created / employees (polled by useJobProgress). */
    getPayrollGeneration: build.query<PayrollGenerationProgress, { companyId: string; jobId: string }>({
      query: ({ companyId, jobId }) => `/api/companies/${enc(companyId)}/payrolls/generate/${enc(jobId)}`,
      keepUnusedDataFor: 0,
    }),
    /** GET /api/companies/:id/payroll-settings: the company's parameter set and accident risk class. */
    getPayrollSettings: companyQuery<PayrollSettings>(build, '/payroll-settings', [settingsTag]),
    /** PUT /api/companies/:id/payroll-settings → PayrollSettings (the cached copy is replaced at once). */
    updatePayrollSettings: build.mutation<PayrollSettings, { companyId: string; body: PayrollSettingsValues }>({
      query: ({ companyId, body }) => ({ url: `/api/companies/${enc(companyId)}/payroll-settings`, method: 'PUT', body }),
      async onQueryStarted({ companyId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(payrollApi.util.upsertQueryData('getPayrollSettings', companyId, data));
        } catch {
          /* the tab shows the error */
        }
      },
      invalidatesTags: [settingsTag, COMPANY_DATA_TAG],
    }),
    /** PATCH /api/payrolls/:id/validate → Payslip. */
    validatePayslip: build.mutation<Payslip, string>({
      query: (id) => ({ url: `/api/payrolls/${enc(id)}/validate`, method: 'PATCH' }),
      invalidatesTags: [listTag, COMPANY_DATA_TAG],
    }),
    /** PATCH /api/payrolls/:id/pay {paymentDate, paymentMethod} → Payslip. */
    payPayslip: build.mutation<
      Payslip,
      { id: string; paymentDate: string; paymentMethod: PaymentMethod; treasuryAccountId?: string | null }
    >({
      query: ({ id, paymentDate, paymentMethod, treasuryAccountId }) => ({
        url: `/api/payrolls/${enc(id)}/pay`,
        method: 'PATCH',
        body: treasuryAccountId ? { paymentDate, paymentMethod, treasuryAccountId } : { paymentDate, paymentMethod },
      }),
      invalidatesTags: [listTag, COMPANY_DATA_TAG],
    }),
    /** GET /api/companies/:id/payrolls/transfer-order?period=YYYY-MM → the month's validated slips to pay by transfer, those without a bank account apart. */
    getTransferOrder: build.query<TransferOrder, { companyId: string; period: string }>({
      query: ({ companyId, period }) => ({ url: `/api/companies/${enc(companyId)}/payrolls/transfer-order`, params: { period } }),
      providesTags: [listTag, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/payrolls/transfers {period, paymentDate, treasuryAccountId} → 201 PayrollTransferResult (409 nothing to pay). */
    payByTransfer: companyCreate<PayrollTransferResult, CompanyBodyArgs<PayrollTransferInput>>(build, '/payrolls/transfers', [listTag]),
    /** PATCH /api/payrolls/:id/cancel → Payslip. */
    cancelPayslip: build.mutation<Payslip, string>({
      query: (id) => ({ url: `/api/payrolls/${enc(id)}/cancel`, method: 'PATCH' }),
      invalidatesTags: [listTag, COMPANY_DATA_TAG],
    }),
  }),
});

/** GET /api/companies/:id/payrolls/:payslipId/pdf: the bulletin de paie (downloaded, not cached). */
export const payslipPdfUrl = (companyId: string, id: string) => `/api/companies/${enc(companyId)}/payrolls/${enc(id)}/pdf`;

/** The files of the transfer order: the order to sign (PDF) and the bank's file (CSV). */
export type TransferOrderFormat = 'pdf' | 'csv';

/** GET /api/companies/:id/payrolls/transfer-order?period&format=pdf|csv: the month's transfer order as a file. */
export const transferOrderFileUrl = (companyId: string, period: string, format: TransferOrderFormat) =>
  `/api/companies/${enc(companyId)}/payrolls/transfer-order?period=${enc(period)}&format=${format}`;

export const {
  useListPayslipsQuery,
  useCreatePayslipMutation,
  useValidatePayslipMutation,
  usePayPayslipMutation,
  useCancelPayslipMutation,
  useGetPayrollSettingsQuery,
  useUpdatePayrollSettingsMutation,
  useGeneratePayrollMutation,
  useGetPayrollGenerationQuery,
  useGetTransferOrderQuery,
  usePayByTransferMutation,
} = payrollApi;
