import { z } from 'zod';
import { ISO_DATE_PATTERN, isCalendarDate, isZero, money } from '@xaalis/domain';
import { normalizeImportHeader } from './entry-imports';
import { pageQueryFields, requiredText, searchText, nullableText, type Paged } from './fields';
import { text } from './text';

/**
 * Bank and mobile-money statements (issue 28): what an imported statement
 * holds, the columns a CSV statement may have, the file limits and the French
 * messages. The parsers themselves live in the accounting service
 * (modules/bank-statements/parse), which reads CSV, OFX and ISO 20022 camt.053.
 */

export const STATEMENT_FORMATS = ['csv', 'ofx', 'camt053'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** Largest statement file accepted (a year of a busy account is far below). */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Most lines in one statement. */
export const STATEMENT_MAX_LINES = 100_000;
export const STATEMENT_LABEL_MAX = 255;
export const STATEMENT_REFERENCE_MAX = 100;

/** One movement of a statement, as read from the file. */
export interface StatementLineDraft {
  /** The file line where it starts (CSV record, OFX or XML element). */
  line: number;
  date: string;
  valueDate: string | null;
  label: string;
  reference: string | null;
  /** Signed, two decimals: positive = money in. */
  amount: string;
}

export interface StatementLineError {
  line: number;
  message: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  /** The account the file names (IBAN, RIB or wallet number), when it names one. */
  accountNumber: string | null;
  currency: string | null;
  /** Balances the file states (null when it states none); signed, positive = in favour of the holder. */
  openingBalance: string | null;
  closingBalance: string | null;
  startDate: string | null;
  endDate: string | null;
  lines: StatementLineDraft[];
  errors: StatementLineError[];
}

/** The columns a CSV statement may have. */
export const STATEMENT_CSV_COLUMNS = ['date', 'valueDate', 'label', 'reference', 'debit', 'credit', 'amount', 'fee', 'balance'] as const;
export type StatementCsvColumn = (typeof STATEMENT_CSV_COLUMNS)[number];
/** Which file column holds each statement column (0-based), as detected or chosen (saved per account). */
export type StatementCsvMapping = Partial<Record<StatementCsvColumn, number>>;
/** Day-month order of the dates of a CSV statement (ISO dates are always read as such). */
export type StatementDateOrder = 'dmy' | 'mdy';

export const STATEMENT_CSV_COLUMN_LABELS: Record<StatementCsvColumn, string> = {
  date: 'Date',
  valueDate: 'Date de valeur',
  label: 'Libellé',
  reference: 'Référence',
  debit: 'Débit',
  credit: 'Crédit',
  amount: 'Montant',
  fee: 'Frais',
  balance: 'Solde',
};

/**
 * Header names per column, compared after normalizeImportHeader (lower case, no accents, spaces
 * collapsed): French banks' exports (CBAO, SGBS, Ecobank, BOA…), and the Wave, Orange Money and
 * Free Money transaction histories.
 */
export const STATEMENT_CSV_ALIASES: Record<StatementCsvColumn, readonly string[]> = {
  date: [
    'date',
    'date operation',
    'date d operation',
    'date de l operation',
    'date comptable',
    'date transaction',
    'date de transaction',
    'transaction date',
    'booking date',
    'date et heure',
    'timestamp',
  ],
  valueDate: ['date valeur', 'date de valeur', 'value date', 'valeur'],
  label: [
    'libelle',
    'libelle operation',
    'libelle de l operation',
    'description',
    'designation',
    'intitule',
    'motif',
    'details',
    'detail',
    'operation',
    'nom',
    'name',
    'counterparty',
    'contrepartie',
  ],
  reference: [
    'reference',
    'ref',
    'references',
    'numero',
    'n piece',
    'numero de piece',
    'numero cheque',
    'transaction id',
    'id transaction',
    'id de transaction',
    'id',
  ],
  debit: ['debit', 'debits', 'montant debit', 'sortie', 'sorties', 'retrait', 'retraits', 'debit xof'],
  credit: ['credit', 'credits', 'montant credit', 'entree', 'entrees', 'depot', 'depots', 'credit xof'],
  amount: ['montant', 'amount', 'montant xof', 'somme', 'net amount', 'montant net'],
  fee: ['frais', 'fee', 'fees', 'commission', 'commissions'],
  balance: ['solde', 'balance', 'solde xof', 'nouveau solde', 'solde apres operation'],
};

const ALIAS_COLUMN = new Map<string, StatementCsvColumn>(
  STATEMENT_CSV_COLUMNS.flatMap((c) => STATEMENT_CSV_ALIASES[c].map((a) => [normalizeImportHeader(a), c] as const)),
);

/** The statement column a CSV header names, or null. */
export const statementColumnOf = (header: string): StatementCsvColumn | null => ALIAS_COLUMN.get(normalizeImportHeader(header)) ?? null;

export const MESSAGES_STATEMENT = {
  // File-level: 4xx `{ message }`, nothing stored.
  empty: 'Le fichier est vide',
  tooLarge: `Fichier trop volumineux (${STATEMENT_MAX_BYTES / 1024 / 1024} Mo au maximum)`,
  notStatement: 'Format non reconnu : le relevé doit être un CSV, un fichier OFX ou un relevé ISO 20022 camt.053 (XML)',
  malformedXml: (line: number) => `Fichier XML mal formé (ligne ${line}) : exportez de nouveau le relevé depuis votre banque`,
  malformedOfx: 'Fichier OFX mal formé : aucune opération ni aucun solde trouvé',
  severalAccounts: 'Le relevé couvre plusieurs comptes : importez un fichier par compte',
  missingColumns: (labels: string[]) =>
    labels.length === 1 ? `Colonne manquante : ${labels[0]}` : `Colonnes manquantes : ${labels.join(', ')}`,
  amountColumns: 'Colonnes de montant manquantes : une colonne Montant, ou les colonnes Débit et Crédit',
  noLines: 'Le relevé ne contient aucune opération',
  tooManyLines: `Trop d'opérations (${STATEMENT_MAX_LINES.toLocaleString('fr-FR')} au maximum) : découpez le relevé`,
  malformedCsv: (line: number) => `Ligne ${line} : guillemet non fermé, le fichier CSV est mal formé`,
  // Line-level (errors[], with the file line).
  dateRequired: 'Date manquante',
  dateMalformed: (value: string) => `Date « ${value} » invalide (format attendu JJ/MM/AAAA ou AAAA-MM-JJ)`,
  amountRequired: 'Montant manquant',
  amountMalformed: (value: string) => `Montant « ${value} » invalide (exemples : 1 234 567,50 ou -1234567.50)`,
  debitAndCredit: 'Débit et crédit renseignés sur la même ligne',
  currency: (currency: string) => `Opération en ${currency} : seuls les relevés en XOF sont acceptés`,
  feeLabel: (label: string) => `Frais — ${label}`,
  // Import, confirmation, manual lines (API).
  fileNameRequired: 'Nom de fichier requis',
  mappingInvalid: 'Correspondance des colonnes invalide',
  alreadyImported: 'Ce relevé a déjà été importé pour ce compte',
  notFound: 'Relevé introuvable',
  lineNotFound: 'Ligne de relevé introuvable',
  hasErrors: 'Le relevé contient des erreurs : corrigez le fichier et importez-le de nouveau',
  alreadyConfirmed: 'Ce relevé est déjà confirmé',
  confirmed: (n: number) => `Relevé importé : ${n.toLocaleString('fr-FR')} opération${n > 1 ? 's' : ''}`,
  gap: (expected: string, found: string) =>
    `Le solde d'ouverture (${found}) ne suit pas le solde de clôture du relevé précédent (${expected})`,
  closingMismatch: (stated: string, computed: string) =>
    `Le solde de clôture indiqué (${stated}) ne correspond pas au solde d'ouverture plus les opérations (${computed})`,
  wrongAccount: (found: string) => `Ce relevé concerne le compte ${found}, pas celui-ci`,
  manualLabelRequired: 'Libellé requis',
  manualDateRequired: 'Date requise (AAAA-MM-JJ)',
  manualAmountRequired: 'Montant requis, positif pour une entrée, négatif pour une sortie',
  manualAmountZero: 'Le montant ne peut pas être nul',
  manualAdded: 'Opération ajoutée',
  manualFileName: 'Saisie manuelle',
  lineMatched: 'Cette ligne est rapprochée : annulez d’abord le rapprochement',
  lineDeleted: 'Opération supprimée',
  onlyManualDeleted: 'Seules les opérations saisies à la main peuvent être supprimées',
} as const;

/** Lines of a statement shown in the upload's preview. */
export const STATEMENT_PREVIEW_LINES = 50;
/** Per-line errors kept with a statement (the count is kept whole). */
export const STATEMENT_MAX_ERRORS = 200;

const mappingSchema = z.record(z.enum(STATEMENT_CSV_COLUMNS), z.number().int().min(0).max(200));

/**
 * `POST /api/companies/:id/treasury-accounts/:accountId/statements?fileName=…[&dateOrder=dmy|mdy][&mapping=<JSON>]`,
 * the raw file as the body. `mapping` (a CSV's columns, 0-based) replaces the detected or saved one.
 */
export const statementUploadQuerySchema = z.object({
  fileName: requiredText(MESSAGES_STATEMENT.fileNameRequired, 255),
  dateOrder: z.enum(['dmy', 'mdy']).optional(),
  mapping: text()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      try {
        const parsed = mappingSchema.safeParse(JSON.parse(v));
        if (parsed.success) return parsed.data;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: MESSAGES_STATEMENT.mappingInvalid });
      return z.NEVER;
    }),
});
export type StatementUploadQuery = z.output<typeof statementUploadQuerySchema>;

export type StatementStatus = 'preview' | 'confirmed';
export type StatementSource = StatementFormat | 'manual';

/** A CSV's layout as read (or chosen): shown in the preview so the user can change the mapping. */
export interface StatementCsvLayout {
  separator: string;
  headers: string[];
  mapping: StatementCsvMapping;
  dateOrder: StatementDateOrder | null;
}

export interface StatementSummary {
  id: string;
  treasuryAccountId: string;
  status: StatementStatus;
  source: StatementSource;
  fileName: string;
  lineCount: number;
  /** Stated by the file (else the previous statement's closing, else null); signed. */
  openingBalance: string | null;
  closingBalance: string | null;
  /** Σ of the lines (signed). */
  total: string;
  startDate: string | null;
  endDate: string | null;
  /** The previous confirmed statement's closing balance, and the gap with this opening (null: none to compare). */
  previousClosingBalance: string | null;
  gap: string | null;
  /** French warnings that do not block (a gap, a closing that does not add up). */
  warnings: string[];
  errors: StatementLineError[];
  errorCount: number;
  matchedCount: number;
  createdAt: string;
  confirmedAt: string | null;
}

/** `POST …/statements` → 201: the summary, the CSV layout and the first lines. */
export interface StatementPreview extends StatementSummary {
  layout: StatementCsvLayout | null;
  preview: Omit<StatementLineDraft, 'valueDate'>[];
}

/** A stored statement line. `amount` signed: positive = money in. */
export interface StatementLine {
  id: string;
  statementId: string;
  date: string;
  valueDate: string | null;
  label: string;
  reference: string | null;
  amount: string;
  matched: boolean;
  reconciliationId: string | null;
  /** The account a company rule gives for it ("libellé contient FRAIS → 6318"). */
  suggestedAccountCode: string | null;
  manual: boolean;
}

/** `GET …/statements/:statementId?page=&pageSize=`: the statement and one page of its lines. */
export interface StatementDetail extends StatementSummary, Paged<StatementLine> {}
export const statementDetailQuerySchema = z.object({ ...pageQueryFields(100, 1000) });

/** `GET …/statements?page=&pageSize=`: confirmed and previewed statements, latest first. */
export const statementListQuerySchema = z.object({ ...pageQueryFields(25) });
export type StatementList = Paged<StatementSummary>;

/** A signed amount (positive = money in), non-zero, two decimals at most. */
export const signedAmountSchema = z
  .union([text(), z.number()], { error: MESSAGES_STATEMENT.manualAmountRequired })
  .transform((v) => (typeof v === 'number' ? v.toFixed(2) : v.trim().replace(',', '.')))
  .refine((v) => /^[-+]?\d{1,13}(\.\d{1,2})?$/.test(v), { error: MESSAGES_STATEMENT.manualAmountRequired, abort: true })
  .transform((v) => money(v.replace(/^\+/, '')))
  .refine((v) => !isZero(v), { error: MESSAGES_STATEMENT.manualAmountZero });

/** `POST …/treasury-accounts/:accountId/statement-lines`: a line typed in by hand (a cash count, a small wallet). */
export const statementLineInputSchema = z.object({
  date: text({ error: MESSAGES_STATEMENT.manualDateRequired })
    .regex(ISO_DATE_PATTERN, { error: MESSAGES_STATEMENT.manualDateRequired })
    .refine(isCalendarDate, { error: MESSAGES_STATEMENT.manualDateRequired }),
  label: requiredText(MESSAGES_STATEMENT.manualLabelRequired, STATEMENT_LABEL_MAX),
  reference: nullableText(STATEMENT_REFERENCE_MAX).optional(),
  amount: signedAmountSchema,
});
export type StatementLineInput = z.input<typeof statementLineInputSchema>;

export const MATCH_STATUSES = ['unmatched', 'matched', 'all'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/**
 * The two panes of the matching screen: `GET …/treasury-accounts/:accountId/statement-lines` and
 * `…/ledger-lines`, `?status=unmatched|matched|all&search=&from=&to=&amount=&page=&pageSize=`.
 */
export const matchLinesQuerySchema = z.object({
  ...pageQueryFields(50, 500),
  status: z.enum(MATCH_STATUSES).default('unmatched'),
  search: searchText(),
  from: text().regex(ISO_DATE_PATTERN).refine(isCalendarDate).optional(),
  to: text().regex(ISO_DATE_PATTERN).refine(isCalendarDate).optional(),
  /** Lines of this exact amount (signed or not: both signs). */
  amount: text()
    .regex(/^-?\d{1,13}(\.\d{1,2})?$/)
    .optional(),
});
export type MatchLinesQuery = z.output<typeof matchLinesQuerySchema>;

export interface MatchLinesPage<T> extends Paged<T> {
  /** Σ of the amounts of every line matching the filters (not only this page). */
  totalAmount: string;
}
