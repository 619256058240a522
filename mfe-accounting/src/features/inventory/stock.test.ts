import { inventoryItem } from './fixtures';
import { formatQuantity, fromMilli, stockAfter, stockTiles, stockValue, toMilli } from './stock';

describe('stock helpers', () => {
  it('computes the stock value exactly (no floating point), rounded once to the cent', () => {
    // 0.1 × 0.7 three times: 0.21 exactly, where floats give 0.21000000000000002.
    const items = [1, 2, 3].map((i) => inventoryItem(`A${i}`, { currentStock: '0.100', unitCost: '0.70' }));
    expect(stockValue(items)).toBe('0.21');
    expect(stockValue([inventoryItem('B', { currentStock: '1.500', unitCost: '333.33' })])).toBe('500.00');
    expect(stockValue([inventoryItem('C', { currentStock: '1234567.891', unitCost: '9876543.21' })])).toBe('12193263121140.07');
    expect(stockValue([])).toBe('0.00');
  });

  it('counts low (0 < stock <= minimum) and out (stock <= 0) items', () => {
    const tiles = stockTiles([
      inventoryItem('out', { currentStock: '0.000', minStock: '1.000' }),
      inventoryItem('negative', { currentStock: '-0.001', minStock: '0.000' }),
      inventoryItem('low', { currentStock: '1.000', minStock: '1.000' }),
      inventoryItem('ok', { currentStock: '1.001', minStock: '1.000' }),
    ]);
    expect(tiles).toMatchObject({ total: 4, low: 1, out: 2 });
  });

  it('moves stock in and out (below zero allowed) with three decimals', () => {
    expect(stockAfter('10.000', 'in', '0.005')).toBe('10.005');
    expect(stockAfter('1.000', 'out', '3.25')).toBe('-2.250');
    expect(stockAfter('1.000', 'out', 'abc')).toBeNull();
    expect(fromMilli(toMilli('-0.5') ?? 0n)).toBe('-0.500');
    expect(formatQuantity('1234.5')).toBe('1 234,5');
    expect(formatQuantity('-2.000')).toBe('-2');
  });
});
