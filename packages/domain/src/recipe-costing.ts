import { dec, money, sum, toFixed, type Decimal } from './money';

/*
 * Recipe costing (restaurant, spec 02 §9): unit conversions, line costs, the cost per serving,
 * the margin and the stock a serve consumes; exact decimals on strings (./money).
 */

/** Units an ingredient may be measured in: the stock units plus g, ml and cl. */
export const RECIPE_UNITS = ['g', 'kg', 'ml', 'cl', 'l', 'pcs', 'pack', 'box', 'm'] as const;
export type RecipeUnit = (typeof RECIPE_UNITS)[number];

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** A decimal string ("12", "-0.250"), or null. */
function parseDecimal(value: string): Decimal | null {
  const v = value.trim();
  return DECIMAL.test(v) ? dec(v) : null;
}

/** parseDecimal for values already known to be decimals (throws otherwise). */
function mustDecimal(value: string): Decimal {
  const d = parseDecimal(value);
  if (!d) throw new Error(`Not a decimal: ${value}`);
  return d;
}

/** The shortest exact form: no trailing zeros, no exponent ("0.25", "250"). */
const plain = (d: Decimal): string => (d.isZero() ? '0' : d.toString());

/** Round a decimal string half away from zero to `scale` decimals ("1.2345", 3 → "1.235"). */
export function roundDecimal(value: string, scale: number): string {
  return toFixed(mustDecimal(value), scale);
}

/** Unit families and the factor to the family's base unit (g, ml). */
const UNIT_FACTORS: Partial<Record<RecipeUnit, { family: 'mass' | 'volume'; factor: number }>> = {
  g: { family: 'mass', factor: 1 },
  kg: { family: 'mass', factor: 1000 },
  ml: { family: 'volume', factor: 1 },
  cl: { family: 'volume', factor: 10 },
  l: { family: 'volume', factor: 1000 },
};

/** True when a quantity in `from` can be expressed in `to` (same unit, g↔kg, ml/cl↔l). */
export function unitsCompatible(from: RecipeUnit, to: RecipeUnit): boolean {
  if (from === to) return true;
  const a = UNIT_FACTORS[from];
  const b = UNIT_FACTORS[to];
  return !!a && !!b && a.family === b.family;
}

/**
 * `quantity` (a decimal string) in `fromUnit` expressed in `toUnit`, exactly
 * (trailing zeros trimmed: convertQuantity('250', 'g', 'kg') === '0.25');
 * null when the units do not convert (g → l, pcs → kg) or the quantity is not
 * a decimal. Same unit is the identity.
 */
export function convertQuantity(quantity: string, fromUnit: RecipeUnit, toUnit: RecipeUnit): string | null {
  const d = parseDecimal(quantity);
  if (!d || !unitsCompatible(fromUnit, toUnit)) return null;
  if (fromUnit === toUnit) return plain(d);
  const from = UNIT_FACTORS[fromUnit]?.factor ?? 1;
  const to = UNIT_FACTORS[toUnit]?.factor ?? 1;
  // Factors are powers of ten: the quotient is exact.
  return plain(d.times(from).div(to));
}

/** Cost of `quantity` (already in the item's unit) at `unitCost`, rounded to the franc cent. */
export function lineCost(quantity: string, unitCost: string): string {
  return money(mustDecimal(quantity).times(mustDecimal(unitCost)));
}

/** Σ of money strings (each taken to two decimals), two decimals. */
export function sumMoney(values: string[]): string {
  return sum(values.map((v) => money(mustDecimal(v))));
}

/** `amount` / `divisor` (a positive integer), rounded to two decimals. */
export function divideMoney(amount: string, divisor: number): string {
  return money(dec(money(mustDecimal(amount))).div(divisor));
}

/**
 * Spec §9: margin = (selling price − total cost) / selling price, in percent
 * with one decimal ("62.5"); null when the selling price is 0 (or invalid).
 */
export function recipeMargin(sellingPrice: string, totalCost: string): string | null {
  const sp = parseDecimal(sellingPrice);
  const tc = parseDecimal(totalCost);
  if (!sp || !tc) return null;
  const spc = dec(money(sp));
  if (spc.lte(0)) return null;
  return toFixed(spc.minus(money(tc)).times(100).div(spc), 1);
}

/**
 * The stock to take out for `served` portions of an ingredient measured as
 * `quantity` `unit` for `servings` portions, in the item's unit, rounded to
 * three decimals (numeric(10,3)); null when the units do not convert.
 */
export function consumedQuantity(
  quantity: string,
  unit: RecipeUnit,
  itemUnit: RecipeUnit,
  served: number,
  servings: number,
): string | null {
  const converted = convertQuantity(quantity, unit, itemUnit);
  if (converted === null) return null;
  return toFixed(dec(converted).times(served).div(servings), 3);
}
