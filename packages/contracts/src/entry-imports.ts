import { z } from 'zod';
import { JOURNALS, MESSAGES_ENTRY, type Journal } from './entries';
import { MAX_MONEY_CENTS, fromCents } from '@xaalis/domain';
import type { JobStatus } from './jobs';
import { text, tooLong } from './text';
import { pagedListQuerySchema, requiredText, type Paged } from './fields';

/**
 * Journal import ('Importer des écritures'), resource `entry-imports` of the
 * accounting service:
 * - `POST /api/companies/:cid/entry-imports?kind=entries|opening&fileName=<urlencoded>[&date=YYYY-MM-DD]`,
 *   body = the raw file (text/csv, the XLSX type or application/octet-stream) → 201 EntryImportPreview
 *   (file-level problems — not CSV/XLSX, too large, empty, encoding, formulas, missing column,
 *   same file already imported — answer 4xx `{ message }` and store nothing).
 * - `GET /api/companies/:cid/entry-imports[?page&pageSize&search]` → EntryImportListResponse (latest first; search on the file name).
 * - `GET /api/companies/:cid/entry-imports/:id` → EntryImportJobStatus: the run's state and lines done / total,
 *   the import itself in `result`, the French reason of a failure in `error`.
 * - `POST /api/companies/:cid/entry-imports/:id/run` body EntryImportRunInput → 202 EntryImportRunResponse
 *   (from 'ready', or 'failed' to try again; asking again while queued/running answers the same job;
 *   409 when 'invalid' (hasErrors) or 'imported' (alreadyDone), or when the same file was imported meanwhile).
 */

export const ENTRY_IMPORT_KINDS = ['entries', 'opening'] as const;
export type EntryImportKind = (typeof ENTRY_IMPORT_KINDS)[number];
export const ENTRY_IMPORT_KIND_LABELS: Record<EntryImportKind, string> = {
  entries: 'Écritures',
  opening: 'À-nouveaux (soldes d’ouverture)',
};

/**
 * ready: parsed without error, can be run; invalid: has line errors, cannot be run;
 * queued/running: the job is enqueued/working; imported: done; failed: nothing written, see `message`.
 */
export const ENTRY_IMPORT_STATUSES = ['ready', 'invalid', 'queued', 'running', 'imported', 'failed'] as const;
export type EntryImportStatus = (typeof ENTRY_IMPORT_STATUSES)[number];
export const ENTRY_IMPORT_STATUS_LABELS: Record<EntryImportStatus, string> = {
  ready: 'Prêt à importer',
  invalid: 'Erreurs à corriger',
  queued: 'En attente',
  running: 'Import en cours',
  imported: 'Importé',
  failed: 'Échec',
};

/** Upload cap (bytes): larger bodies get 413 with MESSAGES_ENTRY_IMPORT.tooLarge. */
export const ENTRY_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * What an XLSX may inflate to (bytes, all its parts), the compression ratio it
 * may show (a spreadsheet's XML compresses about 10:1, a zip bomb 1000:1) and
 * the columns it may use: checked before and while it is read.
 */
export const ENTRY_IMPORT_MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
export const ENTRY_IMPORT_MAX_COMPRESSION_RATIO = 100;
export const ENTRY_IMPORT_MAX_COLUMNS = 100;
/** Data lines (non-blank) a file may hold. */
export const ENTRY_IMPORT_MAX_LINES = 200_000;
/** Blank lines tolerated in a file (they are skipped) before it is refused as malformed. */
export const ENTRY_IMPORT_MAX_BLANK_LINES = 10_000;
/** Entries shown in the preview; errors kept on the import (errorCount has the full count). */
export const ENTRY_IMPORT_PREVIEW_ENTRIES = 20;
export const ENTRY_IMPORT_MAX_ERRORS = 200;
/** Lines shown per preview entry (an opening entry may have hundreds). */
export const ENTRY_IMPORT_PREVIEW_LINES = 50;
/** For `<input type="file" accept=…>`. */
export const ENTRY_IMPORT_ACCEPT = '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The columns of an import file (the header row names them; order is free). */
export const ENTRY_IMPORT_COLUMNS = [
  'date',
  'journal',
  'number',
  'account',
  'label',
  'debit',
  'credit',
  'thirdParty',
  'reference',
] as const;
export type EntryImportColumn = (typeof ENTRY_IMPORT_COLUMNS)[number];

/** French name of each column, as written in messages and in the template. */
export const ENTRY_IMPORT_COLUMN_LABELS: Record<EntryImportColumn, string> = {
  date: 'Date',
  journal: 'Journal',
  number: 'Numéro de pièce',
  account: 'Compte',
  label: 'Libellé',
  debit: 'Débit',
  credit: 'Crédit',
  thirdParty: 'Tiers',
  reference: 'Référence',
};

/**
 * Accepted header names per column, compared after `normalizeImportHeader`
 * (lower case, accents removed, punctuation and spaces collapsed to one space).
 * `number` is the grouping key: lines with the same journal, number and date form one entry.
 */
export const ENTRY_IMPORT_COLUMN_ALIASES: Record<EntryImportColumn, readonly string[]> = {
  date: [
    'date',
    'date ecriture',
    'date de l ecriture',
    'date piece',
    'date operation',
    'entry date',
    'posting date',
    'transaction date',
    'ecrituredate',
  ],
  journal: ['journal', 'code journal', 'journal code', 'jnl', 'jl', 'journalcode'],
  number: [
    'numero',
    'n',
    'no',
    'num',
    'numero piece',
    'numero de piece',
    'n piece',
    'no piece',
    'piece',
    'numero ecriture',
    'n ecriture',
    'ecriture',
    'groupe',
    'number',
    'entry',
    'entry number',
    'entry no',
    'voucher',
    'voucher number',
    'document number',
    'piece number',
    'ecriturenum',
  ],
  account: [
    'compte',
    'numero de compte',
    'n compte',
    'no compte',
    'compte general',
    'code compte',
    'account',
    'account code',
    'account number',
    'comptenum',
  ],
  label: ['libelle', 'libelle ecriture', 'libelle de l ecriture', 'intitule', 'description', 'label', 'memo', 'ecriturelib'],
  debit: ['debit', 'montant debit', 'debit amount', 'debit xof', 'debit fcfa'],
  credit: ['credit', 'montant credit', 'credit amount', 'credit xof', 'credit fcfa'],
  thirdParty: ['tiers', 'code tiers', 'compte tiers', 'third party', 'third party code', 'partner', 'partner code', 'compauxnum'],
  reference: ['reference', 'ref', 'reference piece', 'ref piece', 'document reference', 'pieceref'],
};

/** Columns a file must have, per kind. Missing journal = OD; missing label = the file name; opening without date = `date` param or start of the current fiscal year. */
export const ENTRY_IMPORT_REQUIRED_COLUMNS: Record<EntryImportKind, readonly EntryImportColumn[]> = {
  entries: ['date', 'number', 'account', 'debit', 'credit'],
  opening: ['account', 'debit', 'credit'],
};

/** "Date d'écriture" → "date d ecriture": the form header names are compared in. */
export function normalizeImportHeader(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[°º]/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The column a header names, or null. */
export function importColumnOf(header: string): EntryImportColumn | null {
  const h = normalizeImportHeader(header);
  for (const col of ENTRY_IMPORT_COLUMNS) if (ENTRY_IMPORT_COLUMN_ALIASES[col].includes(h)) return col;
  return null;
}

const fr = (cents: bigint) => fromCents(cents).replace('.', ',');

export const MESSAGES_ENTRY_IMPORT = {
  title: 'Importer des écritures',
  openingTitle: 'Importer des À-nouveaux',
  // File-level (4xx `{ message }` at upload, nothing stored)
  fileRequired: 'Aucun fichier reçu',
  fileNameRequired: 'Nom de fichier requis',
  kindInvalid: "Type d'import invalide (écritures ou À-nouveaux)",
  notCsvOrXlsx: 'Format non reconnu : le fichier doit être un CSV (séparateur ; , ou tabulation) ou un classeur Excel (.xlsx)',
  tooLarge: `Fichier trop volumineux (${ENTRY_IMPORT_MAX_BYTES / 1024 / 1024} Mo au maximum) : découpez-le en plusieurs fichiers`,
  tooLargeUncompressed: `Fichier trop volumineux une fois décompressé (${ENTRY_IMPORT_MAX_UNCOMPRESSED_BYTES / 1024 / 1024} Mo au maximum) : découpez-le en plusieurs fichiers`,
  compressionRatio: 'Fichier XLSX refusé : taux de compression anormal',
  unreadableXlsx: 'Impossible de lire le fichier XLSX : enregistrez-le de nouveau depuis Excel et réessayez',
  xlsxTooHeavy: 'Impossible de lire le fichier XLSX dans les limites de mémoire et de temps : découpez-le en plusieurs fichiers',
  tooManyColumns: `Trop de colonnes (${ENTRY_IMPORT_MAX_COLUMNS} au maximum) : supprimez les colonnes inutiles`,
  empty: 'Le fichier est vide',
  noDataLines: "Le fichier ne contient aucune ligne d'écriture",
  tooManyLines: `Trop de lignes (${ENTRY_IMPORT_MAX_LINES.toLocaleString('fr-FR')} au maximum) : découpez le fichier`,
  tooManyBlankLines: `Trop de lignes vides dans le fichier (${ENTRY_IMPORT_MAX_BLANK_LINES.toLocaleString('fr-FR')} au maximum) : supprimez-les et réessayez`,
  encoding: 'Encodage des caractères non reconnu : enregistrez le fichier en « CSV UTF-8 » et réessayez',
  mixedEncoding: 'Le fichier mélange plusieurs encodages de caractères : enregistrez-le en « CSV UTF-8 » et réessayez',
  malformedCsv: (line: number) => `Ligne ${line} : guillemet non fermé, le fichier CSV est mal formé`,
  noWorksheet: 'Le classeur ne contient aucune feuille',
  formula: (cell: string) =>
    `Cellule ${cell} : les formules ne sont pas acceptées, collez les valeurs (Collage spécial › Valeurs) et réessayez`,
  missingColumns: (labels: string[]) =>
    labels.length === 1 ? `Colonne manquante : ${labels[0]}` : `Colonnes manquantes : ${labels.join(', ')}`,
  duplicateColumn: (label: string) => `Colonne en double : ${label}`,
  alreadyImported: 'Ce fichier a déjà été importé dans cette entreprise : il ne sera pas importé une seconde fois',
  // Line-level (stored in errors[], with the file line number)
  accountRequired: 'Compte manquant',
  unknownAccount: (code: string) => `Compte ${code} introuvable dans le plan comptable`,
  unknownThirdParty: (code: string) => `Tiers ${code} introuvable`,
  unknownJournal: (value: string) => `Journal « ${value} » inconnu (${JOURNALS.join(', ')})`,
  dateRequired: 'Date manquante',
  dateMalformed: (value: string) => `Date « ${value} » invalide (format attendu JJ/MM/AAAA ou AAAA-MM-JJ)`,
  dateOutsideFiscalYear: (date: string) => `Date ${date} hors d'un exercice ouvert`,
  openingDates: 'Les À-nouveaux forment une seule écriture : toutes les lignes doivent porter la même date',
  numberRequired: 'Numéro de pièce manquant',
  amountMalformed: (value: string) => `Montant « ${value} » invalide (exemples : 1 234 567,50 ou 1234567.50)`,
  amountAmbiguous: (value: string) => `Montant « ${value} » ambigu : écrivez 1 234 ou 1,23 (deux décimales au plus)`,
  amountNegative: (value: string) => `Montant « ${value} » négatif : portez-le dans l'autre colonne (débit ou crédit)`,
  amountTooLarge: (value: string) => `Montant « ${value} » trop élevé (maximum 9 999 999 999 999,99)`,
  debitAndCredit: MESSAGES_ENTRY.debitAndCredit,
  lineAmountRequired: MESSAGES_ENTRY.lineAmountRequired,
  labelTooLong: `Libellé trop long : ${tooLong(255).toLowerCase()}`,
  referenceTooLong: `Référence trop longue : ${tooLong(100).toLowerCase()}`,
  numberTooLong: `Numéro de pièce trop long : ${tooLong(100).toLowerCase()}`,
  singleLine: (entry: string) => `Écriture ${entry} : au moins deux lignes requises`,
  unbalanced: (entry: string, debitCents: bigint, creditCents: bigint) =>
    `Écriture ${entry} déséquilibrée : débit ${fr(debitCents)} ≠ crédit ${fr(creditCents)}`,
  totalTooLarge: (entry: string) => `Écriture ${entry} : total trop élevé (maximum 9 999 999 999 999,99)`,
  moreErrors: (count: number) => `… et ${count.toLocaleString('fr-FR')} autre(s) erreur(s)`,
  // Run
  notFound: 'Import introuvable',
  hasErrors: 'Cet import contient des erreurs : corrigez le fichier et déposez-le de nouveau',
  alreadyRunning: 'Cet import est déjà en cours',
  alreadyDone: 'Cet import a déjà été réalisé',
  jobFailed: "L'import a échoué : aucune écriture n'a été enregistrée",
  interrupted: "L'import a été interrompu : aucune écriture n'a été enregistrée, relancez-le",
  queued: 'Import en attente…',
  running: 'Import en cours…',
  imported: (count: number) => `${count.toLocaleString('fr-FR')} écriture(s) importée(s)`,
  uploadError: "Erreur lors de l'envoi du fichier",
  runError: "Erreur lors du lancement de l'import",
} as const;

/** Query of the upload. `date` (YYYY-MM-DD) is the opening entry's date when the file has no date column. */
export const entryImportUploadQuerySchema = z.object({
  kind: z.enum(ENTRY_IMPORT_KINDS, { error: MESSAGES_ENTRY_IMPORT.kindInvalid }).default('entries'),
  fileName: requiredText(MESSAGES_ENTRY_IMPORT.fileNameRequired, 255),
  date: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MESSAGES_ENTRY.dateRequired })
    .optional(),
});
export type EntryImportUploadQuery = z.input<typeof entryImportUploadQuerySchema>;

/** Body of `POST …/entry-imports/:id/run`: validate the entries, or keep them as drafts. */
export const entryImportRunSchema = z.object({
  validate: z.boolean({ error: 'Choisissez : écritures validées ou brouillons' }),
});
export type EntryImportRunInput = z.input<typeof entryImportRunSchema>;

/** A problem on one line. `line` is the file's line number (header = 1; the XLSX row number). */
export interface EntryImportError {
  line: number;
  message: string;
  column?: EntryImportColumn;
}

export interface EntryImportPreviewLine {
  line: number;
  accountCode: string;
  /** The account's name in the chart (null when it will be created from the reference chart). */
  accountName: string | null;
  label: string;
  debit: string;
  credit: string;
  thirdPartyCode: string | null;
}

export interface EntryImportPreviewEntry {
  journal: Journal;
  date: string;
  /** The grouping key as written in the file (the entry is renumbered through the counters). */
  key: string;
  description: string;
  reference: string | null;
  totalDebit: string;
  totalCredit: string;
  balanced: boolean;
  /** All the entry's lines; `lines` holds the first ENTRY_IMPORT_PREVIEW_LINES. */
  lineCount: number;
  lines: EntryImportPreviewLine[];
}

export interface EntryImportProgress {
  /** Lines written so far. */
  done: number;
  total: number;
}

export interface EntryImportSummary {
  id: string;
  kind: EntryImportKind;
  fileName: string;
  status: EntryImportStatus;
  entryCount: number;
  lineCount: number;
  totalDebit: string;
  totalCredit: string;
  errorCount: number;
  /** Set once run: validated entries (true) or drafts (false). */
  validate: boolean | null;
  progress: EntryImportProgress;
  /** Numbers of the first and last entries created (date order), once imported. */
  firstNumber: string | null;
  lastNumber: string | null;
  /** French explanation when failed. */
  message: string | null;
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Answer of the upload (201); `result` of GET …/entry-imports/:id. */
export interface EntryImportPreview extends EntryImportSummary {
  /** The first ENTRY_IMPORT_PREVIEW_ENTRIES entries in date order. */
  entries: EntryImportPreviewEntry[];
  /** The first ENTRY_IMPORT_MAX_ERRORS errors in line order (errorCount has them all). */
  errors: EntryImportError[];
}

/**
 * GET …/entry-imports/:id, the one job-status shape: queued (also 'ready', not run yet), running,
 * completed ('imported'), failed ('failed', or 'invalid': cannot run); done/total are lines written;
 * `result` is the import in every state, `error` the French reason once failed.
 */
export type EntryImportJobStatus = JobStatus<EntryImportPreview>;

export const entryImportListQuerySchema = pagedListQuerySchema(20);
export type EntryImportListQuery = z.output<typeof entryImportListQuerySchema>;

export type EntryImportListResponse = Paged<EntryImportSummary>;

/** 202 answer of the run: the job is enqueued ('queued') or already picked up ('running'). Poll GET …/:id (EntryImportJobStatus). */
export interface EntryImportRunResponse {
  id: string;
  status: EntryImportStatus;
}

/** `import-entries` job payload (jobId `entry-import-<id>`). */
export interface ImportEntriesJob {
  companyId: string;
  importId: string;
  validate: boolean;
  userId: string | null;
}

export type ParsedAmount = { ok: true; cents: bigint } | { ok: false; error: 'malformed' | 'ambiguous' | 'tooLarge' };

const SPACES = /[\u0020\u00a0\u202f\u2009\u2007]/;
const GROUPED = (sep: string) => new RegExp(`^\\d{1,3}(?:${sep}\\d{3})+$`);
const GROUPED_SPACE = GROUPED('[\\u0020\\u00a0\\u202f\\u2009\\u2007]');
const GROUPED_DOT = GROUPED('\\.');
const GROUPED_COMMA = GROUPED(',');

/**
 * An amount as written in a French (or English) spreadsheet export, exactly, in cents:
 * `1 234 567,50`, `1234567,5`, `1234567.50`, `1.234.567,50`, `1,234,567.50`, with spaces,
 * no-break spaces (U+00A0) or narrow no-break spaces (U+202F) between thousands; an optional
 * leading sign. Empty → 0. Refused: more than two decimals, a single `,` or `.` followed by
 * exactly three digits (`1,234`: thousands or decimals?), irregular groups (`12 34`), letters,
 * currency symbols, more than 13 integer digits (numeric(15,2)).
 */
export function parseFrenchAmount(raw: string): ParsedAmount {
  let s = raw.trim();
  if (s === '') return { ok: true, cents: 0n };
  let negative = false;
  if (s[0] === '-' || s[0] === '+') {
    negative = s[0] === '-';
    s = s.slice(1).trimStart();
  }
  // The common case, plain digits with an optional decimal part, without the general path's work.
  const plain = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(s);
  if (plain) {
    const cents = BigInt(plain[1]) * 100n + BigInt((plain[2] ?? '').padEnd(2, '0') || '0');
    if (cents <= MAX_MONEY_CENTS) return { ok: true, cents: negative ? -cents : cents };
  }
  const malformed = { ok: false, error: 'malformed' } as const;
  if (!/^[\d\u0020\u00a0\u202f\u2009\u2007.,]+$/.test(s) || !/^\d/.test(s) || !/\d$/.test(s)) return malformed;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  let intPart = s;
  let decPart = '';
  const commas = s.split(',').length - 1;
  const dots = s.split('.').length - 1;
  if (commas > 0 && dots > 0) {
    // Both: the last one is the decimal mark, the other groups thousands.
    const decAt = Math.max(lastComma, lastDot);
    const decMark = s[decAt];
    if ((decMark === ',' ? commas : dots) !== 1) return malformed;
    intPart = s.slice(0, decAt);
    decPart = s.slice(decAt + 1);
    if (!(decMark === ',' ? GROUPED_DOT : GROUPED_COMMA).test(intPart)) return malformed;
  } else if (commas + dots === 1) {
    const at = Math.max(lastComma, lastDot);
    intPart = s.slice(0, at);
    decPart = s.slice(at + 1);
    // `1,234` / `1.234` read as thousands by one software and decimals by another.
    if (decPart.length === 3 && /^\d{1,3}$/.test(intPart)) return { ok: false, error: 'ambiguous' };
  } else if (commas + dots > 1) {
    // `1.234.567` or `1,234,567`: only thousands groups, no decimals.
    if (!(commas > 0 ? GROUPED_COMMA : GROUPED_DOT).test(s)) return malformed;
  }
  if (decPart !== '' && !/^\d{1,2}$/.test(decPart)) return decPart.length === 3 ? { ok: false, error: 'ambiguous' } : malformed;
  if (SPACES.test(intPart)) {
    if (!GROUPED_SPACE.test(intPart)) return malformed;
  }
  const digits = intPart.replace(/[^\d]/g, '');
  if (!/^\d+$/.test(digits)) return malformed;
  const cents = BigInt(digits) * 100n + BigInt(decPart.padEnd(2, '0') || '0');
  if (cents > MAX_MONEY_CENTS) return { ok: false, error: 'tooLarge' };
  return { ok: true, cents: negative ? -cents : cents };
}

/** A spreadsheet's numeric cell in cents, when it holds at most two decimals (binary noise tolerated). */
export function amountFromNumber(value: number): ParsedAmount {
  if (!Number.isFinite(value)) return { ok: false, error: 'malformed' };
  const scaled = value * 100;
  const rounded = Math.round(scaled);
  if (Math.abs(scaled - rounded) > 1e-6 * Math.max(1, Math.abs(scaled))) return { ok: false, error: 'malformed' };
  if (!Number.isSafeInteger(rounded)) return { ok: false, error: 'tooLarge' };
  const cents = BigInt(rounded);
  if (cents > MAX_MONEY_CENTS || cents < -MAX_MONEY_CENTS) return { ok: false, error: 'tooLarge' };
  return { ok: true, cents };
}
