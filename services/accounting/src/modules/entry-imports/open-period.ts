import { fiscalYearOf } from '../dashboard';
import { isIsoDate } from '../posting';

/**
 * Whether a date falls in an open fiscal year of the company, for imports.
 * There is no closing of fiscal years yet: "open" is any real date from 1900
 * to the end of the current fiscal year (the company's `fiscalYear`, MM-DD
 * start; today in Dakar). Closing (issue 15) extends this one function with
 * the closed years.
 */
export function openPeriod(
  fiscalYearStart: string,
  today: string,
): { isOpen: (date: string) => boolean; currentStart: string; lastOpenDay: string } {
  const current = fiscalYearOf(fiscalYearStart, today);
  return {
    isOpen: (date) => isIsoDate(date) && date <= current.end,
    currentStart: current.start,
    lastOpenDay: current.end,
  };
}
