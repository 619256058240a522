// Public face of the payroll payments feature: the salaries' transfer and the declarations' payments (API under
// payrolls, social-declarations and salary-tax-statements).
export { payrollPaymentsApi } from './routes';
export { payrollPaymentJobHandlers, SWEEP_PAYROLL_PAYMENTS_SCHEDULE } from './jobs';
