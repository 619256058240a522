// Public face of the payroll posting feature: the accounting side of payslips (HR → accounting queue).
export { postPayslip, postPayslipHandler, postPayslipJobSchema, payslipPostedJobId, type PayslipPostingResult } from './jobs';
export { payrollPostingInternal } from './internal';
export { PAYROLL_PAYMENT_SOURCE, postPayrollPayment, postPayrollPaymentHandler } from './payments';
export { PAYROLL_ACCOUNTS, PAYSLIP_SOURCE, PayslipPostingError, paidLines, validatedLines } from './posting';
