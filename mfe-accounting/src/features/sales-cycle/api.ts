import type {
  AccountStatement,
  AgedBalance,
  AgedItem,
  CreditNote,
  CreditNoteInput,
  CreditNoteListResponse,
  Invoice,
  InvoiceListResponse,
  Lettering,
  Quote,
  QuoteInput,
  QuoteListResponse,
  RecurringInvoice,
  RecurringInvoiceInput,
  RecurringInvoiceListResponse,
  Reminder,
  ReminderDueResponse,
  ReminderListResponse,
} from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyUrl, listParams } from '@xaalis/web-kit';

const enc = encodeURIComponent;
/** Every write here changes invoices, balances or lists: the company's data is refetched. */
const WRITE_TAGS = [COMPANY_DATA_TAG, 'Invoice'] as const;
const READ_TAGS = [COMPANY_DATA_TAG] as const;
type Paging = { companyId: string; page?: number; pageSize?: number; search?: string };

/** Quotes, credit notes, recurring invoices and reminders: the sales cycle around invoices. */
export const salesCycleApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCreditNotes: build.query<CreditNoteListResponse, Paging & { invoiceId?: string }>({
      query: ({ companyId, ...q }) => ({ url: companyUrl(companyId, '/credit-notes'), params: listParams(q) }),
      providesTags: [...READ_TAGS],
    }),
    createCreditNote: build.mutation<CreditNote, { invoiceId: string; body: CreditNoteInput }>({
      query: ({ invoiceId, body }) => ({ url: `/api/invoices/${enc(invoiceId)}/credit-notes`, method: 'POST', body }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    refundCreditNote: build.mutation<CreditNote, { id: string; method: string }>({
      query: ({ id, method }) => ({ url: `/api/credit-notes/${enc(id)}/refund`, method: 'POST', body: { method } }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    applyCreditNote: build.mutation<CreditNote, { id: string; invoiceId: string }>({
      query: ({ id, invoiceId }) => ({ url: `/api/credit-notes/${enc(id)}/apply`, method: 'POST', body: { invoiceId } }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    /**
     * The invoices of a third party still to be paid (where its credit can go). Not the invoices
     * feature's list endpoint: that feature imports this one, and features stay acyclic.
     */
    openInvoicesOf: build.query<InvoiceListResponse, { companyId: string; thirdPartyId: string }>({
      query: ({ companyId, thirdPartyId }) => ({
        url: companyUrl(companyId, '/invoices'),
        params: { thirdPartyId, payable: 'true', pageSize: 50 },
      }),
      providesTags: [...READ_TAGS],
    }),
    listQuotes: build.query<QuoteListResponse, Paging & { status?: string }>({
      query: ({ companyId, ...q }) => ({ url: companyUrl(companyId, '/quotes'), params: listParams(q) }),
      providesTags: [...READ_TAGS],
    }),
    createQuote: build.mutation<Quote, { companyId: string; body: QuoteInput }>({
      query: ({ companyId, body }) => ({ url: companyUrl(companyId, '/quotes'), method: 'POST', body }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    getQuote: build.query<Quote, string>({
      query: (id) => `/api/quotes/${enc(id)}`,
      providesTags: [...READ_TAGS],
    }),
    updateQuote: build.mutation<Quote, { id: string; body: QuoteInput }>({
      query: ({ id, body }) => ({ url: `/api/quotes/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    quoteAction: build.mutation<Quote, { id: string; action: 'send' | 'accept' | 'refuse' }>({
      query: ({ id, action }) => ({ url: `/api/quotes/${enc(id)}/${action}`, method: 'POST' }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    convertQuote: build.mutation<Invoice, string>({
      query: (id) => ({ url: `/api/quotes/${enc(id)}/convert`, method: 'POST' }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    deleteQuote: build.mutation<void, string>({
      query: (id) => ({ url: `/api/quotes/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    listRecurringInvoices: build.query<RecurringInvoiceListResponse, Paging>({
      query: ({ companyId, ...q }) => ({ url: companyUrl(companyId, '/recurring-invoices'), params: listParams(q) }),
      providesTags: [...READ_TAGS],
    }),
    createRecurringInvoice: build.mutation<RecurringInvoice, { companyId: string; body: RecurringInvoiceInput }>({
      query: ({ companyId, body }) => ({ url: companyUrl(companyId, '/recurring-invoices'), method: 'POST', body }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    getRecurringInvoice: build.query<RecurringInvoice, string>({
      query: (id) => `/api/recurring-invoices/${enc(id)}`,
      providesTags: [...READ_TAGS],
    }),
    updateRecurringInvoice: build.mutation<RecurringInvoice, { id: string; body: RecurringInvoiceInput }>({
      query: ({ id, body }) => ({ url: `/api/recurring-invoices/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    deleteRecurringInvoice: build.mutation<void, string>({
      query: (id) => ({ url: `/api/recurring-invoices/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    listRemindersDue: build.query<ReminderDueResponse, Paging>({
      query: ({ companyId, ...q }) => ({ url: companyUrl(companyId, '/reminders/due'), params: listParams(q) }),
      providesTags: [...READ_TAGS],
    }),
    listReminders: build.query<ReminderListResponse, Paging>({
      query: ({ companyId, ...q }) => ({ url: companyUrl(companyId, '/reminders'), params: listParams(q) }),
      providesTags: [...READ_TAGS],
    }),
    agedBalance: build.query<AgedBalance, { companyId: string; type: 'receivable' | 'payable'; date: string }>({
      query: ({ companyId, ...q }) => ({ url: companyUrl(companyId, '/reports/aged-balance'), params: q }),
      providesTags: [...READ_TAGS],
    }),
    agedItems: build.query<AgedItem[], { companyId: string; thirdPartyId: string; type: 'receivable' | 'payable'; date: string }>({
      query: ({ companyId, thirdPartyId, ...q }) => ({
        url: companyUrl(companyId, `/reports/aged-balance/${enc(thirdPartyId)}`),
        params: q,
      }),
      providesTags: [...READ_TAGS],
    }),
    accountStatement: build.query<AccountStatement, { companyId: string; thirdPartyId: string; from: string; to: string }>({
      query: ({ companyId, thirdPartyId, ...q }) => ({
        url: companyUrl(companyId, `/third-parties/${enc(thirdPartyId)}/statement`),
        params: q,
      }),
      providesTags: [...READ_TAGS],
    }),
    letterLines: build.mutation<Lettering, { companyId: string; lineIds: string[]; partial: boolean }>({
      query: ({ companyId, ...body }) => ({ url: companyUrl(companyId, '/letterings'), method: 'POST', body }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    unletter: build.mutation<void, { companyId: string; code: string }>({
      // Path segments are lower case (codes are unique whatever the case).
      query: ({ companyId, code }) => ({ url: companyUrl(companyId, `/letterings/${enc(code.toLowerCase())}`), method: 'DELETE' }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    createReminder: build.mutation<Reminder, { companyId: string; thirdPartyId: string; level: number }>({
      query: ({ companyId, ...body }) => ({ url: companyUrl(companyId, '/reminders'), method: 'POST', body }),
      invalidatesTags: [...WRITE_TAGS],
    }),
  }),
});

export const {
  useListCreditNotesQuery,
  useCreateCreditNoteMutation,
  useRefundCreditNoteMutation,
  useApplyCreditNoteMutation,
  useOpenInvoicesOfQuery,
  useListQuotesQuery,
  useCreateQuoteMutation,
  useGetQuoteQuery,
  useUpdateQuoteMutation,
  useQuoteActionMutation,
  useConvertQuoteMutation,
  useDeleteQuoteMutation,
  useListRecurringInvoicesQuery,
  useCreateRecurringInvoiceMutation,
  useGetRecurringInvoiceQuery,
  useUpdateRecurringInvoiceMutation,
  useDeleteRecurringInvoiceMutation,
  useListRemindersDueQuery,
  useListRemindersQuery,
  useCreateReminderMutation,
  useAgedBalanceQuery,
  useAgedItemsQuery,
  useAccountStatementQuery,
  useLetterLinesMutation,
  useUnletterMutation,
} = salesCycleApi;

export const creditNotePdfUrl = (id: string) => `/api/credit-notes/${enc(id)}/pdf`;
export const quotePdfUrl = (id: string) => `/api/quotes/${enc(id)}/pdf`;
export const reminderPdfUrl = (id: string) => `/api/reminders/${enc(id)}/pdf`;
export const agedBalanceFileUrl = (companyId: string, type: string, date: string, format: 'pdf' | 'xlsx') =>
  `/api/companies/${enc(companyId)}/reports/aged-balance?type=${type}&date=${date}&format=${format}`;
export const statementPdfUrl = (companyId: string, thirdPartyId: string, from: string, to: string) =>
  `/api/companies/${enc(companyId)}/third-parties/${enc(thirdPartyId)}/statement?from=${from}&to=${to}&format=pdf`;
