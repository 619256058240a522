// Test fixtures of the hotel page (component tests only).
import type { HotelSummary, Reservation, Room } from '@xaalis/contracts';
import { COMPANY_ID, testUuid } from '../../test-utils';

const STAMP = '2026-01-01T00:00:00.000Z';

export function room(overrides: Partial<Room> = {}): Room {
  return {
    id: testUuid(1),
    roomNumber: '101',
    type: 'double',
    floor: 1,
    capacity: 2,
    pricePerNight: '25000.00',
    status: 'available',
    description: 'Vue sur la mer',
    amenities: 'Wifi, Climatisation',
    companyId: COMPANY_ID,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function reservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: testUuid(201),
    reservationNumber: 'RES-2026-0001',
    roomId: testUuid(1),
    room: { id: testUuid(1), roomNumber: '101', type: 'double' },
    guestName: 'Awa Diop',
    guestPhone: '+221 77 123 45 67',
    guestEmail: null,
    checkInDate: '2026-03-10',
    checkOutDate: '2026-03-12',
    nights: 2,
    numberOfGuests: 2,
    totalAmount: '50000.00',
    paidAmount: '0.00',
    status: 'confirmed',
    specialRequests: null,
    notes: 'Arrivée tardive',
    invoice: null,
    invoicePending: false,
    checkedInAt: null,
    checkedOutAt: null,
    cancelledAt: null,
    companyId: COMPANY_ID,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function summary(overrides: Partial<HotelSummary> = {}): HotelSummary {
  return { totalRooms: 6, available: 4, occupied: 1, reservationsToday: 3, ...overrides };
}
