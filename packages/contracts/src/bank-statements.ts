import { normalizeImportHeader } from './entry-imports';

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
} as const;
