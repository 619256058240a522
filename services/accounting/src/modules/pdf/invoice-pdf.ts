import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { INVOICE_PDF_TITLES, INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS, isCustomerInvoice, type Invoice } from '@xaalis/contracts';
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

// Invoices as PDF: the renderer, its fonts and resource policies are service-kit's.

const money = (value: string) => formatXofExact(value);
/** "2.500" → "2,5"; "3.000" → "3". */
const frDecimal = (value: string) =>
  value
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
    .replace('.', ',');

/** The document definition (exported for tests and reuse). */
export function invoiceDocument(
  company: PdfCompany,
  invoice: Invoice,
  thirdParty: PdfThirdParty | null,
  opts: { compress?: boolean; quote?: { number: string; validUntil: string | null } } = {},
): TDocumentDefinitions {
  const quote = opts.quote;
  const customer = isCustomerInvoice(invoice.type);
  const rate = frDecimal(invoice.vatRate);
  const lines = invoice.lines ?? [];
  const payments = invoice.payments ?? [];
  const right = { alignment: 'right' as const };

  // Several rates (issue 30): each line shows its rate, the totals the VAT per rate with its base.
  const breakdown = invoice.vatBreakdown ?? [];
  const perRate = breakdown.length > 1;
  const lineRows: TableCell[][] = [
    [
      { text: 'Description', style: 'th' },
      { text: 'Quantité', style: 'th', ...right },
      { text: 'Prix unitaire', style: 'th', ...right },
      ...(perRate ? [{ text: 'TVA', style: 'th', ...right }] : []),
      { text: 'Total', style: 'th', ...right },
    ],
    ...lines.map((l) => [
      { text: winAnsi(l.description) },
      { text: frDecimal(l.quantity), ...right },
      { text: money(l.unitPrice), ...right },
      ...(perRate ? [{ text: `${frDecimal(l.vatRate ?? '0')} %`, ...right }] : []),
      { text: money(l.total), ...right },
    ]),
  ];

  const vatRows: TableCell[][] = perRate
    ? [
        ...breakdown.map((b): TableCell[] => [`TVA ${frDecimal(b.rate)} % sur ${money(b.base)}`, { text: money(b.vat), ...right }]),
        ['Total TVA', { text: money(invoice.vatAmount), ...right }],
      ]
    : [[`TVA (${rate} %)`, { text: money(invoice.vatAmount), ...right }]];
  const totalRows: TableCell[][] = [
    ['Total HT', { text: money(invoice.subtotal), ...right }],
    ...vatRows,
    [
      { text: 'Total TTC', bold: true },
      { text: money(invoice.total), bold: true, ...right },
    ],
  ];
  if (!quote && invoice.status !== 'draft' && invoice.status !== 'cancelled') {
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
            { text: quote ? 'DEVIS' : INVOICE_PDF_TITLES[invoice.type], style: 'title', ...right },
            { text: `N° ${winAnsi(invoice.number)}`, bold: true, fontSize: 12, ...right, margin: [0, 2, 0, 6] },
            { text: `Date : ${frDate(invoice.date)}`, ...right },
            ...(quote
              ? [{ text: `Valable jusqu'au : ${frDate(quote.validUntil)}`, ...right } as Content]
              : [
                  { text: `Échéance : ${frDate(invoice.dueDate)}`, ...right } as Content,
                  { text: `Règlement : ${PAYMENT_METHOD_LABELS[invoice.paymentMethod]}`, ...right } as Content,
                ]),
            ...(quote || invoice.status === 'validated' || invoice.status === 'paid'
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
      table: { headerRows: 1, widths: perRate ? ['*', 50, 80, 40, 90] : ['*', 60, 90, 100], body: lineRows },
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

  if (payments.length && !quote) {
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
      quote ? 'Arrêté le présent devis à la somme de ' : `Arrêtée la présente facture à la somme de `,
      { text: amountInFrenchWords(invoice.total), bold: true },
      ` (${money(invoice.total)}).`,
    ],
  });
  if (invoice.notes) content.push({ text: winAnsi(invoice.notes), italics: true, margin: [0, 12, 0, 0] });

  return {
    compress: opts.compress ?? true,
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    info: {
      title: `${quote ? 'DEVIS' : INVOICE_PDF_TITLES[invoice.type]} ${invoice.number}`,
      author: winAnsi(company.name),
      creator: 'Xaalis',
    },
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

interface InvoicePdfInput {
  company: PdfCompany;
  invoice: Invoice;
  thirdParty: PdfThirdParty | null;
  opts: { compress?: boolean };
}

const invoicePdf = pdfDocument(__filename, 'accounting.invoice', ({ company, invoice, thirdParty, opts }: InvoicePdfInput) =>
  invoiceDocument(company, invoice, thirdParty, opts),
);

/** The invoice as a PDF file, built and rendered in the worker pool. */
export function renderInvoicePdf(
  company: PdfCompany,
  invoice: Invoice,
  thirdParty: PdfThirdParty | null,
  opts: { compress?: boolean } = {},
): Promise<Buffer> {
  return invoicePdf({ company, invoice, thirdParty, opts });
}
