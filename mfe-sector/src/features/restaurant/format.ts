import { MESSAGES_RESTAURANT, RECIPE_UNIT_LABELS, stockStatus, type RecipeUnit, type RestaurantInventoryItem } from '@xaalis/contracts';

export { formatQuantity, moneyOrDash } from '../../ui/format';

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

/** Spec §9: the restaurant alert lists the items whose stock is at or below the minimum. */
export function lowStockItems(items: readonly RestaurantInventoryItem[]): RestaurantInventoryItem[] {
  return items.filter((item) => stockStatus(item.currentStock, item.minStock) !== 'ok');
}

/** A fresh id for a serve: a retried click is then answered once by the server. */
export function newRequestId(): string | undefined {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return typeof c?.randomUUID === 'function' ? c.randomUUID() : undefined;
}
