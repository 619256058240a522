// Public face of the loans feature (other features import from here only).
export { loansApi } from './routes';
export { findLoans, lockLoanPayment, markInstalmentPaid, toLoanPayment, type LoanPaymentDbRow } from './model';
