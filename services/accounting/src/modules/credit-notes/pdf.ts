import type { Content, TableCell } from 'pdfmake/interfaces';
import type { CreditNote } from '@xaalis/contracts';
import { formatXofExact } from '@xaalis/domain';
import {
  amountInFrenchWords,
  frDate,
  partyBlock,
  pdfDocument,
  winAnsi,
  type PdfCompany,
  type PdfThirdParty,
} from '@xaalis/service-kit/pdf';

interface CreditNotePdfInput {
  company: PdfCompany;
  thirdParty: PdfThirdParty | null;
  note: CreditNote;
  vatRate: string;
}

const money = (value: string) => formatXofExact(value);
const right = { alignment: 'right' as const };

/** The credit note as a PDF: the issuer, the third party, "Avoir sur facture FV-…", its lines and totals in words; built in the pool. */
export const renderCreditNotePdf = pdfDocument(
  __filename,
  'accounting.credit-note',
  ({ company, thirdParty, note, vatRate }: CreditNotePdfInput) => {
    const rows: TableCell[][] = [
      [
        { text: 'Description', style: 'th' },
        { text: 'Quantité', style: 'th', ...right },
        { text: 'Prix unitaire', style: 'th', ...right },
        { text: 'Total HT', style: 'th', ...right },
      ],
      ...(note.lines ?? []).map((l) => [
        { text: winAnsi(l.description) },
        { text: l.quantity ? l.quantity.replace(/\.?0+$/, '').replace('.', ',') : '', ...right },
        { text: l.unitPrice ? money(l.unitPrice) : '', ...right },
        { text: money(l.total), ...right },
      ]),
    ];
    const content: Content[] = [
      {
        columns: [
          { width: '*', stack: partyBlock('', company, true) },
          {
            width: 'auto',
            stack: [
              { text: note.kind === 'customer' ? 'AVOIR' : 'AVOIR FOURNISSEUR', style: 'title', ...right },
              { text: `N° ${winAnsi(note.number)}`, bold: true, fontSize: 12, ...right, margin: [0, 2, 0, 6] },
              { text: `Date : ${frDate(note.date)}`, ...right },
              { text: `Avoir sur facture ${winAnsi(note.invoiceNumber)}`, bold: true, ...right },
            ],
          },
        ],
      },
      {
        margin: [0, 24, 0, 16],
        columns: [
          { width: '*', text: [{ text: 'Motif : ', bold: true }, winAnsi(note.reason)] },
          {
            width: 240,
            table: {
              widths: ['*'],
              body: [
                [
                  {
                    stack: thirdParty
                      ? partyBlock(note.kind === 'customer' ? 'Client' : 'Fournisseur', thirdParty, false)
                      : [{ text: 'N/A' }],
                    margin: [6, 6, 6, 6],
                  },
                ],
              ],
            },
            layout: 'noBorders',
            fillColor: '#f3f5f7',
          },
        ],
      },
      { table: { headerRows: 1, widths: ['*', 60, 90, 100], body: rows }, layout: 'lightHorizontalLines' },
      {
        margin: [0, 12, 0, 0],
        columns: [
          { width: '*', text: '' },
          {
            width: 230,
            table: {
              widths: ['*', 110],
              body: [
                ['Total HT', { text: money(note.subtotal), ...right }],
                [`TVA (${vatRate.replace(/\.00$/, '').replace('.', ',')} %)`, { text: money(note.vatAmount), ...right }],
                [
                  { text: "Total TTC de l'avoir", bold: true },
                  { text: money(note.total), bold: true, ...right },
                ],
              ],
            },
            layout: 'lightHorizontalLines',
          },
        ],
      },
      {
        margin: [0, 20, 0, 0],
        text: ['Arrêté le présent avoir à la somme de ', { text: amountInFrenchWords(note.total), bold: true }, ` (${money(note.total)}).`],
      },
    ];
    return {
      pageSize: 'A4',
      pageMargins: [40, 40, 40, 50],
      info: { title: `Avoir ${note.number}`, author: winAnsi(company.name), creator: 'Xaalis' },
      defaultStyle: { font: 'Helvetica', fontSize: 10, lineHeight: 1.15 },
      styles: { title: { fontSize: 20, bold: true, color: '#0b5394' }, th: { bold: true, fontSize: 9, color: '#333333' } },
      content,
    };
  },
);
