// Public face of the PDF feature: invoices as PDF, amounts in French words.
export {
  frDate,
  invoiceDocument,
  partyBlock,
  renderInvoicePdf,
  renderPdf,
  winAnsi,
  type PdfCompany,
  type PdfThirdParty,
} from './invoice-pdf';
export { amountInFrenchWords, numberToFrenchWords } from './french-words';
