import type { VatDrillEntry, VatReturn, VatReturnInput, VatReturnPreview, VatReturnSummary } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyUrl } from '@xaalis/web-kit';

const enc = encodeURIComponent;
/** A declaration posts the settlement entry and a reopening changes what can be posted: the company's data is refetched. */
const TAGS = [COMPANY_DATA_TAG] as const;

export type VatReturnFormat = 'pdf' | 'xlsx';

/** The VAT returns: preview of a period, the entries behind one line, declare, list, reopen. */
export const taxReturnsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET …/vat-returns/preview?period=2026-10 (or 2026-Q4) → the return the period would give, its checks. */
    previewVatReturn: build.query<VatReturnPreview, { companyId: string; period: string }>({
      query: ({ companyId, period }) => ({ url: companyUrl(companyId, '/vat-returns/preview'), params: { period } }),
      providesTags: [...TAGS],
    }),
    /** GET …/vat-returns/entries?period&line → the entries behind one line of the return. */
    vatReturnEntries: build.query<{ items: VatDrillEntry[] }, { companyId: string; period: string; line: string }>({
      query: ({ companyId, period, line }) => ({ url: companyUrl(companyId, '/vat-returns/entries'), params: { period, line } }),
      providesTags: [...TAGS],
    }),
    /** GET …/vat-returns → the returns filed, newest first. */
    listVatReturns: build.query<{ items: VatReturnSummary[] }, string>({
      query: (companyId) => companyUrl(companyId, '/vat-returns'),
      providesTags: [...TAGS],
    }),
    /** POST …/vat-returns {period, filedOn, reference?} → 201 VatReturn (409 when already declared). */
    declareVatReturn: build.mutation<VatReturn, { companyId: string; body: VatReturnInput }>({
      query: ({ companyId, body }) => ({ url: companyUrl(companyId, '/vat-returns'), method: 'POST', body }),
      invalidatesTags: [...TAGS, 'Entry', 'Report', 'Dashboard'],
    }),
    /** POST …/vat-returns/:id/reopen → VatReturn (status 'reopened'). */
    reopenVatReturn: build.mutation<VatReturn, { companyId: string; id: string }>({
      query: ({ companyId, id }) => ({ url: `${companyUrl(companyId, '/vat-returns')}/${enc(id)}/reopen`, method: 'POST' }),
      invalidatesTags: [...TAGS, 'Entry', 'Report', 'Dashboard'],
    }),
  }),
});

export const {
  usePreviewVatReturnQuery,
  useVatReturnEntriesQuery,
  useListVatReturnsQuery,
  useDeclareVatReturnMutation,
  useReopenVatReturnMutation,
} = taxReturnsApi;

/** GET …/vat-returns/:id?format=pdf|xlsx: the return as filed. */
export const vatReturnFileUrl = (companyId: string, id: string, format: VatReturnFormat) =>
  `${companyUrl(companyId, '/vat-returns')}/${enc(id)}?format=${format}`;
