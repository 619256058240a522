import type { PayslipStatus } from '@xaalis/contracts';

const COLORS: Record<PayslipStatus, 'default' | 'info' | 'success' | 'error'> = {
  draft: 'default',
  validated: 'info',
  paid: 'success',
  cancelled: 'error',
};

/** The badge colour of a pay slip's status. */
export function payslipStatusColor(status: PayslipStatus): 'default' | 'info' | 'success' | 'error' {
  return COLORS[status] ?? 'default';
}
