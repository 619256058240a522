import { z } from 'zod';
import { ISO_DATE_PATTERN, ROUND_DOWN, allocate, dec, fitsMoney, money, sumDec } from '@xaalis/domain';
import { MESSAGES_MONEY, MONEY_PATTERN, moneySchema } from './money';
import { text, tooLong } from './text';
import { lineVatRateSchema } from './vat';
import { PERCENT_PATTERN, QUANTITY_PATTERN, optionalUuid, pageQueryFields, requiredText, searchText } from './fields';
import type { DocumentTrail } from './audit';

export const INVOICE_TYPES = ['sale', 'purchase', 'service'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_LABELS: Record<InvoiceType, string> = { sale: 'Vente', purchase: 'Achat', service: 'Service' };
/** Number prefixes: FV-2026-0001 (sale), FA- (purchase), FS- (service). */
export const INVOICE_NUMBER_PREFIX: Record<InvoiceType, string> = { sale: 'FV', purchase: 'FA', service: 'FS' };
export const formatInvoiceNumber = (type: InvoiceType, year: number, seq: number) =>
  `${INVOICE_NUMBER_PREFIX[type]}-${year}-${String(seq).padStart(4, '0')}`;
export const INVOICE_NUMBER_PATTERN = /^(FV|FA|FS)-(\d{4})-(\d{4,})$/;

export const INVOICE_STATUSES = ['draft', 'validated', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Brouillon',
  validated: 'Validée',
  paid: 'Payée',
  cancelled: 'Annulée',
};

/** `check` is emitted; `cheque` (the other reading of the specification) is accepted. */
export const PAYMENT_METHODS = ['bank', 'orange', 'cash', 'check'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank: 'Virement Bancaire',
  orange: 'Orange Money',
  cash: 'Espèces',
  check: 'Chèque',
};
export const paymentMethodSchema = z.preprocess(
  (v) => (v === 'cheque' ? 'check' : v),
  z.enum(PAYMENT_METHODS, { error: 'Mode de paiement invalide' }),
);

export const MESSAGES_INVOICE = {
  typeInvalid: 'Type de facture invalide',
  numberRequired: 'Numéro requis',
  thirdPartyRequired: 'Client/Fournisseur requis',
  dateRequired: 'Date requise',
  oneLine: 'Au moins une ligne requise',
  descriptionRequired: 'Description requise',
  quantityRequired: 'Quantité requise',
  quantityInvalid: 'Quantité invalide (au plus trois décimales, supérieure à zéro)',
  unitPriceRequired: 'Prix unitaire requis',
  vatRateInvalid: 'Taux de TVA invalide',
  totalsMismatch: 'Les montants envoyés ne correspondent pas aux lignes (sous-total, TVA ou total)',
  duplicateNumber: 'Ce numéro de facture existe déjà',
  thirdPartyNotFound: 'Client/Fournisseur introuvable',
  productNotFound: 'Article introuvable',
  accountNotFound: 'Compte introuvable',
  notDraft: 'Seule une facture en brouillon peut être modifiée ou validée',
  notCancellable: 'Une facture validée ne s’annule pas : créez un avoir',
  dueBeforeDate: "L'échéance ne peut pas précéder la date de facture",
  emptyFiltered: 'Aucune facture trouvée avec ces critères',
  empty: 'Aucune facture créée',
  created: 'Facture créée avec succès',
  createError: 'Erreur lors de la création de la facture',
  updated: 'Facture modifiée avec succès',
  validated: 'Facture validée avec succès',
  cancelled: 'Facture annulée',
  alreadyCancelled: 'Cette facture est déjà annulée',
  productPriceMismatch: "Le prix unitaire d'une ligne article doit être le coût unitaire de l'article",
  accountClassInvalid:
    'Compte de ligne invalide : un compte de produits (classe 7) pour une vente ou une prestation, un compte de charges (classe 6) ou d’immobilisations (classe 2) pour un achat',
  zeroTotal: 'Une facture de montant nul ne peut pas être validée',
  notFound: 'Facture introuvable',
  numberLocked: 'Une facture numérotée automatiquement garde son numéro, son type et son année : annulez-la et créez-en une autre',
} as const;

/** Quantities: numeric(10,3), strictly positive. */
export const quantitySchema = z
  .union([text(), z.number()], { error: MESSAGES_INVOICE.quantityRequired })
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', { error: MESSAGES_INVOICE.quantityRequired })
  .refine((v) => QUANTITY_PATTERN.test(v) && Number(v) > 0, { error: MESSAGES_INVOICE.quantityInvalid });

export const invoiceLineInputSchema = z.object({
  description: requiredText(MESSAGES_INVOICE.descriptionRequired, 255),
  quantity: quantitySchema,
  unitPrice: z
    .union([text(), z.number()], { error: MESSAGES_INVOICE.unitPriceRequired })
    .refine((v) => String(v).trim() !== '', { error: MESSAGES_INVOICE.unitPriceRequired })
    .pipe(moneySchema),
  total: z.unknown().optional(),
  accountId: optionalUuid(),
  inventoryItemId: optionalUuid(),
  useExistingProduct: z.boolean().optional().default(false),
  /** The line's VAT: a rate or one of the company's VAT codes (lineVatRateSchema); absent, the invoice's `vatRate`. */
  vatRate: z.preprocess((v) => (v === '' || v === null ? undefined : v), lineVatRateSchema.optional()),
  /** Purchases: false when the line's VAT cannot be deducted (it then goes to the expense). */
  vatDeductible: z.boolean().optional().default(true),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

const DATE = ISO_DATE_PATTERN;

/** `POST /api/companies/:id/invoices` and `PUT /api/invoices/:id`: `{invoice, lines}` (spec §7). */
export const invoiceInputSchema = z
  .object({
    invoice: z.object({
      type: z.enum(INVOICE_TYPES, { error: MESSAGES_INVOICE.typeInvalid }),
      number: requiredText(MESSAGES_INVOICE.numberRequired, 40),
      thirdPartyId: z.uuid({ error: MESSAGES_INVOICE.thirdPartyRequired }),
      date: text({ error: MESSAGES_INVOICE.dateRequired }).regex(DATE, { error: MESSAGES_INVOICE.dateRequired }),
      dueDate: text()
        .regex(DATE)
        .nullable()
        .optional()
        .or(z.literal('').transform(() => null)),
      paymentMethod: paymentMethodSchema,
      vatRate: z
        .union([text(), z.number()])
        .default('18.00')
        .transform((v) => String(v))
        .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, { error: MESSAGES_INVOICE.vatRateInvalid }),
      notes: text()
        .max(2000, { error: tooLong(2000) })
        .optional()
        .nullable(),
      subtotal: z.unknown().optional(),
      vatAmount: z.unknown().optional(),
      total: z.unknown().optional(),
      lines: z.unknown().optional(),
    }),
    lines: z.array(invoiceLineInputSchema, { error: MESSAGES_INVOICE.oneLine }).min(1, { error: MESSAGES_INVOICE.oneLine }).max(500),
  })
  .superRefine((value, ctx) => {
    // Each line total, the subtotal and the total incl. VAT are numeric(15,2) columns.
    // Only once the fields themselves are valid (zod runs this even when a line has issues).
    const computable =
      /^\d{1,3}(\.\d{1,2})?$/.test(value.invoice.vatRate) &&
      value.lines.every((l) => QUANTITY_PATTERN.test(l.quantity) && MONEY_PATTERN.test(l.unitPrice));
    if (!computable) return;
    // A line given by VAT code id is counted at the highest rate here (the server resolves the code).
    const totals = invoiceTotals(
      value.lines.map((l) => ({ ...l, vatRate: l.vatRate === undefined || PERCENT_PATTERN.test(l.vatRate) ? l.vatRate : '100' })),
      value.invoice.vatRate,
    );
    totals.lineTotals.forEach((total, i) => {
      if (!fitsMoney(total)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'unitPrice'], message: MESSAGES_MONEY.totalTooLarge });
    });
    if (!fitsMoney(totals.total)) ctx.addIssue({ code: 'custom', path: ['lines'], message: MESSAGES_MONEY.totalTooLarge });
  });
export type InvoiceInput = z.input<typeof invoiceInputSchema>;

/** A decimal string cut (not rounded) to `places` decimals; a blank part reads 0. */
function cut(v: string, places: number) {
  const [i, f = ''] = v.split('.');
  return dec(`${i || '0'}.${f || '0'}`).toDecimalPlaces(places, ROUND_DOWN);
}

/**
 * Line total = quantity × unit price, and the invoice's subtotal, VAT and total,
 * exactly, rounded half-up to cents: the one computation the dialog and the
 * server share. The quantity counts to three decimals, the rate to two (beyond: cut).
 *
 * Each line has its rate (its own, else the invoice's `vatRate`). The VAT is
 * computed per rate on the sum of that rate's lines, then rounded — so an
 * invoice whose lines share one rate keeps the figures it always had — and
 * each rate's VAT is spread over its lines in proportion (`lineVats`, the cents
 * to the largest), so that the lines' VAT adds up to it exactly.
 */
export function invoiceTotals(lines: { quantity: string; unitPrice: string; vatRate?: string }[], vatRate: string) {
  const lineTotals = lines.map((l) => money(cut(l.quantity, 3).times(money(l.unitPrice))));
  const lineRates = lines.map((l) => cut(l.vatRate ?? vatRate, 2).toFixed(2));
  const rates = [...new Set(lineRates)];
  const byRate = rates.map((rate) => {
    const base = sumDec(lineTotals.filter((_, i) => lineRates[i] === rate));
    return { rate, base: money(base), vat: money(base.times(rate).div(100)) };
  });
  const lineVats: string[] = lines.map(() => '0.00');
  for (const r of byRate) {
    const idx = lineRates.flatMap((rate, i) => (rate === r.rate ? [i] : []));
    const shares = dec(r.base).isZero()
      ? idx.map(() => '0.00')
      : allocate(
          r.vat,
          idx.map((i) => lineTotals[i]),
        );
    idx.forEach((i, k) => (lineVats[i] = shares[k]));
  }
  const subtotal = sumDec(lineTotals);
  const vat = sumDec(byRate.map((r) => r.vat));
  return { lineTotals, lineRates, lineVats, byRate, subtotal: money(subtotal), vatAmount: money(vat), total: money(subtotal.plus(vat)) };
}

/** The VAT of an invoice per rate, as printed under its lines. */
export interface VatBreakdownRow {
  rate: string;
  base: string;
  vat: string;
}

export interface InvoiceLine {
  id: string;
  description: string;
  quantity: string;
  unitPrice: string;
  total: string;
  accountId: string | null;
  inventoryItemId: string | null;
  /** The line's VAT code (company's), its rate ('18.00'), its share of the invoice's VAT. */
  vatCodeId?: string | null;
  vatCode?: string | null;
  vatRate?: string;
  vatAmount?: string;
  /** Purchases: false when the line's VAT is not deductible (it is part of the expense). */
  vatDeductible?: boolean;
}

export interface InvoicePaymentSummary {
  id: string;
  date: string;
  amount: string;
  method: PaymentMethod;
  reference: string | null;
  /** Who recorded it (identity user id; null when unknown). */
  createdBy?: string | null;
}

/** The issuing company as it was when the invoice was issued (printed on its PDF). */
export interface InvoiceIssuerSnapshot {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  /** RCCM */
  registrationNumber: string | null;
  /** NINEA */
  taxNumber: string | null;
}

/** The client or supplier as it was when the invoice was issued. */
export interface InvoiceClientSnapshot {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  taxNumber: string | null;
}

export interface Invoice extends DocumentTrail {
  id: string;
  number: string;
  type: InvoiceType;
  status: InvoiceStatus;
  date: string;
  dueDate: string | null;
  thirdPartyId: string;
  thirdParty: { id: string; name: string; type: string } | null;
  subtotal: string;
  vatRate: string;
  vatAmount: string;
  total: string;
  paymentMethod: PaymentMethod;
  notes: string | null;
  paidAmount: string;
  /** Credit notes set against this invoice (its own and other credit of the client): they lower the balance due. */
  creditedAmount: string;
  /** The total of this invoice's own credit notes. */
  creditTotal: string;
  /** 'partial' ('Avoir partiel') or 'full' ('Annulée par avoir') once credit notes cover it. */
  creditStatus: 'none' | 'partial' | 'full';
  /** The quote it was converted from. */
  quoteId?: string | null;
  balanceDue: string;
  entryId: string | null;
  companyId: string;
  /** Taken at validation; null for drafts (and invoices cancelled as drafts). */
  issuer?: InvoiceIssuerSnapshot | null;
  client?: InvoiceClientSnapshot | null;
  lines?: InvoiceLine[];
  /** The VAT per rate (with the lines). */
  vatBreakdown?: VatBreakdownRow[];
  payments?: InvoicePaymentSummary[];
}

export const invoiceListQuerySchema = z.object({
  ...pageQueryFields(25),
  status: z.enum(INVOICE_STATUSES).optional(),
  type: z.enum(INVOICE_TYPES).optional(),
  search: searchText(),
  /** Only invoices with a balance due (the payment dialog). */
  payable: z.enum(['true', 'false']).optional(),
  /** One invoice (a select box's chosen value). */
  id: z.uuid().optional(),
  /** One client's or supplier's invoices (a credit note applied to another invoice of its third party). */
  thirdPartyId: z.uuid().optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export interface InvoiceListResponse {
  items: Invoice[];
  page: number;
  pageSize: number;
  totalItems: number;
  /** Whole company, unfiltered: total, sales, purchases, pending (status validated). */
  counters: { total: number; sales: number; purchases: number; pending: number };
}

/** Query of GET /api/companies/:id/invoices/next-number?type=sale&date=YYYY-MM-DD (date defaults to today, Dakar = UTC). */
export const nextInvoiceNumberQuerySchema = z.object({
  type: z.enum(INVOICE_TYPES, { error: MESSAGES_INVOICE.typeInvalid }).default('sale'),
  date: text().regex(DATE, { error: MESSAGES_INVOICE.dateRequired }).optional(),
});
export type NextInvoiceNumberQuery = z.input<typeof nextInvoiceNumberQuerySchema>;

/** GET /api/companies/:id/invoices/next-number: the number the next invoice of that type and year would get (nothing is taken). */
export interface NextInvoiceNumber {
  number: string;
}

/** Journal of the posting of each invoice type (DESIGN.md §6). */
export const INVOICE_JOURNALS: Record<InvoiceType, 'VT' | 'AC'> = { sale: 'VT', service: 'VT', purchase: 'AC' };
/** Customer invoices (sale, service) are receivables on 4111; purchase invoices are payables on 4011. */
export const isCustomerInvoice = (type: InvoiceType): boolean => type !== 'purchase';
/** Default posting accounts of invoice lines without their own account (DESIGN.md §6). */
export const INVOICE_DEFAULT_ACCOUNTS: Record<InvoiceType, string> = { sale: '701', service: '706', purchase: '601' };
/** Title printed on the PDF of each invoice type. */
export const INVOICE_PDF_TITLES: Record<InvoiceType, string> = {
  sale: 'FACTURE',
  purchase: "FACTURE D'ACHAT",
  service: 'FACTURE DE PRESTATION',
};
