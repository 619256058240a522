import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { InternalInvoiceInput, Reservation, ReservationStatus, Room, RoomStatus, RoomType, RoomValues } from '@xaalis/contracts';
import { CompanyWhere, pageWindow, foldedPattern, foldedSql } from '@xaalis/service-kit';
import { takeYearNumber } from '../../numbering';

/** Row-level access to the hotel tables of `sector`: every statement is scoped by the company. */

export type Db = { sequelize: Sequelize; transaction?: Transaction };

async function select<T extends object>(db: Db, sql: string, bind: unknown[]): Promise<T[]> {
  return db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT, transaction: db.transaction });
}

// ---------------------------------------------------------------- rooms

interface RoomDbRow {
  id: string;
  company_id: string;
  room_number: string;
  type: RoomType;
  floor: number;
  capacity: number;
  price_per_night: string;
  status: RoomStatus;
  description: string | null;
  amenities: string | null;
  created_at: Date;
  updated_at: Date;
}

const ROOM_COLUMNS =
  'id, company_id, room_number, type, floor, capacity, price_per_night, status, description, amenities, created_at, updated_at';

const toRoom = (r: RoomDbRow): Room => ({
  id: r.id,
  roomNumber: r.room_number,
  type: r.type,
  floor: r.floor,
  capacity: r.capacity,
  pricePerNight: r.price_per_night,
  status: r.status,
  description: r.description,
  amenities: r.amenities,
  companyId: r.company_id,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const roomBind = (v: RoomValues) => [v.roomNumber, v.type, v.floor, v.capacity, v.pricePerNight, v.status, v.description, v.amenities];

/** Rooms in number order (numeric-looking numbers sort as numbers: 2 before 10). */
const ROOM_ORDER = 'ORDER BY length(room_number), room_number, id';

export interface PageQuery {
  page: number;
  pageSize: number;
  search?: string;
}

/** One page of rooms (number or description contains the search), the matching count and the company's rooms by status. */
export async function listRooms(
  db: Db,
  companyId: string,
  q: PageQuery,
): Promise<{ rows: Room[]; total: number; counters: { availableCount: number; occupiedCount: number; maintenanceCount: number } }> {
  const where = new CompanyWhere(companyId);
  if (q.search) where.and(`(${foldedSql('room_number')} LIKE ? OR ${foldedSql('description')} LIKE ?)`, foldedPattern(q.search));
  const { limit, offset } = pageWindow(q);
  const [rows, [c]] = await Promise.all([
    select<RoomDbRow>(
      db,
      `SELECT ${ROOM_COLUMNS} FROM sector.rooms WHERE ${where.sql} ${ROOM_ORDER} LIMIT ${limit} OFFSET ${offset}`,
      where.bind,
    ),
    select<{ total: number; available: number; occupied: number; maintenance: number }>(
      db,
      `SELECT count(*) FILTER (WHERE ${where.sql})::int AS total,
              count(*) FILTER (WHERE status = 'available')::int AS available,
              count(*) FILTER (WHERE status = 'occupied')::int AS occupied,
              count(*) FILTER (WHERE status = 'maintenance')::int AS maintenance
         FROM sector.rooms WHERE company_id = $1`,
      where.bind,
    ),
  ]);
  return {
    rows: rows.map(toRoom),
    total: c.total,
    counters: { availableCount: c.available, occupiedCount: c.occupied, maintenanceCount: c.maintenance },
  };
}

/** Rooms not in maintenance with no non-cancelled reservation overlapping [from, to). */
export async function listAvailableRooms(db: Db, companyId: string, from: string, to: string): Promise<Room[]> {
  const rows = await select<RoomDbRow>(
    db,
    `SELECT ${ROOM_COLUMNS} FROM sector.rooms r
      WHERE r.company_id = $1 AND r.status <> 'maintenance'
        AND NOT EXISTS (
          SELECT 1 FROM sector.reservations b
           WHERE b.company_id = $1 AND b.room_id = r.id AND b.status <> 'cancelled'
             AND daterange(b.check_in_date, b.check_out_date, '[)') && daterange($2::date, $3::date, '[)'))
      ${ROOM_ORDER}`,
    [companyId, from, to],
  );
  return rows.map(toRoom);
}

export async function findRoom(db: Db, companyId: string, id: string, lock = false): Promise<Room | null> {
  const [row] = await select<RoomDbRow>(
    db,
    `SELECT ${ROOM_COLUMNS} FROM sector.rooms WHERE company_id = $1 AND id = $2${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [companyId, id],
  );
  return row ? toRoom(row) : null;
}

export async function insertRoom(db: Db, companyId: string, v: RoomValues): Promise<Room> {
  const [row] = await select<RoomDbRow>(
    db,
    `INSERT INTO sector.rooms (company_id, room_number, type, floor, capacity, price_per_night, status, description, amenities)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${ROOM_COLUMNS}`,
    [companyId, ...roomBind(v)],
  );
  return toRoom(row);
}

export async function updateRoom(db: Db, companyId: string, id: string, v: RoomValues): Promise<Room | null> {
  const [row] = await select<RoomDbRow>(
    db,
    `UPDATE sector.rooms SET room_number = $3, type = $4, floor = $5, capacity = $6, price_per_night = $7, status = $8,
            description = $9, amenities = $10, updated_at = now()
      WHERE company_id = $1 AND id = $2 RETURNING ${ROOM_COLUMNS}`,
    [companyId, id, ...roomBind(v)],
  );
  return row ? toRoom(row) : null;
}

export async function setRoomStatus(db: Db, companyId: string, id: string, status: RoomStatus): Promise<void> {
  await db.sequelize.query('UPDATE sector.rooms SET status = $3, updated_at = now() WHERE company_id = $1 AND id = $2', {
    bind: [companyId, id, status],
    transaction: db.transaction,
  });
}

/** The four cards; "today" is the Dakar date (UTC all year round). */
export async function roomSummary(db: Db, companyId: string, today: string) {
  const [row] = await select<{ total: string; available: string; occupied: string; today: string }>(
    db,
    `SELECT (SELECT count(*) FROM sector.rooms WHERE company_id = $1) AS total,
            (SELECT count(*) FROM sector.rooms WHERE company_id = $1 AND status = 'available') AS available,
            (SELECT count(*) FROM sector.rooms WHERE company_id = $1 AND status = 'occupied') AS occupied,
            (SELECT count(*) FROM sector.reservations WHERE company_id = $1 AND status <> 'cancelled'
                AND check_in_date <= $2::date AND check_out_date >= $2::date) AS today`,
    [companyId, today],
  );
  return {
    totalRooms: Number(row.total),
    available: Number(row.available),
    occupied: Number(row.occupied),
    reservationsToday: Number(row.today),
  };
}

// ---------------------------------------------------------------- reservations

export interface ReservationDbRow {
  id: string;
  company_id: string;
  reservation_number: string;
  room_id: string;
  room_number: string;
  room_type: RoomType;
  guest_name: string;
  guest_phone: string | null;
  guest_email: string | null;
  check_in_date: string;
  check_out_date: string;
  nights: number;
  number_of_guests: number;
  price_per_night: string;
  total_amount: string;
  paid_amount: string;
  status: ReservationStatus;
  special_requests: string | null;
  notes: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  invoice_status: string | null;
  invoice_pending: boolean;
  invoice_request: InternalInvoiceInput | null;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
  cancelled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const RES_SELECT = `SELECT b.id, b.company_id, b.reservation_number, b.room_id, r.room_number, r.type AS room_type,
       b.guest_name, b.guest_phone, b.guest_email, to_char(b.check_in_date, 'YYYY-MM-DD') AS check_in_date,
       to_char(b.check_out_date, 'YYYY-MM-DD') AS check_out_date, (b.check_out_date - b.check_in_date) AS nights,
       b.number_of_guests, b.price_per_night, b.total_amount, b.paid_amount, b.status, b.special_requests, b.notes,
       b.invoice_id, b.invoice_number, b.invoice_status, b.invoice_pending, b.invoice_request,
       b.checked_in_at, b.checked_out_at, b.cancelled_at, b.created_at, b.updated_at
  FROM sector.reservations b JOIN sector.rooms r ON r.company_id = b.company_id AND r.id = b.room_id`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toReservation = (b: ReservationDbRow): Reservation => ({
  id: b.id,
  reservationNumber: b.reservation_number,
  roomId: b.room_id,
  room: { id: b.room_id, roomNumber: b.room_number, type: b.room_type },
  guestName: b.guest_name,
  guestPhone: b.guest_phone,
  guestEmail: b.guest_email,
  checkInDate: b.check_in_date,
  checkOutDate: b.check_out_date,
  nights: b.nights,
  numberOfGuests: b.number_of_guests,
  totalAmount: b.total_amount,
  paidAmount: b.paid_amount,
  status: b.status,
  specialRequests: b.special_requests,
  notes: b.notes,
  invoice: b.invoice_id ? { id: b.invoice_id, number: b.invoice_number as string, status: b.invoice_status } : null,
  invoicePending: b.invoice_pending,
  checkedInAt: iso(b.checked_in_at),
  checkedOutAt: iso(b.checked_out_at),
  cancelledAt: iso(b.cancelled_at),
  companyId: b.company_id,
  createdAt: b.created_at.toISOString(),
  updatedAt: b.updated_at.toISOString(),
});

/** One page, newest first (number, guest or room number contains the search), and the matching count. */
export async function listReservations(
  db: Db,
  companyId: string,
  q: PageQuery & { status?: ReservationStatus },
): Promise<{ rows: ReservationDbRow[]; total: number }> {
  const where = new CompanyWhere(companyId, 'b.');
  if (q.status) where.and('b.status = ?', q.status);
  if (q.search)
    where.and(
      `(${foldedSql('b.reservation_number')} LIKE ? OR ${foldedSql('b.guest_name')} LIKE ? OR ${foldedSql('r.room_number')} LIKE ?)`,
      foldedPattern(q.search),
    );
  const { limit, offset } = pageWindow(q);
  const [rows, [c]] = await Promise.all([
    select<ReservationDbRow>(
      db,
      `${RES_SELECT} WHERE ${where.sql} ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit} OFFSET ${offset}`,
      where.bind,
    ),
    select<{ total: number }>(
      db,
      `SELECT count(*)::int AS total FROM sector.reservations b JOIN sector.rooms r ON r.company_id = b.company_id AND r.id = b.room_id
        WHERE ${where.sql}`,
      where.bind,
    ),
  ]);
  return { rows, total: c.total };
}

export async function findReservation(db: Db, companyId: string, id: string, lock = false): Promise<ReservationDbRow | null> {
  const [row] = await select<ReservationDbRow>(db, `${RES_SELECT} WHERE b.company_id = $1 AND b.id = $2${lock ? ' FOR UPDATE OF b' : ''}`, [
    companyId,
    id,
  ]);
  return row ?? null;
}

export const takeReservationNumber = (db: Db, companyId: string, year: number): Promise<number> =>
  takeYearNumber(db, 'sector.reservation_counters', companyId, year);

export interface NewReservation {
  reservationNumber: string;
  roomId: string;
  guestName: string;
  guestPhone: string | null;
  guestEmail: string | null;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  pricePerNight: string;
  totalAmount: string;
  specialRequests: string | null;
  notes: string | null;
  createdBy: string | null;
}

/** created_at is the insert's own time (after the counter lock), so "newest first" follows the numbers. */
export async function insertReservation(db: Db, companyId: string, v: NewReservation): Promise<string> {
  const [row] = await select<{ id: string }>(
    db,
    `INSERT INTO sector.reservations (company_id, reservation_number, room_id, guest_name, guest_phone, guest_email,
       check_in_date, check_out_date, number_of_guests, price_per_night, total_amount, special_requests, notes, created_by,
       created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, clock_timestamp(), clock_timestamp()) RETURNING id`,
    [
      companyId,
      v.reservationNumber,
      v.roomId,
      v.guestName,
      v.guestPhone,
      v.guestEmail,
      v.checkInDate,
      v.checkOutDate,
      v.numberOfGuests,
      v.pricePerNight,
      v.totalAmount,
      v.specialRequests,
      v.notes,
      v.createdBy,
    ],
  );
  return row.id;
}

const STAMP: Record<ReservationStatus, string> = {
  confirmed: '',
  checked_in: ', checked_in_at = now()',
  checked_out: ', checked_out_at = now()',
  cancelled: ', cancelled_at = now()',
};

export async function setReservationStatus(db: Db, companyId: string, id: string, status: ReservationStatus): Promise<void> {
  await db.sequelize.query(
    `UPDATE sector.reservations SET status = $3, updated_at = now()${STAMP[status]} WHERE company_id = $1 AND id = $2`,
    { bind: [companyId, id, status], transaction: db.transaction },
  );
}

/** Marks the invoice as asked (outcome unknown until the accounting service answers), keeping the body to replay. */
export async function markInvoicePending(db: Db, companyId: string, id: string, body: InternalInvoiceInput): Promise<void> {
  await db.sequelize.query(
    `UPDATE sector.reservations SET invoice_pending = true, invoice_request = $3::jsonb, invoice_requested_at = now(), updated_at = now()
      WHERE company_id = $1 AND id = $2`,
    { bind: [companyId, id, JSON.stringify(body)], transaction: db.transaction },
  );
}

export async function settleInvoice(
  db: Db,
  companyId: string,
  id: string,
  invoice: { id: string; number: string; status: string; paidAmount: string },
): Promise<void> {
  // COALESCE keeps the first invoice should two answers race (both are the same invoice: one sourceId).
  await db.sequelize.query(
    `UPDATE sector.reservations
        SET invoice_id = COALESCE(invoice_id, $3), invoice_number = COALESCE(invoice_number, $4), invoice_status = $5,
            paid_amount = $6, invoice_pending = false, invoice_request = NULL, updated_at = now()
      WHERE company_id = $1 AND id = $2`,
    { bind: [companyId, id, invoice.id, invoice.number, invoice.status, invoice.paidAmount], transaction: db.transaction },
  );
}

/** The accounting service refused the invoice (nothing was created there): back to "not invoiced". */
export async function clearInvoicePending(db: Db, companyId: string, id: string): Promise<void> {
  await db.sequelize.query(
    `UPDATE sector.reservations SET invoice_pending = false, invoice_request = NULL, updated_at = now()
      WHERE company_id = $1 AND id = $2 AND invoice_id IS NULL`,
    { bind: [companyId, id], transaction: db.transaction },
  );
}

/** Refreshes the last known payment state of invoiced reservations (only when it changed). */
export async function refreshPayments(db: Db, companyId: string, rows: { invoiceId: string; status: string; paidAmount: string }[]) {
  if (!rows.length) return;
  await db.sequelize.query(
    `UPDATE sector.reservations b SET invoice_status = u.status, paid_amount = u.paid::numeric, updated_at = now()
       FROM unnest($2::uuid[], $3::text[], $4::text[]) AS u(invoice_id, status, paid)
      WHERE b.company_id = $1 AND b.invoice_id = u.invoice_id
        AND (b.invoice_status IS DISTINCT FROM u.status OR b.paid_amount <> u.paid::numeric)`,
    {
      bind: [companyId, rows.map((r) => r.invoiceId), rows.map((r) => r.status), rows.map((r) => r.paidAmount)],
      transaction: db.transaction,
    },
  );
}

export async function findPendingInvoices(
  db: Db,
  olderThanMs: number,
  limit: number,
): Promise<{ id: string; company_id: string; invoice_request: InternalInvoiceInput }[]> {
  return select(
    db,
    `SELECT id, company_id, invoice_request FROM sector.reservations
      WHERE invoice_pending AND invoice_requested_at < now() - make_interval(secs => $1::double precision / 1000)
      ORDER BY invoice_requested_at LIMIT $2`,
    [olderThanMs, limit],
  );
}
