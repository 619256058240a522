import { openPeriod } from './open-period';

describe('openPeriod', () => {
  it('is open up to the end of the current fiscal year, outside closed years', () => {
    const period = openPeriod('01-01', '2026-11-24', [{ start: '2024-01-01', end: '2024-12-31' }]);
    expect(period.currentStart).toBe('2026-01-01');
    expect(period.lastOpenDay).toBe('2026-12-31');
    expect(period.isOpen('2025-06-30')).toBe(true);
    expect(period.isOpen('2026-12-31')).toBe(true);
    expect(period.isOpen('2027-01-01')).toBe(false);
    expect(period.isOpen('2024-01-01')).toBe(false);
    expect(period.isOpen('2024-12-31')).toBe(false);
    expect(period.isOpen('2023-12-31')).toBe(true);
    expect(period.isOpen('2026-02-30')).toBe(false);
  });

  it('follows a fiscal year that straddles two calendar years', () => {
    const period = openPeriod('07-01', '2026-11-24', [{ start: '2025-07-01', end: '2026-06-30' }]);
    expect(period.currentStart).toBe('2026-07-01');
    expect(period.isOpen('2026-06-30')).toBe(false);
    expect(period.isOpen('2026-07-01')).toBe(true);
    expect(period.isOpen('2027-07-01')).toBe(false);
  });
});
