import { z } from 'zod';
import { MESSAGES_INVOICE, invoiceLineInputSchema, invoiceTotals, paymentMethodSchema, type InvoiceStatus } from './invoices';
import { isCalendarDate } from '@xaalis/domain';
import { fitsMoney } from '@xaalis/domain';
import { MESSAGES_MONEY, MONEY_PATTERN } from './money';
import { MESSAGES_THIRD_PARTY, type ThirdPartyType } from './third-parties';
import { text, tooLong } from './text';
import { PERCENT_PATTERN, QUANTITY_PATTERN, nullableText, optionalEmail, requiredText } from './fields';

/*
 * Accounting's internal invoice and third-party routes, called by the sector
 * service (hotel reservations, service projects; issue 13):
 *   POST /internal/companies/:companyId/invoices        body InternalInvoiceInput → 201 InternalInvoiceSummary (replay: 200, same invoice)
 *   GET  /internal/companies/:companyId/invoices?ids=    → InternalInvoiceSummary[]
 *   GET  /internal/companies/:companyId/third-parties[?ids=] → InternalThirdParty[] (without ids: the company's clients)
 */

/** At most this many ids in one internal read (invoices, third parties). */
export const MAX_INTERNAL_IDS = 200;
/** The VAT rate of an internal invoice without one (spec 02 §9: default VAT 18.00). */
export const DEFAULT_VAT_RATE = '18.00';

export const MESSAGES_INTERNAL_INVOICE = {
  sourceIdRequired: 'Identifiant de source requis',
  typeInvalid: 'Type de facture invalide (prestation uniquement)',
  clientRequired: 'Client requis (identifiant ou nom)',
  clientNotFound: 'Client introuvable',
  tooManyIds: `Au plus ${MAX_INTERNAL_IDS} identifiants par demande`,
} as const;

/**
 * The invoice's client: an existing third party of the company (`thirdPartyId` wins when both are sent),
 * or one found by name (trimmed, case-insensitive) else created.
 */
export const internalInvoiceClientSchema = z.union(
  [
    z.object({ thirdPartyId: z.uuid({ error: MESSAGES_INTERNAL_INVOICE.clientNotFound }) }),
    z.object({
      name: requiredText(MESSAGES_THIRD_PARTY.nameRequired, 255),
      phone: nullableText(255),
      email: optionalEmail(MESSAGES_THIRD_PARTY.emailInvalid),
    }),
  ],
  { error: MESSAGES_INTERNAL_INVOICE.clientRequired },
);

export const internalInvoiceLineSchema = invoiceLineInputSchema.pick({ description: true, quantity: true, unitPrice: true });

/** Body of `POST /internal/companies/:companyId/invoices`. */
export const internalInvoiceInputSchema = z
  .object({
    /** Idempotency key, unique per company: 'reservation:<id>', 'project-hours:<id>:<batch uuid>'. */
    sourceId: requiredText(MESSAGES_INTERNAL_INVOICE.sourceIdRequired, 100),
    type: z.literal('service', { error: MESSAGES_INTERNAL_INVOICE.typeInvalid }).default('service'),
    /** true → validated and posted to the ledger (VT) like a user-validated invoice; false → draft. */
    validate: z.boolean({ error: 'Indicateur de validation invalide' }).default(false),
    date: text({ error: MESSAGES_INVOICE.dateRequired }).refine(isCalendarDate, { error: MESSAGES_INVOICE.dateRequired }),
    client: internalInvoiceClientSchema,
    lines: z.array(internalInvoiceLineSchema, { error: MESSAGES_INVOICE.oneLine }).min(1, { error: MESSAGES_INVOICE.oneLine }).max(500),
    /** Default: the company's rate, else DEFAULT_VAT_RATE. */
    vatRate: z
      .union([text(), z.number()], { error: MESSAGES_INVOICE.vatRateInvalid })
      .transform((v) => String(v).trim())
      .refine((v) => PERCENT_PATTERN.test(v) && Number(v) <= 100, { error: MESSAGES_INVOICE.vatRateInvalid })
      .optional(),
    paymentMethod: paymentMethodSchema.optional().default('cash'),
    notes: text()
      .max(2000, { error: tooLong(2000) })
      .optional()
      .nullable(),
  })
  .superRefine((value, ctx) => {
    // Line totals and the total are numeric(15,2): checked once the fields themselves are valid.
    const rate = value.vatRate ?? DEFAULT_VAT_RATE;
    if (!PERCENT_PATTERN.test(rate) || !value.lines.every((l) => QUANTITY_PATTERN.test(l.quantity) && MONEY_PATTERN.test(l.unitPrice)))
      return;
    const totals = invoiceTotals(value.lines, rate);
    totals.lineTotals.forEach((total, i) => {
      if (!fitsMoney(total)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'unitPrice'], message: MESSAGES_MONEY.totalTooLarge });
    });
    if (!fitsMoney(totals.total)) ctx.addIssue({ code: 'custom', path: ['lines'], message: MESSAGES_MONEY.totalTooLarge });
  });
export type InternalInvoiceInput = z.input<typeof internalInvoiceInputSchema>;
export type InternalInvoiceValues = z.output<typeof internalInvoiceInputSchema>;

/** What the internal invoice routes answer (money as two-decimal strings). */
export interface InternalInvoiceSummary {
  id: string;
  number: string;
  status: InvoiceStatus;
  total: string;
  /** Sum of the invoice's completed payments. */
  paidAmount: string;
  date: string;
  thirdPartyId: string;
  /** The idempotency key it was created with (null for invoices not created through the internal route). */
  sourceId?: string | null;
}

export interface InternalThirdParty {
  id: string;
  name: string;
  type: ThirdPartyType;
}
