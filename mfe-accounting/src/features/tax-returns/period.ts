import { vatPeriodRange, type VatPeriodicity } from '@xaalis/contracts';
import { todayIso } from '@xaalis/web-kit';

/** The quarters as the picker offers them (T1…T4, sent as YYYY-Qn). */
export const QUARTERS = ['1', '2', '3', '4'] as const;

/** A month period: `2026-10`. */
export const monthPeriod = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** A quarter period: `2026-Q4`. */
export const quarterPeriod = (year: number, quarter: number) => `${year}-Q${quarter}`;

/**
 * The period a return is due for on `today`: the previous month (monthly returns) or the
 * previous quarter (quarterly), the year before in January or in the first quarter.
 */
export function previousVatPeriod(periodicity: VatPeriodicity, today = todayIso()): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (periodicity === 'quarterly') {
    const quarter = Math.ceil(month / 3);
    return quarter === 1 ? quarterPeriod(year - 1, 4) : quarterPeriod(year, quarter - 1);
  }
  return month === 1 ? monthPeriod(year - 1, 12) : monthPeriod(year, month - 1);
}

/** The year and the quarter (1…4) of a quarter period; null for a month or an unreadable period. */
export function quarterOf(period: string): { year: number; quarter: number } | null {
  const range = vatPeriodRange(period);
  if (!range?.quarterly) return null;
  return { year: Number(range.period.slice(0, 4)), quarter: Number(range.period.slice(-1)) };
}

/** The file name a return's download falls back to when the server names none: `TVA-2026-10.pdf`, `TVA-2026-Q4-v2.xlsx`. */
export function vatReturnFileName(period: string, version: number, format: 'pdf' | 'xlsx'): string {
  return `TVA-${period}${version > 1 ? `-v${version}` : ''}.${format}`;
}

/**
 * The period read in the other periodicity: a month becomes its quarter (2026-11 → 2026-Q4),
 * a quarter its first month (2026-Q4 → 2026-10); a period already in `periodicity` is kept.
 */
export function periodIn(period: string, periodicity: VatPeriodicity): string {
  const range = vatPeriodRange(period);
  if (!range || range.quarterly === (periodicity === 'quarterly')) return period;
  const year = Number(range.start.slice(0, 4));
  const month = Number(range.start.slice(5, 7));
  return periodicity === 'quarterly' ? quarterPeriod(year, Math.ceil(month / 3)) : monthPeriod(year, month);
}

/** The years the annual statements offer: this year and the four before, newest first. */
export function statementYears(today = todayIso()): number[] {
  const year = Number(today.slice(0, 4));
  return [0, 1, 2, 3, 4].map((back) => year - back);
}
