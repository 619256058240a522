import { fromCents, toCents } from '@xaalis/domain';

/** Thousandths of a quantity string ("1.5" → 1500n); null when unreadable. */
export function toMilli(value: string): bigint | null {
  const m = /^(\d+)(?:\.(\d{1,3}))?$/.exec(value.trim());
  if (!m) return null;
  return BigInt(m[1]) * 1000n + BigInt((m[2] ?? '').padEnd(3, '0'));
}

/**
 * The materials' cost of one unit of finished product: Σ quantity × unit cost,
 * exact (BigInt), rounded half up to the cent. Unreadable lines count as 0.
 */
export function bomCost(lines: readonly { quantity: string; unitCost: string | undefined }[]): string {
  let milliCents = 0n;
  for (const line of lines) {
    const q = toMilli(line.quantity);
    if (q === null || !line.unitCost || !/^\d+(\.\d{1,2})?$/.test(line.unitCost)) continue;
    milliCents += q * toCents(line.unitCost);
  }
  return fromCents((milliCents + 500n) / 1000n);
}
