export { createVatCode, listVatCodes, resolveVatCodes, returnLineOf } from './codes';
export { recordVatLines, vatRowsOf, type VatBearingLine, type VatLineRow } from './ledger';
export { vatApi } from './routes';
export { creditVatRows, creditVatRowsByAmount, type CreditedInvoiceLine } from './credit';
