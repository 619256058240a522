import type {
  SumsPaidStatement,
  VatDrillEntry,
  VatReturn,
  VatReturnInput,
  VatReturnPreview,
  VatReturnSummary,
  WithholdingPreview,
  WithholdingStatement,
  WithholdingStatementInput,
  WithholdingStatementSummary,
} from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyUrl } from '@xaalis/web-kit';

const enc = encodeURIComponent;
/** A declaration posts the settlement entry and a reopening changes what can be posted: the company's data is refetched. */
const TAGS = [COMPANY_DATA_TAG] as const;

/** The files a filed return or a statement downloads as. */
export type FileFormat = 'pdf' | 'xlsx';
export type VatReturnFormat = FileFormat;

/** The bordereaux filed, at once (the server's largest page: sixteen years of monthly bordereaux). */
export const WITHHOLDING_LIST_PAGE_SIZE = 200;

/**
 * The VAT returns: preview of a period, the entries behind one line, declare, list, reopen.
 * The withholding at source: preview of a period, file the bordereau, list. The annual statements: the état des sommes versées.
 */
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
    /** GET …/withholding-statements/preview?period=2026-10 (or 2026-Q4) → the bordereau the period would give. */
    previewWithholdingStatement: build.query<WithholdingPreview, { companyId: string; period: string }>({
      query: ({ companyId, period }) => ({ url: companyUrl(companyId, '/withholding-statements/preview'), params: { period } }),
      providesTags: [...TAGS],
    }),
    /** GET …/withholding-statements → the bordereaux filed, newest first. */
    listWithholdingStatements: build.query<{ items: WithholdingStatementSummary[]; totalItems: number }, string>({
      query: (companyId) => ({ url: companyUrl(companyId, '/withholding-statements'), params: { pageSize: WITHHOLDING_LIST_PAGE_SIZE } }),
      providesTags: [...TAGS],
    }),
    /** POST …/withholding-statements {period, filedOn, reference?} → 201 WithholdingStatement (409 when the period, or part of it, is filed). */
    declareWithholdingStatement: build.mutation<WithholdingStatement, { companyId: string; body: WithholdingStatementInput }>({
      query: ({ companyId, body }) => ({ url: companyUrl(companyId, '/withholding-statements'), method: 'POST', body }),
      invalidatesTags: [...TAGS],
    }),
    /** GET …/annual-statements/sums-paid?year=2026 → the état des sommes versées à des tiers. */
    sumsPaidStatement: build.query<SumsPaidStatement, { companyId: string; year: number }>({
      query: ({ companyId, year }) => ({ url: companyUrl(companyId, '/annual-statements/sums-paid'), params: { year } }),
      providesTags: [...TAGS],
    }),
  }),
});

export const {
  usePreviewVatReturnQuery,
  useVatReturnEntriesQuery,
  useListVatReturnsQuery,
  useDeclareVatReturnMutation,
  useReopenVatReturnMutation,
  usePreviewWithholdingStatementQuery,
  useListWithholdingStatementsQuery,
  useDeclareWithholdingStatementMutation,
  useSumsPaidStatementQuery,
} = taxReturnsApi;

/** GET …/vat-returns/:id?format=pdf|xlsx: the return as filed. */
export const vatReturnFileUrl = (companyId: string, id: string, format: VatReturnFormat) =>
  `${companyUrl(companyId, '/vat-returns')}/${enc(id)}?format=${format}`;

/** GET …/withholding-statements/:id?format=pdf|xlsx: the bordereau as filed. */
export const withholdingStatementFileUrl = (companyId: string, id: string, format: FileFormat) =>
  `${companyUrl(companyId, '/withholding-statements')}/${enc(id)}?format=${format}`;

/** GET …/annual-statements/sums-paid?year&format=pdf|xlsx: the état des sommes versées. */
export const sumsPaidFileUrl = (companyId: string, year: number, format: FileFormat) =>
  `${companyUrl(companyId, '/annual-statements/sums-paid')}?year=${year}&format=${format}`;

/** GET …/annual-statements/dsf?year&format=pdf: the DSF pack. */
export const dsfFileUrl = (companyId: string, year: number) => `${companyUrl(companyId, '/annual-statements/dsf')}?year=${year}&format=pdf`;
