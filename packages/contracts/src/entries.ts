import { z } from 'zod';
import { ISO_DATE_PATTERN, compare, fitsMoney, sum } from '@xaalis/domain';
import { MESSAGES_MONEY, moneySchema } from './money';
import { text } from './text';
import { nullableText, pageQueryFields, requiredText, searchText } from './fields';
import type { DocumentTrail } from './audit';

/** Journals of the ledger (DESIGN.md §6). Manual entries default to OD; AN holds opening balances (imports). */
export const JOURNALS = ['VT', 'AC', 'BQ', 'CA', 'MM', 'OD', 'PA', 'AN'] as const;
/** The journals every company has. */
export type StandardJournal = (typeof JOURNALS)[number];
/**
 * The own journal of a treasury account after the first of its kind (issue 28): BQ2, BQ3… for
 * banks, MM2… for wallets, CA2… for cash boxes. Each company's journals are rows of
 * accounting.journals, which the entries reference.
 */
export type TreasuryJournal = `${'BQ' | 'CA' | 'MM'}${number}`;
export type Journal = StandardJournal | TreasuryJournal;
export const TREASURY_JOURNAL_PATTERN = /^(BQ|CA|MM)([2-9]|[1-9]\d)$/;
export const isJournal = (value: string): value is Journal =>
  (JOURNALS as readonly string[]).includes(value) || TREASURY_JOURNAL_PATTERN.test(value);
export const JOURNAL_LABELS: Record<StandardJournal, string> = {
  VT: 'Ventes',
  AC: 'Achats',
  BQ: 'Banque',
  CA: 'Caisse',
  MM: 'Mobile Money',
  OD: 'Opérations diverses',
  PA: 'Paie',
  AN: 'À-nouveaux',
};
/** The label of any journal: a treasury journal is named after its kind and rank ('Banque 2'). */
export function journalLabel(journal: string): string {
  if ((JOURNALS as readonly string[]).includes(journal)) return JOURNAL_LABELS[journal as StandardJournal];
  const m = TREASURY_JOURNAL_PATTERN.exec(journal);
  return m ? `${JOURNAL_LABELS[m[1] as StandardJournal]} ${m[2]}` : journal;
}

export const ENTRY_STATUSES = ['draft', 'validated', 'cancelled'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
export const ENTRY_STATUS_LABELS: Record<EntryStatus, string> = {
  draft: 'Brouillon',
  validated: 'Validée',
  cancelled: 'Annulée',
};

export const MESSAGES_ENTRY = {
  numberRequired: 'Numéro requis',
  dateRequired: 'Date requise',
  descriptionRequired: 'Description requise',
  twoLines: 'Au moins deux lignes requises',
  accountRequired: 'Compte requis',
  lineDescriptionRequired: 'Description requise',
  debitAndCredit: 'Une ligne ne peut pas porter à la fois un débit et un crédit',
  lineAmountRequired: 'Chaque ligne doit porter un débit ou un crédit',
  unbalanced: "L'écriture n'est pas équilibrée (Débit ≠ Crédit)",
  duplicateNumber: 'Ce numéro d’écriture existe déjà',
  accountNotFound: 'Compte introuvable pour cette entreprise',
  thirdPartyNotFound: 'Tiers introuvable pour cette entreprise',
  notDraft: 'Seule une écriture en brouillon peut être modifiée ou validée',
  notValidated: 'Seule une écriture validée peut être annulée',
  reversalNotCancellable: 'Une contre-passation ne peut pas être annulée',
  balanced: 'Équilibrée',
  unbalancedBadge: 'Déséquilibrée',
  empty: 'Aucune écriture comptable enregistrée',
  created: 'Écriture comptable créée avec succès',
  updated: 'Écriture modifiée avec succès',
  validated: 'Écriture validée avec succès',
  cancelled: 'Écriture annulée : contre-passation créée',
  createError: "Erreur lors de la création de l'écriture",
  updateError: "Erreur lors de la modification de l'écriture",
  validateError: "Erreur lors de la validation de l'écriture",
  cancelError: "Erreur lors de l'annulation de l'écriture",
  journalInvalid: 'Journal inconnu',
  deleteConfirmTitle: (number: string) => `Supprimer le brouillon ${number} ?`,
  deleteConfirmText: "Ce brouillon n'a jamais été passé au grand livre : il est supprimé avec ses lignes. Cette action est irréversible.",
  deleted: 'Brouillon supprimé',
  deleteError: "Erreur lors de la suppression de l'écriture",
} as const;

const DATE = ISO_DATE_PATTERN;

/** A journal code: a standard journal or a treasury account's own (that it exists in the company is the database's check). */
export const journalSchema = z.custom<Journal>((v) => typeof v === 'string' && isJournal(v), { error: MESSAGES_ENTRY.journalInvalid });

export const entryLineInputSchema = z.object({
  accountId: z.uuid({ error: MESSAGES_ENTRY.accountRequired }),
  description: requiredText(MESSAGES_ENTRY.lineDescriptionRequired, 255),
  debit: moneySchema.default('0.00'),
  credit: moneySchema.default('0.00'),
  thirdPartyId: z.uuid().optional().nullable(),
});
export type EntryLineInput = z.input<typeof entryLineInputSchema>;

/** Sum of debits and credits of lines, exactly. */
export function entryTotals(lines: { debit?: string | null; credit?: string | null }[]): {
  debit: string;
  credit: string;
  balanced: boolean;
} {
  const debit = sum(lines.map((l) => l.debit || '0'));
  const credit = sum(lines.map((l) => l.credit || '0'));
  // The specification's tolerance is "less than 0.01": with two decimals, that is equality.
  return { debit, credit, balanced: debit === credit };
}

/**
 * The journal-entry payload of `POST /api/companies/:id/accounting-entries` and
 * `PUT /api/accounting-entries/:id`: `{entry, lines}`. `entry.total` is
 * recomputed by the server (sum of debits) and ignored when it differs.
 */
export const entryInputSchema = z
  .object({
    entry: z.object({
      number: requiredText(MESSAGES_ENTRY.numberRequired, 40),
      journal: journalSchema.default('OD'),
      date: text({ error: MESSAGES_ENTRY.dateRequired }).regex(DATE, { error: MESSAGES_ENTRY.dateRequired }),
      description: requiredText(MESSAGES_ENTRY.descriptionRequired, 500),
      reference: nullableText(100),
      total: z.unknown().optional(),
    }),
    lines: z.array(entryLineInputSchema, { error: MESSAGES_ENTRY.twoLines }).min(2, { error: MESSAGES_ENTRY.twoLines }).max(500),
  })
  .superRefine((value, ctx) => {
    value.lines.forEach((line, i) => {
      const d = compare(line.debit, 0);
      const c = compare(line.credit, 0);
      if (d > 0 && c > 0) ctx.addIssue({ code: 'custom', path: ['lines', i, 'debit'], message: MESSAGES_ENTRY.debitAndCredit });
      if (d === 0 && c === 0) ctx.addIssue({ code: 'custom', path: ['lines', i, 'debit'], message: MESSAGES_ENTRY.lineAmountRequired });
    });
    const totals = entryTotals(value.lines);
    if (!totals.balanced) ctx.addIssue({ code: 'custom', path: ['lines'], message: MESSAGES_ENTRY.unbalanced });
    // The entry's total (sum of debits) is a numeric(15,2) too.
    if (!fitsMoney(totals.debit) || !fitsMoney(totals.credit))
      ctx.addIssue({ code: 'custom', path: ['lines'], message: MESSAGES_MONEY.totalTooLarge });
  });
export type EntryInput = z.input<typeof entryInputSchema>;

export interface EntryLine {
  id: string;
  accountId: string;
  account: { id: string; code: string; name: string };
  description: string;
  debit: string;
  credit: string;
  thirdPartyId: string | null;
  /** Its lettering code (AA, AB…; lower case while the lettering is partial), null when not lettered. */
  letteringCode?: string | null;
}

export interface AccountingEntry extends DocumentTrail {
  id: string;
  number: string;
  journal: Journal;
  date: string;
  description: string;
  reference: string | null;
  status: EntryStatus;
  total: string;
  companyId: string;
  /** Set on a reversal entry: the entry it cancels. */
  reversalOfId: string | null;
  /** Set on a cancelled entry: its reversal. */
  reversedById: string | null;
  /** The business document an automatic posting comes from (`invoice`, `payment`…), null for manual entries. */
  sourceType?: string | null;
  sourceId?: string | null;
  /** Always present on an entry (null until validated). */
  validatedAt: string | null;
  lines?: EntryLine[];
}

export const entryListQuerySchema = z.object({
  ...pageQueryFields(25),
  status: z.enum(ENTRY_STATUSES).optional(),
  journal: journalSchema.optional(),
  search: searchText(),
});
export type EntryListQuery = z.input<typeof entryListQuerySchema>;

/** GET /api/companies/:id/accounting-entries: one page plus the counters of the whole company. */
export interface EntryListResponse {
  items: AccountingEntry[];
  page: number;
  pageSize: number;
  /** Rows matching the filters (for pagination). */
  totalItems: number;
  counters: { total: number; validated: number; draft: number; cancelled: number; totalAmount: string };
}

/** GET /api/companies/:id/accounting-entries/next-number?journal=OD&date=YYYY-MM-DD */
export interface NextEntryNumber {
  number: string;
}

/** `VT-2026-00001`: journal, year, five-digit sequence. */
export const formatEntryNumber = (journal: Journal, year: number, seq: number) => `${journal}-${year}-${String(seq).padStart(5, '0')}`;
export const ENTRY_NUMBER_PATTERN = /^(VT|AC|OD|PA|AN|(?:BQ|CA|MM)(?:[2-9]|[1-9]\d)?)-(\d{4})-(\d{5,})$/;

/** Query of GET /api/companies/:id/accounting-entries/next-number (date defaults to today, Dakar = UTC). */
export const nextEntryNumberQuerySchema = z.object({
  journal: journalSchema.default('OD'),
  date: text().regex(DATE, { error: MESSAGES_ENTRY.dateRequired }).optional(),
});
export type NextEntryNumberQuery = z.input<typeof nextEntryNumberQuerySchema>;

/** POST /api/accounting-entries/:id/cancel: the cancelled entry and its reversal (contre-passation). */
export interface EntryCancellation {
  entry: AccountingEntry;
  reversal: AccountingEntry;
}
