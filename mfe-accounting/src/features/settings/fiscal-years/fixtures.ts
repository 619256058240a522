// Test fixtures of the fiscal years (component tests only).
import type { FiscalYear } from '@xaalis/contracts';

/** A calendar fiscal year starting on `start` (open, empty), with `over` changed. */
export const fiscalYear = (start: string, over: Partial<FiscalYear> = {}): FiscalYear => ({
  start,
  end: `${start.slice(0, 4)}-12-31`,
  label: start.slice(0, 4),
  status: 'open',
  result: '0.00',
  entryCount: 0,
  draftCount: 0,
  closedAt: null,
  closedBy: null,
  closingEntryId: null,
  closingEntryNumber: null,
  openingEntryId: null,
  openingEntryNumber: null,
  reopenedAt: null,
  reopenedBy: null,
  canClose: false,
  canReopen: false,
  ...over,
});
