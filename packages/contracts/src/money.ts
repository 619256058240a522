import { z } from 'zod';
import { text } from './text';

/** Money on the wire: a decimal string with at most two decimals (numeric(15,2)). */
export const MONEY_PATTERN = /^-?\d{1,13}(\.\d{1,2})?$/;

/** The largest amount a numeric(15,2) column holds, in cents (9 999 999 999 999.99). */
export const MAX_MONEY_CENTS = 999_999_999_999_999n;

export const MESSAGES_MONEY = {
  invalid: 'Montant invalide (nombre avec au plus deux décimales)',
  negative: 'Le montant ne peut pas être négatif',
  tooLarge: 'Montant trop élevé (maximum 9 999 999 999 999,99)',
  /** A sum (entry total, invoice total) beyond what an amount can hold. */
  totalTooLarge: 'Total trop élevé (maximum 9 999 999 999 999,99)',
} as const;

/** True when a sum in cents still fits a numeric(15,2) amount. */
export const fitsMoney = (cents: bigint): boolean => cents <= MAX_MONEY_CENTS && cents >= -MAX_MONEY_CENTS;

/** Exact integer cents of a money string: no floating point anywhere. */
export function toCents(value: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new Error(`Not a money amount: ${value}`);
  const cents = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** Cents back to the wire format ("1500.00"). */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A non-negative money string, normalised to two decimals; numbers are accepted and converted. */
export const moneySchema = z
  .union([text(), z.number()])
  .transform((v) => (typeof v === 'number' ? v.toFixed(2) : v.trim() === '' ? '0' : v.trim()))
  // Any number of digits is "a number", then too large; anything else is invalid.
  .refine((v) => /^-?\d+(\.\d{1,2})?$/.test(v), { error: MESSAGES_MONEY.invalid, abort: true })
  .refine((v) => MONEY_PATTERN.test(v), { error: MESSAGES_MONEY.tooLarge, abort: true })
  .refine((v) => !v.startsWith('-'), { error: MESSAGES_MONEY.negative })
  .transform((v) => fromCents(toCents(v)));

/** Whole francs of a money string, rounded half away from zero (XOF has no subunit in practice). */
export function roundToFrancs(value: string): bigint {
  const c = toCents(value);
  const abs = c < 0n ? -c : c;
  const francs = abs / 100n + (abs % 100n >= 50n ? 1n : 0n);
  return c < 0n ? -francs : francs;
}

/**
 * "1 234 567 XOF" from "1234567.40", exactly (strings and BigInt, no float):
 * whole francs, groups of three. The separator defaults to a no-break space
 * (U+00A0), which every PDF standard font has; fr-FR's Intl uses U+202F.
 */
export function formatXofExact(value: string, opts: { separator?: string; suffix?: boolean } = {}): string {
  const francs = roundToFrancs(value);
  const digits = (francs < 0n ? -francs : francs).toString();
  const sep = opts.separator ?? '\u00a0';
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return `${francs < 0n ? '-' : ''}${grouped}${opts.suffix === false ? '' : `${sep}XOF`}`;
}
