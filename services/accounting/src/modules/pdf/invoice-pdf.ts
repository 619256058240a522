import pdfMake = require('pdfmake');
import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import {
  INVOICE_PDF_TITLES,
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  formatXofExact,
  isCustomerInvoice,
  type Invoice,
  type InvoiceClientSnapshot,
  type InvoiceIssuerSnapshot,
} from '@xaalis/contracts';
import { amountInFrenchWords } from './french-words';

/**
 * Invoices as PDF, server side, with pdfmake 0.3's Node API and the PDF
 * standard fonts (Helvetica): no font file, no network. Resource policies deny
 * every URL and every local file but the standard font names, so nothing in a
 * document (user text included) can make the renderer read a file or fetch.
 */
const HELVETICA = { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' };
const STANDARD_FONTS = new Set(Object.values(HELVETICA));
pdfMake.setFonts({ Helvetica: HELVETICA });
pdfMake.setUrlAccessPolicy(() => false);
pdfMake.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path));

/** The issuing company as printed in the header: the invoice's snapshot once it is issued. */
export type PdfCompany = InvoiceIssuerSnapshot;
/** The client or supplier as printed: the invoice's snapshot once it is issued. */
export type PdfThirdParty = InvoiceClientSnapshot;

// Windows-1252 (WinAnsi), the encoding of the standard fonts: Latin-1 plus these.
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** User text made printable in a standard font: narrow/other spaces become spaces, characters it lacks become '?'. */
export function winAnsi(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .replace(/[\u2000-\u200a\u202f\u205f\u3000\r\t]/g, ' ')
    .replace(/[^\n\x20-\x7e\xa0-\xff]/gu, (c) => (CP1252_EXTRA.has(c) ? c : '?'));
}

const money = (value: string) => formatXofExact(value);
/** "2026-03-14" → "14/03/2026". */
export const frDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '—');
/** "2.500" → "2,5"; "3.000" → "3". */
const frDecimal = (value: string) =>
  value
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
    .replace('.', ',');

/** A company's or third party's block: name, address, phone, e-mail, RCCM (if asked) and NINEA. */
export function partyBlock(title: string, p: PdfCompany | PdfThirdParty, withRegistration: boolean): Content[] {
  const lines: Content[] = [{ text: winAnsi(p.name), bold: true, fontSize: title ? 11 : 14, margin: [0, 0, 0, 2] }];
  if (p.address) lines.push({ text: winAnsi(p.address) });
  if (p.phone) lines.push({ text: `Tél. : ${winAnsi(p.phone)}` });
  if (p.email) lines.push({ text: winAnsi(p.email) });
  if (withRegistration && 'registrationNumber' in p && p.registrationNumber)
    lines.push({ text: `RCCM : ${winAnsi(p.registrationNumber)}` });
  if (p.taxNumber) lines.push({ text: `NINEA : ${winAnsi(p.taxNumber)}` });
  return title ? [{ text: title, style: 'label', margin: [0, 0, 0, 4] }, ...lines] : lines;
}

/** The document definition (exported for tests and reuse). */
export function invoiceDocument(
  company: PdfCompany,
  invoice: Invoice,
  thirdParty: PdfThirdParty | null,
  opts: { compress?: boolean } = {},
): TDocumentDefinitions {
  const customer = isCustomerInvoice(invoice.type);
  const rate = frDecimal(invoice.vatRate);
  const lines = invoice.lines ?? [];
  const payments = invoice.payments ?? [];
  const right = { alignment: 'right' as const };

  const lineRows: TableCell[][] = [
    [
      { text: 'Description', style: 'th' },
      { text: 'Quantité', style: 'th', ...right },
      { text: 'Prix unitaire', style: 'th', ...right },
      { text: 'Total', style: 'th', ...right },
    ],
    ...lines.map((l) => [
      { text: winAnsi(l.description) },
      { text: frDecimal(l.quantity), ...right },
      { text: money(l.unitPrice), ...right },
      { text: money(l.total), ...right },
    ]),
  ];

  const totalRows: TableCell[][] = [
    ['Total HT', { text: money(invoice.subtotal), ...right }],
    [`TVA (${rate} %)`, { text: money(invoice.vatAmount), ...right }],
    [
      { text: 'Total TTC', bold: true },
      { text: money(invoice.total), bold: true, ...right },
    ],
  ];
  if (invoice.status !== 'draft' && invoice.status !== 'cancelled') {
    totalRows.push([customer ? 'Paiements reçus' : 'Paiements effectués', { text: money(invoice.paidAmount), ...right }]);
    totalRows.push([
      { text: 'Reste dû', bold: true },
      { text: money(invoice.balanceDue), bold: true, ...right },
    ]);
  }

  const content: Content[] = [
    {
      columns: [
        { width: '*', stack: partyBlock('', company, true) },
        {
          width: 'auto',
          stack: [
            { text: INVOICE_PDF_TITLES[invoice.type], style: 'title', ...right },
            { text: `N° ${winAnsi(invoice.number)}`, bold: true, fontSize: 12, ...right, margin: [0, 2, 0, 6] },
            { text: `Date : ${frDate(invoice.date)}`, ...right },
            { text: `Échéance : ${frDate(invoice.dueDate)}`, ...right },
            { text: `Règlement : ${PAYMENT_METHOD_LABELS[invoice.paymentMethod]}`, ...right },
            ...(invoice.status === 'validated' || invoice.status === 'paid'
              ? []
              : [
                  {
                    text: INVOICE_STATUS_LABELS[invoice.status].toUpperCase(),
                    bold: true,
                    color: '#b00020',
                    ...right,
                    margin: [0, 4, 0, 0],
                  } as Content,
                ]),
          ],
        },
      ],
    },
    {
      margin: [0, 24, 0, 16],
      columns: [
        { width: '*', text: '' },
        {
          width: 240,
          table: {
            widths: ['*'],
            body: [
              [
                {
                  stack: thirdParty ? partyBlock(customer ? 'Client' : 'Fournisseur', thirdParty, false) : [{ text: 'N/A' }],
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
    {
      table: { headerRows: 1, widths: ['*', 60, 90, 100], body: lineRows },
      layout: 'lightHorizontalLines',
    },
    {
      margin: [0, 12, 0, 0],
      columns: [
        { width: '*', text: '' },
        { width: 230, table: { widths: ['*', 110], body: totalRows }, layout: 'lightHorizontalLines' },
      ],
    },
  ];

  if (payments.length) {
    content.push({ text: customer ? 'Paiements reçus' : 'Paiements effectués', style: 'label', margin: [0, 16, 0, 4] });
    content.push({
      table: {
        headerRows: 1,
        widths: [70, '*', 120, 100],
        body: [
          [
            { text: 'Date', style: 'th' },
            { text: 'Mode', style: 'th' },
            { text: 'Référence', style: 'th' },
            { text: 'Montant', style: 'th', ...right },
          ],
          ...payments.map((p) => [
            frDate(p.date),
            PAYMENT_METHOD_LABELS[p.method],
            winAnsi(p.reference) || '-',
            { text: money(p.amount), ...right },
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    });
  }

  content.push({
    margin: [0, 20, 0, 0],
    text: [
      `Arrêtée la présente facture à la somme de `,
      { text: amountInFrenchWords(invoice.total), bold: true },
      ` (${money(invoice.total)}).`,
    ],
  });
  if (invoice.notes) content.push({ text: winAnsi(invoice.notes), italics: true, margin: [0, 12, 0, 0] });

  return {
    compress: opts.compress ?? true,
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    info: { title: `${INVOICE_PDF_TITLES[invoice.type]} ${invoice.number}`, author: winAnsi(company.name), creator: 'Xaalis' },
    defaultStyle: { font: 'Helvetica', fontSize: 10, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 20, bold: true, color: '#0b5394' },
      label: { fontSize: 9, bold: true, color: '#555555' },
      th: { bold: true, fontSize: 9, color: '#333333' },
    },
    content,
    footer: (page: number, pages: number) => ({
      columns: [
        { text: winAnsi(company.name), fontSize: 8, color: '#777777' },
        { text: `Page ${page} / ${pages}`, fontSize: 8, color: '#777777', alignment: 'right' },
      ],
      margin: [40, 16, 40, 0],
    }),
  };
}

/** Any document as a PDF file, with the fonts and resource policies above. */
export function renderPdf(document: TDocumentDefinitions): Promise<Buffer> {
  return pdfMake.createPdf(document).getBuffer();
}

/** The invoice as a PDF file. */
export function renderInvoicePdf(
  company: PdfCompany,
  invoice: Invoice,
  thirdParty: PdfThirdParty | null,
  opts: { compress?: boolean } = {},
): Promise<Buffer> {
  return renderPdf(invoiceDocument(company, invoice, thirdParty, opts));
}
