import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  type BalanceSheet,
  type CashFlowStatement,
  type GeneralLedgerAccount,
  type GeneralLedgerRow,
  type IncomeStatement,
  type ReportColumn,
  type ReportLine,
  type TrialBalance,
} from '@xaalis/contracts';
import { fromCents, toCents } from '@xaalis/domain';
import { XOF_FORMAT, workbookTask } from '@xaalis/service-kit/spreadsheet';
import { EXPORT_LABELS as L, companyDetails, generatedLine, isoDateToUtc, reportWarnings, type ReportHeader } from './header';

/**
 * The SYSCOHADA statements, the Balance and the Grand livre as .xlsx
 * workbooks, written in the worker pool with exceljs's streaming writer and
 * streamed back (rows are serialised as they are committed and the Grand
 * livre's lines reach the thread in batches, so neither its lines nor the
 * file ever sit whole in memory): a header block (company, title, period, warnings) above the
 * table, the table's header row frozen, amounts as numeric cells in XOF
 * format, totals in bold. Numbers are doubles in a spreadsheet: the exact
 * figures stay in the ledger.
 */

type Writer = ExcelJS.stream.xlsx.WorkbookWriter;
type Sheet = ReturnType<Writer['addWorksheet']>;
type Cell = string | number | Date | null;

const DATE_FORMAT = 'dd/mm/yyyy';
const TOTAL_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF5' } };
const TITLE_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF3F5F7' } };
const HEAD_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E2EC' } };

interface Column {
  header: string;
  width: number;
  kind?: 'amount' | 'date';
}

interface OpenAccount {
  code: string;
  summary: GeneralLedgerAccount | null;
  debit: bigint;
  credit: bigint;
  balance: string | null;
}

/** An amount as a numeric cell (see above); null stays empty. */
const num = (value: string | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));
/** A debit or credit: empty for zero, as ledgers show them. */
const side = (value: string): number | null => (toCents(value) === 0n ? null : Number(value));

/**
 * A sheet with the header block and the table's header row, frozen below it;
 * the caller adds the table's rows with `row()` and then commits the sheet.
 */
function startSheet(workbook: Writer, name: string, header: ReportHeader, warnings: string[], columns: Column[]) {
  const block: { value: string; font: Partial<ExcelJS.Font> }[] = [{ value: header.company.name, font: { bold: true, size: 14 } }];
  const details = companyDetails(header.company);
  if (details) block.push({ value: details, font: { size: 9, color: { argb: 'FF555555' } } });
  block.push({ value: header.title, font: { bold: true, size: 13, color: { argb: 'FF0B5394' } } });
  block.push({ value: header.period, font: { bold: true } });
  block.push({ value: generatedLine(header), font: { size: 9, color: { argb: 'FF555555' } } });
  for (const w of warnings) block.push({ value: w, font: { bold: true, color: { argb: 'FFB00020' } } });
  const headerRow = block.length + 2;

  const sheet: Sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: headerRow }] });
  sheet.columns = columns.map((c) => ({
    width: c.width,
    style: c.kind === 'amount' ? { numFmt: XOF_FORMAT } : c.kind === 'date' ? { numFmt: DATE_FORMAT } : {},
  }));
  for (const b of block) {
    const r = sheet.addRow([b.value]);
    r.getCell(1).font = b.font;
    r.commit();
  }
  sheet.addRow([]).commit();
  const head = sheet.addRow(columns.map((c) => c.header));
  head.eachCell((cell, i) => {
    cell.font = { bold: true };
    cell.fill = HEAD_FILL;
    cell.border = { bottom: { style: 'thin' } };
    if (columns[i - 1].kind === 'amount') cell.alignment = { horizontal: 'right' };
  });
  head.commit();
  sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: columns.length } };

  const row = (values: Cell[], style: 'total' | 'title' | 'plain' = 'plain') => {
    const r = sheet.addRow(values);
    if (style !== 'plain') {
      for (let i = 1; i <= columns.length; i++) {
        const cell = r.getCell(i);
        cell.font = { bold: true };
        cell.fill = style === 'total' ? TOTAL_FILL : TITLE_FILL;
      }
    }
    r.commit();
  };
  return { sheet, row };
}

function statementSheet(
  workbook: Writer,
  name: string,
  header: ReportHeader,
  warnings: string[],
  columns: ReportColumn[],
  lines: ReportLine[],
) {
  const { sheet, row } = startSheet(workbook, name, header, warnings, [
    { header: L.ref, width: 8 },
    { header: L.label, width: 60 },
    ...columns.map((c): Column => ({ header: c.label, width: 18, kind: 'amount' })),
  ]);
  for (const line of lines) {
    const amounts = line.kind === 'title' ? [] : columns.map((c) => num(line.amounts[c.key]));
    row([line.ref, line.label, ...amounts], line.kind === 'detail' ? 'plain' : line.kind);
  }
  sheet.commit();
}

// Each workbook is a worker-pool task (this module is imported by the pool thread too); the functions answer its bytes as a stream.

const balanceSheetBook = workbookTask(
  __filename,
  'accounting.balance-sheet-xlsx',
  (workbook, { header, report }: { header: ReportHeader; report: BalanceSheet }) => {
    const warnings = reportWarnings(report.checks, report.unmappedAccounts);
    statementSheet(workbook, L.actif, header, warnings, report.actifColumns, report.actif);
    statementSheet(workbook, L.passif, header, warnings, report.passifColumns, report.passif);
  },
);

export const balanceSheetXlsx = (header: ReportHeader, report: BalanceSheet): Readable => balanceSheetBook({ header, report });

/** A statement on one sheet of its own (the income statement, the cash flows): its columns, lines and warnings. */
const oneSheetStatementBook = workbookTask(
  __filename,
  'accounting.statement-xlsx',
  (
    workbook,
    {
      name,
      header,
      report,
    }: {
      name: string;
      header: ReportHeader;
      report: Pick<IncomeStatement | CashFlowStatement, 'checks' | 'unmappedAccounts' | 'columns' | 'lines'>;
    },
  ) => statementSheet(workbook, name, header, reportWarnings(report.checks, report.unmappedAccounts), report.columns, report.lines),
);

export const incomeStatementXlsx = (header: ReportHeader, report: IncomeStatement): Readable =>
  oneSheetStatementBook({ name: 'Compte de résultat', header, report });

export const cashFlowXlsx = (header: ReportHeader, report: CashFlowStatement): Readable =>
  oneSheetStatementBook({ name: 'Flux de trésorerie', header, report });

const trialBalanceBook = workbookTask(
  __filename,
  'accounting.trial-balance-xlsx',
  (workbook, { header, report }: { header: ReportHeader; report: TrialBalance }) => {
    const amount = (group: string, s: string): Column => ({ header: `${group} — ${s}`, width: 17, kind: 'amount' });
    const { sheet, row } = startSheet(workbook, 'Balance', header, reportWarnings(report.checks), [
      { header: L.account, width: 12 },
      { header: L.accountName, width: 45 },
      ...[L.opening, L.period, L.closing].flatMap((g) => [amount(g, L.debit), amount(g, L.credit)]),
    ]);
    const amounts = (a: TrialBalance['totals']) =>
      [a.openingDebit, a.openingCredit, a.periodDebit, a.periodCredit, a.closingDebit, a.closingCredit].map(side);
    for (const r of report.rows) row([r.accountCode, r.accountName, ...amounts(r)]);
    row([L.grandTotal, null, ...amounts(report.totals)], 'total');
    sheet.commit();
  },
);

export const trialBalanceXlsx = (header: ReportHeader, report: TrialBalance): Readable => trialBalanceBook({ header, report });

/**
 * The Grand livre on one sheet: per account a heading (code, name, opening
 * balance), its lines, its totals; a grand total at the end. `rows` are read
 * once, in order (by account, as `accounts` lists them, then by date), as the
 * pool thread asks for them, and written as they come.
 */
const generalLedgerBook = workbookTask(
  __filename,
  'accounting.general-ledger-xlsx',
  async (workbook, { header, accounts }: { header: ReportHeader; accounts: GeneralLedgerAccount[] }, io) => {
    const { sheet, row } = startSheet(
      workbook,
      'Grand livre',
      header,
      [],
      [
        { header: L.account, width: 12 },
        { header: L.date, width: 11, kind: 'date' },
        { header: L.piece, width: 16 },
        { header: L.journal, width: 9 },
        { header: L.label, width: 50 },
        { header: L.reference, width: 16 },
        { header: L.debit, width: 17, kind: 'amount' },
        { header: L.credit, width: 17, kind: 'amount' },
        { header: L.balance, width: 18, kind: 'amount' },
      ],
    );
    const index = new Map(accounts.map((a, i) => [a.accountCode, i]));
    let next = 0;
    let totalDebit = 0n;
    let totalCredit = 0n;
    // The account being written; `summary` is null for an account the headings lack (its totals come from its lines).
    const state: { current: OpenAccount | null } = { current: null };

    const open = (code: string, summary: GeneralLedgerAccount | null) => {
      row(
        [
          code,
          null,
          null,
          null,
          summary ? `${code} ${summary.accountName} — ${L.opening}` : code,
          null,
          null,
          null,
          num(summary?.openingBalance),
        ],
        'title',
      );
      state.current = { code, summary, debit: 0n, credit: 0n, balance: summary?.openingBalance ?? null };
    };
    const close = () => {
      const current = state.current;
      if (!current) return;
      const { code, summary } = current;
      const debit = summary ? toCents(summary.periodDebit) : current.debit;
      const credit = summary ? toCents(summary.periodCredit) : current.credit;
      totalDebit += debit;
      totalCredit += credit;
      const name = summary ? ` ${summary.accountName}` : '';
      row(
        [
          code,
          null,
          null,
          null,
          `${L.total} ${code}${name}`,
          null,
          Number(fromCents(debit)),
          Number(fromCents(credit)),
          num(summary?.closingBalance ?? current.balance),
        ],
        'total',
      );
      state.current = null;
    };
    /** Closes the open account, writes the listed accounts before `code` (those without lines), then opens `code`. */
    const switchTo = (code: string) => {
      close();
      const i = index.get(code);
      if (i === undefined || i < next) {
        open(code, i === undefined ? null : accounts[i]);
        return;
      }
      for (; next < i; next++) {
        open(accounts[next].accountCode, accounts[next]);
        close();
      }
      next = i + 1;
      open(code, accounts[i]);
    };

    for await (const r of io.items<GeneralLedgerRow>()) {
      if (state.current?.code !== r.accountCode) switchTo(r.accountCode);
      const current = state.current;
      if (current) {
        current.debit += toCents(r.debit);
        current.credit += toCents(r.credit);
        current.balance = r.balance;
      }
      row([
        r.accountCode,
        isoDateToUtc(r.date),
        r.entryNumber,
        r.journal,
        r.description,
        r.reference,
        side(r.debit),
        side(r.credit),
        num(r.balance),
      ]);
    }
    close();
    for (; next < accounts.length; next++) {
      open(accounts[next].accountCode, accounts[next]);
      close();
    }
    row([L.grandTotal, null, null, null, null, null, Number(fromCents(totalDebit)), Number(fromCents(totalCredit)), null], 'total');
    sheet.commit();
  },
);

export const generalLedgerXlsx = (
  header: ReportHeader,
  accounts: GeneralLedgerAccount[],
  rows: AsyncIterable<GeneralLedgerRow> | Iterable<GeneralLedgerRow>,
): Readable => generalLedgerBook({ header, accounts }, rows);
