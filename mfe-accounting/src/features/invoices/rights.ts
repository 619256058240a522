import { useCan } from '@xaalis/web-kit';
import { useCanRecordPayment } from '../payments';

/** What the current role may do with invoices: all documents (collaborators may, readers may not). */
export function useInvoiceRights() {
  return {
    create: useCan('/api/companies/:id/invoices'),
    edit: useCan('/api/invoices/:id'),
    validate: useCan('/api/invoices/:id/validate'),
    cancel: useCan('/api/invoices/:id/cancel'),
    pay: useCanRecordPayment(),
  };
}
