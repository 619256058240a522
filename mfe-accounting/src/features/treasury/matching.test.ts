import { amountFilter, canReconcile, EMPTY_SELECTION, selectionDifference, toggleLine } from './matching';

const tick = (...lines: [string, string][]) => lines.reduce((s, [id, amount]) => toggleLine(s, { id, amount }), EMPTY_SELECTION);

describe('matching', () => {
  it('keeps the difference exact in decimals (0.10 + 0.20 against 0.30 is nil)', () => {
    const statement = tick(['s1', '0.10'], ['s2', '0.20']);
    const ledger = tick(['l1', '0.30']);
    expect(selectionDifference(statement, ledger)).toBe('0.00');
    expect(canReconcile(statement, ledger)).toBe(true);
  });

  it('needs lines on both sides and equal sums', () => {
    expect(canReconcile(tick(['s1', '0.00']), EMPTY_SELECTION)).toBe(false);
    expect(canReconcile(tick(['s1', '-25000.00']), tick(['l1', '-24999.99']))).toBe(false);
    expect(selectionDifference(tick(['s1', '-25000.00']), tick(['l1', '-24999.99']))).toBe('-0.01');
  });

  it('a second tick of a line unticks it', () => {
    expect(toggleLine(tick(['s1', '10.00']), { id: 's1', amount: '10.00' }).size).toBe(0);
  });

  it('reads the amount filter as typed in French', () => {
    expect(amountFilter('1 234,50')).toBe('1234.50');
    expect(amountFilter('-25000')).toBe('-25000');
    expect(amountFilter('')).toBe('');
    expect(amountFilter('12a')).toBeNull();
  });
});
