import { z } from 'zod';
import { MESSAGES_VAT } from './vat';
import { ISO_DATE_PATTERN } from '@xaalis/domain';
import { text } from './text';
import { nullableText, optionalUuid, pageQueryFields } from './fields';
import { moneySchema } from './money';
import { paymentMethodSchema, type PaymentMethod } from './invoices';

export const PAYMENT_TYPES = ['invoice_payment', 'loan_payment', 'expense'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  invoice_payment: 'Facture',
  loan_payment: 'Emprunt',
  expense: 'Dépense',
};
export const PAYMENT_STATUS_LABELS = { completed: 'Terminé', pending: 'En attente' } as const;
/** Treasury-view labels of the methods (spec 02, payments view). */
export const PAYMENT_METHOD_SHORT_LABELS: Record<PaymentMethod, string> = {
  bank: 'Banque',
  orange: 'Orange Money',
  cash: 'Espèces',
  check: 'Chèque',
};
/** Treasury account and journal of each method (DESIGN.md §6). */
export const PAYMENT_METHOD_ACCOUNTS: Record<PaymentMethod, { account: string; journal: 'BQ' | 'CA' | 'MM' }> = {
  bank: { account: '521', journal: 'BQ' },
  cash: { account: '571', journal: 'CA' },
  orange: { account: '552', journal: 'MM' },
  check: { account: '513', journal: 'BQ' },
};
export const DEFAULT_EXPENSE_ACCOUNT = '658';

export const MESSAGES_PAYMENT = {
  amountRequired: 'Montant requis',
  amountPositive: 'Le montant doit être supérieur à zéro',
  dateRequired: 'Date requise',
  typeInvalid: 'Type de paiement invalide',
  invoiceRequired: 'Facture requise',
  loanPaymentRequired: 'Échéance requise',
  invoiceNotPayable: "Cette facture n'a pas de solde à régler",
  overpayment: 'Le montant dépasse le solde restant dû',
  loanPaymentNotPending: "Cette échéance n'est pas en attente",
  descriptionRequired: 'Description requise',
  created: 'Paiement enregistré avec succès',
  createError: "Erreur lors de l'enregistrement du paiement",
  empty: 'Aucun paiement enregistré',
  expenseAccountInvalid:
    "Le compte doit être un compte de charges (classe 6) ou une dette fiscale ou sociale (comptes 43 et 44 : TVA due, retenues, cotisations) de l'entreprise",
  loanAmountMismatch: "Le montant doit être égal au total de l'échéance",
  invoiceNotFound: 'Facture introuvable',
  loanPaymentNotFound: 'Échéance introuvable',
  dateBeforeInvoice: 'La date du paiement ne peut pas précéder la date de la facture',
  treasuryRequired: 'Choisissez le compte de trésorerie (ou le mode de paiement)',
} as const;

const DATE = ISO_DATE_PATTERN;

/** `POST /api/payments` (spec §7) plus, for expenses, the expense account (default 658). */
export const paymentInputSchema = z
  .object({
    type: z.enum(PAYMENT_TYPES, { error: MESSAGES_PAYMENT.typeInvalid }),
    invoiceId: optionalUuid(),
    loanPaymentId: optionalUuid(),
    amount: z
      .union([text(), z.number()], { error: MESSAGES_PAYMENT.amountRequired })
      .refine((v) => String(v).trim() !== '', { error: MESSAGES_PAYMENT.amountRequired })
      .pipe(moneySchema)
      .refine((v) => v !== '0.00', { error: MESSAGES_PAYMENT.amountPositive }),
    date: text({ error: MESSAGES_PAYMENT.dateRequired }).regex(DATE, { error: MESSAGES_PAYMENT.dateRequired }),
    /** The method names the default treasury account of its kind; `treasuryAccountId` names any (issue 28). */
    method: paymentMethodSchema.optional(),
    treasuryAccountId: optionalUuid(),
    reference: nullableText(100),
    notes: nullableText(1000),
    companyId: z.uuid(),
    /** Expense payments: the charge account (class 6), or a tax or social debt paid (43x, 44x: VAT due, withholdings); default 658. */
    accountId: optionalUuid(),
    /**
     * Customer invoice payments: the part of `amount` the client withheld as VAT (précompte, paid by the
     * client to the State): not received, recorded on 4492 and deducted in the VAT return (issue 30).
     */
    vatWithheld: z
      .preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        z.union([text(), z.number()], { error: MESSAGES_VAT.vatWithheldTooLarge }).pipe(moneySchema).optional(),
      )
      .optional(),
    /**
     * Supplier invoice payments: the tax withheld at source (BRS). Absent: the supplier's withholding rate
     * of the amount (none when it has no rate); '0' to withhold nothing.
     */
    withholding: z
      .preprocess((v) => (v === null || v === '' ? undefined : v), z.union([text(), z.number()]).pipe(moneySchema).optional())
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.method && !v.treasuryAccountId) ctx.addIssue({ code: 'custom', path: ['method'], message: MESSAGES_PAYMENT.treasuryRequired });
    if (v.type === 'invoice_payment' && !v.invoiceId)
      ctx.addIssue({ code: 'custom', path: ['invoiceId'], message: MESSAGES_PAYMENT.invoiceRequired });
    if (v.type === 'loan_payment' && !v.loanPaymentId)
      ctx.addIssue({ code: 'custom', path: ['loanPaymentId'], message: MESSAGES_PAYMENT.loanPaymentRequired });
  });
export type PaymentInput = z.input<typeof paymentInputSchema>;

export interface Payment {
  id: string;
  type: PaymentType;
  invoiceId: string | null;
  invoice: { id: string; number: string } | null;
  loanPaymentId: string | null;
  amount: string;
  /** The VAT the client withheld (part of `amount`, not received): '0.00' when none. */
  vatWithheld: string;
  /** The tax withheld at source on a supplier payment (part of `amount`, paid to the State): '0.00' when none. */
  withholding: string;
  date: string;
  method: PaymentMethod;
  /** The treasury account it went through (null for payments recorded before treasury accounts). */
  treasuryAccountId: string | null;
  reference: string | null;
  notes: string | null;
  status: 'completed' | 'pending';
  accountId: string | null;
  entryId: string | null;
  companyId: string;
  /** Who recorded it (identity user id; null when unknown). */
  createdBy?: string | null;
  createdAt: string;
}

export const paymentListQuerySchema = z.object({
  ...pageQueryFields(25),
});
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;

/** GET /api/companies/:id/payments: newest first, one page. */
export interface PaymentListResponse {
  items: Payment[];
  page: number;
  pageSize: number;
  totalItems: number;
}
