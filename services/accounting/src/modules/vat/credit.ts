import { add, allocate, dec, isZero, money } from '@xaalis/domain';
import type { VatCategory, VatLineRow } from './ledger';

/** An invoice line as a credit note's VAT needs it. */
export interface CreditedInvoiceLine {
  id: string;
  /** The account its HT posts to (id, else `code:<default>`): how a credit by amount is spread. */
  accountKey: string;
  total: string;
  vatRate: string;
  vatCodeId: string;
  category: VatCategory;
}

/**
 * A credit note's VAT per code (and, for purchases, per deduction), for the
 * VAT ledger: each credited amount goes to the invoice lines it credits — a
 * line's own, or a credit by amount spread over its account's lines in
 * proportion — then the credit note's VAT is spread over the codes in
 * proportion to base × rate. Bases and VAT add up to the credit note's to the cent.
 */
export function creditVatRows(
  invoiceLines: CreditedInvoiceLine[],
  credited: { invoiceLineId: string | null; accountKey: string; total: string }[],
  vatAmount: string,
  flow: 'sales' | 'purchases',
): VatLineRow[] {
  const base = new Map<string, string>(invoiceLines.map((l) => [l.id, '0.00']));
  for (const c of credited) {
    const targets = c.invoiceLineId
      ? invoiceLines.filter((l) => l.id === c.invoiceLineId)
      : invoiceLines.filter((l) => l.accountKey === c.accountKey);
    if (!targets.length) continue;
    const weights = targets.map((l) => l.total);
    const shares = weights.every((w) => isZero(w)) ? targets.map((_, i) => (i === 0 ? c.total : '0.00')) : allocate(c.total, weights);
    targets.forEach((l, i) => base.set(l.id, add(base.get(l.id) ?? '0.00', shares[i])));
  }
  const groups = new Map<string, { row: VatLineRow; weight: string }>();
  for (const l of invoiceLines) {
    const b = base.get(l.id) ?? '0.00';
    const key = `${l.vatCodeId}:${l.category}`;
    const g = groups.get(key) ?? {
      row: { vatCodeId: l.vatCodeId, flow, category: l.category, base: '0.00', vat: '0.00' },
      weight: '0',
    };
    g.row.base = add(g.row.base, b);
    g.weight = dec(g.weight).plus(dec(b).times(l.vatRate)).toString();
    groups.set(key, g);
  }
  const list = [...groups.values()].filter((g) => !isZero(g.row.base));
  const weights = list.map((g) => g.weight);
  const vats = weights.some((w) => !dec(w).isZero()) ? allocate(vatAmount, weights) : list.map(() => '0.00');
  return list.map((g, i) => ({ ...g.row, base: money(dec(g.row.base).negated()), vat: money(dec(vats[i]).negated()) }));
}

/**
 * A credit by amount: what the invoice has left per VAT code (its VAT ledger
 * rows less its earlier credit notes') takes the credit's HT and VAT in
 * proportion — so the credit notes of an invoice net each code to zero.
 */
export function creditVatRowsByAmount(
  remaining: { vatCodeId: string; category: VatCategory; base: string; vat: string }[],
  subtotal: string,
  vatAmount: string,
  flow: 'sales' | 'purchases',
): VatLineRow[] {
  const open = remaining.filter((r) => dec(r.base).gt(0));
  if (!open.length) return [];
  const bases = allocate(
    subtotal,
    open.map((r) => r.base),
  );
  const vatWeights = open.map((r) => (dec(r.vat).gt(0) ? r.vat : '0'));
  const vats = vatWeights.some((w) => !dec(w).isZero()) ? allocate(vatAmount, vatWeights) : open.map(() => '0.00');
  return open.map((r, i) => ({
    vatCodeId: r.vatCodeId,
    flow,
    category: r.category,
    base: money(dec(bases[i]).negated()),
    vat: money(dec(vats[i]).negated()),
  }));
}
