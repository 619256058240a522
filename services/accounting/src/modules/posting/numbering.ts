import { ENTRY_NUMBER_PATTERN, formatEntryNumber, type Journal } from '@xaalis/contracts';
import { counterNumbering } from './counters';

/**
 * Gap-free entry numbers per company, journal and year (`OD-2026-00001`), from one counter row
 * incremented in the caller's transaction (see takeCounter: concurrent postings queue on the row,
 * a rollback gives the number back). Numbers in the counters' format (`XX-YYYY-NNNNN`, any journal
 * and year) are reserved to the counters: letting one through as a hand-typed number would
 * collide later with the counter of its journal and year.
 */
export const {
  take: takeEntryNumber,
  peek: peekEntryNumber,
  isCounterFormat,
  fits: fitsCounter,
} = counterNumbering<Journal>('entry_counters', formatEntryNumber, ENTRY_NUMBER_PATTERN);

/** The year of an ISO date ("2026-03-14" → 2026). */
export const yearOf = (date: string): number => Number(date.slice(0, 4));

/** Today's date in Dakar: Africa/Dakar is UTC+0 all year (no daylight saving), so the UTC date. */
export const todayInDakar = (): string => new Date().toISOString().slice(0, 10);
