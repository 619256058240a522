// Public face of the dashboard feature (other features import from here only).
export { dashboardApi, MESSAGES_DASHBOARD } from './routes';
export { companyFiscalStart, dashboardService, percentChange, reportingContext, urgencyOf, type DashboardService } from './service';
export { addDays, addMonths, fiscalYearOf, monthStart } from './dates';
export { dueByDay, firstDueItems, type DueDay, type DueItem } from './due-items';
export { accountSets, balancesAt, isTreasuryCode, treasuryKind, type AccountSets } from './ledger-figures';
