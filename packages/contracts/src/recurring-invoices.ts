import { z } from 'zod';
import { ISO_DATE_PATTERN } from '@xaalis/domain';
import { text, tooLong } from './text';
import { pagedListQuerySchema, type Paged } from './fields';
import { invoiceLineInputSchema, paymentMethodSchema, type InvoiceLine, type PaymentMethod } from './invoices';

/** Recurring invoices (rents, subscriptions): a template run by a job, one invoice per period, never twice. */
export const RECURRING_FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const RECURRING_FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  monthly: 'Mensuelle',
  quarterly: 'Trimestrielle',
  yearly: 'Annuelle',
};
export const RECURRING_MONTHS: Record<RecurringFrequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export const MESSAGES_RECURRING = {
  clientRequired: 'Client requis',
  clientNotFound: 'Client introuvable',
  frequencyInvalid: 'Fréquence invalide : mensuelle, trimestrielle ou annuelle',
  dayInvalid: 'Jour du mois invalide (1 à 28)',
  dateRequired: 'Date requise',
  endBeforeStart: 'La date de fin ne peut pas précéder la date de début',
  notFound: 'Facture récurrente introuvable',
  empty: 'Aucune facture récurrente',
} as const;

const DATE = text({ error: MESSAGES_RECURRING.dateRequired }).regex(ISO_DATE_PATTERN, { error: MESSAGES_RECURRING.dateRequired });

/** `POST /api/companies/:id/recurring-invoices`, `PUT /api/recurring-invoices/:id`. */
export const recurringInvoiceInputSchema = z.object({
  clientId: z.uuid({ error: MESSAGES_RECURRING.clientRequired }),
  type: z.enum(['sale', 'service']).default('service'),
  frequency: z.enum(RECURRING_FREQUENCIES, { error: MESSAGES_RECURRING.frequencyInvalid }),
  /** Day of the month the invoice is dated (1–28: every month has it). */
  day: z.coerce
    .number({ error: MESSAGES_RECURRING.dayInvalid })
    .int({ error: MESSAGES_RECURRING.dayInvalid })
    .min(1, { error: MESSAGES_RECURRING.dayInvalid })
    .max(28, { error: MESSAGES_RECURRING.dayInvalid }),
  startDate: DATE,
  endDate: DATE.nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  /** Validate each invoice as it is created (else a draft to check). */
  validate: z.boolean().default(false),
  /** Days between an invoice's date and its due date. */
  dueDays: z.coerce.number().int().min(0).max(365).default(30),
  paymentMethod: paymentMethodSchema.default('bank'),
  vatRate: z
    .union([text(), z.number()])
    .default('18.00')
    .transform((v) => String(v))
    .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, { error: 'Taux de TVA invalide' }),
  notes: text()
    .max(2000, { error: tooLong(2000) })
    .optional()
    .nullable(),
  active: z.boolean().default(true),
  lines: z.array(invoiceLineInputSchema, { error: 'Au moins une ligne requise' }).min(1, { error: 'Au moins une ligne requise' }).max(100),
});
export type RecurringInvoiceInput = z.input<typeof recurringInvoiceInputSchema>;

export interface RecurringInvoice {
  id: string;
  clientId: string;
  clientName: string | null;
  type: 'sale' | 'service';
  frequency: RecurringFrequency;
  day: number;
  startDate: string;
  endDate: string | null;
  validate: boolean;
  dueDays: number;
  paymentMethod: PaymentMethod;
  vatRate: string;
  notes: string | null;
  active: boolean;
  /** HT, VAT and TTC of one invoice. */
  subtotal: string;
  vatAmount: string;
  total: string;
  /** The date of the next invoice (null once ended or paused). */
  nextDate: string | null;
  invoicesCreated: number;
  /** The latest invoices created, newest first. */
  lastInvoices: { id: string; number: string; date: string }[];
  lines?: Omit<InvoiceLine, 'id'>[];
}

export const recurringInvoiceListQuerySchema = pagedListQuerySchema(25);
export type RecurringInvoiceListResponse = Paged<RecurringInvoice>;

/**
 * The invoice dates of a template from `startDate` to `until` (inclusive): the
 * `day` of every `frequency` period from the start's month (a first date
 * before the start is skipped), up to `endDate`. Pure: the job and the list's
 * next date share it.
 */
export function recurringDates(
  t: { frequency: RecurringFrequency; day: number; startDate: string; endDate: string | null },
  until: string,
  limit = 1000,
): string[] {
  const out: string[] = [];
  const [y0, m0] = t.startDate.split('-').map(Number);
  const step = RECURRING_MONTHS[t.frequency];
  for (let k = 0; out.length < limit; k++) {
    const months = m0 - 1 + k * step;
    const date = `${y0 + Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
    if (date > until || (t.endDate && date > t.endDate)) break;
    if (date >= t.startDate) out.push(date);
  }
  return out;
}
