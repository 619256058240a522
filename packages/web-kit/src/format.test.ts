import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from './format';

describe('formatMoney', () => {
  it('groups thousands with ordinary spaces, no decimals, suffix XOF', () => {
    expect(formatMoney(1234567)).toBe('1 234 567 XOF');
    expect(formatMoney('1500.00')).toBe('1 500 XOF');
    expect(formatMoney(999)).toBe('999 XOF');
  });

  it('rounds to the unit', () => {
    expect(formatMoney(1234.5)).toBe('1 235 XOF');
    expect(formatMoney('2499.49')).toBe('2 499 XOF');
  });

  it('emits no narrow or non-breaking spaces', () => {
    expect(formatMoney(12345678)).not.toMatch(/[\u00a0\u202f]/);
  });

  it('shows negative amounts with a hyphen-minus', () => {
    expect(formatMoney(-2500)).toBe('-2 500 XOF');
    expect(formatMoney(-0.2)).toBe('0 XOF');
  });

  it('shows 0 XOF for anything that is not a number', () => {
    for (const value of [undefined, null, '', 'abc', NaN, Infinity, {}, []]) {
      expect(formatMoney(value)).toBe('0 XOF');
    }
  });
});

describe('formatNumber / formatPercent', () => {
  it('formats plain numbers and percentages the French way', () => {
    expect(formatNumber(1000000)).toBe('1 000 000');
    expect(formatPercent('18.00')).toBe('18 %');
    expect(formatPercent(12.5)).toBe('12,5 %');
  });
});

describe('formatDate', () => {
  it('shows a calendar date as dd/mm/yyyy without time-zone shift', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    expect(formatDate('2025-12-31')).toBe('31/12/2025');
  });

  it('shows a timestamp in Dakar time', () => {
    expect(formatDate('2026-03-01T23:30:00.000Z')).toBe('01/03/2026');
    expect(formatDate(new Date(Date.UTC(2026, 0, 15, 10)))).toBe('15/01/2026');
    expect(formatDateTime('2026-03-01T09:05:00.000Z')).toBe('01/03/2026 09:05');
  });

  it('gives an empty string for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('pas une date')).toBe('');
  });
});
