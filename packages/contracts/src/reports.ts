import { z } from 'zod';
import type { FiscalYearInfo } from './dashboard';
import { isCalendarDate } from '@xaalis/domain';
import { text } from './text';
import type { JobState, JobStatus } from './jobs';

/**
 * SYSCOHADA financial statements and ledger reports (the Rapports page):
 * Bilan, Compte de résultat, Tableau des flux de trésorerie, Balance and
 * Grand livre, all computed from the validated ledger by the accounting
 * service. Amounts are two-decimal strings, signed where the statement says
 * so (a 109 in the passif, a destocking in the Compte de résultat).
 */

export const MAX_REPORT_RANGE_YEARS = 10;
export const MAX_LEDGER_PAGE_SIZE = 500;
export const DEFAULT_LEDGER_PAGE_SIZE = 100;
/**
 * The Grand livre PDF of the direct download (`?format=pdf`) stops here (a few hundred pages);
 * longer ledgers go through the export job (GeneralLedgerExport), up to MAX_LEDGER_EXPORT_PDF_LINES.
 */
export const MAX_LEDGER_PDF_LINES = 5_000;
/** The Grand livre PDF of the export job (rendered in the background) stops here. */
export const MAX_LEDGER_EXPORT_PDF_LINES = 100_000;
/** How long a finished export stays downloadable. */
export const LEDGER_EXPORT_TTL_HOURS = 24;
/** A worksheet holds 1 048 576 rows: the Grand livre XLSX stops below that. */
export const MAX_LEDGER_XLSX_LINES = 1_000_000;

export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_KINDS = ['balance-sheet', 'income-statement', 'cash-flow-statement', 'trial-balance', 'general-ledger'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_TITLES: Record<ReportKind, string> = {
  'balance-sheet': 'Bilan',
  'income-statement': 'Compte de Résultat',
  'cash-flow-statement': 'Flux de Trésorerie',
  'trial-balance': 'Balance',
  'general-ledger': 'Grand Livre',
};

/** Full titles, as printed on the PDF and the workbook. */
export const REPORT_DOCUMENT_TITLES: Record<ReportKind, string> = {
  'balance-sheet': 'Bilan',
  'income-statement': 'Compte de résultat',
  'cash-flow-statement': 'Tableau des flux de trésorerie',
  'trial-balance': 'Balance générale des comptes',
  'general-ledger': 'Grand livre des comptes',
};

export const MESSAGES_REPORTS = {
  title: 'Rapports Financiers',
  subtitle: 'États financiers SYSCOHADA révisé',
  fiscalYear: 'Exercice',
  exportPdf: 'Exporter PDF',
  exportXlsx: 'Exporter Excel',
  exportError: "Erreur lors de l'export du rapport",
  loadError: 'Erreur lors du chargement du rapport',
  noAccounts: 'Aucun compte disponible',
  noLines: 'Aucune écriture sur cette période',
  noYears: 'Aucun exercice disponible',
  showEmptyAccounts: 'Afficher les comptes sans mouvement',
  checkFailed: 'Contrôle de cohérence non vérifié',
  unmappedAccounts: 'Comptes sans poste SYSCOHADA, classés par défaut',
  yearInvalid: 'Exercice invalide (année sur quatre chiffres)',
  yearUnknown: 'Exercice inconnu : aucune écriture pour cet exercice',
  dateInvalid: 'Date invalide (format AAAA-MM-JJ)',
  fromRequired: 'Date de début requise',
  toRequired: 'Date de fin requise',
  fromAfterTo: 'La date de début ne peut pas être postérieure à la date de fin',
  rangeTooLong: `La période ne peut pas dépasser ${MAX_REPORT_RANGE_YEARS} ans`,
  pageInvalid: 'Numéro de page invalide',
  pageSizeInvalid: `La taille de page doit être comprise entre 1 et ${MAX_LEDGER_PAGE_SIZE}`,
  accountInvalid: 'Numéro de compte invalide (chiffres uniquement)',
  accountFromAfterTo: 'Le compte de début doit précéder le compte de fin',
  formatInvalid: 'Format invalide (pdf ou xlsx)',
  ledgerTooLongForPdf: 'Plus de 5 000 lignes : utilisez le bouton « Exporter PDF » du Grand livre, qui prépare le document en arrière-plan',
  ledgerTooLongForExportPdf: 'Plus de 100 000 lignes : réduisez la période ou la plage de comptes, ou utilisez l’export Excel',
  exportPreparing: 'Préparation du document…',
  exportReady: 'Document prêt',
  exportDownload: 'Télécharger',
  exportFailed: "L'export du Grand livre a échoué",
  exportNotReady: "Le document n'est pas encore prêt",
  formatRequired: 'Format requis (pdf ou xlsx)',
  ledgerTooLongForXlsx: 'Plus de 1 000 000 de lignes : réduisez la période ou la plage de comptes',
  // The Rapports page's own labels (tables, filters, drill-down).
  tabsLabel: 'États financiers',
  refColumn: 'REF',
  labelColumn: 'Libellé',
  actifHeading: 'ACTIF',
  passifHeading: 'PASSIF',
  accountColumn: 'Compte',
  accountNameColumn: 'Intitulé',
  openingBalance: "Solde d'ouverture",
  carriedBalance: 'Solde reporté',
  periodMovements: 'Mouvements',
  closingBalance: 'Solde de clôture',
  debit: 'Débit',
  credit: 'Crédit',
  balance: 'Solde',
  dateColumn: 'Date',
  pieceColumn: 'N° pièce',
  journalColumn: 'Journal',
  totals: 'Totaux',
  accountTotal: 'Total du compte',
  fromLabel: 'Du',
  toLabel: 'Au',
  accountFromLabel: 'Du compte',
  accountToLabel: 'Au compte',
  lineAccounts: 'Comptes du poste',
  openLedger: 'Grand livre du compte',
  openEntry: "Voir l'écriture",
} as const;

/** Labels of the consistency checks a report carries (shown when one fails). */
export const REPORT_CHECK_LABELS: Record<string, string> = {
  balanced: 'Total débit = total crédit',
  assetsEqualLiabilities: 'Total actif = total passif',
  previousAssetsEqualLiabilities: 'Total actif = total passif (N-1)',
  resultMatchesIncomeStatement: 'Résultat du bilan = résultat net du compte de résultat',
  resultMatchesLedger: 'Résultat net = soldes des comptes de gestion',
  flowsReconcile: 'Trésorerie de clôture = trésorerie d’ouverture + flux',
  closingMatchesTreasury: 'Trésorerie de clôture = soldes des comptes de trésorerie',
};

export type ReportChecks = Record<string, boolean>;

/** One line of a statement, following the SYSCOHADA reference (AD…, TA…, ZA…). */
export interface ReportLine {
  ref: string | null;
  label: string;
  /** 'detail' lines carry accounts; 'total' lines are formulas of other lines; 'title' lines have no amounts. */
  kind: 'detail' | 'total' | 'title';
  amounts: Record<string, string>;
  /** The accounts behind a detail line, with their share of each column (the drill-down). */
  accounts?: ReportLineAccount[];
}

export interface ReportLineAccount {
  accountCode: string;
  accountName: string;
  amounts: Record<string, string>;
}

export interface ReportColumn {
  key: string;
  label: string;
}

interface StatementBase {
  year: number;
  fiscalYear: FiscalYearInfo;
  previousFiscalYear: FiscalYearInfo;
  checks: ReportChecks;
  /** Accounts with a balance that no reference line names (filed in a default line, shown as a warning). */
  unmappedAccounts: string[];
}

/** Bilan: actif columns gross / depreciation / net / previousNet, passif columns current / previous. */
export interface BalanceSheet extends StatementBase {
  actifColumns: ReportColumn[];
  passifColumns: ReportColumn[];
  actif: ReportLine[];
  passif: ReportLine[];
}

/** Compte de résultat and TFT: columns current / previous. */
export interface IncomeStatement extends StatementBase {
  columns: ReportColumn[];
  lines: ReportLine[];
  netResult: string;
}

export interface CashFlowStatement extends StatementBase {
  columns: ReportColumn[];
  lines: ReportLine[];
}

export interface TrialBalanceAmounts {
  openingDebit: string;
  openingCredit: string;
  periodDebit: string;
  periodCredit: string;
  closingDebit: string;
  closingCredit: string;
}

export interface TrialBalanceRow extends TrialBalanceAmounts {
  accountCode: string;
  accountName: string;
}

export interface TrialBalance {
  from: string;
  to: string;
  rows: TrialBalanceRow[];
  totals: TrialBalanceAmounts;
  checks: ReportChecks;
}

/** One account's heading in the Grand livre: balance before the period, movements, balance after. */
export interface GeneralLedgerAccount {
  accountCode: string;
  accountName: string;
  /** Signed balances, debit positive. */
  openingBalance: string;
  periodDebit: string;
  periodCredit: string;
  closingBalance: string;
  lineCount: number;
}

export interface GeneralLedgerRow {
  accountCode: string;
  entryId: string;
  entryNumber: string;
  journal: string;
  date: string;
  description: string;
  reference: string | null;
  debit: string;
  credit: string;
  /** The account's running balance after this line, debit positive. */
  balance: string;
}

export interface GeneralLedger {
  from: string;
  to: string;
  accountFrom: string | null;
  accountTo: string | null;
  page: number;
  pageSize: number;
  /** Lines over all pages. */
  total: number;
  accounts: GeneralLedgerAccount[];
  rows: GeneralLedgerRow[];
}

export interface ReportYear extends FiscalYearInfo {
  year: number;
}

export interface ReportYears {
  /** Fiscal years holding entries, and the current one, newest first. */
  years: ReportYear[];
}

const formatSchema = z.enum(REPORT_FORMATS, { error: MESSAGES_REPORTS.formatInvalid }).optional();

const dateSchema = (required: string) => text({ error: required }).refine(isCalendarDate, { error: MESSAGES_REPORTS.dateInvalid });

const accountSchema = text()
  .regex(/^[0-9]{1,12}$/, { error: MESSAGES_REPORTS.accountInvalid })
  .optional();

/** Whole days between two ISO dates are compared as strings; the span is checked in years of the calendar. */
function withinYears(from: string, to: string, years: number): boolean {
  const limit = `${String(Number(from.slice(0, 4)) + years).padStart(4, '0')}${from.slice(4)}`;
  return to < limit;
}

const rangeRefine = (value: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (value.from > value.to) ctx.addIssue({ code: 'custom', path: ['from'], message: MESSAGES_REPORTS.fromAfterTo });
  else if (!withinYears(value.from, value.to, MAX_REPORT_RANGE_YEARS))
    ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES_REPORTS.rangeTooLong });
};

export const trialBalanceQuerySchema = z
  .object({
    from: dateSchema(MESSAGES_REPORTS.fromRequired),
    to: dateSchema(MESSAGES_REPORTS.toRequired),
    format: formatSchema,
  })
  .superRefine(rangeRefine);
export type TrialBalanceQuery = z.infer<typeof trialBalanceQuerySchema>;

const positiveInt = (message: string, max: number, fallback: number) =>
  z
    .union([text(), z.number()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? String(fallback) : String(v)))
    .refine((v) => /^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= max, { error: message })
    .transform(Number);

export const generalLedgerQuerySchema = z
  .object({
    from: dateSchema(MESSAGES_REPORTS.fromRequired),
    to: dateSchema(MESSAGES_REPORTS.toRequired),
    accountFrom: accountSchema,
    accountTo: accountSchema,
    page: positiveInt(MESSAGES_REPORTS.pageInvalid, 1_000_000, 1),
    pageSize: positiveInt(MESSAGES_REPORTS.pageSizeInvalid, MAX_LEDGER_PAGE_SIZE, DEFAULT_LEDGER_PAGE_SIZE),
    format: formatSchema,
  })
  .superRefine((value, ctx) => {
    rangeRefine(value, ctx);
    if (value.accountFrom !== undefined && value.accountTo !== undefined && value.accountFrom > value.accountTo)
      ctx.addIssue({ code: 'custom', path: ['accountFrom'], message: MESSAGES_REPORTS.accountFromAfterTo });
  });
export type GeneralLedgerQuery = z.infer<typeof generalLedgerQuerySchema>;

/**
 * Grand livre export job (long ledgers: the PDF up to MAX_LEDGER_EXPORT_PDF_LINES), resource
 * `reports` of the accounting service; a read (every member may export, payroll labels masked
 * for a role without `payroll` as in the direct download):
 * - `POST /api/companies/:cid/reports/general-ledger/exports` GeneralLedgerExportInput → 202 GeneralLedgerExportCreated
 * - `GET /api/companies/:cid/reports/general-ledger/exports/:id` → GeneralLedgerExportStatus (poll until ended)
 * - `GET /api/companies/:cid/reports/general-ledger/exports/:id/file` → the file (409 while not completed)
 * Another company's export is a 404; a finished export is kept LEDGER_EXPORT_TTL_HOURS.
 */
export const generalLedgerExportInputSchema = z
  .object({
    from: dateSchema(MESSAGES_REPORTS.fromRequired),
    to: dateSchema(MESSAGES_REPORTS.toRequired),
    accountFrom: accountSchema,
    accountTo: accountSchema,
    format: z.enum(REPORT_FORMATS, { error: MESSAGES_REPORTS.formatRequired }),
  })
  .superRefine((value, ctx) => {
    rangeRefine(value, ctx);
    if (value.accountFrom !== undefined && value.accountTo !== undefined && value.accountFrom > value.accountTo)
      ctx.addIssue({ code: 'custom', path: ['accountFrom'], message: MESSAGES_REPORTS.accountFromAfterTo });
  });
export type GeneralLedgerExportInput = z.infer<typeof generalLedgerExportInputSchema>;

export interface GeneralLedgerExportCreated {
  id: string;
  state: JobState;
}

/** The job's state, `done` of `total` ledger lines written, the file's name once completed, the French error once failed. */
export interface GeneralLedgerExportStatus extends JobStatus<{ fileName: string }> {
  id: string;
  format: ReportFormat;
}

/** `export-general-ledger` job payload (jobId `ledger-export-<id>`): the row of report_exports holds the parameters. */
export interface ExportGeneralLedgerJob {
  companyId: string;
  exportId: string;
}

export const statementQuerySchema = z.object({
  year: z
    .union([text(), z.number()])
    .transform(String)
    .refine((v) => /^\d{4}$/.test(v) && Number(v) >= 1900, { error: MESSAGES_REPORTS.yearInvalid })
    .transform(Number),
  format: formatSchema,
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/**
 * Account codes in a range, as the Grand livre reads them: "401" to "411"
 * covers 401, 4011, 40111… up to 411 and its sub-accounts (the upper bound is
 * a prefix too).
 */
export function inAccountRange(code: string, from: string | null | undefined, to: string | null | undefined): boolean {
  if (from && code < from) return false;
  if (to && code > to && !code.startsWith(to)) return false;
  return true;
}

/** A download's file name: lower-case ASCII letters, digits and dashes only. */
export function reportFileName(kind: ReportKind, period: string, format: ReportFormat): string {
  const safe = period.replace(/[^0-9A-Za-z-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${kind}-${safe || 'rapport'}.${format}`;
}
