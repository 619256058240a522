import { z } from 'zod';
import { MAX_LOAN_INSTALMENTS, PAYMENT_FREQUENCIES, isCalendarDate, loanDueDates, sum, type PaymentFrequency } from '@xaalis/domain';
import { moneySchema } from './money';
import { text } from './text';
import { PERCENT_PATTERN, optionalUuid, pagedListQuerySchema, requiredText, type Paged } from './fields';
import type { PaymentMethod } from './invoices';

export const LOAN_STATUSES = ['active', 'completed', 'defaulted'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];
export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = { active: 'Actif', completed: 'Terminé', defaulted: 'En défaut' };

export const LOAN_PAYMENT_STATUSES = ['pending', 'paid', 'overdue'] as const;
export type LoanPaymentStatus = (typeof LOAN_PAYMENT_STATUSES)[number];
export const LOAN_PAYMENT_STATUS_LABELS: Record<LoanPaymentStatus, string> = { pending: 'En attente', paid: 'Payé', overdue: 'En retard' };
/** Instalments that can still be paid: pending ones, and overdue ones (late, still owed). */
export const isPayableInstalment = (status: LoanPaymentStatus): boolean => status !== 'paid';

export { FREQUENCY_MONTHS, MAX_LOAN_INSTALMENTS, PAYMENT_FREQUENCIES, PERIODS_PER_YEAR, type PaymentFrequency } from '@xaalis/domain';
export const PAYMENT_FREQUENCY_LABELS: Record<PaymentFrequency, string> = {
  monthly: 'Mensuelle',
  quarterly: 'Trimestrielle',
  yearly: 'Annuelle',
};

/** Accounts of a loan instalment's posting (DESIGN.md §6): D 162 principal + D 6712 interest / C treasury. */
export const LOAN_ACCOUNTS = { principal: '162', interest: '6712' } as const;

/** Where the borrowed funds are received (D this account / C 162), and the journal of that receipt. */
export const LOAN_TREASURY_ACCOUNTS = ['521', '552', '571'] as const;
export type LoanTreasuryAccount = (typeof LOAN_TREASURY_ACCOUNTS)[number];
export const LOAN_TREASURY_JOURNALS: Record<LoanTreasuryAccount, 'BQ' | 'MM' | 'CA'> = { '521': 'BQ', '552': 'MM', '571': 'CA' };
export const LOAN_TREASURY_LABELS: Record<LoanTreasuryAccount, string> = {
  '521': '521 — Banque',
  '552': '552 — Orange Money',
  '571': '571 — Caisse',
};

export const MESSAGES_LOAN = {
  lenderRequired: 'Prêteur requis',
  amountRequired: 'Montant requis',
  amountPositive: 'Le montant doit être supérieur à zéro',
  interestRateRequired: "Taux d'intérêt requis",
  interestRateInvalid: "Le taux d'intérêt doit être compris entre 0 et 100 % (au plus deux décimales)",
  startDateRequired: 'Date de début requise',
  endDateRequired: 'Date de fin requise',
  endBeforeStart: 'La date de fin ne peut pas précéder la date de début',
  periodTooShort: 'La période doit couvrir au moins une échéance (un mois, un trimestre ou un an selon la périodicité)',
  tooManyInstalments: `Au plus ${MAX_LOAN_INSTALMENTS} échéances par emprunt`,
  frequencyInvalid: 'Périodicité invalide',
  treasuryAccountInvalid: 'Compte de trésorerie invalide (521, 552 ou 571)',
  /** The schedule cannot be built in whole francs (an amount too small for so many instalments). */
  amountTooSmall: "Montant trop faible pour le nombre d'échéances",
  notFound: 'Emprunt introuvable',
  created: 'Emprunt créé avec succès',
  createError: "Erreur lors de la création de l'emprunt",
  empty: 'Aucun emprunt enregistré',
  emptyFiltered: 'Aucun emprunt trouvé avec ces critères',
  emptySchedule: 'Aucun échéancier disponible',
  paid: 'Échéance payée avec succès',
  alreadyPaid: 'Cette échéance est déjà payée',
  paymentBeforeStart: "La date du paiement ne peut pas précéder le début de l'emprunt",
} as const;

/** `POST /api/companies/:companyId/loans` (spec §7). `remainingBalance` is accepted and ignored: a new loan owes its amount. */
export const loanInputSchema = z
  .object({
    lender: requiredText(MESSAGES_LOAN.lenderRequired, 255),
    amount: z
      .union([text(), z.number()], { error: MESSAGES_LOAN.amountRequired })
      .refine((v) => String(v).trim() !== '', { error: MESSAGES_LOAN.amountRequired, abort: true })
      .pipe(moneySchema)
      .refine((v) => v !== '0.00', { error: MESSAGES_LOAN.amountPositive }),
    interestRate: z
      .union([text(), z.number()], { error: MESSAGES_LOAN.interestRateRequired })
      .transform((v) => String(v).trim())
      .refine((v) => v !== '', { error: MESSAGES_LOAN.interestRateRequired, abort: true })
      .refine((v) => PERCENT_PATTERN.test(v) && Number(v) <= 100, { error: MESSAGES_LOAN.interestRateInvalid })
      .transform((v) => {
        const [i, f = ''] = v.split('.');
        return `${Number(i)}.${f.padEnd(2, '0')}`;
      }),
    startDate: text({ error: MESSAGES_LOAN.startDateRequired }).refine(isCalendarDate, { error: MESSAGES_LOAN.startDateRequired }),
    endDate: text({ error: MESSAGES_LOAN.endDateRequired }).refine(isCalendarDate, { error: MESSAGES_LOAN.endDateRequired }),
    paymentFrequency: z.enum(PAYMENT_FREQUENCIES, { error: MESSAGES_LOAN.frequencyInvalid }).default('monthly'),
    treasuryAccount: z.enum(LOAN_TREASURY_ACCOUNTS, { error: MESSAGES_LOAN.treasuryAccountInvalid }).default('521'),
    /** Any bank account, wallet or cash box of the company (issue 28); replaces `treasuryAccount`, its kind's default account. */
    treasuryAccountId: optionalUuid(),
    remainingBalance: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (!isCalendarDate(v.startDate) || !isCalendarDate(v.endDate)) return;
    if (v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGES_LOAN.endBeforeStart });
      return;
    }
    const n = loanDueDates(v.startDate, v.endDate, v.paymentFrequency).length;
    if (n < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGES_LOAN.periodTooShort });
    else if (n > MAX_LOAN_INSTALMENTS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGES_LOAN.tooManyInstalments });
  });
export type LoanInput = z.input<typeof loanInputSchema>;
export type LoanValues = z.output<typeof loanInputSchema>;

/** One instalment of a loan's schedule (`accounting.loan_payments`). */
export interface LoanPayment {
  id: string;
  loanId: string;
  dueDate: string;
  principalAmount: string;
  interestAmount: string;
  totalAmount: string;
  paymentDate: string | null;
  paymentMethod: PaymentMethod | null;
  status: LoanPaymentStatus;
}

/** GET /api/companies/:id/loans, GET /api/loans/:id, POST answers: each loan with its schedule (`payments`, by due date). */
export interface Loan {
  id: string;
  lender: string;
  amount: string;
  interestRate: string;
  startDate: string;
  endDate: string;
  paymentFrequency: PaymentFrequency;
  remainingBalance: string;
  status: LoanStatus;
  /** Where the funds were received (D this account / C 162); 521 for loans recorded before the choice existed. */
  treasuryAccount?: LoanTreasuryAccount;
  /** The treasury account the funds were received on (null for loans recorded before treasury accounts). */
  treasuryAccountId?: string | null;
  /** The posting of the funds received; null for loans recorded before loans posted. */
  entryId?: string | null;
  companyId: string;
  createdAt: string;
  updatedAt: string;
  payments: LoanPayment[];
}

/** GET /api/loans/:id/schedule: the instalments and their totals. */
export interface LoanSchedule {
  loanId: string;
  payments: LoanPayment[];
  totals: { principal: string; interest: string; total: string; paid: string; remaining: string };
}

/** The four figures of the Emprunts page (spec 02 §2): count, borrowed capital, remaining balance, active loans. Exact (cents). */
export interface LoanTotals {
  count: number;
  borrowed: string;
  remaining: string;
  active: number;
}

export function loanTotals(loans: Pick<Loan, 'amount' | 'remainingBalance' | 'status'>[]): LoanTotals {
  return {
    count: loans.length,
    borrowed: sum(loans.map((l) => l.amount)),
    remaining: sum(loans.map((l) => l.remainingBalance)),
    active: loans.filter((l) => l.status === 'active').length,
  };
}

/**
 * `mark-overdue-loan-payments`: the daily sweep of every company. `today` (Dakar
 * date) defaults to the day the job runs; `companyId` limits a manual run to one company.
 */
export const markOverdueJobSchema = z.object({ today: z.iso.date().optional(), companyId: z.uuid().optional() }).default({});
export type MarkOverdueJob = z.input<typeof markOverdueJobSchema>;

/**
 * GET /api/companies/:id/loans?page=&pageSize=&search=&status=&payable=: newest start first,
 * each with its schedule; `search` in the lender, `payable=true` the loans with an instalment
 * still to pay (the payment dialog).
 */
export const loanListQuerySchema = pagedListQuerySchema(25, {
  status: z.enum(LOAN_STATUSES).optional(),
  payable: z.enum(['true', 'false']).optional(),
});
export type LoanListQuery = z.input<typeof loanListQuerySchema>;

/** One page of loans; `totals` are the page's four figures over the whole company. */
export interface LoanListResponse extends Paged<Loan> {
  totals: LoanTotals;
}
