// Public face of the hotel feature (other features import from here only).
export { hotelApi } from './routes';
export { hotelService, formatReservationNumber, type HotelService } from './service';
export { hotelJobHandlers, SETTLE_PENDING_STAY_INVOICES, SETTLE_PENDING_STAY_INVOICES_SCHEDULE } from './jobs';
