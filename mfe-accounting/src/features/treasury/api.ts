import type {
  AutoMatchStarted,
  AutoMatchStatus,
  CreatedFromLine,
  CreateFromLineInput,
  LedgerLinesPage,
  MatchStatus,
  Payment,
  PaymentListResponse,
  Reconciliation,
  ReconciliationInput,
  ReconciliationReport,
  StatementCsvMapping,
  StatementDateOrder,
  StatementLine,
  StatementLineCandidates,
  StatementLineInput,
  StatementLinesPage,
  StatementPreview,
  StatementRule,
  StatementRuleInput,
  StatementSummary,
  TreasuryAccount,
  TreasuryAccountInput,
  TreasuryData,
  TreasuryTransfer,
  TreasuryTransferInput,
} from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyUrl, listParams, TREASURY_ACCOUNTS_TAG } from '@xaalis/web-kit';

export { useListTreasuryAccountsQuery } from '@xaalis/web-kit';

const enc = encodeURIComponent;

/** A page of payments; `paginated` is false when the server sent the whole list. */
export interface TreasuryPaymentsPage {
  items: Payment[];
  page: number;
  pageSize: number;
  totalItems: number;
  paginated: boolean;
}

/** GET …/payments answers a page ({items, page, pageSize, totalItems}); a plain array is accepted too. */
export function toPaymentsPage(
  body: PaymentListResponse | Payment[] | null | undefined,
  page: number,
  pageSize: number,
): TreasuryPaymentsPage {
  if (Array.isArray(body)) return { items: body, page: 1, pageSize: body.length, totalItems: body.length, paginated: false };
  const items = body?.items ?? [];
  return {
    items,
    page: body?.page ?? page,
    pageSize: body?.pageSize ?? pageSize,
    totalItems: body?.totalItems ?? items.length,
    paginated: true,
  };
}

/** The argument of a call about one treasury account. */
export interface AccountArgs {
  companyId: string;
  accountId: string;
}

/** The filters of a pane of the matching screen (`matchLinesQuerySchema`). */
export interface MatchLinesFilter {
  status: Exclude<MatchStatus, 'all'>;
  search?: string;
  from?: string;
  to?: string;
  amount?: string;
  page: number;
  pageSize: number;
}

export interface UploadStatementArgs extends AccountArgs {
  file: File;
  dateOrder?: StatementDateOrder;
  mapping?: StatementCsvMapping;
}

const accountUrl = ({ companyId, accountId }: AccountArgs, path = '') =>
  companyUrl(companyId, `/treasury-accounts/${enc(accountId)}${path}`);

/** `…/treasury-accounts/:id/reconciliation?date=&format=`: the état de rapprochement's file (PDF or Excel). */
export const reconciliationReportUrl = (args: AccountArgs, date: string, format: 'pdf' | 'xlsx') =>
  `${accountUrl(args, '/reconciliation')}?${new URLSearchParams({ date, format }).toString()}`;

/** What every treasury read provides and every treasury write invalidates. */
export const TREASURY_TAGS = [TREASURY_ACCOUNTS_TAG, COMPANY_DATA_TAG];
const tags = TREASURY_TAGS;

/**
 * The treasury screen: balances and forecast, payments, and (issue 28) the treasury accounts, their
 * statements and the matching of statement lines with the ledger. Every write refreshes the company's data.
 */
export const treasuryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/treasury */
    getTreasury: build.query<TreasuryData, string>({
      query: (companyId) => `/api/companies/${enc(companyId)}/treasury`,
      providesTags: (_result, _error, companyId) => [{ type: 'Treasury', id: companyId }, COMPANY_DATA_TAG],
    }),
    /** GET /api/companies/:id/payments?page&pageSize (newest first). */
    listTreasuryPayments: build.query<TreasuryPaymentsPage, { companyId: string; page: number; pageSize: number }>({
      query: ({ companyId, page, pageSize }) => ({ url: `/api/companies/${enc(companyId)}/payments`, params: { page, pageSize } }),
      transformResponse: (body: PaymentListResponse | Payment[], _meta, { page, pageSize }) => toPaymentsPage(body, page, pageSize),
      providesTags: (_result, _error, { companyId }) => [{ type: 'Payment', id: companyId }, COMPANY_DATA_TAG],
    }),

    /** GET …/treasury-accounts/:accountId */
    getTreasuryAccount: build.query<TreasuryAccount, AccountArgs>({
      query: (args) => accountUrl(args),
      providesTags: tags,
    }),
    /** POST …/treasury-accounts → 201 TreasuryAccount. */
    createTreasuryAccount: build.mutation<TreasuryAccount, { companyId: string; body: TreasuryAccountInput }>({
      query: ({ companyId, body }) => ({ url: companyUrl(companyId, '/treasury-accounts'), method: 'POST', body }),
      invalidatesTags: tags,
    }),
    /** POST …/treasury-transfers → 201 TreasuryTransfer (two entries through 585). */
    createTreasuryTransfer: build.mutation<TreasuryTransfer, { companyId: string; body: TreasuryTransferInput }>({
      query: ({ companyId, body }) => ({ url: companyUrl(companyId, '/treasury-transfers'), method: 'POST', body }),
      invalidatesTags: tags,
    }),

    /** POST …/statements?fileName&dateOrder&mapping, the raw file as the body → 201 preview (nothing confirmed yet). */
    uploadStatement: build.mutation<StatementPreview, UploadStatementArgs>({
      query: ({ file, dateOrder, mapping, ...account }) => ({
        url: accountUrl(account, '/statements'),
        method: 'POST',
        params: { fileName: file.name, dateOrder, mapping: mapping ? JSON.stringify(mapping) : undefined },
        file: { content: file, contentType: 'application/octet-stream' },
      }),
    }),
    /** POST …/statements/:statementId/confirm → StatementSummary; the lines join the account. */
    confirmStatement: build.mutation<StatementSummary, AccountArgs & { statementId: string }>({
      query: ({ statementId, ...account }) => ({
        url: accountUrl(account, `/statements/${enc(statementId)}/confirm`),
        method: 'POST',
        body: {},
      }),
      invalidatesTags: tags,
    }),
    /** POST …/statement-lines {date,label,reference,amount} → 201: a line typed in by hand. */
    createStatementLine: build.mutation<StatementLine, AccountArgs & { body: StatementLineInput }>({
      query: ({ body, ...account }) => ({ url: accountUrl(account, '/statement-lines'), method: 'POST', body }),
      invalidatesTags: tags,
    }),
    /** DELETE …/statement-lines/:lineId (a manual line not matched). */
    deleteStatementLine: build.mutation<void, AccountArgs & { lineId: string }>({
      query: ({ lineId, ...account }) => ({ url: accountUrl(account, `/statement-lines/${enc(lineId)}`), method: 'DELETE' }),
      invalidatesTags: tags,
    }),

    /** GET …/statement-lines?status&search&from&to&amount&page&pageSize: the left pane. */
    listStatementLines: build.query<StatementLinesPage, AccountArgs & MatchLinesFilter>({
      query: ({ companyId, accountId, ...filter }) => ({
        url: accountUrl({ companyId, accountId }, '/statement-lines'),
        params: listParams(filter),
      }),
      providesTags: tags,
    }),
    /** GET …/ledger-lines?…: the right pane (validated lines of the account). */
    listLedgerLines: build.query<LedgerLinesPage, AccountArgs & MatchLinesFilter>({
      query: ({ companyId, accountId, ...filter }) => ({
        url: accountUrl({ companyId, accountId }, '/ledger-lines'),
        params: listParams(filter),
      }),
      providesTags: tags,
    }),
    /** GET /api/companies/:id/statement-lines/:lineId/candidates: same-amount ledger lines, open invoices. */
    getLineCandidates: build.query<StatementLineCandidates, { companyId: string; lineId: string }>({
      query: ({ companyId, lineId }) => companyUrl(companyId, `/statement-lines/${enc(lineId)}/candidates`),
      providesTags: tags,
    }),
    /** POST /api/companies/:id/reconciliations {statementLineIds, entryLineIds} → 201 (400 when the sums differ). */
    createReconciliation: build.mutation<Reconciliation, { companyId: string; body: ReconciliationInput }>({
      query: ({ companyId, body }) => ({ url: companyUrl(companyId, '/reconciliations'), method: 'POST', body }),
      invalidatesTags: tags,
    }),
    /** DELETE /api/companies/:id/reconciliations/:id (409 on a closed year). */
    deleteReconciliation: build.mutation<void, { companyId: string; id: string }>({
      query: ({ companyId, id }) => ({ url: companyUrl(companyId, `/reconciliations/${enc(id)}`), method: 'DELETE' }),
      invalidatesTags: tags,
    }),
    /** POST /api/companies/:id/statement-lines/:lineId/create-entry → 201: the entry, already matched. */
    createEntryFromLine: build.mutation<CreatedFromLine, { companyId: string; lineId: string; body: CreateFromLineInput }>({
      query: ({ companyId, lineId, body }) => ({
        url: companyUrl(companyId, `/statement-lines/${enc(lineId)}/create-entry`),
        method: 'POST',
        body,
      }),
      invalidatesTags: tags,
    }),

    /** POST …/auto-match {windowDays} → 202 {jobId}. */
    startAutoMatch: build.mutation<AutoMatchStarted, AccountArgs & { windowDays?: number }>({
      query: ({ windowDays, ...account }) => ({ url: accountUrl(account, '/auto-match'), method: 'POST', body: { windowDays } }),
    }),
    /** GET …/auto-match/:jobId (polled by useJobProgress, never kept). */
    getAutoMatch: build.query<AutoMatchStatus, AccountArgs & { jobId: string }>({
      query: ({ jobId, ...account }) => accountUrl(account, `/auto-match/${enc(jobId)}`),
      keepUnusedDataFor: 0,
    }),

    /** GET /api/companies/:id/statement-rules → {items}. */
    listStatementRules: build.query<StatementRule[], string>({
      query: (companyId) => companyUrl(companyId, '/statement-rules'),
      transformResponse: (body: { items: StatementRule[] }) => body.items,
      providesTags: tags,
    }),
    /** POST /api/companies/:id/statement-rules, or PUT …/:ruleId when `id` is given. */
    saveStatementRule: build.mutation<StatementRule, { companyId: string; id?: string; body: StatementRuleInput }>({
      query: ({ companyId, id, body }) =>
        id
          ? { url: companyUrl(companyId, `/statement-rules/${enc(id)}`), method: 'PUT', body }
          : { url: companyUrl(companyId, '/statement-rules'), method: 'POST', body },
      invalidatesTags: tags,
    }),
    /** DELETE /api/companies/:id/statement-rules/:ruleId */
    deleteStatementRule: build.mutation<void, { companyId: string; id: string }>({
      query: ({ companyId, id }) => ({ url: companyUrl(companyId, `/statement-rules/${enc(id)}`), method: 'DELETE' }),
      invalidatesTags: tags,
    }),

    /** GET …/reconciliation?date=YYYY-MM-DD: the état de rapprochement. */
    getReconciliationReport: build.query<ReconciliationReport, AccountArgs & { date: string }>({
      query: ({ date, ...account }) => ({ url: accountUrl(account, '/reconciliation'), params: { date } }),
      providesTags: tags,
    }),
  }),
});

export const {
  useGetTreasuryQuery,
  useListTreasuryPaymentsQuery,
  useGetTreasuryAccountQuery,
  useCreateTreasuryAccountMutation,
  useCreateTreasuryTransferMutation,
  useUploadStatementMutation,
  useConfirmStatementMutation,
  useCreateStatementLineMutation,
  useDeleteStatementLineMutation,
  useListStatementLinesQuery,
  useListLedgerLinesQuery,
  useGetLineCandidatesQuery,
  useCreateReconciliationMutation,
  useDeleteReconciliationMutation,
  useCreateEntryFromLineMutation,
  useStartAutoMatchMutation,
  useGetAutoMatchQuery,
  useListStatementRulesQuery,
  useSaveStatementRuleMutation,
  useDeleteStatementRuleMutation,
  useGetReconciliationReportQuery,
} = treasuryApi;
