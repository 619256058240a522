import type { PortfolioRow } from '@xaalis/contracts';

/** Days without a validated entry after which a company needs attention. */
export const STALE_LEDGER_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.floor((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Why a company needs attention (empty when it does not): overdue sale invoices, no validated
 * entry for 30 days or more, a negative treasury. Unknown figures say nothing.
 */
export function attentionReasons(row: PortfolioRow, today: string): string[] {
  const reasons: string[] = [];
  if (row.overdueInvoices !== null && row.overdueInvoices > 0)
    reasons.push(row.overdueInvoices > 1 ? `${row.overdueInvoices} factures en retard` : '1 facture en retard');
  if (row.treasury !== null && Number(row.treasury) < 0) reasons.push('Trésorerie négative');
  if (row.treasury !== null || row.lastEntryDate !== null) {
    if (row.lastEntryDate === null) reasons.push('Aucune écriture validée');
    else if (daysBetween(row.lastEntryDate, today) >= STALE_LEDGER_DAYS)
      reasons.push(`Aucune écriture validée depuis ${STALE_LEDGER_DAYS} jours`);
  }
  return reasons;
}

export type MoneyColumn = 'treasury' | 'receivables' | 'payables' | 'overdueAmount';

/** Sum of a money column (two-decimal strings, summed in cents); null when no row has the figure. */
export function columnTotal(rows: readonly PortfolioRow[], column: MoneyColumn): number | null {
  const known = rows.map((r) => r[column]).filter((v): v is string => v !== null);
  if (known.length === 0) return null;
  return known.reduce((sum, v) => sum + Math.round(Number(v) * 100), 0) / 100;
}

/** Total number of overdue invoices; null when no row has it. */
export function overdueCountTotal(rows: readonly PortfolioRow[]): number | null {
  const known = rows.map((r) => r.overdueInvoices).filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((sum, v) => sum + v, 0);
}
