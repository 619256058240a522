import { z } from 'zod';
import { MONEY_PATTERN, money } from '@xaalis/domain';
import { text } from './text';

/** Money on the wire: a decimal string with at most two decimals (numeric(15,2)). */
export { MONEY_PATTERN } from '@xaalis/domain';

export const MESSAGES_MONEY = {
  invalid: 'Montant invalide (nombre avec au plus deux décimales)',
  negative: 'Le montant ne peut pas être négatif',
  tooLarge: 'Montant trop élevé (maximum 9 999 999 999 999,99)',
  /** A sum (entry total, invoice total) beyond what an amount can hold. */
  totalTooLarge: 'Total trop élevé (maximum 9 999 999 999 999,99)',
} as const;

/** A non-negative money string, normalised to two decimals; numbers are accepted and converted. */
export const moneySchema = z
  .union([text(), z.number()])
  .transform((v) => (typeof v === 'number' ? v.toFixed(2) : v.trim() === '' ? '0' : v.trim()))
  // Any number of digits is "a number", then too large; anything else is invalid.
  .refine((v) => /^-?\d+(\.\d{1,2})?$/.test(v), { error: MESSAGES_MONEY.invalid, abort: true })
  .refine((v) => MONEY_PATTERN.test(v), { error: MESSAGES_MONEY.tooLarge, abort: true })
  .refine((v) => !v.startsWith('-'), { error: MESSAGES_MONEY.negative })
  .transform((v) => money(v));
