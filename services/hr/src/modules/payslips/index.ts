// Public face of the payslips feature (other features import from here only).
export { payslipsApi } from './routes';
export { payslipJobHandlers, SWEEP_PAYSLIP_POSTINGS_SCHEDULE } from './jobs';
export { payslipsService, type PayslipsService } from './service';
