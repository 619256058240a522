import type { Sequelize } from 'sequelize';
import {
  INVOICEABLE_RESERVATION_STATUSES,
  MAX_INTERNAL_IDS,
  MESSAGES_HOTEL,
  amountMismatch,
  capacityExceeded,
  reservationTransitionRefused,
  stayNights,
  stayTotal,
  type HotelSummary,
  type InternalInvoiceInput,
  type InternalInvoiceSummary,
  type Reservation,
  type ReservationList,
  type RoomList,
  type ReservationStatus,
  type ReservationValues,
  type Room,
  type RoomStatus,
  type RoomValues,
} from '@xaalis/contracts';
import {
  HttpError,
  isUuid,
  mustExist,
  NO_ACTOR,
  notFound,
  pagedOf,
  refusingDuplicates,
  sqlStateOf,
  type Actor,
  type InternalClient,
} from '@xaalis/service-kit';
import { formatYearNumber } from '../../numbering';
import {
  clearInvoicePending,
  findPendingInvoices,
  findReservation,
  findRoom,
  insertReservation,
  insertRoom,
  listAvailableRooms,
  listReservations,
  listRooms,
  markInvoicePending,
  refreshPayments,
  roomSummary,
  setReservationStatus,
  setRoomStatus,
  settleInvoice,
  takeReservationNumber,
  toReservation,
  updateRoom,
  type Db,
  type PageQuery,
  type ReservationDbRow,
} from './model';

/** Today in Dakar (UTC all year round). */
const today = () => new Date().toISOString().slice(0, 10);

/** 'RES-2026-0007': the year of creation (Dakar), four digits at least. */
export const formatReservationNumber = (year: number, n: number) => formatYearNumber('RES', year, n);

/** '2026-12-01' → '01/12/2026'. */
const frenchDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** The stay's invoice line: "Nuitées chambre N°101 du 01/12/2026 au 04/12/2026". */
export const stayLineDescription = (roomNumber: string, checkIn: string, checkOut: string) =>
  `Nuitées chambre N°${roomNumber} du ${frenchDate(checkIn)} au ${frenchDate(checkOut)}`;

/** The idempotency key of a stay's invoice in the accounting service: one invoice per reservation, ever. */
export const staySourceId = (reservationId: string) => `reservation:${reservationId}`;

const invoicesPath = (companyId: string) => `/internal/companies/${companyId}/invoices`;
const isUnavailable = (err: unknown) => err instanceof HttpError && err.status === 503;
/** SQLSTATE 23P01: the exclusion constraint refused an overlapping stay of the room. */
const isExclusionViolation = (err: unknown) => sqlStateOf(err) === '23P01';

/** How 'Facturer le séjour' ended: created now, already there (replay), or waiting for the accounting service. */
export type InvoiceOutcome = 'created' | 'replayed' | 'pending';

/**
 * Hotel of one company: rooms, reservations kept from overlapping by the
 * database, their life cycle (confirmed → checked_in → checked_out, or
 * cancelled) moving the room's status in the same transaction, and the stay's
 * invoice in the accounting service. Another company's record, or an id that
 * is not one, is a 404.
 */
export function hotelService(sequelize: Sequelize, accounting: InternalClient) {
  async function getRoom(companyId: string, id: string): Promise<Room> {
    const found = isUuid(id) ? await findRoom({ sequelize }, companyId, id.toLowerCase()) : null;
    if (!found) throw notFound(MESSAGES_HOTEL.roomNotFound);
    return found;
  }

  async function findOwn(db: Db, companyId: string, id: string, lock = false): Promise<ReservationDbRow> {
    const found = isUuid(id) ? await findReservation(db, companyId, id.toLowerCase(), lock) : null;
    if (!found) throw notFound(MESSAGES_HOTEL.reservationNotFound);
    return found;
  }

  /**
   * The reservations with their invoice's payments read from the accounting
   * service: one internal call per 200 invoiced reservations. When it is down
   * the last known amounts are kept and `available` is false (the UI notice).
   */
  async function withPayments(companyId: string, rows: ReservationDbRow[]): Promise<{ items: Reservation[]; available: boolean }> {
    const ids = [...new Set(rows.flatMap((r) => (r.invoice_id ? [r.invoice_id] : [])))];
    const invoices = new Map<string, InternalInvoiceSummary>();
    let available = true;
    try {
      for (let i = 0; i < ids.length; i += MAX_INTERNAL_IDS) {
        const chunk = ids.slice(i, i + MAX_INTERNAL_IDS);
        const found = await accounting.get<InternalInvoiceSummary[]>(`${invoicesPath(companyId)}?ids=${chunk.join(',')}`);
        for (const inv of found) invoices.set(inv.id, inv);
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      available = false;
    }
    if (available && invoices.size) {
      // Remember the last known payments, for when the accounting service is down.
      await refreshPayments(
        { sequelize },
        companyId,
        [...invoices.values()].map((inv) => ({ invoiceId: inv.id, status: inv.status, paidAmount: inv.paidAmount })),
      );
    }
    const items = rows.map((row) => {
      const r = toReservation(row);
      const inv = row.invoice_id ? invoices.get(row.invoice_id) : undefined;
      if (inv && r.invoice) return { ...r, paidAmount: inv.paidAmount, invoice: { ...r.invoice, status: inv.status } };
      return r;
    });
    return { items, available };
  }

  async function getReservation(companyId: string, id: string): Promise<Reservation> {
    const row = await findOwn({ sequelize }, companyId, id);
    return (await withPayments(companyId, [row])).items[0];
  }

  /** Locks the reservation, checks its status is one of `allowed` (409 French otherwise), sets the new one and the room's. */
  async function transition(
    companyId: string,
    id: string,
    allowed: ReservationStatus[],
    next: ReservationStatus,
    roomStatus: RoomStatus | null,
  ): Promise<Reservation> {
    const rid = await sequelize.transaction(async (transaction) => {
      const db = { sequelize, transaction };
      const row = await findOwn(db, companyId, id, true);
      if (!allowed.includes(row.status)) throw new HttpError(409, reservationTransitionRefused(row.status));
      await setReservationStatus(db, companyId, row.id, next);
      if (roomStatus) await setRoomStatus(db, companyId, row.room_id, roomStatus);
      return row.id;
    });
    return getReservation(companyId, rid);
  }

  /**
   * Posts the stored invoice body for `actor` (the invoice's author in the accounting service);
   * stores the invoice, or clears the request when accounting refused it (4xx).
   */
  async function sendInvoice(companyId: string, id: string, body: InternalInvoiceInput, actor: Actor): Promise<'done' | 'pending'> {
    try {
      const inv = await accounting.post<InternalInvoiceSummary>(invoicesPath(companyId), body, actor);
      await settleInvoice({ sequelize }, companyId, id, inv);
      return 'done';
    } catch (err) {
      // A 503 may be a timeout after accounting committed: stay pending, the
      // sweep replays the same sourceId (accounting answers the first invoice).
      if (isUnavailable(err)) return 'pending';
      await clearInvoicePending({ sequelize }, companyId, id);
      throw err;
    }
  }

  return {
    // ------------------------------------------------------------ rooms
    async listRooms(companyId: string, q: PageQuery): Promise<RoomList> {
      const { rows, total, counters } = await listRooms({ sequelize }, companyId, q);
      return { ...pagedOf(rows, q, total), ...counters };
    },
    listAvailableRooms: (companyId: string, from: string, to: string) => listAvailableRooms({ sequelize }, companyId, from, to),
    getRoom,

    createRoom: (companyId: string, v: RoomValues): Promise<Room> =>
      refusingDuplicates(MESSAGES_HOTEL.roomNumberTaken, () => insertRoom({ sequelize }, companyId, v)),

    async updateRoom(companyId: string, id: string, v: RoomValues): Promise<Room> {
      const updated = isUuid(id)
        ? await refusingDuplicates(MESSAGES_HOTEL.roomNumberTaken, () => updateRoom({ sequelize }, companyId, id.toLowerCase(), v))
        : null;
      if (!updated) throw notFound(MESSAGES_HOTEL.roomNotFound);
      return updated;
    },

    async summary(companyId: string): Promise<HotelSummary> {
      return roomSummary({ sequelize }, companyId, today());
    },

    // ------------------------------------------------------------ reservations
    async listReservations(companyId: string, q: PageQuery & { status?: ReservationStatus }): Promise<ReservationList> {
      const { rows, total } = await listReservations({ sequelize }, companyId, q);
      const { items, available } = await withPayments(companyId, rows);
      return { ...pagedOf(items, q, total), invoicesAvailable: available };
    },
    getReservation,

    /**
     * Books a room: the room must be the company's and not in maintenance,
     * guests ≤ capacity, total = nights × price per night (a client's figure
     * must match). The number comes from the locked counter; an overlapping
     * stay is refused by the exclusion constraint (409), even concurrently.
     */
    async createReservation(companyId: string, v: ReservationValues, userId: string | null): Promise<Reservation> {
      const roomId = v.roomId.toLowerCase();
      const room = await findRoom({ sequelize }, companyId, roomId);
      if (!room) throw new HttpError(400, MESSAGES_HOTEL.roomNotFound);
      if (room.status === 'maintenance') throw new HttpError(409, MESSAGES_HOTEL.roomInMaintenance);
      if (v.numberOfGuests > room.capacity) throw new HttpError(400, capacityExceeded(room.capacity));
      const nights = stayNights(v.checkInDate, v.checkOutDate);
      const total = stayTotal(nights, room.pricePerNight);
      if (v.totalAmount !== null && v.totalAmount !== total) throw new HttpError(400, amountMismatch(total));
      let id: string;
      try {
        id = await sequelize.transaction(async (transaction) => {
          const db = { sequelize, transaction };
          const year = new Date().getUTCFullYear();
          const n = await takeReservationNumber(db, companyId, year);
          return insertReservation(db, companyId, {
            reservationNumber: formatReservationNumber(year, n),
            roomId,
            guestName: v.guestName,
            guestPhone: v.guestPhone,
            guestEmail: v.guestEmail,
            checkInDate: v.checkInDate,
            checkOutDate: v.checkOutDate,
            numberOfGuests: v.numberOfGuests,
            pricePerNight: room.pricePerNight,
            totalAmount: total,
            specialRequests: v.specialRequests,
            notes: v.notes,
            createdBy: userId,
          });
        });
      } catch (err) {
        if (isExclusionViolation(err)) throw new HttpError(409, MESSAGES_HOTEL.doubleBooking);
        throw err;
      }
      return toReservation(mustExist(await findReservation({ sequelize }, companyId, id), 'reservation'));
    },

    checkIn: (companyId: string, id: string) => transition(companyId, id, ['confirmed'], 'checked_in', 'occupied'),
    checkOut: (companyId: string, id: string) => transition(companyId, id, ['checked_in'], 'checked_out', 'available'),
    cancel: (companyId: string, id: string) => transition(companyId, id, ['confirmed'], 'cancelled', null),

    /**
     * 'Facturer le séjour' (once the guest has arrived: checked_in or
     * checked_out): a validated service invoice in the accounting service, to
     * the guest as a client, one line nights × price per night. Idempotent:
     * the key is the reservation, so a second click (or a replay after a lost
     * answer) returns the same invoice and creates nothing. `actor` (the
     * requesting user and role) is the invoice's author in the audit trail.
     */
    async invoice(companyId: string, id: string, actor: Actor): Promise<{ reservation: Reservation; outcome: InvoiceOutcome }> {
      const claimed = await sequelize.transaction(async (transaction) => {
        const db = { sequelize, transaction };
        const row = await findOwn(db, companyId, id, true);
        if (row.invoice_id) return { row, body: null };
        if (!INVOICEABLE_RESERVATION_STATUSES.includes(row.status)) throw new HttpError(409, MESSAGES_HOTEL.invoiceNotAllowed);
        // A pending request is replayed as it was (same key, same content).
        const body: InternalInvoiceInput = row.invoice_request ?? {
          sourceId: staySourceId(row.id),
          type: 'service',
          validate: true,
          date: today(),
          client: { name: row.guest_name, phone: row.guest_phone, email: row.guest_email },
          lines: [
            {
              description: stayLineDescription(row.room_number, row.check_in_date, row.check_out_date),
              quantity: String(row.nights),
              unitPrice: row.price_per_night,
            },
          ],
        };
        if (!row.invoice_pending) await markInvoicePending(db, companyId, row.id, body);
        return { row, body };
      });
      if (!claimed.body) return { reservation: await getReservation(companyId, claimed.row.id), outcome: 'replayed' };
      const sent = await sendInvoice(companyId, claimed.row.id, claimed.body, actor);
      return { reservation: await getReservation(companyId, claimed.row.id), outcome: sent === 'done' ? 'created' : 'pending' };
    },

    /**
     * Settles the stay invoices left pending by an accounting call whose
     * outcome is unknown (older than `olderThanMs`): replays the stored body
     * (same sourceId: accounting answers the first invoice if it was made).
     * A refusal (4xx) clears the request; stops at the first 503. A sweep acts
     * for no user: an invoice it makes has no author, as every job's.
     */
    async settlePendingInvoices(olderThanMs = 30_000, limit = 100): Promise<{ settled: number; dropped: number }> {
      let settled = 0;
      let dropped = 0;
      for (const p of await findPendingInvoices({ sequelize }, olderThanMs, limit)) {
        try {
          if ((await sendInvoice(p.company_id, p.id, p.invoice_request, NO_ACTOR)) === 'pending') break;
          settled += 1;
        } catch {
          dropped += 1;
        }
      }
      return { settled, dropped };
    },
  };
}

export type HotelService = ReturnType<typeof hotelService>;
