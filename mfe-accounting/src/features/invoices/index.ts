// Public face of the invoices feature.
export { useInvoiceRights } from './rights';
export { invoicesApi, useListInvoicesQuery, useGetInvoiceQuery } from './api';
export { InvoiceDialog, type InvoiceDialogProps } from './InvoiceDialog';
export { InvoiceDetailDialog, downloadInvoicePdf } from './InvoiceDetailDialog';
