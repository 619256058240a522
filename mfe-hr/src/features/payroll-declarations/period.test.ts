import { lastYear, periodIn, previousMonth, recentYears, unitOf } from './period';

describe('payroll declaration periods', () => {
  it('declares the previous month by default (December of last year in January)', () => {
    expect(previousMonth('2026-03-15')).toBe('2026-02');
    expect(previousMonth('2026-01-05')).toBe('2025-12');
    expect(lastYear('2026-01-05')).toBe(2025);
    expect(recentYears('2026-06-01')).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
  });

  it('reads a month, a quarter (Q or T) and a year, and moves a period from one unit to another', () => {
    expect(unitOf('2026-03')).toBe('month');
    expect(unitOf('2026-Q1')).toBe('quarter');
    expect(unitOf('2026-T4')).toBe('quarter');
    expect(unitOf('2026')).toBe('year');
    expect(periodIn('2026-11', 'quarter')).toBe('2026-Q4');
    expect(periodIn('2026-11', 'year')).toBe('2026');
    expect(periodIn('2026-Q4', 'month')).toBe('2026-10');
    expect(periodIn('2026-T2', 'month')).toBe('2026-04');
    expect(periodIn('2026', 'month')).toBe('2026-01');
    expect(periodIn('2026-03', 'month')).toBe('2026-03');
  });
});
