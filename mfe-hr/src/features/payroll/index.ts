// Public face of the payroll feature.
export { payrollApi, useListPayslipsQuery } from './api';
export { PayslipDialog, type PayslipDialogProps } from './PayslipDialog';
export { usePayrollRights } from './rights';
export { payslipStatusColor } from './status';
