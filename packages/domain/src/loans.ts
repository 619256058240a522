import { addMonthsKeepingDay } from './dates';
import { Decimal as D, francs as toFranc, money as moneyOf } from './money';

/*
 * Loans (spec §7): payment frequencies, due dates and the constant-instalment schedule.
 * Exact arithmetic (./money): 50 significant digits leave (1 + r)^−n exact far beyond the franc.
 */

type Dec = D;

export const PAYMENT_FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];
/** Months in one period of each frequency; the periodic rate is the annual rate / (12 / months). */
export const FREQUENCY_MONTHS: Record<PaymentFrequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };
/** Periods in a year: the periodic rate is the annual rate divided by this. */
export const PERIODS_PER_YEAR: Record<PaymentFrequency, number> = { monthly: 12, quarterly: 4, yearly: 1 };
/** At most this many instalments in one schedule (100 years of monthly instalments). */
export const MAX_LOAN_INSTALMENTS = 1200;

/**
 * The due dates of a loan's instalments: one per period from the start date
 * (the first a period after it), each keeping the start date's day of month,
 * as long as it does not pass the end date. Computed from the start date each
 * time, so a 31st stays a 31st after a short month. Stops after `limit` dates.
 */
export function loanDueDates(startDate: string, endDate: string, frequency: PaymentFrequency, limit = MAX_LOAN_INSTALMENTS + 1): string[] {
  const step = FREQUENCY_MONTHS[frequency];
  const dates: string[] = [];
  for (let k = 1; dates.length < limit; k++) {
    const due = addMonthsKeepingDay(startDate, k * step);
    if (due > endDate) break; // ISO dates compare as strings
    dates.push(due);
  }
  return dates;
}

export interface ScheduleInput {
  /** Borrowed capital, a money string ("1000000.00"). */
  amount: string;
  /** Annual rate in percent ("7.50"). */
  interestRate: string;
  startDate: string;
  endDate: string;
  paymentFrequency: PaymentFrequency;
}

export interface ScheduleRow {
  dueDate: string;
  principal: string;
  interest: string;
  total: string;
  /** Principal still owed once this instalment is paid. */
  remaining: string;
}

/** The schedule cannot be built in whole francs: the amount is too small for so many instalments. */
export class DegenerateScheduleError extends Error {}

const money = (d: Dec): string => moneyOf(d);

/**
 * Constant instalments (annuités constantes), in whole francs.
 *
 * n = the due dates from the start to the end date (one per period), r = annual
 * rate / 12, 4 or 1. Instalment A = P·r / (1 − (1 + r)^−n), computed exactly,
 * then taken to a whole franc; each row's interest = remaining principal × r
 * rounded to the franc, principal = A − interest. The last row pays what
 * remains (principal = remaining, interest on it): Σ principal = P exactly and
 * the balance ends at 0; it absorbs every rounding, so it differs from A by at
 * most Σ_{j<n} (1 + r)^j francs (a few francs for usual loans).
 * A zero rate gives equal principal instalments, P / n in whole francs, the
 * last taking the remainder.
 *
 * Whole franc: A rounded half up, unless A rounded the other way brings the
 * last instalment closer to the others (or the half-up one would repay the
 * loan before its last instalment, which only tiny amounts over many periods do).
 * Amounts for which neither works throw DegenerateScheduleError.
 */
export function loanSchedule(input: ScheduleInput): ScheduleRow[] {
  const dates = loanDueDates(input.startDate, input.endDate, input.paymentFrequency);
  if (dates.length < 1) throw new RangeError('loanSchedule: no instalment between the start and the end date');
  const principal = new D(input.amount);
  const r = new D(input.interestRate).div(100).div(PERIODS_PER_YEAR[input.paymentFrequency]);
  const exact = r.isZero() ? principal.div(dates.length) : principal.times(r).div(new D(1).minus(r.plus(1).pow(-dates.length)));
  const nearest = toFranc(exact);
  const other = nearest.gt(exact) ? exact.floor() : exact.ceil();
  const candidates = [nearest, ...(other.eq(nearest) ? [] : [other])]
    .map((instalment) => ({ instalment, rows: build(dates, principal, r, instalment) }))
    .filter((c): c is { instalment: Dec; rows: ScheduleRow[] } => c.rows !== null);
  if (candidates.length === 0) throw new DegenerateScheduleError();
  const gap = (c: (typeof candidates)[number]) => new D(c.rows[c.rows.length - 1].total).minus(c.instalment).abs();
  const best = candidates.reduce((b, c) => (gap(c).lt(gap(b)) ? c : b));
  // Constant instalments or none: a tiny amount over many periods at a high rate can leave whole-franc
  // instalments that repay almost nothing, the last one carrying the loan (found by the property test).
  if (gap(best).gt(roundingBound(r, dates.length))) throw new DegenerateScheduleError();
  return best.rows;
}

/**
 * How far the last instalment may differ from the others: each period's rounding (at most a
 * franc) carried over with interest, Σ_{j<n} (1 + r)^j francs.
 */
export function roundingBound(r: Dec, n: number): Dec {
  return r.isZero() ? new D(n) : r.plus(1).pow(n).minus(1).div(r);
}

/** The rows for a whole-franc instalment; null when it repays the loan before the last row or leaves a row at 0. */
function build(dates: string[], principal: Dec, r: Dec, instalment: Dec): ScheduleRow[] | null {
  const rows: ScheduleRow[] = [];
  let remaining = principal;
  for (const [k, dueDate] of dates.entries()) {
    const interest = toFranc(remaining.times(r));
    const last = k === dates.length - 1;
    const paid = last ? remaining : instalment.minus(interest);
    // Before the last row, an instalment repays nothing at worst (a very high rate) and leaves something to repay.
    if (!last && (paid.lt(0) || paid.gte(remaining))) return null;
    remaining = remaining.minus(paid);
    const total = paid.plus(interest);
    if (total.lte(0)) return null;
    rows.push({ dueDate, principal: money(paid), interest: money(interest), total: money(total), remaining: money(remaining) });
  }
  return rows;
}
