import { MESSAGES_RESTAURANT, RECIPE_UNIT_LABELS, stockStatus, type RecipeUnit, type RestaurantInventoryItem } from '@xaalis/contracts';
import { formatMoney } from '@xaalis/web-kit';

const quantityFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 });

/** A quantity in fr-FR with up to three decimals and ordinary spaces: `1 234,5`. Unreadable → `0`. */
export function formatQuantity(value: string | number | null | undefined): string {
  const n = Number(value);
  const safe = Number.isFinite(n) ? (n === 0 ? 0 : n) : 0;
  return quantityFormat
    .format(safe)
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace('\u2212', '-');
}

/** A unit's French label ('kg', 'litre', 'pièce'); an unknown unit as is. */
export function unitLabel(unit: string | null | undefined): string {
  if (!unit) return '';
  return RECIPE_UNIT_LABELS[unit as RecipeUnit] ?? unit;
}

/** Spec §9 margin, one decimal always shown: "62.5" → "62,5 %", "60.0" → "60,0 %"; unknown → "—". */
export function formatMargin(margin: string | null | undefined): string {
  if (margin === null || margin === undefined || !/^-?\d+(\.\d)?$/.test(margin)) return MESSAGES_RESTAURANT.unknownValue;
  const [whole, tenth = '0'] = margin.split('.');
  return `${whole},${tenth} %`;
}

/** Money, or "—" when the server could not compute it. */
export function moneyOrUnknown(value: string | null | undefined): string {
  return value === null || value === undefined ? MESSAGES_RESTAURANT.unknownValue : formatMoney(value);
}

/** Spec §9: the restaurant alert lists the items whose stock is at or below the minimum. */
export function lowStockItems(items: readonly RestaurantInventoryItem[]): RestaurantInventoryItem[] {
  return items.filter((item) => stockStatus(item.currentStock, item.minStock) !== 'ok');
}

/** A fresh id for a serve: a retried click is then answered once by the server. */
export function newRequestId(): string | undefined {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return typeof c?.randomUUID === 'function' ? c.randomUUID() : undefined;
}
