import {
  invoiceTotals,
  MONEY_PATTERN,
  type invoiceInputSchema,
  type Invoice,
  type InvoiceType,
  type PaymentMethod,
  type VatCode,
} from '@xaalis/contracts';
import type { z } from 'zod';
import { formatNumber, todayIso } from '@xaalis/web-kit';

/** What the form's resolver hands to submit: the contract's parsed invoice. */
export type InvoiceOutput = z.output<typeof invoiceInputSchema>;

export interface InvoiceLineFormValues {
  description: string;
  quantity: string;
  unitPrice: string;
  accountId: string | null;
  /** '' when none. */
  inventoryItemId: string;
  useExistingProduct: boolean;
  /** The line's VAT code id; '' for the invoice's rate ('TVA par défaut'). */
  vatRate: string;
  /** Purchases: false when the line's VAT cannot be deducted ('Non déductible'). */
  vatDeductible: boolean;
}

export interface InvoiceFormValues {
  invoice: {
    type: InvoiceType;
    number: string;
    thirdPartyId: string;
    date: string;
    dueDate: string;
    paymentMethod: PaymentMethod;
    vatRate: string;
    notes: string;
  };
  lines: InvoiceLineFormValues[];
}

export const DEFAULT_VAT_RATE = '18.00';

/** A free-entry line with a quantity of 1. */
export function emptyInvoiceLine(): InvoiceLineFormValues {
  return {
    description: '',
    quantity: '1',
    unitPrice: '',
    accountId: null,
    inventoryItemId: '',
    useExistingProduct: false,
    vatRate: '',
    vatDeductible: true,
  };
}

/** A new invoice: sale, today, bank transfer, VAT 18.00, one free line (specification §9). */
export function newInvoiceValues(today = todayIso()): InvoiceFormValues {
  return {
    invoice: {
      type: 'sale',
      number: '',
      thirdPartyId: '',
      date: today,
      dueDate: '',
      paymentMethod: 'bank',
      vatRate: DEFAULT_VAT_RATE,
      notes: '',
    },
    lines: [emptyInvoiceLine()],
  };
}

/** A draft read from the server as form values. */
export function invoiceToFormValues(invoice: Invoice): InvoiceFormValues {
  const lines = (invoice.lines ?? []).map((l) => ({
    description: l.description ?? '',
    quantity: l.quantity ?? '1',
    unitPrice: l.unitPrice ?? '',
    accountId: l.accountId ?? null,
    inventoryItemId: l.inventoryItemId ?? '',
    useExistingProduct: Boolean(l.inventoryItemId),
    vatRate: l.vatCodeId ?? '',
    vatDeductible: l.vatDeductible ?? true,
  }));
  return {
    invoice: {
      type: invoice.type,
      number: invoice.number,
      thirdPartyId: invoice.thirdPartyId ?? '',
      date: invoice.date,
      dueDate: invoice.dueDate ?? '',
      paymentMethod: invoice.paymentMethod ?? 'bank',
      vatRate: invoice.vatRate ?? DEFAULT_VAT_RATE,
      notes: invoice.notes ?? '',
    },
    lines: lines.length > 0 ? lines : [emptyInvoiceLine()],
  };
}

const QUANTITY = /^\d{1,7}(\.\d{1,3})?$/;
const RATE = /^\d{1,3}(\.\d{1,2})?$/;

/** What {@link invoiceTotals} can read: unreadable quantities, prices and rates count as 0 while typing. */
export function readableLine(line: Partial<Pick<InvoiceLineFormValues, 'quantity' | 'unitPrice'>> | undefined) {
  const quantity = (line?.quantity ?? '').trim();
  const unitPrice = (line?.unitPrice ?? '').trim();
  return {
    quantity: QUANTITY.test(quantity) ? quantity : '0',
    unitPrice: MONEY_PATTERN.test(unitPrice) && !unitPrice.startsWith('-') ? unitPrice : '0',
  };
}

export function readableRate(rate: string | undefined): string {
  const text = (rate ?? '').trim();
  return RATE.test(text) && Number(text) <= 100 ? text : '0';
}

/**
 * The VAT code a line left on 'TVA par défaut' is sent as: the code of the invoice's rate (a
 * taxable code of that rate; at 0 %, the exempt one, as the API reads a bare '0'); none when
 * the company has no such code (the server then applies the invoice's rate).
 */
export function defaultVatCode(codes: readonly VatCode[], invoiceRate: string): VatCode | undefined {
  const rate = Number(readableRate(invoiceRate));
  const kind = rate === 0 ? 'exempt' : 'taxable';
  return codes.find((c) => c.kind === kind && Number(c.rate) === rate);
}

/** The rate of a line: its VAT code's, else the invoice's ('TVA par défaut', or a code not loaded). */
export function lineRate(codeId: string | undefined, codes: readonly VatCode[], invoiceRate: string | undefined): string {
  const code = codeId ? codes.find((c) => c.id === codeId) : undefined;
  return code ? code.rate : readableRate(invoiceRate);
}

/** The dialog's running totals, per rate, with the server's own computation (exact, half-up to cents). */
export function liveInvoiceTotals(
  lines: readonly Partial<InvoiceLineFormValues>[] | undefined,
  vatRate: string | undefined,
  codes: readonly VatCode[] = [],
) {
  return invoiceTotals(
    (lines ?? []).map((l) => ({ ...readableLine(l), vatRate: lineRate(l?.vatRate, codes, vatRate) })),
    readableRate(vatRate),
  );
}

/** An exact amount: `3 540 XOF`, with the cents when there are any (`1 770,50 XOF`). */
export function formatExactMoney(amount: string): string {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!m) return `${formatNumber(amount)} XOF`;
  const units = `${m[1]}${formatNumber(m[2])}`;
  return m[3] === '00' ? `${units} XOF` : `${units},${m[3]} XOF`;
}

/** A rate for display: `18 %`, `5,5 %`. */
export function formatRate(rate: string | undefined): string {
  const n = Number(readableRate(rate));
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(n)} %`;
}
