import { useCan } from '@xaalis/web-kit';

/** What the current role may change in the hotel module (documents: collaborators may, readers may not). */
export function useHotelRights() {
  return {
    rooms: useCan('/api/companies/:id/rooms'),
    reservations: useCan('/api/companies/:id/reservations'),
  };
}
