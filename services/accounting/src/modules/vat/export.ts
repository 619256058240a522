import type { Content, TableCell } from 'pdfmake/interfaces';
import { vatPeriodLabel, type VatReturn } from '@xaalis/contracts';
import { formatXofExact } from '@xaalis/domain';
import { frDate, pdfDocument, winAnsi } from '../pdf';
import { reportPage } from '@xaalis/service-kit/pdf';
import { XOF_FORMAT, rowWriter, workbookTask, type WorkbookWriter } from '@xaalis/service-kit/spreadsheet';

/**
 * The VAT return as filed: PDF (the headings of the DGID's monthly return,
 * with the company's NINEA) and XLSX, built in the worker pool.
 */
interface ReturnFile {
  companyName: string;
  vatReturn: VatReturn;
}

const amount = (v: string) => formatXofExact(v, { suffix: false });
const right = { alignment: 'right' as const };

export const returnTitle = (r: VatReturn) =>
  `Déclaration de TVA — ${vatPeriodLabel(r.period)}${r.version > 1 ? ` (rectificative n° ${r.version})` : ''}`;

/** The summary rows: [label, amount]. */
function summary(r: VatReturn): [string, string][] {
  return [
    ['TVA collectée', r.collected],
    ['TVA déductible', r.deductible],
    ['TVA retenue à la source par les clients', r.withheld],
    ['Crédit de TVA reporté de la période précédente', r.creditBroughtForward],
    ['TVA due', r.due],
    ['Crédit de TVA à reporter', r.creditCarriedForward],
  ];
}

const identity = (r: VatReturn) =>
  [
    `NINEA : ${r.ninea ?? 'non renseigné'}`,
    `Période : du ${frDate(r.start)} au ${frDate(r.end)}`,
    `Déposée le ${frDate(r.filedOn)}${r.reference ? ` — référence ${r.reference}` : ''}`,
  ].join('\n');

const pdfTask = pdfDocument(__filename, 'accounting.vat-return', ({ companyName, vatReturn: r }: ReturnFile) => {
  const lines: TableCell[][] = [
    [
      { text: winAnsi('Opérations'), bold: true },
      { text: 'Base imposable', bold: true, ...right },
      { text: 'TVA', bold: true, ...right },
    ],
    ...r.lines.map((l): TableCell[] => [winAnsi(l.label), { text: amount(l.base), ...right }, { text: amount(l.vat), ...right }]),
  ];
  const totals: TableCell[][] = summary(r).map(([label, value]) => [
    { text: winAnsi(label), bold: label.startsWith('TVA due') || label.startsWith('Crédit de TVA à') },
    { text: amount(value), ...right, bold: label.startsWith('TVA due') || label.startsWith('Crédit de TVA à') },
  ]);
  const difference: Content[] = r.difference
    ? [
        {
          text: winAnsi('Rectification : écart avec la déclaration précédente'),
          bold: true,
          margin: [0, 12, 0, 4] as [number, number, number, number],
        },
        {
          table: {
            widths: ['*', 100],
            body: [
              ['TVA collectée', r.difference.collected],
              ['TVA déductible', r.difference.deductible],
              ['TVA retenue', r.difference.withheld],
              ['TVA due', r.difference.due],
              ['Crédit à reporter', r.difference.creditCarriedForward],
            ].map(([label, value]): TableCell[] => [winAnsi(label), { text: amount(value), ...right }]),
          },
          layout: 'lightHorizontalLines',
        },
      ]
    : [];
  return reportPage(companyName, returnTitle(r), [
    { text: winAnsi(identity(r)), margin: [0, 0, 0, 10] },
    { table: { headerRows: 1, widths: ['*', 100, 100], body: lines }, layout: 'lightHorizontalLines', margin: [0, 0, 0, 12] },
    { table: { widths: ['*', 100], body: totals }, layout: 'lightHorizontalLines' },
    ...difference,
  ]);
});
export const vatReturnPdf = (input: ReturnFile): Promise<Buffer> => pdfTask(input);

export const vatReturnWorkbook = workbookTask<ReturnFile>(
  __filename,
  'accounting.vat-return-xlsx',
  (workbook: WorkbookWriter, { companyName, vatReturn: r }) => {
    const sheet = workbook.addWorksheet('Déclaration de TVA');
    sheet.columns = [{ width: 52 }, { width: 18, style: { numFmt: XOF_FORMAT } }, { width: 18, style: { numFmt: XOF_FORMAT } }];
    const add = rowWriter(sheet);
    add([companyName], true);
    add([returnTitle(r)], true);
    for (const line of identity(r).split('\n')) add([line]);
    add([]);
    add(['Opérations', 'Base imposable', 'TVA'], true);
    for (const l of r.lines) add([l.label, Number(l.base), Number(l.vat)]);
    add([]);
    for (const [label, value] of summary(r)) add([label, '', Number(value)], label === 'TVA due' || label === 'Crédit de TVA à reporter');
    if (r.difference) {
      add([]);
      add(['Rectification : écart avec la déclaration précédente'], true);
      add(['TVA due', '', Number(r.difference.due)]);
      add(['Crédit à reporter', '', Number(r.difference.creditCarriedForward)]);
    }
    sheet.commit();
  },
);
