import { addDays, addMonths, addYears, fiscalYearOf, isoWeek, monthLabel, weekLabel, weekStart } from './dates';
import { cashFlowWindow, percentChange, urgencyOf } from './service';

describe('fiscalYearOf', () => {
  it('labels a calendar fiscal year by its year', () => {
    expect(fiscalYearOf('01-01', '2026-01-01')).toEqual({ label: '2026', start: '2026-01-01', end: '2026-12-31' });
    expect(fiscalYearOf('01-01', '2026-12-31')).toEqual({ label: '2026', start: '2026-01-01', end: '2026-12-31' });
    expect(fiscalYearOf('01-01', '2026-05-10', -1)).toEqual({ label: '2025', start: '2025-01-01', end: '2025-12-31' });
  });

  it('spans two years when the start day is not 1 January', () => {
    expect(fiscalYearOf('07-01', '2026-06-30')).toEqual({ label: '2025-2026', start: '2025-07-01', end: '2026-06-30' });
    expect(fiscalYearOf('07-01', '2026-07-01')).toEqual({ label: '2026-2027', start: '2026-07-01', end: '2027-06-30' });
    expect(fiscalYearOf('07-01', '2026-07-01', -1)).toEqual({ label: '2025-2026', start: '2025-07-01', end: '2026-06-30' });
    expect(fiscalYearOf('10-01', '2027-01-15')).toEqual({ label: '2026-2027', start: '2026-10-01', end: '2027-09-30' });
  });

  it('takes the last day of the month when the start day does not exist that year', () => {
    expect(fiscalYearOf('02-29', '2027-03-01')).toEqual({ label: '2027-2028', start: '2027-02-28', end: '2028-02-28' });
    expect(fiscalYearOf('02-29', '2028-02-28')).toEqual({ label: '2027-2028', start: '2027-02-28', end: '2028-02-28' });
    expect(fiscalYearOf('02-29', '2028-02-29')).toEqual({ label: '2028-2029', start: '2028-02-29', end: '2029-02-27' });
    expect(fiscalYearOf('04-31', '2026-05-01')).toEqual({ label: '2026-2027', start: '2026-04-30', end: '2027-04-29' });
  });
});

describe('calendar helpers', () => {
  it('adds days, months and years on the UTC calendar', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-01', -11)).toBe('2025-02-01');
    expect(addYears('2028-02-29', -1)).toBe('2027-02-28');
  });

  it('numbers ISO weeks and labels buckets in French', () => {
    expect(isoWeek('2026-01-01')).toBe(1);
    expect(isoWeek('2027-01-01')).toBe(53);
    expect(isoWeek('2026-11-20')).toBe(47);
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
    expect(weekStart('2026-11-16')).toBe('2026-11-16');
    expect(weekLabel('2026-01-05')).toBe('S02');
    expect(monthLabel('2026-02-01')).toBe('févr. 2026');
    expect(monthLabel('2026-08-01')).toBe('août 2026');
  });

  it('windows the cash-flow periods on the bucket holding today', () => {
    expect(cashFlowWindow('1month', '2026-11-20')).toEqual({
      first: '2026-10-19',
      lastStart: '2026-11-16',
      last: '2026-11-22',
      unit: 'week',
    });
    expect(cashFlowWindow('3months', '2026-01-31')).toEqual({
      first: '2025-11-01',
      lastStart: '2026-01-01',
      last: '2026-01-31',
      unit: 'month',
    });
    expect(cashFlowWindow('1year', '2026-02-20')).toEqual({
      first: '2025-03-01',
      lastStart: '2026-02-01',
      last: '2026-02-28',
      unit: 'month',
    });
  });
});

describe('percentChange', () => {
  it('gives one decimal, rounded half up, against the size of the basis', () => {
    expect(percentChange('112.50', '100.00')).toBe('12.5');
    expect(percentChange('97.90', '100.00')).toBe('-2.1');
    expect(percentChange('2.00', '3.00')).toBe('-33.3');
    expect(percentChange('1.00', '0.00')).toBeNull();
    expect(percentChange('50.00', '-100.00')).toBe('150.0');
    expect(percentChange('0.00', '0.00')).toBeNull();
    expect(percentChange('100.05', '100.00')).toBe('0.1');
  });
});

describe('urgencyOf', () => {
  it('is urgent when overdue or due within 7 days, soon within 30, planned after', () => {
    expect(urgencyOf('2026-01-01', '2026-11-20')).toBe('urgent');
    expect(urgencyOf('2026-11-27', '2026-11-20')).toBe('urgent');
    expect(urgencyOf('2026-11-28', '2026-11-20')).toBe('soon');
    expect(urgencyOf('2026-12-20', '2026-11-20')).toBe('soon');
    expect(urgencyOf('2026-12-21', '2026-11-20')).toBe('planned');
  });
});
