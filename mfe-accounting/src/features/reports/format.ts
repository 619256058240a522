import { type TrialBalanceAmounts } from '@xaalis/contracts';
import { isZero } from '@xaalis/domain';
import { formatMoney } from '@xaalis/web-kit';

const TRIAL_AMOUNTS = ['openingDebit', 'openingCredit', 'periodDebit', 'periodCredit', 'closingDebit', 'closingCredit'] as const;

/** True for a zero amount ("0.00", "-0.00", "0"); a malformed amount is not zero. */
export function isZeroAmount(value: string | undefined | null): boolean {
  if (value === undefined || value === null || value.trim() === '') return true;
  // Only a money string (at most two decimals) counts: anything else is malformed.
  return /^-?\d+(\.\d{1,2})?$/.test(value.trim()) && isZero(value);
}

/** A Balance row moves when one of its six amounts is not zero. */
export function hasMovement(row: TrialBalanceAmounts): boolean {
  return TRIAL_AMOUNTS.some((key) => !isZeroAmount(row[key]));
}

/** An amount of a report cell: `1 234 567 XOF`, `-25 000 XOF`; nothing for a cell without amount (a title line). */
export function formatAmount(value: string | undefined | null): string {
  if (value === undefined || value === null || value.trim() === '') return '';
  return formatMoney(value);
}
