// Public face of the payroll-settings feature (other features import from here only).
export { payrollSettingsApi } from './routes';
export { payrollSettingsService, type PayrollSettingsService } from './service';
