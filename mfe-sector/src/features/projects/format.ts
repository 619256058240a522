import { MESSAGES_SERVICES, type ProjectStatus, type Timesheet, type TimesheetStatus } from '@xaalis/contracts';

const hoursFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** "7,75 h", "1 200 h" (fr-FR, ordinary spaces). Invalid → "0 h". */
export function formatHours(value: string | number | null | undefined): string {
  const n = Number(value);
  return `${hoursFormat.format(Number.isFinite(n) ? n : 0).replace(/[\u00a0\u202f]/g, ' ')} h`;
}

/** "Awa Ndiaye", or "—" when HR could not name the employee. */
export function timesheetEmployeeName(employee: Timesheet['employee']): string {
  const name = [employee.firstName, employee.lastName].filter(Boolean).join(' ');
  return name || MESSAGES_SERVICES.unknownValue;
}

export const PROJECT_STATUS_COLORS: Record<ProjectStatus, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  planning: 'default',
  active: 'info',
  on_hold: 'warning',
  completed: 'success',
  cancelled: 'error',
};

export const TIMESHEET_STATUS_COLORS: Record<TimesheetStatus, 'default' | 'warning' | 'success'> = {
  pending: 'default',
  billing: 'warning',
  billed: 'success',
};
