import type {
  HotelSummary,
  Reservation,
  ReservationInput,
  ReservationInvoiceResult,
  ReservationList,
  ReservationValues,
  Room,
  RoomInput,
  RoomValues,
} from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;
const roomsTag = { type: 'Hotel' as const, id: 'ROOMS' };
const summaryTag = { type: 'Hotel' as const, id: 'SUMMARY' };
const availableTag = { type: 'Hotel' as const, id: 'AVAILABLE' };
const reservationsTag = { type: 'Hotel' as const, id: 'RESERVATIONS' };
/** The accounting remote's invoice list: 'Facturer le séjour' adds one. */
const invoicesTag = { type: 'Invoice' as const, id: 'LIST' };

const base = (companyId: string) => `/api/companies/${enc(companyId)}`;

export interface AvailableRoomsArgs {
  companyId: string;
  /** Check-in date, YYYY-MM-DD. */
  from: string;
  /** Check-out date (excluded), YYYY-MM-DD. */
  to: string;
}

type ReservationAction = 'check-in' | 'check-out' | 'cancel';
type ReservationArgs = { companyId: string; id: string };
/** A life-cycle step changes the room's status (occupied/available) and the cards. */
const transitionTags = [reservationsTag, roomsTag, summaryTag, availableTag, COMPANY_DATA_TAG];
const transitionQuery =
  (action: ReservationAction) =>
  ({ companyId, id }: ReservationArgs) => ({
    url: `${base(companyId)}/reservations/${enc(id)}/${action}`,
    method: 'POST' as const,
    body: {},
  });

/**
 * Hotel endpoints (sector service through the gateway). Names are unique
 * across remotes: every remote injects into the one shared `baseApi`.
 */
export const hotelApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listHotelRooms: build.query<Room[], string>({
      query: (companyId) => `${base(companyId)}/rooms`,
      providesTags: [roomsTag, COMPANY_DATA_TAG],
    }),
    /** GET .../rooms/summary: the four cards. */
    getHotelSummary: build.query<HotelSummary, string>({
      query: (companyId) => `${base(companyId)}/rooms/summary`,
      providesTags: [summaryTag, COMPANY_DATA_TAG],
    }),
    /** GET .../rooms/available?from=&to=: rooms free for [from, to) and not in maintenance. */
    listAvailableHotelRooms: build.query<Room[], AvailableRoomsArgs>({
      query: ({ companyId, from, to }) => ({ url: `${base(companyId)}/rooms/available`, params: { from, to } }),
      providesTags: [availableTag, COMPANY_DATA_TAG],
    }),
    /** POST .../rooms → 201 (409 when the number exists). */
    createHotelRoom: build.mutation<Room, { companyId: string; body: RoomInput | RoomValues }>({
      query: ({ companyId, body }) => ({ url: `${base(companyId)}/rooms`, method: 'POST', body }),
      invalidatesTags: [roomsTag, summaryTag, availableTag, COMPANY_DATA_TAG],
    }),
    /** GET .../reservations: `invoicesAvailable` false when accounting could not be read. */
    listHotelReservations: build.query<ReservationList, string>({
      query: (companyId) => `${base(companyId)}/reservations`,
      providesTags: [reservationsTag, COMPANY_DATA_TAG],
    }),
    /** POST .../reservations → 201 (409 double booking, 400 capacity or amount). */
    createHotelReservation: build.mutation<Reservation, { companyId: string; body: ReservationInput | ReservationValues }>({
      query: ({ companyId, body }) => ({ url: `${base(companyId)}/reservations`, method: 'POST', body }),
      invalidatesTags: [reservationsTag, summaryTag, availableTag, COMPANY_DATA_TAG],
    }),
    checkInHotelReservation: build.mutation<Reservation, ReservationArgs>({
      query: transitionQuery('check-in'),
      invalidatesTags: transitionTags,
    }),
    checkOutHotelReservation: build.mutation<Reservation, ReservationArgs>({
      query: transitionQuery('check-out'),
      invalidatesTags: transitionTags,
    }),
    cancelHotelReservation: build.mutation<Reservation, ReservationArgs>({
      query: transitionQuery('cancel'),
      invalidatesTags: transitionTags,
    }),
    /** POST .../reservations/:id/invoice: 201 created, 200 replay, 202 pending (invoicePending true). */
    invoiceHotelReservation: build.mutation<ReservationInvoiceResult, ReservationArgs>({
      query: ({ companyId, id }) => ({ url: `${base(companyId)}/reservations/${enc(id)}/invoice`, method: 'POST', body: {} }),
      invalidatesTags: [reservationsTag, invoicesTag, COMPANY_DATA_TAG],
    }),
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
