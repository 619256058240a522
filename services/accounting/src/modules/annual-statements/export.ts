import type { TableCell } from 'pdfmake/interfaces';
import { SUMS_PAID_NATURES, type SumsPaidStatement } from '@xaalis/contracts';
import { formatXofExact } from '@xaalis/domain';
import { pdfDocument, winAnsi } from '../pdf';
import { reportPage } from '@xaalis/service-kit/pdf';
import { XOF_FORMAT, rowWriter, workbookTask, type WorkbookWriter } from '@xaalis/service-kit/spreadsheet';

/** The état des sommes versées à des tiers: PDF and XLSX, built in the worker pool. */
interface SumsPaidFile {
  companyName: string;
  statement: SumsPaidStatement;
}

const amount = (v: string) => formatXofExact(v, { suffix: false });
const right = { alignment: 'right' as const };
export const sumsPaidTitle = (s: SumsPaidStatement) => `État des sommes versées à des tiers — année ${s.year}`;
const HEAD = ['Bénéficiaire', 'NINEA', 'Adresse', ...SUMS_PAID_NATURES.map((n) => n.label), 'Total'];
const intro = (s: SumsPaidStatement) =>
  `NINEA : ${s.ninea ?? 'non renseigné'} — bénéficiaires ayant perçu plus de ${formatXofExact(s.threshold)} sur l’année`;

const pdfTask = pdfDocument(__filename, 'accounting.sums-paid', ({ companyName, statement: s }: SumsPaidFile) => {
  const body: TableCell[][] = [
    HEAD.map((t, i) => ({ text: winAnsi(t), bold: true, ...(i >= 3 ? right : {}) })),
    ...s.beneficiaries.map((b): TableCell[] => [
      winAnsi(b.name),
      winAnsi(b.ninea ?? '—'),
      winAnsi(b.address ?? ''),
      ...SUMS_PAID_NATURES.map((n) => ({ text: amount(b[n.key]), ...right })),
      { text: amount(b.total), ...right },
    ]),
    [
      { text: 'Total', bold: true, colSpan: 3 },
      '',
      '',
      ...SUMS_PAID_NATURES.map((n) => ({ text: amount(s.totals[n.key]), bold: true, ...right })),
      { text: amount(s.totals.total), bold: true, ...right },
    ],
  ];
  return reportPage(
    companyName,
    sumsPaidTitle(s),
    [
      { text: winAnsi(intro(s)), margin: [0, 0, 0, 10] },
      { table: { headerRows: 1, widths: ['*', 70, 100, 70, 70, 70, 75], body }, layout: 'lightHorizontalLines' },
    ],
    true,
  );
});
export const sumsPaidPdf = (input: SumsPaidFile): Promise<Buffer> => pdfTask(input);

export const sumsPaidWorkbook = workbookTask<SumsPaidFile>(
  __filename,
  'accounting.sums-paid-xlsx',
  (workbook: WorkbookWriter, { companyName, statement: s }) => {
    const sheet = workbook.addWorksheet('Sommes versées');
    sheet.columns = [
      { width: 36 },
      { width: 16 },
      { width: 30 },
      ...[0, 1, 2, 3].map(() => ({ width: 16, style: { numFmt: XOF_FORMAT } })),
    ];
    const add = rowWriter(sheet);
    add([companyName], true);
    add([sumsPaidTitle(s)], true);
    add([intro(s)]);
    add([]);
    add(HEAD, true);
    for (const b of s.beneficiaries)
      add([b.name, b.ninea ?? '', b.address ?? '', ...SUMS_PAID_NATURES.map((n) => Number(b[n.key])), Number(b.total)]);
    add(['Total', '', '', ...SUMS_PAID_NATURES.map((n) => Number(s.totals[n.key])), Number(s.totals.total)], true);
    sheet.commit();
  },
);
