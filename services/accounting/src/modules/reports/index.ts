// Public face of the reports feature (other features import from here only).
export { reportsApi } from './routes';
export { reportsService, type ReportsService } from './service';
export { accountTotals, type AccountPeriod } from './totals';
export { PURGE_REPORT_EXPORTS_SCHEDULE, exportGeneralLedgerHandler, purgeReportExportsHandler } from './ledger-export';
