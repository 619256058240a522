// Public face of the leave feature (API segment leaves): absences recorded per employee, used by the payslips.
export { leavesApi } from './routes';
export { leavesService, type LeavesService } from './service';
