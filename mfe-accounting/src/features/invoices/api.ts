import type { Invoice, InvoiceInput, InvoiceType } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyCreate } from '@xaalis/web-kit';
import type { CompanyBodyArgs } from '@xaalis/web-kit';
import { INVOICE_LIST_TAG as listTag } from '../../api/invoiceList';

// The list itself is in src/api/invoiceList.ts: the payment dialog reads it too.
export { useListInvoicesQuery, type InvoiceListArgs } from '../../api/invoiceList';

const enc = encodeURIComponent;

/** Invoices: detail, next number, create, edit, validate, cancel (and the list, in src/api). */
export const invoicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/invoices/:id: with lines, payments and balance due. */
    getInvoice: build.query<Invoice, string>({
      query: (id) => `/api/invoices/${enc(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Invoice', id }, COMPANY_DATA_TAG],
    }),
    /** GET …/invoices/next-number?type=sale&date=YYYY-MM-DD → {number} */
    nextInvoiceNumber: build.query<{ number: string }, { companyId: string; type: InvoiceType; date: string }>({
      query: ({ companyId, type, date }) => ({ url: `/api/companies/${enc(companyId)}/invoices/next-number`, params: { type, date } }),
      providesTags: [listTag, COMPANY_DATA_TAG],
      keepUnusedDataFor: 0,
    }),
    /** POST /api/companies/:id/invoices {invoice, lines} → 201 Invoice */
    createInvoice: companyCreate<Invoice, CompanyBodyArgs<InvoiceInput>>(build, '/invoices', [listTag]),
    /** PUT /api/invoices/:id (drafts only). */
    updateInvoice: build.mutation<Invoice, { id: string; body: InvoiceInput }>({
      query: ({ id, body }) => ({ url: `/api/invoices/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [listTag, { type: 'Invoice', id }, COMPANY_DATA_TAG],
    }),
    /** PATCH /api/invoices/:id/validate (no body): posts it and moves the stock of product lines. */
    validateInvoice: build.mutation<Invoice, string>({
      query: (id) => ({ url: `/api/invoices/${enc(id)}/validate`, method: 'PATCH' }),
      invalidatesTags: (_result, _error, id) => [listTag, { type: 'Invoice', id }, COMPANY_DATA_TAG],
    }),
    /** POST /api/invoices/:id/cancel: a draft directly, a validated unpaid invoice by reversal. */
    cancelInvoice: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/invoices/${enc(id)}/cancel`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [listTag, { type: 'Invoice', id }, COMPANY_DATA_TAG],
    }),
  }),
});

export const {
  useGetInvoiceQuery,
  useNextInvoiceNumberQuery,
  useCreateInvoiceMutation,
  useUpdateInvoiceMutation,
  useValidateInvoiceMutation,
  useCancelInvoiceMutation,
} = invoicesApi;

/** GET /api/invoices/:id/pdf */
export const invoicePdfUrl = (id: string) => `/api/invoices/${enc(id)}/pdf`;

/** GET /api/companies/:id/invoices/export.xlsx?status&type&search */
export function invoicesExportUrl(companyId: string, filters: { status?: string; type?: string; search?: string }): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.type) params.set('type', filters.type);
  if (filters.search?.trim()) params.set('search', filters.search.trim());
  const qs = params.toString();
  return `/api/companies/${enc(companyId)}/invoices/export.xlsx${qs ? `?${qs}` : ''}`;
}
