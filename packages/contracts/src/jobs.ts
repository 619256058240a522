/** BullMQ queue names, one per service; payloads are typed here so producers and workers agree. */
export const QUEUES = {
  accounting: 'accounting',
  hr: 'hr',
  sector: 'sector',
} as const;

/** Job names, shared by producers and each service's worker. */
export const JOBS = {
  ping: 'ping',
  generateChart: 'generate-chart',
  /** Investments: one investment's depreciation plan (ComputeDepreciationPlanJob, investments.ts). */
  computeDepreciationPlan: 'compute-depreciation-plan',
  /** Investments: scheduled sweep recording the depreciation of ended fiscal years (RecordDepreciationsJob). */
  recordDepreciations: 'record-depreciations',
  /** Daily sweep: pending loan instalments past their due date become overdue (MarkOverdueJob, in loans.ts). */
  markOverdueLoanPayments: 'mark-overdue-loan-payments',
  /** Payroll, HR → accounting: post a payslip's ledger effect (PostPayslipJob); jobId `payslip-<id>-<event>`. */
  postPayslip: 'post-payslip',
  /** Payroll, accounting → HR: the posting of a payslip event exists (PayslipPostedJob); jobId `payslip-posted-<id>-<event>`. */
  payslipPosted: 'payslip-posted',
  /**
   * Payroll, HR → accounting: post one payment of payroll debts (PostPayrollPaymentJob): the salaries of a
   * period paid by one bank transfer, or a declaration paid to IPRES, CSS or the tax office; jobId `payroll-payment-<id>`.
   */
  postPayrollPayment: 'post-payroll-payment',
  /** Payroll, accounting → HR: that payment's entry exists (PayrollPaymentPostedJob); jobId `payroll-payment-posted-<id>`. */
  payrollPaymentPosted: 'payroll-payment-posted',
  /** HR: create the draft payslips of every active employee for a period (GeneratePayrollJob); jobId `payroll-<companyId>-<period>`. */
  generatePayroll: 'generate-payroll',
  /** Accounting: write a checked journal import in one transaction (ImportEntriesJob, entry-imports.ts); jobId `entry-import-<id>`. */
  importEntries: 'import-entries',
  /** Accounting: render a Grand livre export (ExportGeneralLedgerJob, reports.ts); jobId `ledger-export-<id>`. */
  exportGeneralLedger: 'export-general-ledger',
  /** Accounting: match a treasury account's statement lines with its ledger lines (AutoMatchJob, reconciliations.ts). */
  autoMatch: 'auto-match-statement',
  /** Accounting: daily sweep marking sent quotes past their validity date as expired. */
  expireQuotes: 'expire-quotes',
  /** Accounting: hourly sweep creating the invoices of recurring templates due (idempotent by template and date). */
  generateRecurringInvoices: 'generate-recurring-invoices',
  /** Accounting: daily sweep deleting expired report exports. */
  purgeReportExports: 'purge-report-exports',
} as const;

/** What happens to a payslip in the ledger: validation posts the PA entry, payment its settlement, cancellation reverses the PA entry. */
export type PayslipPostingEvent = 'validated' | 'paid' | 'cancelled';

/** Contributions of one body (IPRES, CSS, tax office…) on a payslip, employee and employer shares (two-decimal strings). */
export interface PayslipPostingContribution {
  /** The calculator's line code (payroll.ts: 'IPRES', 'IPRES_AT', 'CSS_MALADIE', …). */
  code: string;
  /** Who collects it (payroll.ts): 'IPRES', 'CSS' or 'DGID' (the tax office: CFCE). */
  organism: string;
  employee: string;
  employer: string;
}

/**
 * `post-payslip`, consumed by the accounting worker. Idempotent by source: the
 * accounting side posts at most one entry per (payslip, event), whatever the
 * number of deliveries. The accounting service owns the accounts and journals:
 * the HR side sends amounts, never account codes.
 */
export interface PostPayslipJob {
  companyId: string;
  payslipId: string;
  event: PayslipPostingEvent;
  /** The acting user (validated_by/created_by of the entry). */
  userId: string | null;
  /** YYYY-MM of the payslip. */
  period: string;
  /** Entry date: the period's last day (validated), the payment date (paid), the cancellation day (cancelled). */
  date: string;
  /** "Awa Diop (E001)": for the entry's description. */
  employeeLabel: string;
  gross: string;
  net: string;
  incomeTax: string;
  /** 0.00 when the parameter set has none. */
  trimf: string;
  contributions: PayslipPostingContribution[];
  /** For 'paid': how the net was paid (PAYMENT_METHODS of invoices.ts). */
  paymentMethod?: string;
  /** For 'paid': the treasury account chosen (an accounting id; absent or unknown: the method's default account). */
  treasuryAccountId?: string;
}

/** `payslip-posted`, consumed by the HR worker: the entry now exists; the slip shows "comptabilisé". */
export interface PayslipPostedJob {
  companyId: string;
  payslipId: string;
  event: PayslipPostingEvent;
  entryId: string;
  entryNumber: string;
}

/** The payroll debts a payment settles, each posted to its account by the accounting side (PAYROLL_ACCOUNTS). */
export const PAYROLL_DEBTS = ['netPay', 'ipres', 'cssFamily', 'cssAccidents', 'taxes'] as const;
export type PayrollDebt = (typeof PAYROLL_DEBTS)[number];

/**
 * `post-payroll-payment`, consumed by the accounting worker: one entry debiting each line's debt and
 * crediting the treasury account with the total, in that account's journal. Idempotent by payment id.
 */
export interface PostPayrollPaymentJob {
  companyId: string;
  paymentId: string;
  userId: string | null;
  date: string;
  description: string;
  /** The treasury account paid from (an accounting id); absent or unknown: the bank's default account. */
  treasuryAccountId: string | null;
  lines: { debt: PayrollDebt; description: string; amount: string }[];
  /**
   * A declaration's payment: the dates of its period. Each debt account that is lettrable gets its
   * payment line lettered with the period's payroll (PA) lines of that account when they balance.
   */
  letterPeriod?: { from: string; to: string };
}

/** `payroll-payment-posted`, consumed by the HR worker. */
export interface PayrollPaymentPostedJob {
  companyId: string;
  paymentId: string;
  entryId: string;
  entryNumber: string;
}

/** `generate-payroll`: draft payslips of all active employees of the company for the period (idempotent per company and period). */
export interface GeneratePayrollJob {
  companyId: string;
  period: string;
  userId: string | null;
}

/**
 * A no-op job used to check that a service's worker is alive. Each run is
 * recorded once per jobId in the service's `job_runs` table.
 * Note: BullMQ refuses custom job ids containing ':' (use '-' as separator).
 */
export interface PingJob {
  companyId: string;
  note?: string;
}

/**
 * `generate-chart`: adds the SYSCOHADA reference chart plus the sector's own
 * accounts to a company's chart (missing accounts only). Answers a ChartGenerationResult.
 */
export interface GenerateChartJob {
  companyId: string;
  /** A stored sector value (SECTORS); the company's own sector when the request gave none. */
  sector: string;
}

/**
 * The states of a background job as every job-status route answers them: queued (waiting, delayed,
 * not picked up yet), running, then completed or failed for good (retries are still 'running').
 */
export const JOB_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The one answer of every job-status route (fiscal-year closing, journal import, payroll
 * generation) and the one shape the screens poll: `done` out of `total` units of work (lines,
 * payslips, percent), the job's `result` once completed, or what the document carries (see each
 * route), and `error`, a French message, once failed.
 */
export interface JobStatus<R = unknown> {
  state: JobState;
  done: number;
  total: number;
  result?: R;
  error?: string;
}

/** True once the job will not change any more (polling stops). */
export const isJobEnded = (state: JobState | undefined): boolean => state === 'completed' || state === 'failed';
