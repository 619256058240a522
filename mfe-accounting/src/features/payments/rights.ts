import { useCan } from '@xaalis/web-kit';

/** Whether the current role may record a payment (a document: collaborators may). */
export const useCanRecordPayment = () => useCan('/api/payments');
