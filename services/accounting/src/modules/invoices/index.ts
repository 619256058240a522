// Public face of the invoices feature (other features import from here only).
export { invoicesApi } from './routes';
export { invoicesService, invoiceError, type InvoicesService } from './service';
export { findInvoiceRow, type InvoiceDbRow } from './model';
export { invoicesInternal, invoiceSummaries, createInternalInvoice } from './internal';
