/*
 * Calendar dates as ISO strings ("2026-03-14") and periods as "YYYY-MM", by pure string and
 * integer arithmetic: no time zone ever shifts a day (Africa/Dakar is UTC+0 all year anyway).
 * ISO dates compare as strings. Zod schemas check a date with `z.iso.date()` or `isCalendarDate`.
 */

/** The shape of an ISO date, "YYYY-MM-DD" (not whether the day exists: see isCalendarDate). */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A period "YYYY-MM" (month 01–12). */
export const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** Days in a month (1–12) of a year. */
export const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** "YYYY-MM-DD" of a year, month (1–12) and day. */
export const ymd = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const parts = (date: string): [number, number, number] => date.split('-').map(Number) as [number, number, number];

/** A real calendar date "YYYY-MM-DD" from 1900 on (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const [y, m, d] = parts(value);
  return y >= 1900 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** Days since 1970-01-01 of a date (proleptic Gregorian calendar). */
function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The date of a day number (inverse of dayNumber). */
function fromDayNumber(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return ymd(yoe + era * 400 + (month <= 2 ? 1 : 0), month, day);
}

/** `date` plus `days` days (negative: before). */
export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(...parts(date)) + days);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(...parts(to)) - dayNumber(...parts(from));
}

/** The day before a date. */
export const dayBefore = (date: string): string => addDays(date, -1);

/** `date` plus `months` months, keeping its day of month (the month's last day when shorter). */
export function addMonthsKeepingDay(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return ymd(year, month, Math.min(d, daysInMonth(year, month)));
}

/** The same day `years` years later; 29 February becomes 28 February in a common year. */
export const addYears = (date: string, years: number): string => addMonthsKeepingDay(date, years * 12);

/** The period "YYYY-MM" of a date. */
export const periodOf = (date: string): string => date.slice(0, 7);

/** The first day of a period "YYYY-MM" (or of a date's month). */
export const firstDayOfMonth = (periodOrDate: string): string => `${periodOrDate.slice(0, 7)}-01`;

/** The last day of a period "YYYY-MM" (or of a date's month): lastDayOfMonth('2024-02') === '2024-02-29'. */
export function lastDayOfMonth(periodOrDate: string): string {
  const [y, m] = parts(periodOrDate.slice(0, 7));
  return ymd(y, m, daysInMonth(y, m));
}

/** `period` plus `months` months ("2026-12", 1 -> "2027-01"). */
export const addMonthsToPeriod = (period: string, months: number): string => periodOf(addMonthsKeepingDay(`${period}-01`, months));

/** Working days (jours ouvrables: Monday to Saturday) from `from` to `to`, both included; 0 when `to` is before `from`. */
export function workingDaysBetween(from: string, to: string): number {
  const days = daysBetween(from, to) + 1;
  if (days <= 0) return 0;
  const weekday = new Date(`${from}T00:00:00Z`).getUTCDay(); // 0: Sunday
  const sundays = Math.floor((days + ((weekday + 6) % 7)) / 7);
  return days - sundays;
}
