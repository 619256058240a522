import { useCan } from '@xaalis/web-kit';

/** Whether the current role may change the stock (items and movements): a document, collaborators may. */
export const useCanEditStock = () => useCan('/api/companies/:id/inventory');
