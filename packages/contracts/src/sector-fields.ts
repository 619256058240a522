import { z } from 'zod';
import { isCalendarDate } from '@xaalis/domain';
import { moneySchema } from './money';
import { text, tooLong } from './text';

/*
 * Field schemas shared by the sector modules' input schemas (hotel, projects,
 * restaurant, production). Internal to the package: not exported by index.ts.
 */

/** Optional text capped at `max`; empty (or missing) means null. */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, { error: tooLong(max) })
    .nullish()
    .transform((v) => (v ? v : null));

/** An integer from a number or a numeric string (the forms send strings); an empty field is `empty`. */
export const intField = (message: string, min: number, max: number, empty = NaN) =>
  z
    .union([z.number(), text().trim()], { error: message })
    .transform((v) => (typeof v === 'string' ? (v === '' ? empty : Number(v)) : v))
    .pipe(z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));

/** A required amount (string or number, `message` when empty), then checked as money. */
export const requiredMoney = (message: string) =>
  z
    .union([text(), z.number()], { error: message })
    .refine((v) => String(v).trim() !== '', { error: message, abort: true })
    .pipe(moneySchema);

/** A required calendar date (YYYY-MM-DD); `message` when missing or invalid. */
export const requiredDate = (message: string) => text({ error: message }).trim().refine(isCalendarDate, { error: message });

/** An optional calendar date; empty (or missing) means null, anything else must be a date (`message`). */
export const optionalCalendarDate = (message: string) =>
  text()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isCalendarDate(v), { error: message });
