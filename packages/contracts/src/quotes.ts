import { z } from 'zod';
import { ISO_DATE_PATTERN } from '@xaalis/domain';
import { text, tooLong } from './text';
import { pagedListQuerySchema, type Paged } from './fields';
import { invoiceLineInputSchema, type InvoiceIssuerSnapshot, type InvoiceLine } from './invoices';

/** Quotes (devis) DV-YYYY-NNNN: gap-free per company and year; nothing is posted. */
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'refused', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Brouillon',
  sent: 'Envoyé',
  accepted: 'Accepté',
  refused: 'Refusé',
  expired: 'Expiré',
};
export const QUOTE_TYPES = ['sale', 'service'] as const;
export const formatQuoteNumber = (_kind: 'DV', year: number, seq: number) => `DV-${year}-${String(seq).padStart(4, '0')}`;
export const QUOTE_NUMBER_PATTERN = /^(DV)-(\d{4})-(\d{4,})$/;

export const MESSAGES_QUOTE = {
  clientRequired: 'Client requis',
  clientNotFound: 'Client introuvable',
  dateRequired: 'Date requise',
  validUntilBeforeDate: 'La date de validité ne peut pas précéder la date du devis',
  notFound: 'Devis introuvable',
  notDraft: 'Seul un devis en brouillon peut être modifié ou supprimé',
  cannotSend: 'Seul un devis en brouillon peut être envoyé',
  cannotAnswer: 'Seul un devis envoyé peut être accepté ou refusé',
  expired: 'Ce devis a expiré : sa date de validité est passée',
  notAccepted: 'Seul un devis accepté peut être converti en facture',
  alreadyConverted: 'Ce devis a déjà été converti en facture',
  created: 'Devis créé',
  converted: (number: string) => `Facture ${number} créée à partir du devis`,
  empty: 'Aucun devis',
} as const;

const DATE = text({ error: MESSAGES_QUOTE.dateRequired }).regex(ISO_DATE_PATTERN, { error: MESSAGES_QUOTE.dateRequired });

/** `POST /api/companies/:id/quotes` and `PUT /api/quotes/:id`: `{quote, lines}`, shaped like an invoice's. */
export const quoteInputSchema = z.object({
  quote: z.object({
    clientId: z.uuid({ error: MESSAGES_QUOTE.clientRequired }),
    type: z.enum(QUOTE_TYPES).default('sale'),
    date: DATE,
    validUntil: DATE.nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    vatRate: z
      .union([text(), z.number()])
      .default('18.00')
      .transform((v) => String(v))
      .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, { error: 'Taux de TVA invalide' }),
    notes: text()
      .max(2000, { error: tooLong(2000) })
      .optional()
      .nullable(),
  }),
  lines: z.array(invoiceLineInputSchema, { error: 'Au moins une ligne requise' }).min(1, { error: 'Au moins une ligne requise' }).max(500),
});
export type QuoteInput = z.input<typeof quoteInputSchema>;

export interface Quote {
  id: string;
  number: string;
  type: (typeof QUOTE_TYPES)[number];
  status: QuoteStatus;
  clientId: string;
  client: { id: string; name: string } | null;
  date: string;
  validUntil: string | null;
  vatRate: string;
  subtotal: string;
  vatAmount: string;
  total: string;
  notes: string | null;
  /** The invoice it became. */
  invoiceId: string | null;
  invoiceNumber: string | null;
  issuer: InvoiceIssuerSnapshot | null;
  createdAt: string;
  lines?: Omit<InvoiceLine, 'id'>[];
}

export const quoteListQuerySchema = pagedListQuerySchema(25, { status: z.enum(QUOTE_STATUSES).optional() });
export type QuoteListResponse = Paged<Quote>;
