import { z } from 'zod';
import { ISO_DATE_PATTERN, isValidIban, normalizeIban } from '@xaalis/domain';
import type { Journal } from './entries';
import { nullableText, pageQueryFields, requiredText, type Paged } from './fields';
import type { PaymentMethod } from './invoices';
import { moneySchema } from './money';
import { text } from './text';

/**
 * Treasury accounts (issue 28): a company's bank accounts, mobile-money wallets,
 * cash boxes and its cheques-to-cash account, each on its own SYSCOHADA
 * sub-account and in its own journal. The first account of each kind is the
 * one the payment methods always used (521/BQ, 552/MM, 571/CA, 513/BQ); the
 * next ones get 5211/BQ2, 5212/BQ3…, 5521/MM2…, 5711/CA2…
 */

export const TREASURY_ACCOUNT_KINDS = ['bank', 'mobile_money', 'cash', 'cheques'] as const;
export type TreasuryAccountKindName = (typeof TREASURY_ACCOUNT_KINDS)[number];
export const TREASURY_ACCOUNT_KIND_LABELS: Record<TreasuryAccountKindName, string> = {
  bank: 'Compte bancaire',
  mobile_money: 'Portefeuille mobile money',
  cash: 'Caisse',
  cheques: 'Chèques à encaisser',
};

export const MOBILE_MONEY_PROVIDERS = ['wave', 'orange_money', 'free_money', 'other'] as const;
export type MobileMoneyProvider = (typeof MOBILE_MONEY_PROVIDERS)[number];
export const MOBILE_MONEY_PROVIDER_LABELS: Record<MobileMoneyProvider, string> = {
  wave: 'Wave',
  orange_money: 'Orange Money',
  free_money: 'Free Money',
  other: 'Autre',
};

/** Per kind: the account of its first (default) treasury account, the prefix of the next ones' sub-accounts, its journal. */
export const TREASURY_KIND_LEDGER: Record<
  TreasuryAccountKindName,
  { account: string; prefix: string | null; journal: 'BQ' | 'MM' | 'CA' }
> = {
  bank: { account: '521', prefix: '521', journal: 'BQ' },
  mobile_money: { account: '552', prefix: '552', journal: 'MM' },
  cash: { account: '571', prefix: '571', journal: 'CA' },
  // One cheques-to-cash account: cheques of every bank wait there.
  cheques: { account: '513', prefix: null, journal: 'BQ' },
};

/** The names the default accounts get (a company renames them as it likes). */
export const DEFAULT_TREASURY_NAMES: Record<TreasuryAccountKindName, string> = {
  bank: 'Banque',
  mobile_money: 'Orange Money',
  cash: 'Caisse',
  cheques: 'Chèques à encaisser',
};

/** The payment method a treasury account's kind stands for (payments keep their method). */
export const TREASURY_KIND_METHOD: Record<TreasuryAccountKindName, PaymentMethod> = {
  bank: 'bank',
  mobile_money: 'orange',
  cash: 'cash',
  cheques: 'check',
};
/** The kind of the default treasury account of a payment method (the API's `method`). */
export const METHOD_TREASURY_KIND: Record<PaymentMethod, TreasuryAccountKindName> = {
  bank: 'bank',
  orange: 'mobile_money',
  cash: 'cash',
  check: 'cheques',
};

export const MESSAGES_TREASURY_ACCOUNT = {
  kindInvalid: 'Type de compte invalide (bank, mobile_money, cash ou cheques)',
  nameRequired: 'Nom du compte requis',
  providerInvalid: 'Opérateur invalide (wave, orange_money, free_money ou other)',
  providerRequired: "Choisissez l'opérateur du portefeuille",
  ibanInvalid: 'IBAN invalide : vérifiez sa clé (SN suivi de 26 caractères pour un compte au Sénégal)',
  bankOnly: "L'IBAN et la banque ne concernent qu'un compte bancaire",
  walletOnly: "L'opérateur et le numéro ne concernent qu'un portefeuille mobile money",
  walletNumberInvalid: 'Numéro de portefeuille invalide (chiffres, espaces et + seulement)',
  chequesExists: 'Le compte de chèques à encaisser existe déjà : il reçoit les chèques de toutes les banques',
  tooMany: 'Trop de comptes de ce type (99 au plus)',
  notFound: 'Compte de trésorerie introuvable',
  created: 'Compte de trésorerie créé',
  // Transfers
  sameAccount: 'Choisissez deux comptes différents',
  fromRequired: 'Compte de départ requis',
  toRequired: "Compte d'arrivée requis",
  amountRequired: 'Montant requis',
  amountPositive: 'Le montant doit être supérieur à zéro',
  dateRequired: 'Date requise',
  transferred: 'Virement interne enregistré',
  transferDescription: (from: string, to: string) => `Virement de fonds : ${from} → ${to}`,
} as const;

const optionalText = (max: number) => nullableText(max).optional();

/** `POST /api/companies/:id/treasury-accounts`. */
export const treasuryAccountInputSchema = z
  .object({
    kind: z.enum(TREASURY_ACCOUNT_KINDS, { error: MESSAGES_TREASURY_ACCOUNT.kindInvalid }),
    name: requiredText(MESSAGES_TREASURY_ACCOUNT.nameRequired, 100),
    bankName: optionalText(100),
    accountHolder: optionalText(100),
    iban: optionalText(40).transform((v) => (v ? normalizeIban(v) : v)),
    provider: z.enum(MOBILE_MONEY_PROVIDERS, { error: MESSAGES_TREASURY_ACCOUNT.providerInvalid }).nullish(),
    walletNumber: optionalText(30),
  })
  .superRefine((v, ctx) => {
    if (v.iban && !isValidIban(v.iban)) ctx.addIssue({ code: 'custom', path: ['iban'], message: MESSAGES_TREASURY_ACCOUNT.ibanInvalid });
    if (v.kind !== 'bank' && (v.iban || v.bankName))
      ctx.addIssue({ code: 'custom', path: [v.iban ? 'iban' : 'bankName'], message: MESSAGES_TREASURY_ACCOUNT.bankOnly });
    if (v.kind !== 'mobile_money' && (v.provider || v.walletNumber))
      ctx.addIssue({ code: 'custom', path: [v.provider ? 'provider' : 'walletNumber'], message: MESSAGES_TREASURY_ACCOUNT.walletOnly });
    if (v.kind === 'mobile_money' && !v.provider)
      ctx.addIssue({ code: 'custom', path: ['provider'], message: MESSAGES_TREASURY_ACCOUNT.providerRequired });
    if (v.walletNumber && !/^\+?[\d ]{6,20}$/.test(v.walletNumber))
      ctx.addIssue({ code: 'custom', path: ['walletNumber'], message: MESSAGES_TREASURY_ACCOUNT.walletNumberInvalid });
  });
export type TreasuryAccountInput = z.input<typeof treasuryAccountInputSchema>;

export interface TreasuryAccount {
  id: string;
  kind: TreasuryAccountKindName;
  name: string;
  /** Its account in the chart (521, 5211…) and that account's id. */
  accountCode: string;
  accountId: string;
  journal: Journal;
  /** Ledger balance today (debit − credit). */
  balance: string;
  bankName: string | null;
  accountHolder: string | null;
  iban: string | null;
  provider: MobileMoneyProvider | null;
  walletNumber: string | null;
  currency: 'XOF';
  /** The first account of its kind: the one a payment `method` designates. */
  isDefault: boolean;
  /** The latest confirmed statement's end date and closing balance (null: no statement yet). */
  lastStatementDate: string | null;
  lastStatementBalance: string | null;
  /** Statement lines not yet reconciled, and ledger lines (validated) not yet reconciled. */
  unmatchedStatementLines: number;
  unmatchedLedgerLines: number;
}

/** `GET /api/companies/:id/treasury-accounts?page=&pageSize=`: defaults first, then by kind and creation. */
export const treasuryAccountListQuerySchema = z.object({ ...pageQueryFields(50) });
export type TreasuryAccountList = Paged<TreasuryAccount>;

/** `POST /api/companies/:id/treasury-transfers`: money moved between two of the company's treasury accounts. */
export const treasuryTransferInputSchema = z
  .object({
    fromAccountId: z.uuid({ error: MESSAGES_TREASURY_ACCOUNT.fromRequired }),
    toAccountId: z.uuid({ error: MESSAGES_TREASURY_ACCOUNT.toRequired }),
    amount: z
      .union([text(), z.number()], { error: MESSAGES_TREASURY_ACCOUNT.amountRequired })
      .refine((v) => String(v).trim() !== '', { error: MESSAGES_TREASURY_ACCOUNT.amountRequired })
      .pipe(moneySchema)
      .refine((v) => !v.startsWith('-') && v !== '0.00', { error: MESSAGES_TREASURY_ACCOUNT.amountPositive }),
    date: text({ error: MESSAGES_TREASURY_ACCOUNT.dateRequired }).regex(ISO_DATE_PATTERN, {
      error: MESSAGES_TREASURY_ACCOUNT.dateRequired,
    }),
    reference: optionalText(100),
  })
  .refine((v) => v.fromAccountId !== v.toAccountId, { path: ['toAccountId'], message: MESSAGES_TREASURY_ACCOUNT.sameAccount });
export type TreasuryTransferInput = z.input<typeof treasuryTransferInputSchema>;

export interface TreasuryTransfer {
  id: string;
  fromAccountId: string;
  toAccountId: string;
  amount: string;
  date: string;
  reference: string | null;
  /** The two legs through 585 Virements de fonds: out of the first account, into the second. */
  outEntryId: string;
  outEntryNumber: string;
  inEntryId: string;
  inEntryNumber: string;
}
