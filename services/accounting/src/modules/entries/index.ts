// Public face of the journal-entries feature (other features import from here only).
export { entriesApi } from './routes';
export { entriesService, type EntriesService } from './service';
export { isPayrollEntry, payrollEntrySql, seesPayroll } from './payroll';
