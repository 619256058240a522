// Public face of the payroll feature (route /paie, API segment payrolls) (other features import from here only).
export { payrollApi } from './routes';
export { payrollJobHandlers, SWEEP_PAYSLIP_POSTINGS_SCHEDULE } from './jobs';
export { payrollService, type PayrollService } from './service';
export { accountingEmployerLookup } from './employer';
