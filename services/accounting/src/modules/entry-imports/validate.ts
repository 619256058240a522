import {
  ENTRY_IMPORT_COLUMN_LABELS,
  ENTRY_IMPORT_REQUIRED_COLUMNS,
  JOURNALS,
  JOURNAL_LABELS,
  MESSAGES_ENTRY_IMPORT,
  amountFromNumber,
  normalizeImportHeader,
  parseFrenchAmount,
  type EntryImportColumn,
  type EntryImportError,
  type EntryImportKind,
  type Journal,
  type ParsedAmount,
} from '@xaalis/contracts';
import { centsFitMoney, isCalendarDate } from '@xaalis/domain';
import { HttpError } from '@xaalis/service-kit';
import type { Cell, Sheet } from './file';

/**
 * The checks of an import, line by line, with the file's line numbers: the
 * columns, the account (in the company's chart, or in the SYSCOHADA reference
 * — created at run time, as a posting does), the third party (by code), the
 * journal, the date (in an open fiscal year), the amounts (French formats),
 * then each entry's balance. Lines with the same journal, number and date form
 * one entry; an opening-balances file is one entry in the AN journal.
 */

export interface ImportLookups {
  kind: EntryImportKind;
  fileName: string;
  /** The opening entry's date when the file has none (the upload's `date`). */
  openingDate?: string;
  isOpen: (date: string) => boolean;
  /** First day of the current fiscal year: the opening entry's date by default. */
  currentStart: string;
  /** Chart accounts by code → name. */
  accounts: ReadonlyMap<string, string>;
  /** The reference chart's name of a code the chart lacks (null: unknown code). */
  referenceName: (code: string) => string | null;
  /** Third-party codes of the company. */
  thirdParties: ReadonlySet<string>;
}

export interface ParsedLine {
  line: number;
  account: string;
  label: string;
  /** Cents (at most 15 digits: exact as numbers). */
  debit: number;
  credit: number;
  thirdParty: string | null;
}

export interface ParsedEntry {
  journal: Journal;
  date: string;
  /** The grouping key as written in the file. */
  key: string;
  description: string;
  reference: string | null;
  firstLine: number;
  lines: ParsedLine[];
}

export interface ParsedImport {
  /** In date order (file order within a day). */
  entries: ParsedEntry[];
  /** Every error, in line order. */
  errors: EntryImportError[];
  lineCount: number;
  totalDebit: bigint;
  totalCredit: bigint;
}

const ACCOUNT_CODE = /^\d{1,12}$/;

/** "2026-03-14" → "14/03/2026" for messages. */
export const frenchDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

function text(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') return String(cell);
  return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
}

function amount(cell: Cell | undefined): ParsedAmount {
  if (typeof cell === 'number') return amountFromNumber(cell);
  if (cell instanceof Date) return { ok: false, error: 'malformed' };
  return parseFrenchAmount(cell ?? '');
}

const ymd = (y: string, m: string, d: string) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
/** Day 0 of Excel's 1900 date system (its serial numbers count from here, 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** An ISO date from a cell, or null: JJ/MM/AAAA (also - and .), AAAA-MM-JJ (a time part is dropped), AAAAMMJJ, spreadsheet dates. */
export function dateOf(cell: Cell | undefined): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 1 || cell > 2958465) return null;
    return new Date(EXCEL_EPOCH + cell * 86_400_000).toISOString().slice(0, 10);
  }
  const s = text(cell);
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  let iso: string | null = null;
  if (m) iso = ymd(m[1], m[2], m[3]);
  else if ((m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/.exec(s))) iso = ymd(m[3], m[2], m[1]);
  else if ((m = /^(\d{4})(\d{2})(\d{2})$/.exec(s))) iso = ymd(m[1], m[2], m[3]);
  return iso && isCalendarDate(iso) ? iso : null;
}

const JOURNAL_BY_NAME = new Map<string, Journal>([
  ...JOURNALS.map((j) => [normalizeImportHeader(j), j] as const),
  ...JOURNALS.map((j) => [normalizeImportHeader(JOURNAL_LABELS[j]), j] as const),
]);

/** Checks the rows of a file; throws a 422 when a required column is missing. */
export function validateSheet(sheet: Sheet, lookups: ImportLookups): ParsedImport {
  const col = new Map<EntryImportColumn, number>();
  sheet.columns.forEach((c, i) => {
    if (c) col.set(c, i);
  });
  const missing = ENTRY_IMPORT_REQUIRED_COLUMNS[lookups.kind].filter((c) => !col.has(c));
  if (missing.length) throw new HttpError(422, MESSAGES_ENTRY_IMPORT.missingColumns(missing.map((c) => ENTRY_IMPORT_COLUMN_LABELS[c])));
  if (sheet.rows.length === 0) throw new HttpError(422, MESSAGES_ENTRY_IMPORT.noDataLines);

  const errors: EntryImportError[] = [];
  const fail = (line: number, message: string, column?: EntryImportColumn) => {
    errors.push(column ? { line, message, column } : { line, message });
  };
  const idx = (c: EntryImportColumn) => col.get(c) ?? -1;
  const [cDate, cJournal, cNumber, cAccount, cLabel, cDebit, cCredit, cThird, cRef] = (
    ['date', 'journal', 'number', 'account', 'label', 'debit', 'credit', 'thirdParty', 'reference'] as const
  ).map(idx);
  const opening = lookups.kind === 'opening';

  interface Group {
    entry: ParsedEntry;
    broken: boolean;
  }
  const groups = new Map<string, Group>();
  let openingDate: string | null = null;
  let lineCount = 0;
  let totalDebit = 0n;
  let totalCredit = 0n;

  const amountError = (raw: Cell | undefined, r: ParsedAmount & { ok: false }) => {
    const shown = text(raw);
    return r.error === 'ambiguous'
      ? MESSAGES_ENTRY_IMPORT.amountAmbiguous(shown)
      : r.error === 'tooLarge'
        ? MESSAGES_ENTRY_IMPORT.amountTooLarge(shown)
        : MESSAGES_ENTRY_IMPORT.amountMalformed(shown);
  };

  // Journals and dates repeat from line to line: each distinct text is read once.
  const journalOf = new Map<string, Journal | null>();
  const dateOfText = new Map<string, string | null>();
  const readDate = (cell: Cell | undefined) => {
    if (typeof cell !== 'string') return dateOf(cell);
    let d = dateOfText.get(cell);
    if (d === undefined) {
      d = dateOf(cell);
      if (dateOfText.size < 100_000) dateOfText.set(cell, d);
    }
    return d;
  };

  for (const { line, cells } of sheet.rows) {
    const before = errors.length;
    const cell = (i: number) => (i < 0 ? undefined : cells[i]);

    const account = text(cell(cAccount)).replace(/\s+/g, '');
    if (!account) fail(line, MESSAGES_ENTRY_IMPORT.accountRequired, 'account');
    else if (!ACCOUNT_CODE.test(account) || (!lookups.accounts.has(account) && lookups.referenceName(account) === null))
      fail(line, MESSAGES_ENTRY_IMPORT.unknownAccount(account), 'account');

    const label = text(cell(cLabel));
    if (label.length > 255) fail(line, MESSAGES_ENTRY_IMPORT.labelTooLong, 'label');
    const reference = text(cell(cRef));
    if (reference.length > 100) fail(line, MESSAGES_ENTRY_IMPORT.referenceTooLong, 'reference');
    const thirdParty = text(cell(cThird));
    if (thirdParty && !lookups.thirdParties.has(thirdParty)) fail(line, MESSAGES_ENTRY_IMPORT.unknownThirdParty(thirdParty), 'thirdParty');

    const d = amount(cell(cDebit));
    const c = amount(cell(cCredit));
    let debit = 0;
    let credit = 0;
    if (!d.ok) fail(line, amountError(cell(cDebit), d), 'debit');
    else if (d.cents < 0n) fail(line, MESSAGES_ENTRY_IMPORT.amountNegative(text(cell(cDebit))), 'debit');
    else debit = Number(d.cents);
    if (!c.ok) fail(line, amountError(cell(cCredit), c), 'credit');
    else if (c.cents < 0n) fail(line, MESSAGES_ENTRY_IMPORT.amountNegative(text(cell(cCredit))), 'credit');
    else credit = Number(c.cents);
    if (debit > 0 && credit > 0) fail(line, MESSAGES_ENTRY_IMPORT.debitAndCredit, 'debit');

    // The entry it belongs to.
    let date: string | null = null;
    const rawDate = cell(cDate);
    if (cDate >= 0 && text(rawDate) !== '') {
      date = readDate(rawDate);
      if (!date) fail(line, MESSAGES_ENTRY_IMPORT.dateMalformed(text(rawDate)), 'date');
      else if (!lookups.isOpen(date)) {
        fail(line, MESSAGES_ENTRY_IMPORT.dateOutsideFiscalYear(frenchDate(date)), 'date');
        date = null;
      }
    } else if (!opening) fail(line, MESSAGES_ENTRY_IMPORT.dateRequired, 'date');

    let journal: Journal = opening ? 'AN' : 'OD';
    let key = 'AN';
    if (opening) {
      if (date) {
        if (openingDate === null) openingDate = date;
        else if (date !== openingDate) fail(line, MESSAGES_ENTRY_IMPORT.openingDates, 'date');
      }
    } else {
      const rawJournal = text(cell(cJournal));
      if (rawJournal) {
        let j = journalOf.get(rawJournal);
        if (j === undefined) {
          j = JOURNAL_BY_NAME.get(normalizeImportHeader(rawJournal)) ?? null;
          journalOf.set(rawJournal, j);
        }
        if (j) journal = j;
        else fail(line, MESSAGES_ENTRY_IMPORT.unknownJournal(rawJournal), 'journal');
      }
      key = text(cell(cNumber));
      if (!key) fail(line, MESSAGES_ENTRY_IMPORT.numberRequired, 'number');
      else if (key.length > 100) fail(line, MESSAGES_ENTRY_IMPORT.numberTooLong, 'number');
    }

    const broken = errors.length > before;
    // A line without any amount carries nothing: skipped, like a posting's zero lines.
    if (!broken && debit === 0 && credit === 0) continue;
    const groupKey = opening ? 'AN' : `${journal}\u0001${key}\u0001${date ?? ''}`;
    let group = groups.get(groupKey);
    if (!group) {
      group = {
        entry: { journal, date: date ?? '', key, description: '', reference: null, firstLine: line, lines: [] },
        broken: false,
      };
      groups.set(groupKey, group);
    }
    if (broken) {
      group.broken = true;
      continue;
    }
    const entry = group.entry;
    if (!entry.description && label) entry.description = label;
    if (!entry.reference && reference) entry.reference = reference;
    entry.lines.push({ line, account, label, debit, credit, thirdParty: thirdParty || null });
    lineCount++;
    totalDebit += BigInt(debit);
    totalCredit += BigInt(credit);
  }

  const entries: ParsedEntry[] = [];
  for (const { entry, broken } of groups.values()) {
    if (opening) {
      entry.date = openingDate ?? lookups.openingDate ?? lookups.currentStart;
      entry.description = `À-nouveaux au ${frenchDate(entry.date)}`;
      if (!lookups.isOpen(entry.date)) fail(entry.firstLine, MESSAGES_ENTRY_IMPORT.dateOutsideFiscalYear(frenchDate(entry.date)), 'date');
    } else {
      // The original number stays findable: it is the reference when the file gives none.
      entry.reference ??= entry.key;
      entry.description ||= `Import ${lookups.fileName}`.slice(0, 500);
    }
    for (const l of entry.lines)
      if (!l.label)
        l.label = opening ? (lookups.accounts.get(l.account) ?? lookups.referenceName(l.account) ?? entry.description) : entry.description;
    if (broken) continue;
    const name = opening ? 'À-nouveaux' : `${entry.journal} ${entry.key} du ${frenchDate(entry.date)}`;
    if (entry.lines.length < 2) {
      fail(entry.firstLine, MESSAGES_ENTRY_IMPORT.singleLine(name));
      continue;
    }
    let d = 0n;
    let c = 0n;
    for (const l of entry.lines) {
      d += BigInt(l.debit);
      c += BigInt(l.credit);
    }
    if (d !== c) fail(entry.firstLine, MESSAGES_ENTRY_IMPORT.unbalanced(name, d, c));
    else if (!centsFitMoney(d)) fail(entry.firstLine, MESSAGES_ENTRY_IMPORT.totalTooLarge(name));
    entries.push(entry);
  }
  // Date order, file order within a day (Array.prototype.sort is stable).
  entries.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.firstLine - b.firstLine));
  errors.sort((a, b) => a.line - b.line);
  return { entries, errors, lineCount, totalDebit, totalCredit };
}
