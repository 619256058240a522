import { stockStatus, type InventoryItem, type MovementType } from '@xaalis/contracts';
import { dec, money, sumDec } from '@xaalis/domain';

/** A quantity (numeric(10,3)) as exact thousandths, or null when unreadable. */
export function toMilli(value: string | number | null | undefined): bigint | null {
  const m = /^(-?)(\d*)(?:\.(\d{0,3}))?$/.exec(String(value ?? '').trim());
  if (!m || (m[2] === '' && !m[3])) return null;
  const milli = BigInt(m[2] || '0') * 1000n + BigInt((m[3] ?? '').padEnd(3, '0') || '0');
  return m[1] ? -milli : milli;
}

/** Thousandths back to the wire form: `12.500`. */
export function fromMilli(milli: bigint): string {
  const negative = milli < 0n;
  const abs = negative ? -milli : milli;
  return `${negative ? '-' : ''}${abs / 1000n}.${(abs % 1000n).toString().padStart(3, '0')}`;
}

/** A readable unit cost, or 0. */
const unitCostOf = (value: string | null | undefined): string => (value && /^-?\d+(\.\d{1,2})?$/.test(value.trim()) ? value : '0');

/** Stock × unit cost as a money string ("12345.50"), computed exactly (the sum is rounded once, to the cent). */
export function stockValue(items: readonly Pick<InventoryItem, 'currentStock' | 'unitCost'>[]): string {
  return money(sumDec(items.map((item) => dec(fromMilli(toMilli(item.currentStock) ?? 0n)).times(unitCostOf(item.unitCost)))));
}

export interface StockTiles {
  total: number;
  /** 0 < stock <= minimum. */
  low: number;
  /** stock <= 0. */
  out: number;
  /** Σ stock × unit cost. */
  value: string;
}

/** The four tiles of 'Gestion des Stocks' (spec 02 §9). */
export function stockTiles(items: readonly InventoryItem[]): StockTiles {
  let low = 0;
  let out = 0;
  for (const item of items) {
    const status = stockStatus(item.currentStock, item.minStock);
    if (status === 'out') out += 1;
    else if (status === 'low') low += 1;
  }
  return { total: items.length, low, out, value: stockValue(items) };
}

/** The stock after a movement (in adds, out subtracts; below zero is allowed), or null when unreadable. */
export function stockAfter(currentStock: string, type: MovementType, quantity: string): string | null {
  const current = toMilli(currentStock);
  const q = toMilli(quantity);
  if (current === null || q === null) return null;
  return fromMilli(type === 'in' ? current + q : current - q);
}

const quantityFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 });

/** A quantity in fr-FR with up to three decimals and ordinary spaces: `1 234,5`. Invalid → `0`. */
export function formatQuantity(value: string | number | null | undefined): string {
  const n = Number(value);
  const safe = Number.isFinite(n) ? (n === 0 ? 0 : n) : 0;
  return quantityFormat
    .format(safe)
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace('\u2212', '-');
}
