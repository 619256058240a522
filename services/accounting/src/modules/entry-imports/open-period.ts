import { isCalendarDate } from '@xaalis/domain';
import { fiscalYearOf } from '../dashboard';

/**
 * Whether a date falls in an open fiscal year of the company, for imports:
 * a real date from 1900 to the end of the current fiscal year (the company's
 * `fiscalYear`, MM-DD start; today in Dakar), outside the closed years. The
 * database refuses entries dated in a closed year anyway (XA010); this lets
 * the preview name the lines at fault before anything runs.
 */
export function openPeriod(
  fiscalYearStart: string,
  today: string,
  closedYears: readonly { start: string; end: string }[] = [],
): { isOpen: (date: string) => boolean; currentStart: string; lastOpenDay: string } {
  const current = fiscalYearOf(fiscalYearStart, today);
  return {
    isOpen: (date) => isCalendarDate(date) && date <= current.end && !closedYears.some((y) => date >= y.start && date <= y.end),
    currentStart: current.start,
    lastOpenDay: current.end,
  };
}
