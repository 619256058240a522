import type { Content, TableCell } from 'pdfmake/interfaces';
import type { LedgerLine, ReconciliationReport, StatementLine } from '@xaalis/contracts';
import { formatXofExact } from '@xaalis/domain';
import { frDate, pdfDocument, winAnsi } from '../pdf';
import { XOF_FORMAT, workbookTask, type WorkbookWriter } from '@xaalis/service-kit/spreadsheet';

/**
 * The état de rapprochement as PDF and XLSX, built in the worker pool (this
 * module is imported by the pool threads: no connection at its top level).
 */

export interface ReportFileInput {
  companyName: string;
  report: ReconciliationReport;
}

export const REPORT_LABELS = {
  title: 'État de rapprochement',
  statementBalance: 'Solde du relevé',
  ledgerBalance: 'Solde comptable',
  unmatchedStatement: 'Opérations du relevé non rapprochées',
  unmatchedLedger: 'Écritures comptables non rapprochées',
  reconciled: 'Solde rapproché',
  difference: 'Écart',
  ties: 'Le rapprochement est équilibré',
  noItems: 'Aucune',
} as const;

const amount = (v: string) => formatXofExact(v, { suffix: false });
const right = { alignment: 'right' as const };

function linesTable(rows: (StatementLine | LedgerLine)[], total: string): Content {
  const body: TableCell[][] = [
    [
      { text: 'Date', bold: true },
      { text: 'Libellé', bold: true },
      { text: 'Référence', bold: true },
      { text: 'Montant', bold: true, ...right },
    ],
    ...rows.map((l): TableCell[] => [
      frDate(l.date),
      winAnsi('entryNumber' in l ? `${l.entryNumber} — ${l.label}` : l.label),
      winAnsi(l.reference ?? ''),
      { text: amount(l.amount), ...right },
    ]),
    [{ text: 'Total', bold: true, colSpan: 3 }, '', '', { text: amount(total), bold: true, ...right }],
  ];
  if (!rows.length) body.splice(1, 0, [{ text: REPORT_LABELS.noItems, colSpan: 4, italics: true }, '', '', '']);
  return { table: { headerRows: 1, widths: [55, '*', 90, 80], body }, layout: 'lightHorizontalLines', margin: [0, 0, 0, 12] };
}

const reportPdfTask = pdfDocument(__filename, 'accounting.reconciliation-report', ({ companyName, report: r }: ReportFileInput) => ({
  compress: true,
  pageSize: 'A4' as const,
  pageMargins: [36, 36, 36, 44] as [number, number, number, number],
  info: { title: winAnsi(`${REPORT_LABELS.title} — ${r.account.name}`), author: winAnsi(companyName), creator: 'Xaalis' },
  defaultStyle: { font: 'Helvetica', fontSize: 8 },
  footer: (page: number, pages: number) => ({
    text: `Page ${page} / ${pages}`,
    alignment: 'center' as const,
    fontSize: 7,
    margin: [0, 14, 0, 0],
  }),
  content: [
    { text: winAnsi(companyName), bold: true, fontSize: 12 },
    { text: winAnsi(REPORT_LABELS.title), fontSize: 16, bold: true, color: '#0b5394', margin: [0, 6, 0, 2] },
    { text: winAnsi(`${r.account.name} (compte ${r.account.accountCode}) — au ${frDate(r.date)}`), bold: true, margin: [0, 0, 0, 10] },
    {
      table: {
        widths: ['*', 100],
        body: [
          [winAnsi(REPORT_LABELS.statementBalance), { text: amount(r.statementBalance), ...right }],
          [winAnsi(`− ${REPORT_LABELS.unmatchedStatement}`), { text: amount(r.unmatchedStatementTotal), ...right }],
          [
            { text: winAnsi(`= ${REPORT_LABELS.reconciled} (relevé)`), bold: true },
            { text: amount(r.statementReconciled), bold: true, ...right },
          ],
          [winAnsi(REPORT_LABELS.ledgerBalance), { text: amount(r.ledgerBalance), ...right }],
          [winAnsi(`− ${REPORT_LABELS.unmatchedLedger}`), { text: amount(r.unmatchedLedgerTotal), ...right }],
          [
            { text: winAnsi(`= ${REPORT_LABELS.reconciled} (comptabilité)`), bold: true },
            { text: amount(r.ledgerReconciled), bold: true, ...right },
          ],
          [
            { text: winAnsi(REPORT_LABELS.difference), bold: true },
            { text: amount(r.difference), bold: true, ...right },
          ],
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 8],
    },
    r.ties
      ? { text: winAnsi(REPORT_LABELS.ties), color: '#1b5e20', bold: true, margin: [0, 0, 0, 12] }
      : {
          text: winAnsi(`Le rapprochement ne tombe pas juste : écart de ${formatXofExact(r.difference)}`),
          color: '#b00020',
          bold: true,
          margin: [0, 0, 0, 12],
        },
    { text: winAnsi(REPORT_LABELS.unmatchedStatement), bold: true, fontSize: 10, margin: [0, 0, 0, 4] },
    linesTable(r.unmatchedStatementLines, r.unmatchedStatementTotal),
    { text: winAnsi(REPORT_LABELS.unmatchedLedger), bold: true, fontSize: 10, margin: [0, 0, 0, 4] },
    linesTable(r.unmatchedLedgerLines, r.unmatchedLedgerTotal),
  ] as Content[],
}));

export const reconciliationReportPdf = (input: ReportFileInput): Promise<Buffer> => reportPdfTask(input);

const date = (iso: string) => new Date(`${iso}T00:00:00Z`);

function writeReport(workbook: WorkbookWriter, { companyName, report: r }: ReportFileInput): void {
  const sheet = workbook.addWorksheet('Rapprochement');
  sheet.columns = [
    { width: 14, style: { numFmt: 'dd/mm/yyyy' } },
    { width: 48 },
    { width: 22 },
    { width: 18, style: { numFmt: XOF_FORMAT } },
  ];
  const add = (cells: (string | number | Date | null)[], bold = false) => {
    const row = sheet.addRow(cells);
    if (bold) row.font = { bold: true };
    row.commit();
  };
  const money = (v: string) => Number(v);
  add([companyName], true);
  add([`${REPORT_LABELS.title} — ${r.account.name} (compte ${r.account.accountCode}) au ${frDate(r.date)}`], true);
  add([]);
  add(['', REPORT_LABELS.statementBalance, '', money(r.statementBalance)]);
  add(['', `− ${REPORT_LABELS.unmatchedStatement}`, '', money(r.unmatchedStatementTotal)]);
  add(['', `= ${REPORT_LABELS.reconciled} (relevé)`, '', money(r.statementReconciled)], true);
  add(['', REPORT_LABELS.ledgerBalance, '', money(r.ledgerBalance)]);
  add(['', `− ${REPORT_LABELS.unmatchedLedger}`, '', money(r.unmatchedLedgerTotal)]);
  add(['', `= ${REPORT_LABELS.reconciled} (comptabilité)`, '', money(r.ledgerReconciled)], true);
  add(['', REPORT_LABELS.difference, '', money(r.difference)], true);
  add(['', r.ties ? REPORT_LABELS.ties : `Le rapprochement ne tombe pas juste : écart de ${formatXofExact(r.difference)}`], true);
  const section = (title: string, rows: (StatementLine | LedgerLine)[], total: string) => {
    add([]);
    add([title], true);
    add(['Date', 'Libellé', 'Référence', 'Montant'], true);
    for (const l of rows) add([date(l.date), 'entryNumber' in l ? `${l.entryNumber} — ${l.label}` : l.label, l.reference, money(l.amount)]);
    add(['Total', '', '', money(total)], true);
  };
  section(REPORT_LABELS.unmatchedStatement, r.unmatchedStatementLines, r.unmatchedStatementTotal);
  section(REPORT_LABELS.unmatchedLedger, r.unmatchedLedgerLines, r.unmatchedLedgerTotal);
  sheet.commit();
}

export const reconciliationReportWorkbook = workbookTask<ReportFileInput>(__filename, 'accounting.reconciliation-report-xlsx', writeReport);
