import type { InvoiceListResponse, InvoiceStatus, InvoiceType } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

// The invoice list, read by two features: the invoices page (its filters and pages) and the
// payment dialog (the invoices with a balance due). It sits below both so that payments does
// not import invoices, which imports payments (the dialog on its page).

const enc = encodeURIComponent;
/** The tag of the invoice list, which every invoice write invalidates (invoices/api.ts). */
export const INVOICE_LIST_TAG = { type: 'Invoice' as const, id: 'LIST' };

export interface InvoiceListArgs {
  companyId: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** One invoice (the payment dialog's chosen one). */
  id?: string;
  status?: InvoiceStatus;
  type?: InvoiceType;
  search?: string;
  /** Only invoices with a balance due (the payment dialog). */
  payable?: boolean;
}

/** GET /api/companies/:id/invoices: server pages and counters. */
export const invoiceListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listInvoices: build.query<InvoiceListResponse, InvoiceListArgs>({
      query: ({ companyId, page, pageSize, status, type, search, payable, id }) => ({
        url: `/api/companies/${enc(companyId)}/invoices`,
        params: { page, pageSize, status, type, search: search?.trim() || undefined, payable: payable ? 'true' : undefined, id },
      }),
      providesTags: [INVOICE_LIST_TAG, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useListInvoicesQuery } = invoiceListApi;
