import path from 'node:path';
import { CLOSE_FISCAL_YEAR_JOB, JOBS } from '@xaalis/contracts';
import { caseSensitiveRouter, pingHandler, runService } from '@xaalis/service-kit';
import { accountsApi } from './modules/accounts';
import { auditApi, rememberActorRole } from './modules/audit';
import { bankStatementsApi } from './modules/bank-statements';
import { chartApi, generateChartHandler } from './modules/chart';
import { companiesApi, companiesInternal } from './modules/companies';
import { creditNotesApi } from './modules/credit-notes';
import { dashboardApi } from './modules/dashboard';
import { entriesApi } from './modules/entries';
import { entryImportsApi, importEntriesHandler } from './modules/entry-imports';
import { closeFiscalYearHandler, fiscalYearsApi } from './modules/fiscal-years';
import { inventoryApi, inventoryInternal } from './modules/inventory';
import { ledgerIntegrityApi } from './modules/ledger-integrity';
import { letteringsApi } from './modules/letterings';
import { taxSettingsApi } from './modules/tax-settings';
import { vatApi } from './modules/vat';
import { withholdingsApi } from './modules/withholdings';
import { annualStatementsApi } from './modules/annual-statements';
import { invoicesApi, invoicesInternal } from './modules/invoices';
import {
  RECORD_DEPRECIATIONS_SCHEDULE,
  computeDepreciationPlanHandler,
  investmentsApi,
  recordDepreciationsHandler,
} from './modules/investments';
import { MARK_OVERDUE_SCHEDULE, loansApi, markOverdueHandler } from './modules/loans';
import { PURGE_REPORT_EXPORTS_SCHEDULE, exportGeneralLedgerHandler, purgeReportExportsHandler, reportsApi } from './modules/reports';
import { paymentsApi } from './modules/payments';
import { EXPIRE_QUOTES_SCHEDULE, expireQuotesHandler, quotesApi } from './modules/quotes';
import { remindersApi } from './modules/reminders';
import { RECURRING_INVOICES_SCHEDULE, generateRecurringInvoicesHandler, recurringInvoicesApi } from './modules/recurring-invoices';
import { portfolioInternal } from './modules/portfolio';
import { autoMatchHandler, reconciliationsApi } from './modules/reconciliations';
import { payrollPostingInternal, postPayrollPaymentHandler, postPayslipHandler } from './modules/payroll-posting';
import { thirdPartiesApi, thirdPartiesInternal } from './modules/third-parties';
import { treasuryApi } from './modules/treasury';
import { treasuryAccountsApi } from './modules/treasury-accounts';

/** The accounting service: company record, chart of accounts, third parties, the general ledger, invoices, payments, stock and loans. */
export const accountingService = runService({
  name: 'accounting',
  schema: 'accounting',
  migrationsDir: path.join(__dirname, 'migrations'),
  buildApi: (ctx) =>
    caseSensitiveRouter().use(
      // The caller's role, for the audit events of the request's writes.
      rememberActorRole(ctx.sequelize),
      companiesApi(ctx),
      accountsApi(ctx),
      thirdPartiesApi(ctx),
      chartApi(ctx),
      entriesApi(ctx),
      entryImportsApi(ctx),
      ledgerIntegrityApi(ctx),
      fiscalYearsApi(ctx),
      dashboardApi(ctx),
      treasuryApi(ctx),
      treasuryAccountsApi(ctx),
      bankStatementsApi(ctx),
      reconciliationsApi(ctx),
      // Before invoices: it answers 'Annuler' on a validated invoice with a credit note.
      creditNotesApi(ctx),
      invoicesApi(ctx),
      quotesApi(ctx),
      recurringInvoicesApi(ctx),
      remindersApi(ctx),
      paymentsApi(ctx),
      inventoryApi(ctx),
      loansApi(ctx),
      investmentsApi(ctx),
      letteringsApi(ctx),
      taxSettingsApi(ctx),
      vatApi(ctx),
      withholdingsApi(ctx),
      annualStatementsApi(ctx),
      reportsApi(ctx),
      auditApi(ctx),
    ),
  buildInternal: (ctx) =>
    caseSensitiveRouter().use(
      companiesInternal(ctx),
      inventoryInternal(ctx),
      invoicesInternal(ctx),
      thirdPartiesInternal(ctx),
      portfolioInternal(ctx),
      payrollPostingInternal(ctx),
    ),
  jobHandlers: (ctx) => ({
    [JOBS.ping]: pingHandler(ctx),
    [JOBS.generateChart]: generateChartHandler(ctx),
    [JOBS.markOverdueLoanPayments]: markOverdueHandler(ctx),
    [JOBS.computeDepreciationPlan]: computeDepreciationPlanHandler(ctx),
    [JOBS.recordDepreciations]: recordDepreciationsHandler(ctx),
    [JOBS.postPayslip]: postPayslipHandler(ctx),
    [JOBS.postPayrollPayment]: postPayrollPaymentHandler(ctx),
    [JOBS.importEntries]: importEntriesHandler(ctx),
    [CLOSE_FISCAL_YEAR_JOB]: closeFiscalYearHandler(ctx),
    [JOBS.exportGeneralLedger]: exportGeneralLedgerHandler(ctx),
    [JOBS.purgeReportExports]: purgeReportExportsHandler(ctx),
    [JOBS.autoMatch]: autoMatchHandler(ctx),
    [JOBS.expireQuotes]: expireQuotesHandler(ctx),
    [JOBS.generateRecurringInvoices]: generateRecurringInvoicesHandler(ctx),
  }),
  jobSchedules: () => [
    MARK_OVERDUE_SCHEDULE,
    RECORD_DEPRECIATIONS_SCHEDULE,
    PURGE_REPORT_EXPORTS_SCHEDULE,
    EXPIRE_QUOTES_SCHEDULE,
    RECURRING_INVOICES_SCHEDULE,
  ],
});
