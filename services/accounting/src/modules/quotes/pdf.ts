import type { Invoice, Quote } from '@xaalis/contracts';
import { pdfDocument, type PdfCompany, type PdfThirdParty } from '@xaalis/service-kit/pdf';
import { invoiceDocument } from '../pdf/invoice-pdf';

interface QuotePdfInput {
  company: PdfCompany;
  client: PdfThirdParty | null;
  quote: Quote;
}

/** The quote laid out like an invoice ('DEVIS', its validity date, no payments), built in the worker pool. */
export const renderQuotePdf = pdfDocument(__filename, 'accounting.quote', ({ company, client, quote: q }: QuotePdfInput) => {
  const asInvoice = {
    id: q.id,
    number: q.number,
    type: q.type,
    status: 'validated',
    date: q.date,
    dueDate: q.validUntil,
    thirdPartyId: q.clientId,
    thirdParty: null,
    subtotal: q.subtotal,
    vatRate: q.vatRate,
    vatAmount: q.vatAmount,
    total: q.total,
    paymentMethod: 'bank',
    notes: q.notes,
    paidAmount: '0.00',
    creditedAmount: '0.00',
    creditTotal: '0.00',
    creditStatus: 'none',
    balanceDue: q.total,
    entryId: null,
    companyId: '',
    lines: (q.lines ?? []).map((l, i) => ({ ...l, id: String(i) })),
    payments: [],
  } as unknown as Invoice;
  return invoiceDocument(company, asInvoice, client, { quote: { number: q.number, validUntil: q.validUntil } });
});
