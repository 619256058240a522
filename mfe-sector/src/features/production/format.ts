import { INVENTORY_UNIT_LABELS, isProductionLowStock, MESSAGES_INVENTORY, type ProductionOrderStatus } from '@xaalis/contracts';
import { formatQuantity } from '../../ui/format';

export { formatQuantity };

/** The label of a unit ('kg', 'litre', 'pièce'...). */
export function unitLabel(unit: string): string {
  return (INVENTORY_UNIT_LABELS as Record<string, string>)[unit] ?? unit;
}

/** "12,5 kg", "3 pièce": a quantity with its unit's label. */
export function quantityWithUnit(value: string | number | null | undefined, unit: string): string {
  return `${formatQuantity(value)} ${unitLabel(unit)}`;
}

export type StockBadge = { label: string; color: 'error' | 'warning' | 'success' };

/** Rupture at 0 or below, 'Stock faible' at or below the minimum (spec §9), else 'En stock'. */
export function stockBadge(item: { currentStock: string; minStock: string }): StockBadge {
  if (Number(item.currentStock) <= 0) return { label: MESSAGES_INVENTORY.outOfStock, color: 'error' };
  if (isProductionLowStock(item)) return { label: MESSAGES_INVENTORY.lowStock, color: 'warning' };
  return { label: MESSAGES_INVENTORY.inStock, color: 'success' };
}

const STATUS_COLORS: Record<ProductionOrderStatus, 'default' | 'info' | 'success' | 'error'> = {
  pending: 'default',
  in_progress: 'info',
  completed: 'success',
  cancelled: 'error',
};

/** The badge colour of an order's status (an unknown status is shown as cancelled, like its label). */
export function orderStatusColor(status: string): 'default' | 'info' | 'success' | 'error' {
  return (STATUS_COLORS as Record<string, 'default' | 'info' | 'success' | 'error'>)[status] ?? 'error';
}
