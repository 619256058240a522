import type { TableCell } from 'pdfmake/interfaces';
import { AGED_BUCKETS, type AccountStatement, type AgedBalance } from '@xaalis/contracts';
import { formatXofExact } from '@xaalis/domain';
import { frDate, pdfDocument, winAnsi } from '../pdf';
import { reportPage } from '@xaalis/service-kit/pdf';
import { XOF_FORMAT, rowWriter, workbookTask, type WorkbookWriter } from '@xaalis/service-kit/spreadsheet';

/** The aged balance (PDF, XLSX) and the statement of account (PDF), built in the worker pool. */

const amount = (v: string) => formatXofExact(v, { suffix: false });
const right = { alignment: 'right' as const };
export const agedTitle = (b: AgedBalance) => `Balance âgée ${b.type === 'receivable' ? 'clients' : 'fournisseurs'} au ${frDate(b.date)}`;

const agedPdfTask = pdfDocument(
  __filename,
  'accounting.aged-balance',
  ({ companyName, balance }: { companyName: string; balance: AgedBalance }) => {
    const body: TableCell[][] = [
      [
        { text: 'Tiers', bold: true },
        ...AGED_BUCKETS.map(([, label]) => ({ text: winAnsi(label), bold: true, ...right })),
        { text: 'Total', bold: true, ...right },
      ],
      ...balance.rows.map((r): TableCell[] => [
        winAnsi(r.name),
        ...AGED_BUCKETS.map(([k]) => ({ text: amount(r[k]), ...right })),
        { text: amount(r.total), ...right },
      ]),
      [
        { text: 'Total', bold: true },
        ...AGED_BUCKETS.map(([k]) => ({ text: amount(balance.totals[k]), bold: true, ...right })),
        { text: amount(balance.totals.total), bold: true, ...right },
      ],
    ];
    return reportPage(
      companyName,
      agedTitle(balance),
      [{ table: { headerRows: 1, widths: ['*', 70, 70, 70, 70, 70, 80], body }, layout: 'lightHorizontalLines' }],
      true,
    );
  },
);
export const agedBalancePdf = (input: { companyName: string; balance: AgedBalance }): Promise<Buffer> => agedPdfTask(input);

export const agedBalanceWorkbook = workbookTask<{ companyName: string; balance: AgedBalance }>(
  __filename,
  'accounting.aged-balance-xlsx',
  (workbook: WorkbookWriter, { companyName, balance }) => {
    const sheet = workbook.addWorksheet('Balance âgée');
    sheet.columns = [{ width: 40 }, ...[...AGED_BUCKETS, ['total', 'Total']].map(() => ({ width: 16, style: { numFmt: XOF_FORMAT } }))];
    const add = rowWriter(sheet);
    add([companyName], true);
    add([agedTitle(balance)], true);
    add([]);
    add(['Tiers', ...AGED_BUCKETS.map(([, label]) => label), 'Total'], true);
    for (const r of balance.rows) add([r.name, ...AGED_BUCKETS.map(([k]) => Number(r[k])), Number(r.total)]);
    add(['Total', ...AGED_BUCKETS.map(([k]) => Number(balance.totals[k])), Number(balance.totals.total)], true);
    sheet.commit();
  },
);

const statementPdfTask = pdfDocument(
  __filename,
  'accounting.account-statement',
  ({ companyName, statement: s }: { companyName: string; statement: AccountStatement }) => {
    const body: TableCell[][] = [
      ['Date', 'Pièce', 'Libellé', 'Let.', 'Débit', 'Crédit', 'Solde'].map((t, i) => ({
        text: winAnsi(t),
        bold: true,
        ...(i >= 4 ? right : {}),
      })),
      [
        { text: winAnsi('Solde au début de la période'), colSpan: 6, italics: true },
        '',
        '',
        '',
        '',
        '',
        { text: amount(s.opening), ...right },
      ],
      ...s.lines.map((l): TableCell[] => [
        frDate(l.date),
        winAnsi(l.number),
        winAnsi(l.description),
        l.letteringCode ?? '',
        { text: l.debit === '0.00' ? '' : amount(l.debit), ...right },
        { text: l.credit === '0.00' ? '' : amount(l.credit), ...right },
        { text: amount(l.balance), ...right },
      ]),
      [
        { text: 'Total', bold: true, colSpan: 4 },
        '',
        '',
        '',
        { text: amount(s.totalDebit), bold: true, ...right },
        { text: amount(s.totalCredit), bold: true, ...right },
        { text: amount(s.closing), bold: true, ...right },
      ],
    ];
    return reportPage(companyName, `Relevé de compte — ${s.thirdParty.name} — du ${frDate(s.from)} au ${frDate(s.to)}`, [
      { table: { headerRows: 1, widths: [50, 70, '*', 24, 65, 65, 70], body }, layout: 'lightHorizontalLines' },
      { text: winAnsi(`Solde à la fin de la période : ${formatXofExact(s.closing)}`), bold: true, margin: [0, 10, 0, 0] },
    ]);
  },
);
export const accountStatementPdf = (input: { companyName: string; statement: AccountStatement }): Promise<Buffer> =>
  statementPdfTask(input);
