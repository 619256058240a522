import { formatMoney } from '@xaalis/web-kit';

/** A number read from the API's decimal strings; anything invalid is 0. */
export function toAmount(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
}

export interface Trend {
  /** '+12.5%', '-2.1%', '0.0%' */
  text: string;
  direction: 'up' | 'down' | 'flat';
}

/**
 * A computed trend (percent change, "12.5" / "-2.1") as the cards show it: sign, one
 * decimal, '%'. Null (no basis for comparison) or invalid → null: nothing is shown.
 */
export function formatTrend(value: string | number | null | undefined): Trend | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  const rounded = Math.round(n * 10) / 10;
  if (rounded === 0) return { text: '0.0%', direction: 'flat' };
  return { text: `${rounded > 0 ? '+' : '-'}${Math.abs(rounded).toFixed(1)}%`, direction: rounded > 0 ? 'up' : 'down' };
}

/** '+1 234 XOF' / '-1 234 XOF': the absolute amount with the given sign. */
export function signedMoney(amount: unknown, positive: boolean): string {
  return `${positive ? '+' : '-'}${formatMoney(Math.abs(toAmount(amount)))}`;
}

/** The fiscal year as shown on the dashboard: 'Exercice 2026' (or 'Exercice 2026-2027'). */
export function fiscalYearText(label: string): string {
  return /^exercice\b/i.test(label.trim()) ? label.trim() : `Exercice ${label.trim()}`;
}

/** An amount for the payment dialog: absolute value, two decimals ('150000.00'). */
export function dialogAmount(amount: unknown): string {
  return Math.abs(toAmount(amount)).toFixed(2);
}

/** Compact axis ticks: 1 200 000 → '1,2 M', 35 000 → '35 k'. */
export function compactAmount(value: number): string {
  const abs = Math.abs(value);
  const fmt = (n: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(n).replace(/[\u00a0\u202f]/g, ' ');
  if (abs >= 1_000_000_000) return `${fmt(value / 1_000_000_000)} Md`;
  if (abs >= 1_000_000) return `${fmt(value / 1_000_000)} M`;
  if (abs >= 1_000) return `${fmt(value / 1_000)} k`;
  return fmt(value);
}
