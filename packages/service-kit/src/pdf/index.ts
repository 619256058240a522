// Shared PDF pieces (pdfmake, standard fonts): rendering, safe text, French amounts in words.
export { frDate, partyBlock, pdfDocument, renderPdf, winAnsi, type PdfBuilder, type PdfCompany, type PdfThirdParty } from './render';
export { amountInFrenchWords, numberToFrenchWords } from './french-words';
export { pdfPageCount, pdfText } from './pdf-text';
export { reportPage } from './report-page';
