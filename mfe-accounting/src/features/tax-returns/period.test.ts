import { periodIn, previousVatPeriod, quarterOf, statementYears, vatReturnFileName } from './period';

describe('VAT periods', () => {
  it('defaults to the previous month, or the previous quarter, across the new year', () => {
    expect(previousVatPeriod('monthly', '2026-11-05')).toBe('2026-10');
    expect(previousVatPeriod('monthly', '2026-01-15')).toBe('2025-12');
    expect(previousVatPeriod('quarterly', '2026-11-05')).toBe('2026-Q3');
    expect(previousVatPeriod('quarterly', '2026-04-01')).toBe('2026-Q1');
    expect(previousVatPeriod('quarterly', '2026-02-20')).toBe('2025-Q4');
  });

  it('reads a quarter (T or Q), not a month', () => {
    expect(quarterOf('2026-T2')).toEqual({ year: 2026, quarter: 2 });
    expect(quarterOf('2026-Q4')).toEqual({ year: 2026, quarter: 4 });
    expect(quarterOf('2026-10')).toBeNull();
  });

  it('names a file by period and version', () => {
    expect(vatReturnFileName('2026-10', 1, 'pdf')).toBe('TVA-2026-10.pdf');
    expect(vatReturnFileName('2026-Q4', 2, 'xlsx')).toBe('TVA-2026-Q4-v2.xlsx');
  });

  it('reads a month as its quarter, and a quarter as its first month', () => {
    expect(periodIn('2026-11', 'quarterly')).toBe('2026-Q4');
    expect(periodIn('2026-01', 'quarterly')).toBe('2026-Q1');
    expect(periodIn('2026-Q4', 'monthly')).toBe('2026-10');
    expect(periodIn('2026-T2', 'monthly')).toBe('2026-04');
    expect(periodIn('2026-03', 'monthly')).toBe('2026-03');
    expect(periodIn('2026-Q3', 'quarterly')).toBe('2026-Q3');
  });

  it('offers this year and the four before for the annual statements', () => {
    expect(statementYears('2026-02-10')).toEqual([2026, 2025, 2024, 2023, 2022]);
  });
});
