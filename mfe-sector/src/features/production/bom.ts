import { dec, money, sumDec } from '@xaalis/domain';

const QUANTITY = /^\d+(?:\.\d{1,3})?$/;

/**
 * The materials' cost of one unit of finished product: Σ quantity × unit cost,
 * exact, rounded half up to the cent. Unreadable lines count as 0.
 */
export function bomCost(lines: readonly { quantity: string; unitCost: string | undefined }[]): string {
  const readable = lines.filter(
    (l): l is { quantity: string; unitCost: string } =>
      QUANTITY.test(l.quantity.trim()) && !!l.unitCost && /^\d+(\.\d{1,2})?$/.test(l.unitCost),
  );
  return money(sumDec(readable.map((l) => dec(l.quantity.trim()).times(l.unitCost))));
}
