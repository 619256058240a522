import DecimalJs from 'decimal.js';

/*
 * The one place money is computed, front and back: every sum, product, comparison and rounding
 * of an amount goes through here (infra/lint/dependency-rules.js forbids decimal.js and BigInt
 * elsewhere). Amounts travel as decimal strings ("1500.00", numeric(15,2) on the wire); the
 * arithmetic is decimal.js with 50 significant digits, so every sum and product of amounts is
 * exact and a quotient is exact far beyond the cent before it is rounded.
 * Rounding is half away from zero (ROUND_HALF_UP in decimal.js): 1 234.50 -> 1 235,
 * -0.005 -> -0.01.
 */

/** The decimal type of every money computation (50 significant digits, half away from zero). */
export const Decimal = DecimalJs.clone({ precision: 50, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -60, toExpPos: 60 });
export type Decimal = InstanceType<typeof Decimal>;
/** An amount or quantity: a decimal string, a number (counts, integer rates) or a Decimal. */
export type DecimalValue = string | number | Decimal;

export const ROUND_HALF_UP = DecimalJs.ROUND_HALF_UP;
export const ROUND_DOWN = DecimalJs.ROUND_DOWN;

export const dec = (value: DecimalValue): Decimal => new Decimal(value);

/** `value` rounded half away from zero to `places` decimals, as a string ("-0.00" reads "0.00"). */
export function toFixed(value: DecimalValue, places: number): string {
  const d = dec(value).toDecimalPlaces(places, ROUND_HALF_UP);
  return (d.isZero() ? new Decimal(0) : d).toFixed(places);
}

/** An amount on the wire: two decimals, half away from zero ("1500" -> "1500.00"). */
export const money = (value: DecimalValue): string => toFixed(value, 2);

/** Whole francs of an amount, half away from zero (XOF has no subunit in practice), as a Decimal. */
export const francs = (value: DecimalValue): Decimal => dec(value).toDecimalPlaces(0, ROUND_HALF_UP);

/** An amount rounded to the whole franc, on the wire ("1234.50" -> "1235.00"). */
export const moneyToFrancs = (value: DecimalValue): string => money(francs(value));

/** Σ of amounts, two decimals. */
export const sum = (values: Iterable<DecimalValue>): string => money(sumDec(values));

/** Σ of amounts, exact. */
export function sumDec(values: Iterable<DecimalValue>): Decimal {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(v);
  return total;
}

/** a + b + …, two decimals. */
export const add = (...values: DecimalValue[]): string => sum(values);

/** a − b − …, two decimals. */
export const sub = (a: DecimalValue, ...values: DecimalValue[]): string => money(dec(a).minus(sumDec(values)));

/** a × b, rounded to two decimals. */
export const mul = (a: DecimalValue, b: DecimalValue): string => money(dec(a).times(b));

/** a / b (b ≠ 0), rounded to two decimals. */
export const div = (a: DecimalValue, b: DecimalValue): string => money(dec(a).dividedBy(b));

/** −1, 0 or 1 as a is below, equal to or above b. */
export const compare = (a: DecimalValue, b: DecimalValue): -1 | 0 | 1 => dec(a).comparedTo(b) as -1 | 0 | 1;

export const isZero = (value: DecimalValue): boolean => dec(value).isZero();
export const isNegative = (value: DecimalValue): boolean => dec(value).lt(0);
export const isPositive = (value: DecimalValue): boolean => dec(value).gt(0);

/** −value, two decimals. */
export const neg = (value: DecimalValue): string => money(dec(value).negated());
/** |value|, two decimals. */
export const abs = (value: DecimalValue): string => money(dec(value).abs());

export const minOf = (a: DecimalValue, b: DecimalValue): string => money(Decimal.min(a, b));
export const maxOf = (a: DecimalValue, b: DecimalValue): string => money(Decimal.max(a, b));

/**
 * `total` split in proportion to `weights` (non-negative, not all zero), each share rounded to the
 * cent and the last absorbing the rounding, so the shares add up to `total` exactly.
 */
export function allocate(total: DecimalValue, weights: DecimalValue[]): string[] {
  const whole = sumDec(weights);
  let left = dec(money(total));
  return weights.map((w, i) => {
    if (i === weights.length - 1) return money(left);
    const share = dec(money(dec(total).times(w).dividedBy(whole)));
    left = left.minus(share);
    return money(share);
  });
}

/** The largest amount a numeric(15,2) column holds. */
export const MAX_MONEY = '9999999999999.99';

/** True when an amount (a sum: entry total, invoice total) still fits a numeric(15,2) column. */
export const fitsMoney = (value: DecimalValue): boolean => dec(value).abs().lte(MAX_MONEY);

/**
 * "1 234 567 XOF" from "1234567.40", exactly: whole francs, groups of three. The separator
 * defaults to a no-break space (U+00A0), which every PDF standard font has; fr-FR's Intl uses U+202F.
 */
export function formatXofExact(value: DecimalValue, opts: { separator?: string; suffix?: boolean } = {}): string {
  const f = francs(value);
  const digits = f.abs().toFixed(0);
  const sep = opts.separator ?? '\u00a0';
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return `${f.lt(0) ? '-' : ''}${grouped}${opts.suffix === false ? '' : `${sep}XOF`}`;
}

/** An amount on the wire: a decimal string with at most two decimals that fits numeric(15,2). */
export const MONEY_PATTERN = /^-?\d{1,13}(\.\d{1,2})?$/;

/*
 * Integer cents, for the hot paths that add up many amounts (the bulk entry import, the
 * statements): exact BigInt. Everything else uses the decimal functions above.
 */

/** The largest amount a numeric(15,2) column holds, in cents (9 999 999 999 999.99). */
export const MAX_MONEY_CENTS = 999_999_999_999_999n;

/** Exact integer cents of a money string (at most two decimals). */
export function toCents(value: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new Error(`Not a money amount: ${value}`);
  const cents = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** Cents back to the wire format ("1500.00"). */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const a = negative ? -cents : cents;
  return `${negative ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
}

/** True when a sum in cents still fits a numeric(15,2) amount. */
export const centsFitMoney = (cents: bigint): boolean => cents <= MAX_MONEY_CENTS && cents >= -MAX_MONEY_CENTS;

/** Whole francs of an amount as an integer (for amounts in words). */
export const francsOf = (value: DecimalValue): bigint => BigInt(francs(value).toFixed(0));
