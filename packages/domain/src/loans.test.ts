import fc from 'fast-check';
import { addMonthsKeepingDay } from './dates';
import { DegenerateScheduleError, PERIODS_PER_YEAR, loanDueDates, loanSchedule, type PaymentFrequency, type ScheduleInput } from './loans';
import { Decimal, fromCents, toCents } from './money';

const sum = (values: string[]) => fromCents(values.reduce((a, v) => a + toCents(v), 0n));

/** Whole francs: every schedule amount but the last principal (which ends the balance) has no centimes. */
const isFrancs = (v: string) => v.endsWith('.00');

/**
 * The last row's largest possible gap from the constant instalment: each
 * period rounds the instalment and the interest by at most ½ franc each, and a
 * gap carried over grows with the rate: Σ_{j<n} (1 + r)^j francs.
 */
function roundingBound(input: ScheduleInput, n: number): Decimal {
  const r = new Decimal(input.interestRate).div(100).div(PERIODS_PER_YEAR[input.paymentFrequency]);
  let bound = new Decimal(0);
  let power = new Decimal(1);
  for (let j = 0; j < n; j++) {
    bound = bound.plus(power);
    power = power.times(r.plus(1));
  }
  return bound;
}

/** The schedule, or the case skipped when it is refused (400 'Montant trop faible…', tested below). */
function scheduleOrSkip(input: ScheduleInput) {
  try {
    return loanSchedule(input);
  } catch (err) {
    fc.pre(!(err instanceof DegenerateScheduleError));
    throw err;
  }
}

const isoDate = fc
  .record({ y: fc.integer({ min: 2000, max: 2040 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
  .map(({ y, m, d }) => {
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  });

/** Realistic loans: 10 000 F to 10 billion F, 0 to 100 % a year, up to 30 years. */
const loanInput: fc.Arbitrary<ScheduleInput> = fc
  .record({
    cents: fc.bigInt({ min: 1_000_000n, max: 1_000_000_000_000n }),
    rateBp: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 0, max: 10000 })),
    startDate: isoDate,
    frequency: fc.constantFrom<PaymentFrequency>('monthly', 'quarterly', 'yearly'),
    years: fc.integer({ min: 1, max: 30 }),
    extraDays: fc.integer({ min: 0, max: 20 }),
  })
  .map(({ cents, rateBp, startDate, frequency, years, extraDays }) => {
    const end = new Date(`${startDate}T00:00:00Z`);
    end.setUTCFullYear(end.getUTCFullYear() + years);
    end.setUTCDate(end.getUTCDate() + extraDays);
    return {
      amount: fromCents(cents),
      interestRate: `${Math.floor(rateBp / 100)}.${String(rateBp % 100).padStart(2, '0')}`,
      startDate,
      endDate: end.toISOString().slice(0, 10),
      paymentFrequency: frequency,
    };
  });

describe('loanSchedule (constant instalments)', () => {
  it('repays the amount exactly, ends at 0, and keeps every row consistent', () => {
    fc.assert(
      fc.property(loanInput, (input) => {
        const rows = scheduleOrSkip(input);
        // Σ principal = amount, and the balance ends at 0.
        expect(sum(rows.map((r) => r.principal))).toBe(input.amount);
        expect(rows[rows.length - 1].remaining).toBe('0.00');
        // Per row (plain checks: thousands of rows per run): total = principal + interest, nothing negative,
        // interest in whole francs, the balance going down by the principal.
        let remaining = toCents(input.amount);
        const broken = rows.find((row) => {
          remaining -= toCents(row.principal);
          return (
            toCents(row.total) !== toCents(row.principal) + toCents(row.interest) ||
            toCents(row.principal) < 0n ||
            toCents(row.interest) < 0n ||
            toCents(row.total) <= 0n ||
            row.remaining !== fromCents(remaining) ||
            !isFrancs(row.interest)
          );
        });
        expect(broken).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('has equal instalments except the last, which differs by the rounding only', () => {
    fc.assert(
      fc.property(loanInput, (input) => {
        const rows = scheduleOrSkip(input);
        const instalment = rows[0].total;
        if (rows.length > 1) expect(isFrancs(instalment)).toBe(true);
        for (const row of rows.slice(0, -1)) expect(row.total).toBe(instalment);
        const gap = new Decimal(rows[rows.length - 1].total).minus(instalment).abs();
        expect(gap.lte(roundingBound(input, rows.length))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the last instalment within a few francs of the others for usual loans', () => {
    // Up to 5 years at up to 15 %: the bound above is at most a few dozen francs; in practice a few.
    const usual = loanInput.filter((i) => Number(i.interestRate) <= 15 && i.endDate <= `${Number(i.startDate.slice(0, 4)) + 5}-12-31`);
    fc.assert(
      fc.property(usual, (input) => {
        const rows = scheduleOrSkip(input);
        const gap = new Decimal(rows[rows.length - 1].total).minus(rows[0].total).abs();
        expect(gap.lte(Math.max(5, rows.length))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('gives equal principal instalments at a zero rate', () => {
    fc.assert(
      fc.property(
        loanInput.map((i) => ({ ...i, interestRate: '0.00' })),
        (input) => {
          const rows = scheduleOrSkip(input);
          expect(rows.every((r) => r.interest === '0.00')).toBe(true);
          for (const row of rows.slice(0, -1)) expect(row.principal).toBe(rows[0].principal);
          // P / n in whole francs, the last taking the remainder: never more than n francs away.
          const gap = toCents(rows[rows.length - 1].principal) - toCents(rows[0].principal);
          expect(gap < 0n ? -gap : gap).toBeLessThanOrEqual(BigInt(rows.length) * 100n);
          expect(sum(rows.map((r) => r.principal))).toBe(input.amount);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('computes a known schedule: 1 000 000 F at 12 % over 12 months', () => {
    const rows = loanSchedule({
      amount: '1000000.00',
      interestRate: '12',
      startDate: '2026-01-15',
      endDate: '2027-01-15',
      paymentFrequency: 'monthly',
    });
    expect(rows).toHaveLength(12);
    // A = 1 000 000 × 0.01 / (1 − 1.01^−12) = 88 848.79 → 88 849 F.
    expect(rows[0]).toEqual({
      dueDate: '2026-02-15',
      principal: '78849.00',
      interest: '10000.00',
      total: '88849.00',
      remaining: '921151.00',
    });
    expect(rows[1]).toEqual({
      dueDate: '2026-03-15',
      principal: '79637.00',
      interest: '9212.00',
      total: '88849.00',
      remaining: '841514.00',
    });
    expect(rows[11].dueDate).toBe('2027-01-15');
    expect(rows[11].remaining).toBe('0.00');
    expect(Math.abs(Number(rows[11].total) - 88849)).toBeLessThanOrEqual(5);
  });

  it('keeps the start day of month, or the end of a shorter month', () => {
    const rows = loanSchedule({
      amount: '600000.00',
      interestRate: '0',
      startDate: '2026-01-31',
      endDate: '2026-07-31',
      paymentFrequency: 'monthly',
    });
    expect(rows.map((r) => r.dueDate)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31']);
    expect(rows.map((r) => r.total)).toEqual(Array(6).fill('100000.00'));
    const leap = loanSchedule({
      amount: '100000.00',
      interestRate: '5',
      startDate: '2024-02-29',
      endDate: '2028-03-01',
      paymentFrequency: 'yearly',
    });
    expect(leap.map((r) => r.dueDate)).toEqual(['2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
    const quarterly = loanSchedule({
      amount: '100000.00',
      interestRate: '8',
      startDate: '2026-11-30',
      endDate: '2027-06-01',
      paymentFrequency: 'quarterly',
    });
    expect(quarterly.map((r) => r.dueDate)).toEqual(['2027-02-28', '2027-05-30']);
  });

  it('pays interest only while a very high rate leaves nothing for the principal, then everything at the end', () => {
    const rows = loanSchedule({
      amount: '1000000.00',
      interestRate: '100',
      startDate: '2000-01-01',
      endDate: '2040-01-01',
      paymentFrequency: 'yearly',
    });
    expect(rows).toHaveLength(40);
    expect(rows[0]).toMatchObject({ principal: '0.00', interest: '1000000.00' });
    expect(rows[39]).toMatchObject({ principal: '1000000.00', interest: '1000000.00', remaining: '0.00' });
  });

  it('refuses amounts too small for their number of instalments', () => {
    expect(() =>
      loanSchedule({ amount: '100.00', interestRate: '0', startDate: '2026-01-01', endDate: '2056-01-01', paymentFrequency: 'monthly' }),
    ).toThrow(DegenerateScheduleError);
    // Whole-franc instalments that would repay ~nothing, the last one carrying the loan (fast-check's find).
    expect(() =>
      loanSchedule({
        amount: '10000.00',
        interestRate: '19.98',
        startDate: '2000-01-01',
        endDate: '2024-01-01',
        paymentFrequency: 'monthly',
      }),
    ).toThrow(DegenerateScheduleError);
  });
});

describe('due dates', () => {
  it('keep the start day of month, or the last day of a shorter month', () => {
    expect(addMonthsKeepingDay('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsKeepingDay('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsKeepingDay('2026-11-30', 3)).toBe('2027-02-28');
    expect(loanDueDates('2026-01-31', '2026-04-30', 'monthly')).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    expect(loanDueDates('2026-03-10', '2027-03-09', 'quarterly')).toEqual(['2026-06-10', '2026-09-10', '2026-12-10']);
  });
});
