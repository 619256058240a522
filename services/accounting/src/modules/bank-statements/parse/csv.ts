import {
  MESSAGES_STATEMENT,
  STATEMENT_CSV_COLUMN_LABELS,
  STATEMENT_LABEL_MAX,
  STATEMENT_MAX_LINES,
  STATEMENT_REFERENCE_MAX,
  statementColumnOf,
  type ParsedStatement,
  type StatementCsvColumn,
  type StatementCsvMapping,
  type StatementDateOrder,
  type StatementLineDraft,
  type StatementLineError,
} from '@xaalis/contracts';
import { HttpError } from '@xaalis/service-kit';
import { parseCsv } from '../../entry-imports/file';
import { abs, add, compare, isZero, neg, sub } from '@xaalis/domain';
import { amountOf, clean, dateOrderOf, statementDate } from './values';

/**
 * A CSV statement (a bank's export, a Wave / Orange Money / Free Money
 * history): separator `;`, `,` or tab; the header is the first of the first
 * 30 records that names a date and an amount (banks put a few lines of
 * account details above it); amounts signed in one column or split into
 * debit and credit columns, with an optional fee column (a fee becomes a
 * line of its own, money out) and an optional running balance (which gives
 * the opening and closing balances). A mapping chosen by the user (saved per
 * account) replaces the detected one.
 */

export interface CsvOptions {
  mapping?: StatementCsvMapping;
  dateOrder?: StatementDateOrder;
  /** The layout the account kept from its last CSV: used when this file has the same header and no mapping is chosen. */
  saved?: { headers: string[]; mapping: StatementCsvMapping; dateOrder: StatementDateOrder | null } | null;
}

export interface CsvLayout {
  separator: string;
  headerLine: number;
  headers: string[];
  mapping: StatementCsvMapping;
  /** The date order used (set once the rows are read). */
  dateOrder?: StatementDateOrder;
}

const SEPARATORS = [';', ',', '\t'] as const;
const HEADER_SEARCH = 30;
const unprocessable = (message: string) => new HttpError(422, message);

function records(text: string, sep: string, limit = Infinity): { line: number; cells: string[] }[] {
  const out: { line: number; cells: string[] }[] = [];
  const stop = new Error('stop');
  try {
    parseCsv(text, sep, (cells, line) => {
      if (cells.every((c) => c.trim() === '')) return;
      out.push({ line, cells });
      if (out.length >= limit) throw stop;
    });
  } catch (error) {
    if (error !== stop) throw error;
  }
  return out;
}

/** The columns a header names (the first header of each column wins). */
function mappingOf(headers: string[]): StatementCsvMapping {
  const mapping: StatementCsvMapping = {};
  headers.forEach((h, i) => {
    const column = statementColumnOf(h);
    if (column && mapping[column] === undefined) mapping[column] = i;
  });
  return mapping;
}

const hasAmounts = (m: StatementCsvMapping) => m.amount !== undefined || (m.debit !== undefined && m.credit !== undefined);
const score = (m: StatementCsvMapping) => Object.keys(m).length + (m.date !== undefined && hasAmounts(m) ? 100 : 0);

/** The separator and header row that name the most statement columns. */
export function detectLayout(text: string): CsvLayout {
  let best: (CsvLayout & { score: number }) | null = null;
  for (const separator of SEPARATORS) {
    let head: { line: number; cells: string[] }[];
    try {
      head = records(text, separator, HEADER_SEARCH);
    } catch {
      continue; // an unclosed quote with this separator: another one may read the file
    }
    for (const r of head) {
      const mapping = mappingOf(r.cells);
      const s = score(mapping);
      if (!best || s > best.score) best = { separator, headerLine: r.line, headers: r.cells.map((c) => c.trim()), mapping, score: s };
    }
  }
  if (!best) throw unprocessable(MESSAGES_STATEMENT.noLines);
  return { separator: best.separator, headerLine: best.headerLine, headers: best.headers, mapping: best.mapping };
}

const sameHeaders = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((h, i) => h.trim().toLowerCase() === b[i].trim().toLowerCase());

function requireColumns(mapping: StatementCsvMapping): void {
  const missing: string[] = [];
  if (mapping.date === undefined) missing.push(STATEMENT_CSV_COLUMN_LABELS.date);
  if (mapping.label === undefined) missing.push(STATEMENT_CSV_COLUMN_LABELS.label);
  if (missing.length) throw unprocessable(MESSAGES_STATEMENT.missingColumns(missing));
  if (!hasAmounts(mapping)) throw unprocessable(MESSAGES_STATEMENT.amountColumns);
}

export function parseCsvStatement(text: string, options: CsvOptions = {}): { statement: ParsedStatement; layout: CsvLayout } {
  const detected = detectLayout(text);
  const saved = options.saved && sameHeaders(options.saved.headers, detected.headers) ? options.saved : null;
  const layout = options.mapping ? { ...detected, mapping: options.mapping } : saved ? { ...detected, mapping: saved.mapping } : detected;
  const { mapping } = layout;
  requireColumns(mapping);
  const rows = records(text, layout.separator).filter((r) => r.line > layout.headerLine);
  if (rows.length === 0) throw unprocessable(MESSAGES_STATEMENT.noLines);
  if (rows.length > STATEMENT_MAX_LINES) throw unprocessable(MESSAGES_STATEMENT.tooManyLines);
  const cell = (r: { cells: string[] }, c: StatementCsvColumn) => {
    const i = mapping[c];
    return i === undefined ? '' : (r.cells[i] ?? '').trim();
  };
  const order = options.dateOrder ?? saved?.dateOrder ?? dateOrderOf(rows.map((r) => cell(r, 'date')));

  const lines: StatementLineDraft[] = [];
  const errors: StatementLineError[] = [];
  // Running balances, to state the opening and closing ones: [balance after the row, the row's net].
  const balances: { after: string; net: string }[] = [];
  for (const r of rows) {
    const fail = (message: string) => errors.push({ line: r.line, message });
    const rawDate = cell(r, 'date');
    const date = statementDate(rawDate, order);
    if (!rawDate) {
      fail(MESSAGES_STATEMENT.dateRequired);
      continue;
    }
    if (!date) {
      fail(MESSAGES_STATEMENT.dateMalformed(rawDate));
      continue;
    }
    let amount: string;
    if (mapping.amount !== undefined) {
      const raw = cell(r, 'amount');
      if (!raw) {
        fail(MESSAGES_STATEMENT.amountRequired);
        continue;
      }
      const a = amountOf(raw);
      if (!a.ok) {
        fail(a.message);
        continue;
      }
      amount = a.amount;
    } else {
      const debitRaw = cell(r, 'debit');
      const creditRaw = cell(r, 'credit');
      const debit = debitRaw ? amountOf(debitRaw) : ({ ok: true, amount: '0.00' } as const);
      const credit = creditRaw ? amountOf(creditRaw) : ({ ok: true, amount: '0.00' } as const);
      if (!debit.ok || !credit.ok) {
        fail(!debit.ok ? debit.message : (credit as { message: string }).message);
        continue;
      }
      const d = abs(debit.amount);
      const c = abs(credit.amount);
      if (!isZero(d) && !isZero(c)) {
        fail(MESSAGES_STATEMENT.debitAndCredit);
        continue;
      }
      if (isZero(d) && isZero(c)) {
        fail(MESSAGES_STATEMENT.amountRequired);
        continue;
      }
      amount = sub(c, d);
    }
    let fee = '0.00';
    const feeRaw = cell(r, 'fee');
    if (feeRaw) {
      const f = amountOf(feeRaw);
      if (!f.ok) {
        fail(f.message);
        continue;
      }
      fee = abs(f.amount);
    }
    const rawValueDate = cell(r, 'valueDate');
    const label = clean(cell(r, 'label'), STATEMENT_LABEL_MAX);
    const reference = clean(cell(r, 'reference'), STATEMENT_REFERENCE_MAX) || null;
    const base = { line: r.line, date, valueDate: rawValueDate ? statementDate(rawValueDate, order) : null, reference };
    lines.push({ ...base, label, amount });
    if (!isZero(fee)) lines.push({ ...base, label: clean(MESSAGES_STATEMENT.feeLabel(label), STATEMENT_LABEL_MAX), amount: neg(fee) });
    const balanceRaw = cell(r, 'balance');
    const balance = balanceRaw ? amountOf(balanceRaw) : null;
    if (balance?.ok) balances.push({ after: balance.amount, net: sub(amount, fee) });
  }
  if (lines.length === 0 && errors.length === 0) throw unprocessable(MESSAGES_STATEMENT.noLines);

  // A running balance on every line: the file states its balances. Files list the newest first or last.
  let openingBalance: string | null = null;
  let closingBalance: string | null = null;
  if (balances.length > 0 && balances.length === rows.length && errors.length === 0) {
    const first = balances[0];
    const last = balances[balances.length - 1];
    const chronological = balances.length < 2 || compare(balances[1].after, add(first.after, balances[1].net)) === 0;
    openingBalance = chronological ? sub(first.after, first.net) : sub(last.after, last.net);
    closingBalance = chronological ? last.after : first.after;
  }
  const dates = lines.map((l) => l.date).sort();
  const statement: ParsedStatement = {
    format: 'csv',
    accountNumber: null,
    currency: null,
    openingBalance,
    closingBalance,
    startDate: dates[0] ?? null,
    endDate: dates[dates.length - 1] ?? null,
    lines,
    errors,
  };
  return { statement, layout: { ...layout, dateOrder: order } };
}
