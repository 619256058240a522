import type { Content, CustomTableLayout, PageOrientation, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
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
import { dec, formatXofExact, isZero, money } from '@xaalis/domain';
import { frDate, partyBlock, pdfDocument, winAnsi } from '../../pdf';
import { EXPORT_LABELS as L, generatedLine, reportCompany, reportWarnings, summaryFromRows, type ReportHeader } from './header';

/**
 * The SYSCOHADA statements, the Balance and the Grand livre as PDF (pdfmake,
 * standard fonts, the invoice module's resource policies): the company's
 * header, the title and period, the statement's table (its header repeated on
 * every page), failed checks in red, 'Page x / y' in the footer.
 */

const TOTAL_FILL = '#e8eef5';
const TITLE_FILL = '#f3f5f7';
const WARNING_COLOR = '#b00020';
const right = { alignment: 'right' as const };

/** '1 234 567' (whole francs, no-break spaces, a minus when negative). */
const amount = (value: string) => formatXofExact(value, { suffix: false });
/** A statement's amount: '-' for zero, blank when the column has none. */
const statementAmount = (value: string | undefined) => (value === undefined ? '' : isZero(value) ? '-' : amount(value));
/** A debit or credit: blank for zero, as ledgers print them. */
const sideAmount = (value: string) => (isZero(value) ? '' : amount(value));

/** Thin horizontal rules, a frame around the header. */
const TABLE_LAYOUT: CustomTableLayout = {
  hLineWidth: (i, node) => (i === 0 || i === node.table.headerRows || i === node.table.body.length ? 0.8 : 0.25),
  vLineWidth: () => 0,
  hLineColor: (i, node) => (i === 0 || i === node.table.headerRows || i === node.table.body.length ? '#555555' : '#cccccc'),
  paddingLeft: () => 3,
  paddingRight: () => 3,
  paddingTop: () => 1.5,
  paddingBottom: () => 1.5,
};

function headerBlock(header: ReportHeader): Content {
  const company = reportCompany(header.company);
  return {
    margin: [0, 0, 0, 14],
    columns: [
      { width: '*', stack: partyBlock('', company, true), fontSize: 9 },
      {
        width: 'auto',
        stack: [
          { text: winAnsi(header.title), style: 'title', ...right },
          { text: winAnsi(header.period), bold: true, ...right, margin: [0, 3, 0, 2] },
          { text: generatedLine(header), fontSize: 8, color: '#555555', ...right },
        ],
      },
    ],
  };
}

function warningBlock(warnings: string[]): Content[] {
  return warnings.map((w): Content => ({ text: winAnsi(w), color: WARNING_COLOR, bold: true, fontSize: 9, margin: [0, 0, 0, 6] }));
}

function reportDocument(header: ReportHeader, content: Content[], orientation: PageOrientation): TDocumentDefinitions {
  return {
    compress: true,
    pageSize: 'A4',
    pageOrientation: orientation,
    pageMargins: [36, 36, 36, 44],
    info: { title: winAnsi(`${header.title} — ${header.period}`), author: winAnsi(header.company.name), creator: 'Xaalis' },
    defaultStyle: { font: 'Helvetica', fontSize: 8, lineHeight: 1.1 },
    styles: {
      title: { fontSize: 16, bold: true, color: '#0b5394' },
      section: { fontSize: 11, bold: true, color: '#0b5394', margin: [0, 0, 0, 4] },
      th: { bold: true, fontSize: 8, color: '#333333' },
    },
    content: [headerBlock(header), ...content],
    footer: (page: number, pages: number) => ({
      columns: [
        { text: winAnsi(`${header.company.name} — ${header.title} — ${header.period}`), fontSize: 7, color: '#777777' },
        { text: `Page ${page} / ${pages}`, fontSize: 7, color: '#777777', alignment: 'right', width: 'auto' },
      ],
      margin: [36, 16, 36, 0],
    }),
  };
}

/** One statement's table: Réf., Libellé, then the report's columns; titles as headings, totals in bold. */
function statementTable(columns: ReportColumn[], lines: ReportLine[], amountWidth: number): Content {
  const head: TableCell[] = [
    { text: L.ref, style: 'th' },
    { text: L.label, style: 'th' },
    ...columns.map((c) => ({ text: winAnsi(c.label), style: 'th', ...right })),
  ];
  const body: TableCell[][] = [head];
  for (const line of lines) {
    const ref = winAnsi(line.ref);
    const label = winAnsi(line.label);
    switch (line.kind) {
      case 'title':
        body.push([
          { text: ref, bold: true, fillColor: TITLE_FILL },
          { text: label, bold: true, fillColor: TITLE_FILL, colSpan: columns.length + 1 },
          ...columns.map(() => ({})),
        ]);
        break;
      case 'total':
        body.push([
          { text: ref, bold: true, fillColor: TOTAL_FILL },
          { text: label, bold: true, fillColor: TOTAL_FILL },
          ...columns.map((c) => ({ text: statementAmount(line.amounts[c.key]), bold: true, fillColor: TOTAL_FILL, ...right })),
        ]);
        break;
      case 'detail':
        body.push([ref, label, ...columns.map((c) => ({ text: statementAmount(line.amounts[c.key]), ...right }))]);
        break;
    }
  }
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: [28, '*', ...columns.map(() => amountWidth)], body },
    layout: TABLE_LAYOUT,
  };
}

/** The document definitions (exported for tests). */
export function balanceSheetDocument(header: ReportHeader, report: BalanceSheet): TDocumentDefinitions {
  return reportDocument(
    header,
    [
      ...warningBlock(reportWarnings(report.checks, report.unmappedAccounts)),
      { text: L.actif, style: 'section' },
      statementTable(report.actifColumns, report.actif, 66),
      { text: L.passif, style: 'section', pageBreak: 'before' },
      statementTable(report.passifColumns, report.passif, 80),
    ],
    'portrait',
  );
}

export function incomeStatementDocument(header: ReportHeader, report: IncomeStatement | CashFlowStatement): TDocumentDefinitions {
  return reportDocument(
    header,
    [...warningBlock(reportWarnings(report.checks, report.unmappedAccounts)), statementTable(report.columns, report.lines, 80)],
    'portrait',
  );
}

export function trialBalanceDocument(header: ReportHeader, report: TrialBalance): TDocumentDefinitions {
  const groups: TableCell[] = [
    { text: L.account, style: 'th', rowSpan: 2 },
    { text: L.accountName, style: 'th', rowSpan: 2 },
    ...[L.opening, L.period, L.closing].flatMap((g): TableCell[] => [{ text: g, style: 'th', colSpan: 2, alignment: 'center' }, {}]),
  ];
  const sides: TableCell[] = [{}, {}, ...[1, 2, 3].flatMap(() => [L.debit, L.credit].map((s) => ({ text: s, style: 'th', ...right })))];
  const amounts = (a: TrialBalance['totals'], style: { bold?: boolean; fillColor?: string } = {}): TableCell[] =>
    [a.openingDebit, a.openingCredit, a.periodDebit, a.periodCredit, a.closingDebit, a.closingCredit].map((v) => ({
      text: sideAmount(v),
      ...style,
      ...right,
    }));
  const body: TableCell[][] = [
    groups,
    sides,
    ...report.rows.map((r) => [winAnsi(r.accountCode), winAnsi(r.accountName), ...amounts(r)]),
    [
      { text: L.grandTotal, bold: true, colSpan: 2, fillColor: TOTAL_FILL },
      {},
      ...amounts(report.totals, { bold: true, fillColor: TOTAL_FILL }),
    ],
  ];
  return reportDocument(
    header,
    [
      ...warningBlock(reportWarnings(report.checks)),
      { table: { headerRows: 2, dontBreakRows: true, widths: [52, '*', 68, 68, 68, 68, 68, 68], body }, layout: TABLE_LAYOUT },
    ],
    'landscape',
  );
}

/** The Grand livre: one table per account (its name and the column labels repeated on each page), lines, totals. */
export function generalLedgerDocument(
  header: ReportHeader,
  accounts: GeneralLedgerAccount[],
  rows: GeneralLedgerRow[],
): TDocumentDefinitions {
  const byAccount = new Map<string, GeneralLedgerRow[]>();
  for (const row of rows) {
    const list = byAccount.get(row.accountCode);
    if (list) list.push(row);
    else byAccount.set(row.accountCode, [row]);
  }
  // Accounts the lines name but the headings do not (never expected): shown with what the lines say.
  const known = new Set(accounts.map((a) => a.accountCode));
  const all = [...accounts];
  for (const [code, list] of byAccount) if (!known.has(code)) all.push(summaryFromRows(code, list));

  let totalDebit = dec(0);
  let totalCredit = dec(0);
  const content: Content[] = [];
  // pdfmake writes into the cells it lays out: each table gets its own.
  const columns = (): TableCell[] => [
    { text: L.date, style: 'th' },
    { text: L.piece, style: 'th' },
    { text: L.journal, style: 'th' },
    { text: L.label, style: 'th' },
    { text: L.debit, style: 'th', ...right },
    { text: L.credit, style: 'th', ...right },
    { text: L.balance, style: 'th', ...right },
  ];
  for (const account of all) {
    totalDebit = totalDebit.plus(account.periodDebit);
    totalCredit = totalCredit.plus(account.periodCredit);
    const body: TableCell[][] = [
      [
        { text: winAnsi(`${account.accountCode} — ${account.accountName}`), bold: true, fontSize: 9, colSpan: 7, fillColor: TITLE_FILL },
        {},
        {},
        {},
        {},
        {},
        {},
      ],
      columns(),
      [
        { text: L.opening, italics: true, colSpan: 6 },
        {},
        {},
        {},
        {},
        {},
        { text: amount(account.openingBalance), italics: true, ...right },
      ],
    ];
    for (const r of byAccount.get(account.accountCode) ?? []) {
      const label = r.reference ? `${r.description} (${r.reference})` : r.description;
      body.push([
        frDate(r.date),
        winAnsi(r.entryNumber),
        winAnsi(r.journal),
        winAnsi(label),
        { text: sideAmount(r.debit), ...right },
        { text: sideAmount(r.credit), ...right },
        { text: amount(r.balance), ...right },
      ]);
    }
    body.push([
      { text: `${L.total} ${winAnsi(account.accountCode)}`, bold: true, colSpan: 4, fillColor: TOTAL_FILL },
      {},
      {},
      {},
      { text: amount(account.periodDebit), bold: true, fillColor: TOTAL_FILL, ...right },
      { text: amount(account.periodCredit), bold: true, fillColor: TOTAL_FILL, ...right },
      { text: amount(account.closingBalance), bold: true, fillColor: TOTAL_FILL, ...right },
    ]);
    content.push({
      table: { headerRows: 2, keepWithHeaderRows: 1, dontBreakRows: true, widths: [48, 74, 36, '*', 72, 72, 76], body },
      layout: TABLE_LAYOUT,
      margin: [0, 0, 0, 10],
    });
  }
  content.push({
    table: {
      widths: ['*', 72, 72, 76],
      body: [
        [
          { text: L.grandTotal, bold: true, fillColor: TOTAL_FILL },
          { text: amount(money(totalDebit)), bold: true, fillColor: TOTAL_FILL, ...right },
          { text: amount(money(totalCredit)), bold: true, fillColor: TOTAL_FILL, ...right },
          { text: '', fillColor: TOTAL_FILL },
        ],
      ],
    },
    layout: TABLE_LAYOUT,
  });
  return reportDocument(header, content, 'landscape');
}

/** A note of the DSF pack: one row per group of accounts (opening, increases, decreases, closing). */
export interface DsfNote {
  title: string;
  columns: [string, string, string, string];
  rows: { label: string; opening: string; increase: string; decrease: string; closing: string }[];
}

/** What the DSF pack prints: the three statements and the notes from the books (annual-statements). */
export interface DsfPackInput {
  h: ReportHeader;
  identity: string[];
  balanceSheet: BalanceSheet;
  incomeStatement: IncomeStatement;
  cashFlow: CashFlowStatement;
  notes: DsfNote[];
  /** Receivables and payables by due date at the year's end: [label, not due, 0–30, 31–60, 61–90, > 90, total]. */
  dueDates: { head: string[]; rows: string[][] };
}

/**
 * The DSF pack (issue 30): a cover with the company's identifiers, the Bilan,
 * the Compte de résultat, the TFT, then the notes that come straight from the
 * books — one PDF.
 */
export function dsfPackDocument(input: DsfPackInput): TDocumentDefinitions {
  const { h } = input;
  const noteTable = (n: DsfNote): Content[] => [
    { text: winAnsi(n.title), style: 'section', margin: [0, 10, 0, 4] },
    {
      table: {
        headerRows: 1,
        widths: ['*', 80, 80, 80, 80],
        body: [
          [{ text: 'Rubrique', style: 'th' }, ...n.columns.map((c): TableCell => ({ text: winAnsi(c), style: 'th', ...right }))],
          ...n.rows.map((r): TableCell[] => [
            winAnsi(r.label),
            ...[r.opening, r.increase, r.decrease, r.closing].map((v): TableCell => ({ text: statementAmount(v), ...right })),
          ]),
        ],
      },
      layout: TABLE_LAYOUT,
    },
  ];
  const section = (title: string, content: Content[]): Content[] => [
    { text: winAnsi(title), style: 'title', pageBreak: 'before', margin: [0, 0, 0, 8] },
    ...content,
  ];
  const statementContent = (report: IncomeStatement | CashFlowStatement) => [
    ...warningBlock(reportWarnings(report.checks, report.unmappedAccounts)),
    statementTable(report.columns, report.lines, 80),
  ];
  return reportDocument(
    h,
    [
      { text: winAnsi('Liasse fiscale — états financiers et notes'), style: 'section' },
      { text: winAnsi(input.identity.join('\n')), fontSize: 10, margin: [0, 6, 0, 0] },
      ...section('Bilan', [
        ...warningBlock(reportWarnings(input.balanceSheet.checks, input.balanceSheet.unmappedAccounts)),
        { text: L.actif, style: 'section' },
        statementTable(input.balanceSheet.actifColumns, input.balanceSheet.actif, 66),
        { text: L.passif, style: 'section', pageBreak: 'before' },
        statementTable(input.balanceSheet.passifColumns, input.balanceSheet.passif, 80),
      ]),
      ...section('Compte de résultat', statementContent(input.incomeStatement)),
      ...section('Tableau des flux de trésorerie', statementContent(input.cashFlow)),
      ...section('Notes annexes tirées de la comptabilité', input.notes.flatMap(noteTable)),
      { text: winAnsi('Créances et dettes par échéance'), style: 'section', margin: [0, 10, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 60, 60, 60, 60, 60, 70],
          body: [
            input.dueDates.head.map((t, i): TableCell => ({ text: winAnsi(t), style: 'th', ...(i ? right : {}) })),
            ...input.dueDates.rows.map((r): TableCell[] => r.map((v, i) => (i ? { text: statementAmount(v), ...right } : winAnsi(v)))),
          ],
        },
        layout: TABLE_LAYOUT,
      },
    ],
    'portrait',
  );
}

// Rendered in the worker pool: the documents are built there from the report's plain data.
const dsfPackTask = pdfDocument(__filename, 'accounting.dsf-pack', (input: DsfPackInput) => dsfPackDocument(input));
export const dsfPackPdf = (input: DsfPackInput): Promise<Buffer> => dsfPackTask(input);
const balanceSheetTask = pdfDocument(__filename, 'accounting.balance-sheet', ({ h, report }: { h: ReportHeader; report: BalanceSheet }) =>
  balanceSheetDocument(h, report),
);
const statementTask = pdfDocument(
  __filename,
  'accounting.statement',
  ({ h, report }: { h: ReportHeader; report: IncomeStatement | CashFlowStatement }) => incomeStatementDocument(h, report),
);
const trialBalanceTask = pdfDocument(__filename, 'accounting.trial-balance', ({ h, report }: { h: ReportHeader; report: TrialBalance }) =>
  trialBalanceDocument(h, report),
);
// The lines are streamed to the thread in batches, not posted in one message.
const generalLedgerTask = pdfDocument(
  __filename,
  'accounting.general-ledger',
  async ({ h, accounts }: { h: ReportHeader; accounts: GeneralLedgerAccount[] }, io) => {
    const rows: GeneralLedgerRow[] = [];
    for await (const row of io.items<GeneralLedgerRow>()) rows.push(row);
    return generalLedgerDocument(h, accounts, rows);
  },
);

export const balanceSheetPdf = (h: ReportHeader, report: BalanceSheet): Promise<Buffer> => balanceSheetTask({ h, report });
export const incomeStatementPdf = (h: ReportHeader, report: IncomeStatement): Promise<Buffer> => statementTask({ h, report });
export const cashFlowPdf = (h: ReportHeader, report: CashFlowStatement): Promise<Buffer> => statementTask({ h, report });
export const trialBalancePdf = (h: ReportHeader, report: TrialBalance): Promise<Buffer> => trialBalanceTask({ h, report });
/** The caller keeps `rows` within MAX_LEDGER_PDF_LINES (the export job: MAX_LEDGER_EXPORT_PDF_LINES), ordered by account then date; they are read as the thread asks. */
export const generalLedgerPdf = (
  h: ReportHeader,
  accounts: GeneralLedgerAccount[],
  rows: AsyncIterable<GeneralLedgerRow> | Iterable<GeneralLedgerRow>,
): Promise<Buffer> => generalLedgerTask({ h, accounts }, rows);
