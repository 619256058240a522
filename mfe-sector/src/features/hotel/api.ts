import type {
  HotelSummary,
  Reservation,
  ReservationInput,
  ReservationInvoiceResult,
  ReservationList,
  RoomList,
  ReservationValues,
  Room,
  RoomInput,
  RoomValues,
} from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyCreate, companyQuery, companyRecordAction, companyUrl } from '@xaalis/web-kit';
import type { CompanyBodyArgs } from '@xaalis/web-kit';
import { companyPageQuery } from '../../ui/paged';

const roomsTag = { type: 'Hotel' as const, id: 'ROOMS' };
const summaryTag = { type: 'Hotel' as const, id: 'SUMMARY' };
const availableTag = { type: 'Hotel' as const, id: 'AVAILABLE' };
const reservationsTag = { type: 'Hotel' as const, id: 'RESERVATIONS' };
/** The accounting remote's invoice list: 'Facturer le séjour' adds one. */
const invoicesTag = { type: 'Invoice' as const, id: 'LIST' };

export interface AvailableRoomsArgs {
  companyId: string;
  /** Check-in date, YYYY-MM-DD. */
  from: string;
  /** Check-out date (excluded), YYYY-MM-DD. */
  to: string;
}

/** A life-cycle step changes the room's status (occupied/available) and the cards. */
const transitionTags = [reservationsTag, roomsTag, summaryTag, availableTag];

/**
 * Hotel endpoints (sector service through the gateway). Names are unique
 * across remotes: every remote injects into the one shared `baseApi`.
 */
export const hotelApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET .../rooms?page=&pageSize=&search=: a page and the company's rooms by status. */
    listHotelRooms: companyPageQuery<RoomList>(build, '/rooms', [roomsTag]),
    /** GET .../rooms/summary: the four cards. */
    getHotelSummary: companyQuery<HotelSummary>(build, '/rooms/summary', [summaryTag]),
    /** GET .../rooms/available?from=&to=: rooms free for [from, to) and not in maintenance. */
    listAvailableHotelRooms: build.query<Room[], AvailableRoomsArgs>({
      query: ({ companyId, from, to }) => ({ url: companyUrl(companyId, '/rooms/available'), params: { from, to } }),
      providesTags: [availableTag, COMPANY_DATA_TAG],
    }),
    /** POST .../rooms → 201 (409 when the number exists). */
    createHotelRoom: companyCreate<Room, CompanyBodyArgs<RoomInput | RoomValues>>(build, '/rooms', [roomsTag, summaryTag, availableTag]),
    /** GET .../reservations: `invoicesAvailable` false when accounting could not be read. */
    listHotelReservations: companyPageQuery<ReservationList>(build, '/reservations', [reservationsTag]),
    /** POST .../reservations → 201 (409 double booking, 400 capacity or amount). */
    createHotelReservation: companyCreate<Reservation, CompanyBodyArgs<ReservationInput | ReservationValues>>(build, '/reservations', [
      reservationsTag,
      summaryTag,
      availableTag,
    ]),
    checkInHotelReservation: companyRecordAction<Reservation>(build, '/reservations', 'check-in', transitionTags),
    checkOutHotelReservation: companyRecordAction<Reservation>(build, '/reservations', 'check-out', transitionTags),
    cancelHotelReservation: companyRecordAction<Reservation>(build, '/reservations', 'cancel', transitionTags),
    /** POST .../reservations/:id/invoice: 201 created, 200 replay, 202 pending (invoicePending true). */
    invoiceHotelReservation: companyRecordAction<ReservationInvoiceResult>(build, '/reservations', 'invoice', [
      reservationsTag,
      invoicesTag,
    ]),
  }),
});

export const {
  useListHotelRoomsQuery,
  useGetHotelSummaryQuery,
  useListAvailableHotelRoomsQuery,
  useCreateHotelRoomMutation,
  useListHotelReservationsQuery,
  useCreateHotelReservationMutation,
  useCheckInHotelReservationMutation,
  useCheckOutHotelReservationMutation,
  useCancelHotelReservationMutation,
  useInvoiceHotelReservationMutation,
} = hotelApi;
