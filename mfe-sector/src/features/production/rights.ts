import { useCan } from '@xaalis/web-kit';

/** What the current role may change in the production module (documents: collaborators may, readers may not). */
export function useProductionRights() {
  return {
    rawMaterials: useCan('/api/companies/:id/raw-materials'),
    finishedProducts: useCan('/api/companies/:id/finished-products'),
    orders: useCan('/api/companies/:id/production-orders'),
  };
}
