import { useCan } from '@xaalis/web-kit';
import { useCanRecordPayment } from '../payments';

/** What the current role may do with loans: record one ('accounting'); pay an instalment (a payment, a document). */
export function useLoanRights() {
  return { create: useCan('/api/companies/:id/loans'), pay: useCanRecordPayment() };
}
