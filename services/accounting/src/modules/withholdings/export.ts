import type { TableCell } from 'pdfmake/interfaces';
import { vatPeriodLabel, type WithholdingStatement } from '@xaalis/contracts';
import { formatXofExact } from '@xaalis/domain';
import { frDate, pdfDocument, winAnsi } from '../pdf';
import { reportPage } from '@xaalis/service-kit/pdf';
import { XOF_FORMAT, rowWriter, workbookTask, type WorkbookWriter } from '@xaalis/service-kit/spreadsheet';

/** The bordereau de retenue à la source as filed: PDF and XLSX, built in the worker pool. */
interface StatementFile {
  companyName: string;
  statement: WithholdingStatement;
}

const amount = (v: string) => formatXofExact(v, { suffix: false });
const right = { alignment: 'right' as const };
export const statementTitle = (s: WithholdingStatement) => `Bordereau de retenue à la source — ${vatPeriodLabel(s.period)}`;
const identity = (s: WithholdingStatement) => [
  `NINEA : ${s.ninea ?? 'non renseigné'}`,
  `Période : du ${frDate(s.start)} au ${frDate(s.end)}`,
  `Déposé le ${frDate(s.filedOn)}${s.reference ? ` — référence ${s.reference}` : ''}`,
];

const pdfTask = pdfDocument(__filename, 'accounting.withholding-statement', ({ companyName, statement: s }: StatementFile) => {
  const body: TableCell[][] = [
    ['Bénéficiaire', 'NINEA', 'Paiements', 'Montant brut payé', 'Retenue'].map((t, i) => ({
      text: winAnsi(t),
      bold: true,
      ...(i >= 2 ? right : {}),
    })),
    ...s.beneficiaries.map((b): TableCell[] => [
      winAnsi(b.name),
      winAnsi(b.ninea ?? '—'),
      { text: String(b.payments), ...right },
      { text: amount(b.gross), ...right },
      { text: amount(b.withheld), ...right },
    ]),
    [
      { text: 'Total', bold: true, colSpan: 3 },
      '',
      '',
      { text: amount(s.totalGross), bold: true, ...right },
      { text: amount(s.totalWithheld), bold: true, ...right },
    ],
  ];
  return reportPage(companyName, statementTitle(s), [
    { text: winAnsi(identity(s).join('\n')), margin: [0, 0, 0, 10] },
    { table: { headerRows: 1, widths: ['*', 80, 50, 90, 80], body }, layout: 'lightHorizontalLines' },
  ]);
});
export const withholdingStatementPdf = (input: StatementFile): Promise<Buffer> => pdfTask(input);

export const withholdingStatementWorkbook = workbookTask<StatementFile>(
  __filename,
  'accounting.withholding-statement-xlsx',
  (workbook: WorkbookWriter, { companyName, statement: s }) => {
    const sheet = workbook.addWorksheet('Retenues à la source');
    sheet.columns = [
      { width: 40 },
      { width: 16 },
      { width: 12 },
      { width: 18, style: { numFmt: XOF_FORMAT } },
      { width: 16, style: { numFmt: XOF_FORMAT } },
    ];
    const add = rowWriter(sheet);
    add([companyName], true);
    add([statementTitle(s)], true);
    for (const line of identity(s)) add([line]);
    add([]);
    add(['Bénéficiaire', 'NINEA', 'Paiements', 'Montant brut payé', 'Retenue'], true);
    for (const b of s.beneficiaries) add([b.name, b.ninea ?? '', b.payments, Number(b.gross), Number(b.withheld)]);
    add(['Total', '', '', Number(s.totalGross), Number(s.totalWithheld)], true);
    sheet.commit();
  },
);
