import { useCan } from '@xaalis/web-kit';

/** What the current role may change in the restaurant module (documents: collaborators may, readers may not). */
export function useRestaurantRights() {
  return {
    inventory: useCan('/api/companies/:id/restaurant-inventory'),
    recipes: useCan('/api/companies/:id/recipes'),
    menus: useCan('/api/companies/:id/menus'),
  };
}
