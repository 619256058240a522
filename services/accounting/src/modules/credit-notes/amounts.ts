import { MESSAGES_CREDIT_NOTE } from '@xaalis/contracts';
import { add, allocate, compare, dec, isPositive, isZero, money, mul, sub, sum } from '@xaalis/domain';

/**
 * What a credit note credits back, computed from the invoice and the credit
 * notes it already has (pure: the property tests drive it directly).
 *
 * - Whole lines or quantities: each line at its unit price; the last unit of
 *   a line takes exactly what the line has left, so the credit notes of a
 *   line add up to the line to the cent.
 * - An amount (VAT included): VAT and HT in the proportions of what is left,
 *   HT spread over the invoice's accounts in proportion.
 * - Neither: whatever is left, so an invoice and all its credit notes net
 *   every account to zero.
 */

/** The account an invoice line posts to: its own (id), else its type's default (code). */
export interface AccountKey {
  accountId: string | null;
  accountCode: string | null;
}
const keyOf = (k: AccountKey) => k.accountId ?? `code:${k.accountCode}`;

export interface CreditableLine extends AccountKey {
  id: string;
  description: string;
  quantity: string;
  unitPrice: string;
  total: string;
  /** The line's VAT rate ('18.00'): a credit by lines is taxed at each line's rate. */
  vatRate?: string;
  inventoryItemId: string | null;
  /** Already credited on this line by earlier credit notes. */
  creditedQuantity: string;
  creditedTotal: string;
}

export interface CreditableInvoice {
  vatRate: string;
  vatAmount: string;
  total: string;
  lines: CreditableLine[];
  /** Earlier credit notes: their HT lines (by account) and their VAT. */
  credited: { lines: (AccountKey & { total: string; byAmount: boolean })[]; vatAmount: string; total: string };
}

export interface CreditRequest {
  lines?: { invoiceLineId: string; quantity: string; restock?: boolean }[];
  amount?: string;
  restock: boolean;
  reason: string;
}

export interface CreditNoteLineDraft extends AccountKey {
  invoiceLineId: string | null;
  description: string;
  quantity: string | null;
  unitPrice: string | null;
  total: string;
  inventoryItemId: string | null;
  restock: boolean;
}

export type CreditComputation =
  | { ok: true; lines: CreditNoteLineDraft[]; subtotal: string; vatAmount: string; total: string }
  | { ok: false; message: string; path?: string };

const refuse = (message: string, path?: string): CreditComputation => ({ ok: false, message, path });

export function computeCreditNote(invoice: CreditableInvoice, request: CreditRequest): CreditComputation {
  const remainingTotal = sub(invoice.total, invoice.credited.total);
  const remainingVat = sub(invoice.vatAmount, invoice.credited.vatAmount);
  if (!isPositive(remainingTotal)) return refuse(MESSAGES_CREDIT_NOTE.nothingLeft);

  // HT left per account: the invoice's lines minus what earlier credit notes took back.
  const groups = new Map<string, AccountKey & { left: string; descriptions: string[] }>();
  for (const l of invoice.lines) {
    const g = groups.get(keyOf(l)) ?? { accountId: l.accountId, accountCode: l.accountCode, left: '0.00', descriptions: [] };
    g.left = add(g.left, l.total);
    g.descriptions.push(l.description);
    groups.set(keyOf(l), g);
  }
  for (const c of invoice.credited.lines) {
    const g = groups.get(keyOf(c));
    if (g) g.left = sub(g.left, c.total);
  }
  const remainingSubtotal = sum([...groups.values()].map((g) => g.left));

  const byAmount = (amount: string): CreditComputation => {
    if (!isPositive(amount)) return refuse(MESSAGES_CREDIT_NOTE.amountPositive, 'amount');
    const cmp = compare(amount, remainingTotal);
    if (cmp > 0) return refuse(MESSAGES_CREDIT_NOTE.amountTooLarge, 'amount');
    const vat = cmp === 0 ? remainingVat : money(dec(remainingVat).times(amount).dividedBy(remainingTotal));
    const ht = sub(amount, vat);
    const open = [...groups.values()].filter((g) => isPositive(g.left));
    const shares =
      cmp === 0
        ? open.map((g) => g.left)
        : allocate(
            ht,
            open.map((g) => g.left),
          );
    const lines = open
      .map((g, i) => ({
        invoiceLineId: null,
        accountId: g.accountId,
        accountCode: g.accountCode,
        description: (g.descriptions.length === 1 ? g.descriptions[0] : request.reason).slice(0, 255),
        quantity: null,
        unitPrice: null,
        total: shares[i],
        inventoryItemId: null,
        restock: false,
      }))
      .filter((l) => isPositive(l.total));
    return { ok: true, lines, subtotal: sum(lines.map((l) => l.total)), vatAmount: vat, total: amount };
  };

  if (request.amount !== undefined) return byAmount(request.amount);

  const anyByAmount = invoice.credited.lines.some((l) => l.byAmount);
  const wanted =
    request.lines ??
    (anyByAmount
      ? null
      : invoice.lines
          .filter((l) => dec(l.quantity).gt(l.creditedQuantity))
          // Quantities have three decimals: never through the money helpers, which round to cents.
          .map((l) => ({ invoiceLineId: l.id, quantity: dec(l.quantity).minus(l.creditedQuantity).toFixed(3), restock: undefined })));
  // What is left of an invoice already credited by amount cannot be told line by line: it goes by amount.
  if (!wanted) return byAmount(remainingTotal);

  const byId = new Map(invoice.lines.map((l) => [l.id, l]));
  const lines: CreditNoteLineDraft[] = [];
  for (const [i, w] of wanted.entries()) {
    const l = byId.get(w.invoiceLineId);
    if (!l) return refuse(MESSAGES_CREDIT_NOTE.lineNotFound, `lines.${i}.invoiceLineId`);
    // Quantities have three decimals: compared exactly, as decimals.
    const leftQuantity = dec(l.quantity).minus(l.creditedQuantity);
    const cmp = dec(w.quantity).comparedTo(leftQuantity);
    if (cmp > 0) return refuse(MESSAGES_CREDIT_NOTE.quantityTooLarge, `lines.${i}.quantity`);
    const total = cmp === 0 ? sub(l.total, l.creditedTotal) : mul(w.quantity, l.unitPrice);
    lines.push({
      invoiceLineId: l.id,
      accountId: l.accountId,
      accountCode: l.accountCode,
      description: l.description,
      quantity: dec(w.quantity).toFixed(3),
      unitPrice: l.unitPrice,
      total,
      inventoryItemId: l.inventoryItemId,
      restock: !!l.inventoryItemId && (w.restock ?? request.restock),
    });
  }
  const subtotal = sum(lines.map((l) => l.total));
  // Everything left: the VAT left, to the cent; otherwise each rate on its lines (as the invoice computed it).
  const byRate = new Map<string, string>();
  for (const l of lines) {
    const rate = (l.invoiceLineId && byId.get(l.invoiceLineId)?.vatRate) || invoice.vatRate;
    byRate.set(rate, add(byRate.get(rate) ?? '0.00', l.total));
  }
  const vatAmount =
    compare(subtotal, remainingSubtotal) === 0
      ? remainingVat
      : sum([...byRate].map(([rate, base]) => money(dec(base).times(rate).dividedBy(100))));
  const total = add(subtotal, vatAmount);
  if (isZero(total)) return refuse(MESSAGES_CREDIT_NOTE.amountPositive, 'lines');
  if (compare(total, remainingTotal) > 0) return refuse(MESSAGES_CREDIT_NOTE.amountTooLarge, 'lines');
  return { ok: true, lines, subtotal, vatAmount, total };
}
