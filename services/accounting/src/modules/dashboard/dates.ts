import type { FiscalYearInfo } from '@xaalis/contracts';
import { addDays, addMonthsKeepingDay, daysInMonth, ymd } from '@xaalis/domain';

/**
 * Calendar arithmetic on ISO dates ("2026-03-14"), in UTC: Africa/Dakar is
 * UTC+0 all year, so the UTC calendar is the company's calendar.
 */

const parse = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** Day, month and year arithmetic: the one implementation of @xaalis/domain. */
export { addDays, addYears } from '@xaalis/domain';
export const addMonths = addMonthsKeepingDay;

/** The first day of the month of `date`. */
export const monthStart = (date: string) => `${date.slice(0, 8)}01`;

/** The Monday of the ISO week of `date`. */
export function weekStart(date: string): string {
  const dow = (parse(date).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(date, -dow);
}

/** ISO 8601 week number (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: string): number {
  const d = parse(date);
  const thursday = addDays(date, 3 - ((d.getUTCDay() + 6) % 7));
  const jan1 = parse(`${thursday.slice(0, 4)}-01-01`);
  return Math.floor((parse(thursday).getTime() - jan1.getTime()) / 86_400_000 / 7) + 1;
}

const MONTHS_FR = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

/** "nov. 2026" (the abbreviations of the fr-SN locale, without depending on the runtime's ICU data). */
export const monthLabel = (date: string) => `${MONTHS_FR[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** "S47" for the ISO week holding `date`. */
export const weekLabel = (date: string) => `S${String(isoWeek(date)).padStart(2, '0')}`;

/**
 * The company's fiscal year holding `today`, from its start day `MM-DD`
 * (companies.fiscal_year). A start day the month lacks in a given year
 * (02-29, 04-31…) is that month's last day. Labelled "2026" when the year
 * starts on 1 January, "2026-2027" otherwise.
 *
 * `offset` = -1 gives the previous fiscal year, and so on.
 */
export function fiscalYearOf(startMmDd: string, today: string, offset = 0): FiscalYearInfo {
  const [mm, dd] = (/^\d{2}-\d{2}$/.test(startMmDd) ? startMmDd : '01-01').split('-').map(Number);
  const startIn = (year: number) => ymd(year, mm, Math.min(dd, daysInMonth(year, mm)));
  let year = Number(today.slice(0, 4));
  if (startIn(year) > today) year -= 1;
  year += offset;
  const start = startIn(year);
  const end = addDays(startIn(year + 1), -1);
  const label = mm === 1 && dd === 1 ? String(year) : `${year}-${year + 1}`;
  return { label, start, end };
}
