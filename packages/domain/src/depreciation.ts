import { dayBefore, daysInMonth, firstDayOfMonth, ymd } from './dates';
import { Decimal, dec, francs, money, toFixed } from './money';

/*
 * Depreciation of fixed assets (issue 9, SYSCOHADA): the rate derived from the useful life,
 * fiscal years, the 30/360 day count and the plan.
 */

export const DEPRECIATION_METHODS = ['linear', 'declining'] as const;
export type DepreciationMethod = (typeof DEPRECIATION_METHODS)[number];

/** Useful life bounds, in whole years. */
export const MIN_USEFUL_LIFE = 1;
export const MAX_USEFUL_LIFE = 100;

/** A depreciation rate: percent with at most two decimals. */
export const RATE = /^\d{1,3}(\.\d{1,2})?$/;

/** SYSCOHADA declining coefficients: 1.5 for 3–4 years, 2 for 5–6 years, 2.5 above 6 years. */
export function decliningCoefficient(usefulLife: number): number {
  if (usefulLife <= 4) return 1.5;
  if (usefulLife <= 6) return 2;
  return 2.5;
}

/**
 * The rate derived from the useful life, two decimals, half up:
 * linear 100 / life; declining the linear rate × the coefficient.
 * Computed in exact decimals, no float rounding surprises.
 */
export function deriveDepreciationRate(method: DepreciationMethod, usefulLife: number): string {
  if (!Number.isInteger(usefulLife) || usefulLife < MIN_USEFUL_LIFE || usefulLife > MAX_USEFUL_LIFE) return '';
  // coefficient × 10 is an integer (15, 20, 25): rate = 10 × coef10 / life.
  const coef10 = method === 'declining' ? Math.round(decliningCoefficient(usefulLife) * 10) : 10;
  return toFixed(dec(coef10).times(10).div(usefulLife), 2);
}

/** A submitted rate matches the life when it is the derived rate within 0.01 (a client rounding differently). */
export function isRateConsistent(method: DepreciationMethod, usefulLife: number, rate: string): boolean {
  const expected = deriveDepreciationRate(method, usefulLife);
  // Not a rate at all (the field's own check reports it): no arithmetic on it.
  if (!expected || !RATE.test(rate)) return false;
  return dec(expected).minus(rate).abs().lte('0.01');
}

/** Start of the fiscal year `year` for a start day "MM-DD" (a day the month lacks is its last day). */
function fiscalStart(startMmDd: string, year: number): string {
  const [mm, dd] = (/^\d{2}-\d{2}$/.test(startMmDd) ? startMmDd : '01-01').split('-').map(Number);
  return ymd(year, mm, Math.min(dd, daysInMonth(year, mm)));
}

/** The fiscal year holding `date`: its start year, first and last day. */
export function fiscalYearHolding(startMmDd: string, date: string): { year: number; start: string; end: string } {
  let year = Number(date.slice(0, 4));
  if (fiscalStart(startMmDd, year) > date) year -= 1;
  return { year, start: fiscalStart(startMmDd, year), end: dayBefore(fiscalStart(startMmDd, year + 1)) };
}

/** "2026" for a fiscal year starting on 1 January, "2026-2027" otherwise. */
export function fiscalYearLabel(startMmDd: string, year: number): string {
  return startMmDd === '01-01' || !/^\d{2}-\d{2}$/.test(startMmDd) ? String(year) : `${year}-${year + 1}`;
}

/**
 * Days between two dates in the European 30/360 convention (30E/360): every
 * month has 30 days (a 31st counts as the 30th), a year 360 days. From 1 January
 * to the next 1 January: 360; from 15 March to 1 January: 286.
 */
export function days360(from: string, to: string): number {
  const [y1, m1, d1] = from.split('-').map(Number);
  const [y2, m2, d2] = to.split('-').map(Number);
  return (y2 - y1) * 360 + (m2 - m1) * 30 + (Math.min(d2, 30) - Math.min(d1, 30));
}

/** What the plan is computed from. Money as decimal strings, the rate as a percent string. */
export interface DepreciationParams {
  /** Financial assets ('financial') are not depreciated. */
  category: 'material' | 'immaterial' | 'financial';
  purchaseDate: string;
  purchasePrice: string;
  residualValue: string;
  depreciationMethod: DepreciationMethod;
  depreciationRate: string;
  usefulLife: number;
}

/** One fiscal year of a plan, before it is stored. */
export interface PlannedDepreciation {
  /** 1, 2, …: rows are recorded in this order. */
  rowNo: number;
  /** Start year of the fiscal year. */
  year: number;
  periodStart: string;
  periodEnd: string;
  beginningValue: string;
  depreciationAmount: string;
  endingValue: string;
}

/**
 * The depreciation plan (issue 9), exact decimals, amounts rounded to the
 * franc, the last row absorbing every rounding: Σ depreciation = price −
 * residual, the last ending value = the residual value, no value negative.
 *
 * - Linear: annual = base × rate; the first fiscal year is prorated in days
 *   30/360 from the purchase date to the end of the fiscal year; `usefulLife`
 *   years of 360 days in all (one more row when the first year is partial).
 * - Declining: rate (linear × coefficient) on the net depreciable value, the
 *   first year prorated in months from the first day of the purchase month;
 *   switches to linear over the remaining years (the current one included) as
 *   soon as that gives a larger amount; `usefulLife` rows.
 * - Financial assets are not depreciated: no rows.
 *
 * `fiscalYearStart` is the company's fiscalYear ("MM-DD").
 */
export function depreciationPlan(p: DepreciationParams, fiscalYearStart: string): PlannedDepreciation[] {
  if (p.category === 'financial') return [];
  const price = dec(p.purchasePrice);
  const base = price.minus(p.residualValue);
  if (base.lte(0) || p.usefulLife < 1) return [];
  /** The rate as a fraction (33.33 % -> 0.3333). */
  const rate = dec(p.depreciationRate).div(100);
  const first = fiscalYearHolding(fiscalYearStart, p.purchaseDate);
  const nextStart = fiscalStart(fiscalYearStart, first.year + 1);

  const amounts: Decimal[] = [];
  if (p.depreciationMethod === 'linear') {
    const firstDays = Math.min(360, Math.max(1, days360(p.purchaseDate, nextStart)));
    const rows = firstDays >= 360 ? p.usefulLife : p.usefulLife + 1;
    let left = base;
    for (let k = 0; k < rows; k++) {
      if (k === rows - 1) {
        amounts.push(left);
        break;
      }
      const days = k === 0 ? firstDays : 360;
      // base × rate × days/360, to the franc.
      const a = Decimal.min(francs(base.times(rate).times(days).div(360)), left);
      amounts.push(a);
      left = left.minus(a);
    }
  } else {
    const monthStart = firstDayOfMonth(p.purchaseDate);
    const firstDays = Math.min(360, Math.max(1, days360(monthStart, nextStart)));
    const life = p.usefulLife;
    let left = base;
    let linear: Decimal | null = null; // the equal amount once switched
    for (let k = 0; k < life; k++) {
      if (k === life - 1) {
        amounts.push(left);
        break;
      }
      const days = k === 0 ? firstDays : 360;
      let a: Decimal;
      if (linear !== null) a = linear;
      else {
        const declining = francs(left.times(rate).times(days).div(360));
        // Linear over the remaining years, the current one included (prorated like it).
        const straight = francs(left.times(days).div(360 * (life - k)));
        if (straight.gt(declining)) {
          linear = k === 0 ? null : francs(left.div(life - k));
          a = straight;
        } else a = declining;
      }
      if (a.gt(left)) a = left;
      amounts.push(a);
      left = left.minus(a);
    }
  }

  // Trailing rows with nothing left (a rate slightly above 100 / life) are dropped.
  while (amounts.length > 1 && amounts[amounts.length - 1].isZero()) amounts.pop();
  const rows: PlannedDepreciation[] = [];
  let value = price;
  amounts.forEach((a, k) => {
    const year = first.year + k;
    const start = k === 0 ? p.purchaseDate : fiscalStart(fiscalYearStart, year);
    rows.push({
      rowNo: k + 1,
      year,
      periodStart: start,
      periodEnd: dayBefore(fiscalStart(fiscalYearStart, year + 1)),
      beginningValue: money(value),
      depreciationAmount: money(a),
      endingValue: money(value.minus(a)),
    });
    value = value.minus(a);
  });
  return rows;
}
