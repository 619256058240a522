import {
  MESSAGES_HOTEL,
  reservationInputSchema,
  reservationStatusLabel,
  roomInputSchema,
  roomStatusLabel,
  stayNights,
  stayTotal,
} from './hotel';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('hotel contracts', () => {
  it('applies the spec defaults to a room (single, floor 1, capacity 1, available)', () => {
    expect(roomInputSchema.parse({ roomNumber: '101', pricePerNight: '25000' })).toEqual({
      roomNumber: '101',
      type: 'single',
      floor: 1,
      capacity: 1,
      pricePerNight: '25000.00',
      status: 'available',
      description: null,
      amenities: null,
    });
    expect(messagesOf(roomInputSchema.safeParse({ roomNumber: '1', pricePerNight: '', floor: '-1', capacity: '0' }))).toEqual([
      MESSAGES_HOTEL.floorInvalid,
      MESSAGES_HOTEL.capacityInvalid,
      MESSAGES_HOTEL.priceRequired,
    ]);
  });

  it('requires check-out after check-in, an optional valid email, guests ≥ 1', () => {
    const base = {
      roomId: '6f1c2a9e-4b7d-4c3a-9e8f-1a2b3c4d5e6f',
      guestName: 'Awa',
      checkInDate: '2026-12-01',
      checkOutDate: '2026-12-03',
    };
    expect(reservationInputSchema.parse({ ...base, guestEmail: '', totalAmount: '' })).toMatchObject({
      guestEmail: null,
      numberOfGuests: 1,
      totalAmount: null,
    });
    expect(messagesOf(reservationInputSchema.safeParse({ ...base, checkOutDate: '2026-12-01' }))).toEqual([
      MESSAGES_HOTEL.checkOutBeforeCheckIn,
    ]);
    expect(messagesOf(reservationInputSchema.safeParse({ ...base, guestEmail: 'awa@', numberOfGuests: 0 }))).toEqual([
      MESSAGES_HOTEL.guestEmailInvalid,
      MESSAGES_HOTEL.guestsInvalid,
    ]);
  });

  it('counts nights across months and computes the total exactly', () => {
    expect(stayNights('2028-02-27', '2028-03-02')).toBe(4);
    expect(stayTotal(3, '15000.50')).toBe('45001.50');
  });

  it('labels unknown statuses as the spec says', () => {
    expect(roomStatusLabel('broken')).toBe('Hors service');
    expect(reservationStatusLabel('x')).toBe('Annulée');
  });
});
