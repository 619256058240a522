// Public face of the PDF feature: invoices as PDF. The generic pieces are service-kit's (its narrow `pdf` entry: pool threads
// import these modules), re-exported for this service's modules.
export { invoiceDocument, renderInvoicePdf } from './invoice-pdf';
export {
  amountInFrenchWords,
  frDate,
  numberToFrenchWords,
  partyBlock,
  pdfDocument,
  renderPdf,
  winAnsi,
  type PdfCompany,
  type PdfThirdParty,
} from '@xaalis/service-kit/pdf';
