import type { Sequelize, Transaction } from 'sequelize';
import { ENTRY_NUMBER_PATTERN, formatEntryNumber, type Journal } from '@xaalis/contracts';
import { peekCounter, takeCounter } from './counters';

/**
 * Gap-free entry numbers per company, journal and year (`OD-2026-00001`), from
 * one counter row incremented in the caller's transaction (see takeCounter:
 * concurrent postings queue on the row, a rollback gives the number back).
 */
export async function takeEntryNumber(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  journal: Journal,
  year: number,
): Promise<string> {
  return formatEntryNumber(journal, year, await takeCounter(sequelize, transaction, 'entry_counters', companyId, journal, year));
}

/** The number the next entry would get (form proposal): reads the counter, takes nothing. */
export async function peekEntryNumber(sequelize: Sequelize, companyId: string, journal: Journal, year: number): Promise<string> {
  return formatEntryNumber(journal, year, await peekCounter(sequelize, 'entry_counters', companyId, journal, year));
}

/**
 * Numbers in the counters' format (`XX-YYYY-NNNNN`, any journal and year) are
 * reserved to the counters: a form sends one as a proposal, and the server
 * replaces it with the number actually taken. Letting such a number through as
 * a hand-typed one would collide later with the counter of its journal and year.
 */
export const isCounterFormat = (number: string): boolean => ENTRY_NUMBER_PATTERN.test(number);

/** Whether a counter-format number belongs to this journal and year. */
export function fitsCounter(number: string, journal: Journal, year: number): boolean {
  const m = ENTRY_NUMBER_PATTERN.exec(number);
  return !!m && m[1] === journal && Number(m[2]) === year;
}

/** The year of an ISO date ("2026-03-14" → 2026). */
export const yearOf = (date: string): number => Number(date.slice(0, 4));

/** Today's date in Dakar: Africa/Dakar is UTC+0 all year (no daylight saving), so the UTC date. */
export const todayInDakar = (): string => new Date().toISOString().slice(0, 10);

/** A real calendar date in ISO form (the schemas only check the shape; 2026-02-30 is refused here). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && d.getUTCFullYear() >= 1900;
}
