// Public face of the loans feature.
export { loansApi, useListLoansQuery, useCreateLoanMutation } from './api';
export { LoanDialog, instalmentsSummary, type LoanDialogProps } from './LoanDialog';
export { ScheduleDialog, type ScheduleDialogProps } from './ScheduleDialog';
