import { z } from 'zod';
import { ISO_DATE_PATTERN } from '@xaalis/domain';
import { moneySchema } from './money';
import { text } from './text';
import { optionalUuid, pagedListQuerySchema, requiredText, type Paged } from './fields';
import { paymentMethodSchema, quantitySchema, type InvoiceType } from './invoices';

/**
 * Credit notes (avoirs): a validated invoice is corrected by a credit note,
 * never cancelled. Customer credit notes are numbered AV-YYYY-NNNN, supplier
 * ones (recording the supplier's avoir) AF-YYYY-NNNN: two gap-free series.
 */
export const CREDIT_NOTE_KINDS = ['customer', 'supplier'] as const;
export type CreditNoteKind = (typeof CREDIT_NOTE_KINDS)[number];
export const CREDIT_NOTE_PREFIX: Record<CreditNoteKind, string> = { customer: 'AV', supplier: 'AF' };
export const creditNoteKindOf = (type: InvoiceType): CreditNoteKind => (type === 'purchase' ? 'supplier' : 'customer');
export const formatCreditNoteNumber = (kind: CreditNoteKind, year: number, seq: number) =>
  `${CREDIT_NOTE_PREFIX[kind]}-${year}-${String(seq).padStart(4, '0')}`;
export const CREDIT_NOTE_NUMBER_PATTERN = /^(AV|AF)-(\d{4})-(\d{4,})$/;

/** How much of an invoice its credit notes cover: none, part ('Avoir partiel') or all of it ('Annulée par avoir'). */
export type InvoiceCreditStatus = 'none' | 'partial' | 'full';
export const INVOICE_CREDIT_STATUS_LABELS: Record<Exclude<InvoiceCreditStatus, 'none'>, string> = {
  partial: 'Avoir partiel',
  full: 'Annulée par avoir',
};

export const MESSAGES_CREDIT_NOTE = {
  reasonRequired: "Motif de l'avoir requis",
  invoiceNotCreditable: 'Seule une facture validée ou payée peut recevoir un avoir',
  linesOrAmount: 'Indiquez des lignes ou un montant, pas les deux',
  lineNotFound: 'Ligne de facture introuvable sur cette facture',
  lineTwice: 'Une ligne de facture ne peut figurer qu’une fois dans un avoir',
  quantityTooLarge: 'Quantité supérieure à la quantité restant à créditer sur cette ligne',
  amountTooLarge: "Le montant de l'avoir dépasse le montant restant à créditer sur la facture",
  amountPositive: "Le montant de l'avoir doit être supérieur à zéro",
  nothingLeft: 'Cette facture est déjà entièrement couverte par des avoirs',
  dateInvalid: 'Date invalide',
  dateBeforeInvoice: "L'avoir ne peut pas précéder la date de la facture",
  notFound: 'Avoir introuvable',
  noCreditLeft: 'Il ne reste aucun crédit disponible sur cet avoir',
  creditTooLarge: 'Montant supérieur au crédit disponible sur cet avoir',
  targetNotFound: 'Facture introuvable',
  targetOtherParty: 'La facture doit être du même client ou fournisseur que l’avoir',
  targetNotPayable: 'Cette facture n’a pas de reste à payer',
  targetTooLarge: 'Montant supérieur au reste à payer de la facture',
  created: (number: string) => `Avoir ${number} créé`,
  refunded: 'Remboursement enregistré',
  applied: 'Avoir imputé sur la facture',
  empty: 'Aucun avoir émis',
} as const;

export const creditNoteLineInputSchema = z.object({
  invoiceLineId: z.uuid({ error: MESSAGES_CREDIT_NOTE.lineNotFound }),
  quantity: quantitySchema,
  /** Put the returned goods back in stock (stock-item lines); the request's `restock` when absent. */
  restock: z.boolean().optional(),
});

/** `POST /api/invoices/:id/credit-notes`: no lines nor amount = whatever the invoice still has to credit. */
export const creditNoteInputSchema = z
  .object({
    reason: requiredText(MESSAGES_CREDIT_NOTE.reasonRequired, 500),
    date: text().regex(ISO_DATE_PATTERN, { error: MESSAGES_CREDIT_NOTE.dateInvalid }).optional(),
    lines: z.array(creditNoteLineInputSchema).min(1).max(500).optional(),
    /** An amount including VAT, split over the invoice's accounts and VAT in its proportions. */
    amount: moneySchema.optional(),
    restock: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.lines && v.amount !== undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: MESSAGES_CREDIT_NOTE.linesOrAmount });
    const ids = v.lines?.map((l) => l.invoiceLineId) ?? [];
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['lines'], message: MESSAGES_CREDIT_NOTE.lineTwice });
  });
export type CreditNoteInput = z.input<typeof creditNoteInputSchema>;

/** `POST /api/credit-notes/:id/refund`: the credit left paid back to the client (or received from the supplier). */
export const creditNoteRefundSchema = z
  .object({
    amount: moneySchema.optional(),
    date: text().regex(ISO_DATE_PATTERN, { error: MESSAGES_CREDIT_NOTE.dateInvalid }).optional(),
    method: paymentMethodSchema.optional(),
    treasuryAccountId: optionalUuid(),
    reference: text().max(100).optional().nullable(),
  })
  .refine((v) => !!v.method || !!v.treasuryAccountId, { path: ['method'], message: 'Compte de trésorerie requis' });

/** `POST /api/credit-notes/:id/apply`: the credit left set against another invoice of the same third party. */
export const creditNoteApplySchema = z.object({
  invoiceId: z.uuid({ error: MESSAGES_CREDIT_NOTE.targetNotFound }),
  amount: moneySchema.optional(),
});

export interface CreditNoteLine {
  id: string;
  invoiceLineId: string | null;
  description: string;
  quantity: string | null;
  unitPrice: string | null;
  total: string;
  restock: boolean;
}

export interface CreditNote {
  id: string;
  number: string;
  kind: CreditNoteKind;
  invoiceId: string;
  invoiceNumber: string;
  thirdPartyId: string;
  thirdPartyName: string | null;
  date: string;
  reason: string;
  subtotal: string;
  vatAmount: string;
  total: string;
  /** Set against invoices (its own first), and paid back. */
  appliedAmount: string;
  refundedAmount: string;
  /** The client's credit left (total − applied − refunded). */
  remaining: string;
  entryId: string;
  createdAt: string;
  lines?: CreditNoteLine[];
}

export const creditNoteListQuerySchema = pagedListQuerySchema(25, {
  invoiceId: z.uuid().optional(),
  kind: z.enum(CREDIT_NOTE_KINDS).optional(),
  /** Only credit notes with credit left. */
  open: z.enum(['true', 'false']).optional(),
});
export type CreditNoteListResponse = Paged<CreditNote>;
