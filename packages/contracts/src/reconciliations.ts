import { z } from 'zod';
import { ISO_DATE_PATTERN, isCalendarDate } from '@xaalis/domain';
import { pageQueryFields, requiredText, type Paged } from './fields';
import type { MatchLinesPage, StatementLine } from './bank-statements';
import type { Journal } from './entries';
import { text } from './text';

/**
 * Bank and mobile-money reconciliation (issue 28): statement lines tied to the
 * ledger lines of the treasury account they report, the automatic matching
 * job, the entries created from a statement line, the company's labelling
 * rules and the état de rapprochement.
 */

export const MESSAGES_RECONCILIATION = {
  linesRequired: 'Choisissez au moins une ligne de relevé et une ligne du grand livre',
  tooManyLines: 'Au plus 500 lignes de chaque côté',
  sumsDiffer: (statement: string, ledger: string) => `Les montants ne sont pas égaux : relevé ${statement}, grand livre ${ledger}`,
  alreadyMatched: 'Une des lignes choisies est déjà rapprochée',
  otherAccount: 'Les lignes choisies ne concernent pas le même compte de trésorerie',
  notLedgerLine: "Une des lignes choisies n'est pas une ligne validée de ce compte de trésorerie",
  notFound: 'Rapprochement introuvable',
  lineNotFound: 'Ligne introuvable',
  created: 'Lignes rapprochées',
  deleted: 'Rapprochement annulé',
  closedYear: 'Ce rapprochement porte sur un exercice clôturé : il ne peut plus être annulé',
  entryReconciled: 'Cette écriture est rapprochée avec un relevé : annulez d’abord le rapprochement',
  // Automatic matching
  windowInvalid: 'Fenêtre de dates invalide (0 à 31 jours)',
  jobNotFound: 'Rapprochement automatique introuvable',
  jobFailed: 'Le rapprochement automatique a échoué : relancez-le',
  autoDone: (n: number) => `${n.toLocaleString('fr-FR')} ligne${n > 1 ? 's' : ''} rapprochée${n > 1 ? 's' : ''} automatiquement`,
  // Create from a statement line
  kindInvalid: 'Type invalide (fee, transfer, payment ou entry)',
  accountRequired: 'Compte requis',
  accountUnknown: (code: string) => `Compte ${code} inconnu`,
  accountTreasury: 'Choisissez un compte hors trésorerie : pour un virement, choisissez « Virement »',
  feeNotOut: "Des frais sont une sortie d'argent : cette ligne est une entrée",
  toAccountRequired: 'Compte de trésorerie de destination requis',
  invoiceRequired: 'Facture requise : aucune facture ouverte ne correspond au montant ou à la référence',
  invoiceNotFound: 'Facture introuvable',
  invoiceDirection: "Le sens de l'opération ne correspond pas à la facture (un encaissement règle une vente, un décaissement un achat)",
  lineAlreadyMatched: 'Cette ligne de relevé est déjà rapprochée',
  entryCreated: 'Écriture créée et rapprochée',
  feeDescription: (label: string) => `Frais bancaires — ${label}`,
  // Rules
  ruleContainsRequired: 'Texte à rechercher requis',
  ruleAccountRequired: 'Compte requis',
  ruleNotFound: 'Règle introuvable',
  // État de rapprochement
  dateRequired: 'Date requise (AAAA-MM-JJ)',
  formatInvalid: 'Format invalide (pdf ou xlsx)',
  ties: 'Le rapprochement est équilibré',
  doesNotTie: (difference: string) => `Le rapprochement ne tombe pas juste : écart de ${difference}`,
} as const;

const MAX_LINES = 500;
const idList = z
  .array(z.uuid({ error: MESSAGES_RECONCILIATION.lineNotFound }), { error: MESSAGES_RECONCILIATION.linesRequired })
  .min(1, { error: MESSAGES_RECONCILIATION.linesRequired })
  .max(MAX_LINES, { error: MESSAGES_RECONCILIATION.tooManyLines })
  .transform((ids) => [...new Set(ids)]);

/** `POST /api/companies/:id/reconciliations`: statement lines tied to ledger lines of equal sum. */
export const reconciliationInputSchema = z.object({ statementLineIds: idList, entryLineIds: idList });
export type ReconciliationInput = z.input<typeof reconciliationInputSchema>;

export interface Reconciliation {
  id: string;
  treasuryAccountId: string;
  statementLineIds: string[];
  entryLineIds: string[];
  /** Σ of either side (signed: positive = money in). */
  amount: string;
  auto: boolean;
  createdAt: string;
}

/** A ledger line of a treasury account, as the matching screen shows it. `amount` = debit − credit. */
export interface LedgerLine {
  id: string;
  entryId: string;
  entryNumber: string;
  journal: Journal;
  date: string;
  label: string;
  reference: string | null;
  amount: string;
  matched: boolean;
  reconciliationId: string | null;
}

export type StatementLinesPage = MatchLinesPage<StatementLine>;
export type LedgerLinesPage = MatchLinesPage<LedgerLine>;

/** Default date window of the automatic matching (days either side). */
export const AUTO_MATCH_WINDOW_DAYS = 5;

/** `POST …/treasury-accounts/:accountId/auto-match` → 202 `{jobId}`. */
export const autoMatchInputSchema = z.object({
  windowDays: z.coerce.number({ error: MESSAGES_RECONCILIATION.windowInvalid }).int().min(0).max(31).default(AUTO_MATCH_WINDOW_DAYS),
});
export interface AutoMatchStarted {
  jobId: string;
}
/** `GET …/auto-match/:jobId`: `done` of `total` statement lines examined, `matched` statement lines matched. */
export interface AutoMatchStatus {
  state: 'queued' | 'running' | 'completed' | 'failed';
  done: number;
  total: number;
  matched: number;
  /** Statement lines with several equally good candidates: proposed, left for the user. */
  ambiguous: number;
  error?: string;
}

/** `AutoMatchJob`: the job's data (jobId `auto-match-<companyId>-<accountId>-<n>`). */
export interface AutoMatchJob {
  companyId: string;
  treasuryAccountId: string;
  windowDays: number;
  userId: string | null;
}

export const CREATE_FROM_LINE_KINDS = ['fee', 'transfer', 'payment', 'entry'] as const;
export type CreateFromLineKind = (typeof CREATE_FROM_LINE_KINDS)[number];

/** `POST /api/companies/:id/statement-lines/:lineId/create-entry`. */
export const createFromLineSchema = z.object({
  kind: z.enum(CREATE_FROM_LINE_KINDS, { error: MESSAGES_RECONCILIATION.kindInvalid }),
  accountCode: text()
    .trim()
    .regex(/^\d{2,12}$/, { error: MESSAGES_RECONCILIATION.accountRequired })
    .optional()
    .nullable(),
  invoiceId: z.uuid({ error: MESSAGES_RECONCILIATION.invoiceNotFound }).optional().nullable(),
  toAccountId: z.uuid({ error: MESSAGES_RECONCILIATION.toAccountRequired }).optional().nullable(),
  label: text().trim().max(255).optional().nullable(),
});
export type CreateFromLineInput = z.input<typeof createFromLineSchema>;

/** 201: what was created, already matched to the statement line. */
export interface CreatedFromLine {
  kind: CreateFromLineKind;
  entryId: string;
  entryNumber: string;
  paymentId: string | null;
  transferId: string | null;
  reconciliationId: string;
}

/** An open invoice a statement line may settle (amount or reference), for the "Paiement" choice. */
export interface InvoiceCandidate {
  id: string;
  number: string;
  type: 'sale' | 'purchase';
  thirdPartyName: string | null;
  date: string;
  remaining: string;
}

/** `GET /api/companies/:id/statement-lines/:lineId/candidates`: what the line may match or settle. */
export interface StatementLineCandidates {
  line: StatementLine;
  /** Unmatched ledger lines of the account of the same amount, nearest date and matching reference first. */
  ledgerLines: LedgerLine[];
  invoices: InvoiceCandidate[];
}

/** `GET/POST /api/companies/:id/statement-rules`, `PUT/DELETE …/:ruleId`: "libellé contient X → compte Y". */
export const statementRuleInputSchema = z.object({
  contains: requiredText(MESSAGES_RECONCILIATION.ruleContainsRequired, 100),
  accountCode: text({ error: MESSAGES_RECONCILIATION.ruleAccountRequired })
    .trim()
    .regex(/^\d{2,12}$/, { error: MESSAGES_RECONCILIATION.ruleAccountRequired }),
});
export type StatementRuleInput = z.input<typeof statementRuleInputSchema>;
/** `GET /api/companies/:id/statement-rules?page=&pageSize=`: by text. */
export const statementRuleListQuerySchema = z.object({ ...pageQueryFields(100) });
export type StatementRuleList = Paged<StatementRule>;

export interface StatementRule {
  id: string;
  contains: string;
  accountCode: string;
  accountName: string | null;
  createdAt: string;
}

/** `GET …/treasury-accounts/:accountId/reconciliation?date=YYYY-MM-DD[&format=pdf|xlsx]`. */
export const reconciliationReportQuerySchema = z.object({
  date: text({ error: MESSAGES_RECONCILIATION.dateRequired })
    .regex(ISO_DATE_PATTERN, { error: MESSAGES_RECONCILIATION.dateRequired })
    .refine(isCalendarDate, { error: MESSAGES_RECONCILIATION.dateRequired }),
  format: z.enum(['json', 'pdf', 'xlsx'], { error: MESSAGES_RECONCILIATION.formatInvalid }).default('json'),
});

/**
 * The état de rapprochement: statement balance − unmatched statement lines =
 * ledger balance − unmatched ledger lines (the reconciled balance); `ties` when so.
 */
export interface ReconciliationReport {
  date: string;
  account: { id: string; name: string; accountCode: string; kind: string };
  /** The statements' balance at the date (opening of the first + every line up to the date). */
  statementBalance: string;
  /** The account's ledger balance at the date (debit − credit). */
  ledgerBalance: string;
  unmatchedStatementLines: StatementLine[];
  unmatchedLedgerLines: LedgerLine[];
  unmatchedStatementTotal: string;
  unmatchedLedgerTotal: string;
  /** statementBalance − unmatchedStatementTotal, and ledgerBalance − unmatchedLedgerTotal. */
  statementReconciled: string;
  ledgerReconciled: string;
  difference: string;
  ties: boolean;
  lastStatementDate: string | null;
}
