import { formatMoney } from '@xaalis/web-kit';

const quantityFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 });

/** A quantity in fr-FR with up to three decimals and ordinary spaces: `1 234,5`. Unreadable (or -0) → `0`. */
export function formatQuantity(value: string | number | null | undefined): string {
  const n = Number(value);
  const safe = Number.isFinite(n) && n !== 0 ? n : 0;
  return quantityFormat
    .format(safe)
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace('\u2212', '-');
}

/** Money, or "—" when the server could not read or compute it (another service down). */
export function moneyOrDash(value: string | null | undefined): string {
  return value === null || value === undefined ? '—' : formatMoney(value);
}

/** '… et 3 autres': a stock alert's low items beyond those it names (the first page read), counted by the server. */
export const moreLowItems = (n: number): string => `… et ${n} autre${n > 1 ? 's' : ''}`;
