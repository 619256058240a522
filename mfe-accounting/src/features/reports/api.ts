import type {
  BalanceSheet,
  CashFlowStatement,
  GeneralLedger,
  GeneralLedgerExportCreated,
  GeneralLedgerExportInput,
  GeneralLedgerExportStatus,
  IncomeStatement,
  ReportFormat,
  ReportKind,
  ReportYears,
  TrialBalance,
} from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;
const reportTag = (id: string) => ({ type: 'Report' as const, id });

export interface StatementArgs {
  companyId: string;
  year: number;
}

export interface DateRange {
  from: string;
  to: string;
}

export interface TrialBalanceArgs extends DateRange {
  companyId: string;
}

/** The Grand livre's filters: a period and an optional range of accounts (empty = no bound). */
export interface LedgerFilters extends DateRange {
  accountFrom: string;
  accountTo: string;
}

export interface GeneralLedgerArgs extends LedgerFilters {
  companyId: string;
  /** 1-based, as the server counts. */
  page: number;
  pageSize: number;
}

/** The query string of a report: its parameters (empty ones left out), then `format` for a download. */
export function reportParams(params: Record<string, string | number | undefined>, format?: ReportFormat): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && String(value).trim() !== '') search.set(key, String(value).trim());
  }
  if (format) search.set('format', format);
  return search.toString();
}

/** `/api/companies/:id/reports/<kind>?…`: the JSON report, or its download with `format`. */
export function reportUrl(
  companyId: string,
  kind: ReportKind,
  params: Record<string, string | number | undefined>,
  format?: ReportFormat,
): string {
  const qs = reportParams(params, format);
  return `/api/companies/${enc(companyId)}/reports/${kind}${qs ? `?${qs}` : ''}`;
}

const ledgerParams = ({ from, to, accountFrom, accountTo }: LedgerFilters) => ({ from, to, accountFrom, accountTo });

/** The SYSCOHADA statements and ledger reports, read from the validated ledger. */
export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET …/reports/years: the fiscal years holding entries and the current one, current first. */
    getReportYears: build.query<ReportYears, string>({
      query: (companyId) => `/api/companies/${enc(companyId)}/reports/years`,
      providesTags: [reportTag('years'), COMPANY_DATA_TAG],
    }),
    getBalanceSheet: build.query<BalanceSheet, StatementArgs>({
      query: ({ companyId, year }) => reportUrl(companyId, 'balance-sheet', { year }),
      providesTags: [reportTag('balance-sheet'), COMPANY_DATA_TAG],
    }),
    getIncomeStatement: build.query<IncomeStatement, StatementArgs>({
      query: ({ companyId, year }) => reportUrl(companyId, 'income-statement', { year }),
      providesTags: [reportTag('income-statement'), COMPANY_DATA_TAG],
    }),
    getCashFlowStatement: build.query<CashFlowStatement, StatementArgs>({
      query: ({ companyId, year }) => reportUrl(companyId, 'cash-flow-statement', { year }),
      providesTags: [reportTag('cash-flow-statement'), COMPANY_DATA_TAG],
    }),
    getTrialBalance: build.query<TrialBalance, TrialBalanceArgs>({
      query: ({ companyId, from, to }) => reportUrl(companyId, 'trial-balance', { from, to }),
      providesTags: [reportTag('trial-balance'), COMPANY_DATA_TAG],
    }),
    getGeneralLedger: build.query<GeneralLedger, GeneralLedgerArgs>({
      query: ({ companyId, page, pageSize, ...filters }) =>
        reportUrl(companyId, 'general-ledger', { ...ledgerParams(filters), page, pageSize }),
      providesTags: [reportTag('general-ledger'), COMPANY_DATA_TAG],
    }),
    /** POST …/reports/general-ledger/exports: starts the export job of the Grand livre (PDF or Excel). */
    startLedgerExport: build.mutation<GeneralLedgerExportCreated, LedgerExportArgs>({
      query: ({ companyId, format, ...filters }) => ({
        url: ledgerExportsUrl(companyId),
        method: 'POST',
        body: { ...ledgerExportBody(filters), format } satisfies GeneralLedgerExportInput,
      }),
    }),
    /** GET …/reports/general-ledger/exports/:id: the export's state and progress (polled). */
    getLedgerExport: build.query<GeneralLedgerExportStatus, { companyId: string; exportId: string }>({
      query: ({ companyId, exportId }) => `${ledgerExportsUrl(companyId)}/${enc(exportId)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export interface LedgerExportArgs extends LedgerFilters {
  companyId: string;
  format: ReportFormat;
}

const ledgerExportsUrl = (companyId: string) => `/api/companies/${enc(companyId)}/reports/general-ledger/exports`;

/** The export's period and account range, empty bounds left out. */
function ledgerExportBody({ from, to, accountFrom, accountTo }: LedgerFilters): Omit<GeneralLedgerExportInput, 'format'> {
  const body: Omit<GeneralLedgerExportInput, 'format'> = { from, to };
  if (accountFrom.trim()) body.accountFrom = accountFrom.trim();
  if (accountTo.trim()) body.accountTo = accountTo.trim();
  return body;
}

/** The file of a completed export. */
export const ledgerExportFileUrl = (companyId: string, exportId: string) => `${ledgerExportsUrl(companyId)}/${enc(exportId)}/file`;

export const {
  useStartLedgerExportMutation,
  useGetLedgerExportQuery,
  useGetReportYearsQuery,
  useGetBalanceSheetQuery,
  useGetIncomeStatementQuery,
  useGetCashFlowStatementQuery,
  useGetTrialBalanceQuery,
  useGetGeneralLedgerQuery,
} = reportsApi;

/** The download URL of the active tab's report, with the parameters on screen. */
export function exportUrl(
  companyId: string,
  kind: ReportKind,
  format: ReportFormat,
  { year, range, ledger }: { year: number; range: DateRange; ledger: LedgerFilters },
): string {
  switch (kind) {
    case 'balance-sheet':
    case 'income-statement':
    case 'cash-flow-statement':
      return reportUrl(companyId, kind, { year }, format);
    case 'trial-balance':
      return reportUrl(companyId, kind, { from: range.from, to: range.to }, format);
    case 'general-ledger':
      return reportUrl(companyId, kind, ledgerParams(ledger), format);
  }
}
