// Public face of the loans feature (other features import from here only).
export { loansApi } from './routes';
export { MARK_OVERDUE_SCHEDULE, markOverdueHandler } from './jobs';
export { loansService, type LoansService } from './service';
export { findLoans, lockLoanPayment, markInstalmentPaid, toLoanPayment, type LoanPaymentDbRow } from './model';
