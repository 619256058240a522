import { consumedQuantity, convertQuantity, divideMoney, lineCost, recipeMargin, roundDecimal, sumMoney } from './recipe-costing';

describe('convertQuantity', () => {
  it('converts g↔kg and ml/cl↔l exactly, same unit is the identity', () => {
    expect(convertQuantity('250', 'g', 'kg')).toBe('0.25');
    expect(convertQuantity('0.001', 'g', 'kg')).toBe('0.000001');
    expect(convertQuantity('1.5', 'kg', 'g')).toBe('1500');
    expect(convertQuantity('25', 'cl', 'l')).toBe('0.25');
    expect(convertQuantity('33', 'cl', 'ml')).toBe('330');
    expect(convertQuantity('500', 'ml', 'cl')).toBe('50');
    expect(convertQuantity('2.000', 'pcs', 'pcs')).toBe('2');
  });

  it('is null for incompatible units or a non-number', () => {
    expect(convertQuantity('1', 'g', 'l')).toBeNull();
    expect(convertQuantity('1', 'pcs', 'kg')).toBeNull();
    expect(convertQuantity('1', 'box', 'pack')).toBeNull();
    expect(convertQuantity('abc', 'g', 'kg')).toBeNull();
  });
});

describe('recipe arithmetic', () => {
  it('costs a line to the cent, sums and divides money, rounds half away from zero', () => {
    expect(lineCost('0.25', '1500.00')).toBe('375.00');
    expect(lineCost('0.333', '100.00')).toBe('33.30');
    expect(lineCost('0.000001', '800.00')).toBe('0.00');
    expect(sumMoney(['400.00', '375.00', '4000.00'])).toBe('4775.00');
    expect(divideMoney('100.00', 3)).toBe('33.33');
    expect(divideMoney('0.05', 2)).toBe('0.03');
    expect(roundDecimal('1.2345', 3)).toBe('1.235');
  });

  it('gives the margin in percent with one decimal, null without a selling price', () => {
    expect(recipeMargin('10000.00', '4775.00')).toBe('52.3');
    expect(recipeMargin('8000.00', '3000.00')).toBe('62.5');
    expect(recipeMargin('1000.00', '1500.00')).toBe('-50.0');
    expect(recipeMargin('0.00', '10.00')).toBeNull();
  });

  it('consumes quantity × served / servings in the item unit, three decimals', () => {
    expect(consumedQuantity('1.5', 'kg', 'kg', 3, 2)).toBe('2.250');
    expect(consumedQuantity('500', 'g', 'kg', 1, 4)).toBe('0.125');
    expect(consumedQuantity('1', 'g', 'kg', 1, 3)).toBe('0.000');
    expect(consumedQuantity('10', 'cl', 'l', 1, 3)).toBe('0.033');
    expect(consumedQuantity('1', 'pcs', 'kg', 1, 1)).toBeNull();
  });
});
