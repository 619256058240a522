import type { Content, TableCell } from 'pdfmake/interfaces';
import type { Reminder } from '@xaalis/contracts';
import { formatXofExact } from '@xaalis/domain';
import { frDate, partyBlock, pdfDocument, winAnsi, type PdfCompany, type PdfThirdParty } from '@xaalis/service-kit/pdf';

interface LetterInput {
  company: PdfCompany;
  client: PdfThirdParty | null;
  reminder: Reminder;
}

const money = (v: string) => formatXofExact(v);
const right = { alignment: 'right' as const };

/** The reminder letter: the company, the client, the level's text, the overdue invoices and the totals; built in the worker pool. */
export const renderReminderPdf = pdfDocument(__filename, 'accounting.reminder', ({ company, client, reminder: r }: LetterInput) => {
  const rows: TableCell[][] = [
    ['Facture', 'Échéance', 'Jours de retard', 'Reste dû'].map((t, i) => ({ text: winAnsi(t), bold: true, ...(i >= 2 ? right : {}) })),
    ...r.invoices.map((i): TableCell[] => [
      winAnsi(i.number),
      frDate(i.dueDate),
      { text: String(i.daysOverdue), ...right },
      { text: money(i.balanceDue), ...right },
    ]),
    [{ text: 'Total dû', bold: true, colSpan: 3 }, '', '', { text: money(r.total), bold: true, ...right }],
  ];
  if (r.lateFee !== '0.00')
    rows.push([{ text: winAnsi('Frais et pénalités de retard'), colSpan: 3 }, '', '', { text: money(r.lateFee), ...right }]);
  const content: Content[] = [
    {
      columns: [
        { width: '*', stack: partyBlock('', company, true) },
        { width: 220, stack: client ? partyBlock('Client', client, false) : [{ text: '' }] },
      ],
    },
    { text: winAnsi(`Le ${frDate(r.date)}`), ...right, margin: [0, 20, 0, 10] },
    { text: winAnsi(`Objet : ${r.levelName}`), bold: true, margin: [0, 0, 0, 12] },
    ...r.body.split('\n').map((p): Content => ({ text: winAnsi(p), margin: [0, 0, 0, p ? 4 : 8] })),
    { table: { headerRows: 1, widths: ['*', 80, 80, 100], body: rows }, layout: 'lightHorizontalLines', margin: [0, 12, 0, 0] },
  ];
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    info: { title: winAnsi(`${r.levelName} — ${r.thirdPartyName ?? ''}`), author: winAnsi(company.name), creator: 'Xaalis' },
    defaultStyle: { font: 'Helvetica', fontSize: 10, lineHeight: 1.2 },
    content,
  };
});
