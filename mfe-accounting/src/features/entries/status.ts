import { ENTRY_STATUS_LABELS, type EntryStatus } from '@xaalis/contracts';

export const STATUS_COLORS: Record<EntryStatus, 'default' | 'success' | 'error' | 'warning'> = {
  draft: 'warning',
  validated: 'success',
  cancelled: 'error',
};

export function statusLabel(status: string): string {
  return ENTRY_STATUS_LABELS[status as EntryStatus] ?? status;
}
