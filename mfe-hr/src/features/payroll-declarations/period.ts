import { payrollPeriodRange } from '@xaalis/contracts';
import { todayIso } from '@xaalis/web-kit';

/** How a period picker reads its period: a month, a quarter (social declaration) or a whole year (payroll journal). */
export type PeriodUnit = 'month' | 'quarter' | 'year';

/** A month period: `2026-03`. */
export const monthPeriod = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** A quarter period as the API takes it: `2026-Q1` (shown 'T1'). */
export const quarterPeriod = (year: number, quarter: number) => `${year}-Q${quarter}`;

/** The month before `today`'s: what is declared by default (December of last year in January). */
export function previousMonth(today = todayIso()): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? monthPeriod(year - 1, 12) : monthPeriod(year, month - 1);
}

/** Last year: what the annual declaration shows by default. */
export const lastYear = (today = todayIso()) => Number(today.slice(0, 4)) - 1;

/** The years offered by the annual declaration: this year and the five before, newest first. */
export function recentYears(today = todayIso()): number[] {
  const year = Number(today.slice(0, 4));
  return [0, 1, 2, 3, 4, 5].map((back) => year - back);
}

/** The unit of a period: 2026 a year, 2026-Q1 or 2026-T1 a quarter, anything else a month. */
export function unitOf(period: string): PeriodUnit {
  if (/^\d{4}$/.test(period)) return 'year';
  return payrollPeriodRange(period)?.period.includes('Q') ? 'quarter' : 'month';
}

/**
 * The period read in another unit: a month becomes its quarter or its year (2026-11 → 2026-Q4, 2026),
 * a quarter or a year its first month (2026-Q4 → 2026-10, 2026 → 2026-01); a period already in `unit` is kept.
 */
export function periodIn(period: string, unit: PeriodUnit): string {
  if (unitOf(period) === unit) return period;
  const year = Number(period.slice(0, 4));
  const range = /^\d{4}$/.test(period) ? null : payrollPeriodRange(period);
  const month = range ? Number(range.firstMonth.slice(5, 7)) : 1;
  switch (unit) {
    case 'year':
      return String(year);
    case 'quarter':
      return quarterPeriod(year, Math.ceil(month / 3));
    case 'month':
      return monthPeriod(year, month);
  }
}
