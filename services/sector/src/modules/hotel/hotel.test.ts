import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  MESSAGES_HOTEL,
  amountMismatch,
  capacityExceeded,
  reservationTransitionRefused,
  type HotelSummary,
  type Reservation,
  type ReservationList,
  type Room,
  type RoomList,
} from '@xaalis/contracts';
import { internalClient } from '@xaalis/service-kit';
import {
  asTenant,
  companyPath,
  companyWithModules,
  enableModules,
  messageOf,
  runWithStandIns,
  TOKEN,
  invoicingStandIn,
} from '../../test-support';
import { hotelService } from './service';

// The real sector service on the real database. The accounting service is a
// stand-in over real HTTP keeping its internal invoice routes' contract
// (idempotent creation by sourceId, batched reads by ids; the real routes have
// their own tests in the accounting service): services never import each
// other, even in tests. It records the calls and can be taken down.
const calls: string[] = [];
let accountingUp = true;
/** Creates the invoice, then drops the connection: the caller cannot know it was made. */
let dropAfterApply = false;

const { app: stub, invoices } = invoicingStandIn(calls, () => accountingUp, {
  figures: (body) => ({
    status: 'validated',
    total: (Number(body.lines[0].quantity) * Number(body.lines[0].unitPrice) * 1.18).toFixed(2),
    thirdPartyId: randomUUID(),
  }),
  dropAfterCreate: () => dropAfterApply,
});
stub.get('/internal/companies/:cid/invoices', (req, res) => {
  const ids = typeof req.query.ids === 'string' ? req.query.ids.split(',') : [];
  res.json([...invoices.values()].filter((i) => i.companyId === req.params.cid && ids.includes(i.id)));
});

const running = runWithStandIns({ ACCOUNTING_URL: stub });

afterEach(() => {
  accountingUp = true;
  dropAfterApply = false;
});

const { api } = running;
const issueMessages = (res: request.Response) => ((res.body as { issues?: { message: string }[] }).issues ?? []).map((i) => i.message);

const hotelCompany = () => companyWithModules(running.service, ['hotel']);

const postRoom = (companyId: string, body: object) => api().post(companyPath(companyId, 'rooms')).set(asTenant(companyId)).send(body);
const createRoom = async (companyId: string, body: object) => (await postRoom(companyId, body).expect(201)).body as Room;
const postReservation = (companyId: string, body: object) =>
  api().post(companyPath(companyId, 'reservations')).set(asTenant(companyId)).send(body);
const book = async (companyId: string, roomId: string, checkInDate: string, checkOutDate: string, extra: object = {}) =>
  (await postReservation(companyId, { roomId, guestName: 'Awa Ndiaye', checkInDate, checkOutDate, ...extra }).expect(201))
    .body as Reservation;
const act = (companyId: string, id: string, action: string) =>
  api()
    .post(companyPath(companyId, `reservations/${id}/${action}`))
    .set(asTenant(companyId))
    .send({});
const getRoom = async (companyId: string, id: string) =>
  (
    await api()
      .get(companyPath(companyId, `rooms/${id}`))
      .set(asTenant(companyId))
      .expect(200)
  ).body as Room;

describe('rooms', () => {
  it('creates with the spec defaults, lists in number order, reads and edits; a taken number is a 409', async () => {
    const c = await hotelCompany();
    const r10 = await createRoom(c, { roomNumber: '10', pricePerNight: '25000' });
    expect(r10).toMatchObject({ roomNumber: '10', type: 'single', floor: 1, capacity: 1, pricePerNight: '25000.00', status: 'available' });
    const r2 = await createRoom(c, {
      roomNumber: ' 2 ',
      type: 'suite',
      floor: '0',
      capacity: '4',
      pricePerNight: 60000,
      amenities: 'Wifi, Climatisation',
    });
    expect(r2).toMatchObject({ roomNumber: '2', type: 'suite', floor: 0, capacity: 4, amenities: 'Wifi, Climatisation' });
    const list = (await api().get(companyPath(c, 'rooms')).set(asTenant(c)).expect(200)).body as RoomList;
    expect(list.items.map((r) => r.roomNumber)).toEqual(['2', '10']);
    expect(await getRoom(c, r2.id)).toEqual(r2);

    const dup = await postRoom(c, { roomNumber: '10', pricePerNight: '1' }).expect(409);
    expect(messageOf(dup)).toBe(MESSAGES_HOTEL.roomNumberTaken);
    const edited = await api()
      .put(companyPath(c, `rooms/${r2.id}`))
      .set(asTenant(c))
      .send({ roomNumber: '2', type: 'family', capacity: 5, pricePerNight: '65000', status: 'maintenance' })
      .expect(200);
    expect(edited.body).toMatchObject({ type: 'family', capacity: 5, pricePerNight: '65000.00', status: 'maintenance' });
    const dupEdit = await api()
      .put(companyPath(c, `rooms/${r2.id}`))
      .set(asTenant(c))
      .send({ roomNumber: '10', pricePerNight: '1' })
      .expect(409);
    expect(messageOf(dupEdit)).toBe(MESSAGES_HOTEL.roomNumberTaken);
    // Another company may use the same number.
    await createRoom(await hotelCompany(), { roomNumber: '10', pricePerNight: '1' });
  });

  it('pages rooms and reservations, searches them and counts rooms by status over the whole company', async () => {
    const c = await hotelCompany();
    const r1 = await createRoom(c, { roomNumber: '1', pricePerNight: '100', description: 'Vue mer' });
    const r2 = await createRoom(c, { roomNumber: '2', pricePerNight: '100', status: 'occupied' });
    const get = async <T>(path: string) => (await api().get(companyPath(c, path)).set(asTenant(c)).expect(200)).body as T;
    const first = await get<RoomList>('rooms?page=1&pageSize=1');
    expect(first).toMatchObject({ page: 1, pageSize: 1, totalItems: 2, availableCount: 1, occupiedCount: 1, maintenanceCount: 0 });
    expect(first.items.map((r) => r.id)).toEqual([r1.id]);
    expect((await get<RoomList>('rooms?page=2&pageSize=1')).items.map((r) => r.id)).toEqual([r2.id]);
    expect(await get<RoomList>('rooms?search=MER')).toMatchObject({ totalItems: 1, occupiedCount: 1, items: [{ id: r1.id }] });

    await book(c, r1.id, '2030-01-01', '2030-01-03', { guestName: 'Awa Ndiaye' });
    await book(c, r2.id, '2030-01-01', '2030-01-03', { guestName: 'Moussa Fall' });
    const newest = await get<ReservationList>('reservations?page=1&pageSize=1');
    expect(newest).toMatchObject({ page: 1, pageSize: 1, totalItems: 2 });
    expect(newest.items.map((b) => b.guestName)).toEqual(['Moussa Fall']);
    expect((await get<ReservationList>('reservations?page=2&pageSize=1')).items.map((b) => b.guestName)).toEqual(['Awa Ndiaye']);
    expect((await get<ReservationList>('reservations?search=awa')).items.map((b) => b.guestName)).toEqual(['Awa Ndiaye']);
    await api().get(companyPath(c, 'rooms?pageSize=0')).set(asTenant(c)).expect(400);
  });

  it('refuses bad input with French messages (400)', async () => {
    const c = await hotelCompany();
    const res = await postRoom(c, { roomNumber: '', floor: -1, capacity: 0, type: 'palace' }).expect(400);
    expect(issueMessages(res)).toEqual(
      expect.arrayContaining([
        MESSAGES_HOTEL.roomNumberRequired,
        MESSAGES_HOTEL.floorInvalid,
        MESSAGES_HOTEL.capacityInvalid,
        MESSAGES_HOTEL.roomTypeInvalid,
        MESSAGES_HOTEL.priceRequired,
      ]),
    );
  });
});

describe('reservations', () => {
  let c: string;
  let room: Room;
  beforeAll(async () => {
    c = await hotelCompany();
    room = await createRoom(c, { roomNumber: '101', capacity: 2, pricePerNight: '15000.50' });
  });

  it('computes nights and total on the server, numbers RES-YYYY-NNNN in order, checks a sent total', async () => {
    const year = new Date().getUTCFullYear();
    const a = await book(c, room.id, '2030-01-01', '2030-01-04', { numberOfGuests: '2', guestEmail: '', guestPhone: '77 000 00 00' });
    expect(a).toMatchObject({
      reservationNumber: `RES-${year}-0001`,
      room: { id: room.id, roomNumber: '101', type: 'single' },
      nights: 3,
      totalAmount: '45001.50',
      paidAmount: '0.00',
      numberOfGuests: 2,
      status: 'confirmed',
      guestEmail: null,
      invoice: null,
      invoicePending: false,
    });
    const b = await book(c, room.id, '2030-01-10', '2030-01-11', { totalAmount: '15000.5' });
    expect(b.reservationNumber).toBe(`RES-${year}-0002`);
    const listed = (await api().get(companyPath(c, 'reservations')).set(asTenant(c)).expect(200)).body as ReservationList;
    expect(listed).toEqual({ items: [b, a], page: 1, pageSize: 25, totalItems: 2, invoicesAvailable: true });
    const wrong = await postReservation(c, {
      roomId: room.id,
      guestName: 'X',
      checkInDate: '2030-02-01',
      checkOutDate: '2030-02-03',
      totalAmount: '1000',
    }).expect(400);
    expect(messageOf(wrong)).toBe(amountMismatch('30001.00'));
    // Numbers are per company.
    const other = await hotelCompany();
    const otherRoom = await createRoom(other, { roomNumber: '1', pricePerNight: '1' });
    expect((await book(other, otherRoom.id, '2030-01-01', '2030-01-02')).reservationNumber).toBe(`RES-${year}-0001`);
  });

  it('refuses check-out not after check-in, too many guests, an unknown room (French, 400)', async () => {
    const same = await postReservation(c, { roomId: room.id, guestName: 'X', checkInDate: '2030-03-01', checkOutDate: '2030-03-01' });
    expect(same.status).toBe(400);
    expect(issueMessages(same)).toContain(MESSAGES_HOTEL.checkOutBeforeCheckIn);
    const crowd = await postReservation(c, {
      roomId: room.id,
      guestName: 'X',
      checkInDate: '2030-03-01',
      checkOutDate: '2030-03-02',
      numberOfGuests: 3,
    }).expect(400);
    expect(messageOf(crowd)).toBe(capacityExceeded(2));
    const unknown = await postReservation(c, {
      roomId: randomUUID(),
      guestName: 'X',
      checkInDate: '2030-03-01',
      checkOutDate: '2030-03-02',
    }).expect(400);
    expect(messageOf(unknown)).toBe(MESSAGES_HOTEL.roomNotFound);
    const noName = await postReservation(c, { roomId: room.id, guestName: ' ', checkInDate: '2030-03-01', checkOutDate: '2030-03-02' });
    expect(issueMessages(noName)).toContain(MESSAGES_HOTEL.guestNameRequired);
  });

  it('lets exactly one of 10 concurrent bookings of the same nights succeed (database exclusion constraint)', async () => {
    const r = await createRoom(c, { roomNumber: 'P1', pricePerNight: '10000' });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postReservation(c, { roomId: r.id, guestName: `Client ${i}`, checkInDate: '2031-05-01', checkOutDate: '2031-05-05' }),
      ),
    );
    expect(results.filter((x) => x.status === 201)).toHaveLength(1);
    const refused = results.filter((x) => x.status === 409);
    expect(refused).toHaveLength(9);
    expect(new Set(refused.map(messageOf))).toEqual(new Set([MESSAGES_HOTEL.doubleBooking]));
    // Overlapping on one night only is refused too.
    const overlap = await postReservation(c, { roomId: r.id, guestName: 'Y', checkInDate: '2031-05-04', checkOutDate: '2031-05-06' });
    expect(overlap.status).toBe(409);
  });

  it('allows a stay starting on the previous check-out day, and cancelled stays free their nights', async () => {
    const r = await createRoom(c, { roomNumber: 'A1', pricePerNight: '10000' });
    await book(c, r.id, '2031-06-01', '2031-06-03');
    await book(c, r.id, '2031-06-03', '2031-06-05');
    const blocked = await postReservation(c, { roomId: r.id, guestName: 'Z', checkInDate: '2031-06-04', checkOutDate: '2031-06-06' });
    expect(blocked.status).toBe(409);
    const third = await book(c, r.id, '2031-06-10', '2031-06-12');
    await act(c, third.id, 'cancel').expect(200);
    const again = await book(c, r.id, '2031-06-10', '2031-06-12');
    expect(again.status).toBe('confirmed');
  });

  it('lists the rooms free for given dates (not only those available today), never those in maintenance', async () => {
    const d = await hotelCompany();
    const busy = await createRoom(d, { roomNumber: '1', pricePerNight: '100' });
    const occupiedNow = await createRoom(d, { roomNumber: '2', pricePerNight: '100', status: 'occupied' });
    await createRoom(d, { roomNumber: '3', pricePerNight: '100', status: 'maintenance' });
    await book(d, busy.id, '2032-01-01', '2032-01-05');
    const free = async (from: string, to: string) =>
      (
        (
          await api()
            .get(companyPath(d, `rooms/available?from=${from}&to=${to}`))
            .set(asTenant(d))
            .expect(200)
        ).body as Room[]
      ).map((x) => x.roomNumber);
    expect(await free('2032-01-02', '2032-01-03')).toEqual(['2']);
    expect(await free('2032-01-05', '2032-01-07')).toEqual(['1', '2']);
    expect(occupiedNow.status).toBe('occupied');
    await api().get(companyPath(d, 'rooms/available?from=2032-01-05&to=2032-01-05')).set(asTenant(d)).expect(400);
    const maintenance = await postReservation(d, {
      roomId: ((await api().get(companyPath(d, 'rooms')).set(asTenant(d))).body as RoomList).items[2].id,
      guestName: 'X',
      checkInDate: '2032-02-01',
      checkOutDate: '2032-02-02',
    }).expect(409);
    expect(messageOf(maintenance)).toBe(MESSAGES_HOTEL.roomInMaintenance);
  });

  it('checks in (room occupied) and out (room available), refuses other transitions; the cards follow', async () => {
    const d = await hotelCompany();
    const r = await createRoom(d, { roomNumber: '7', pricePerNight: '20000' });
    await createRoom(d, { roomNumber: '8', pricePerNight: '20000' });
    const t = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const stay = await book(d, r.id, t, tomorrow);
    const summary = async () => (await api().get(companyPath(d, 'rooms/summary')).set(asTenant(d)).expect(200)).body as HotelSummary;
    expect(await summary()).toEqual({ totalRooms: 2, available: 2, occupied: 0, reservationsToday: 1 });

    expect(messageOf(await act(d, stay.id, 'check-out').expect(409))).toBe(reservationTransitionRefused('confirmed'));
    const inRes = (await act(d, stay.id, 'check-in').expect(200)).body as Reservation;
    expect(inRes.status).toBe('checked_in');
    expect(inRes.checkedInAt).toBeTruthy();
    expect((await getRoom(d, r.id)).status).toBe('occupied');
    expect(await summary()).toEqual({ totalRooms: 2, available: 1, occupied: 1, reservationsToday: 1 });
    expect(messageOf(await act(d, stay.id, 'cancel').expect(409))).toBe(reservationTransitionRefused('checked_in'));
    expect(((await act(d, stay.id, 'check-out').expect(200)).body as Reservation).status).toBe('checked_out');
    expect((await getRoom(d, r.id)).status).toBe('available');
    await act(d, stay.id, 'check-in').expect(409);

    const list = (await api().get(companyPath(d, 'reservations?status=checked_out')).set(asTenant(d)).expect(200)).body as ReservationList;
    expect(list.items.map((x) => x.id)).toEqual([stay.id]);
    await api().get(companyPath(d, 'reservations?status=gone')).set(asTenant(d)).expect(400);
  });
});

describe("'Facturer le séjour'", () => {
  let c: string;
  let room: Room;
  beforeAll(async () => {
    c = await hotelCompany();
    room = await createRoom(c, { roomNumber: '12', capacity: 2, pricePerNight: '30000' });
  });

  it('invoices once after arrival: one validated line nights × price to the guest; a second click returns the same invoice', async () => {
    const stay = await book(c, room.id, '2033-03-01', '2033-03-04', { guestPhone: '770000000', guestEmail: 'awa@example.sn' });
    expect(messageOf(await act(c, stay.id, 'invoice').expect(409))).toBe(MESSAGES_HOTEL.invoiceNotAllowed);
    await act(c, stay.id, 'check-in').expect(200);
    calls.length = 0;
    const first = (await act(c, stay.id, 'invoice').expect(201)).body as Reservation;
    expect(first.invoice).toMatchObject({ number: expect.stringMatching(/^FS-/), status: 'validated' });
    expect(first.invoicePending).toBe(false);
    const sent = invoices.get(`${c}:reservation:${stay.id}`)!.body;
    expect(sent).toMatchObject({
      sourceId: `reservation:${stay.id}`,
      type: 'service',
      validate: true,
      client: { name: 'Awa Ndiaye', phone: '770000000', email: 'awa@example.sn' },
      lines: [{ description: 'Nuitées chambre N°12 du 01/03/2033 au 04/03/2033', quantity: '3', unitPrice: '30000.00' }],
    });
    const second = (await act(c, stay.id, 'invoice').expect(200)).body as Reservation;
    expect(second.invoice?.id).toBe(first.invoice?.id);
    expect(calls.filter((x) => x.startsWith('POST'))).toHaveLength(1);

    // paidAmount follows the invoice's payments, read in one batched call per list.
    invoices.get(`${c}:reservation:${stay.id}`)!.paidAmount = '50000.00';
    calls.length = 0;
    const list = (await api().get(companyPath(c, 'reservations')).set(asTenant(c)).expect(200)).body as ReservationList;
    expect(list.invoicesAvailable).toBe(true);
    expect(list.items.find((x) => x.id === stay.id)?.paidAmount).toBe('50000.00');
    expect(calls).toEqual([`GET /internal/companies/${c}/invoices`]);

    // Accounting down: the list still answers, with the last known amounts and the flag.
    accountingUp = false;
    const down = (await api().get(companyPath(c, 'reservations')).set(asTenant(c)).expect(200)).body as ReservationList;
    expect(down.invoicesAvailable).toBe(false);
    expect(down.items.find((x) => x.id === stay.id)?.paidAmount).toBe('50000.00');
    await api()
      .get(companyPath(c, `reservations/${stay.id}`))
      .set(asTenant(c))
      .expect(200);
  });

  it('keeps the invoice pending while accounting is down, then settles it once with the same key', async () => {
    const stay = await book(c, room.id, '2033-04-01', '2033-04-03');
    await act(c, stay.id, 'check-in').expect(200);
    accountingUp = false;
    const pending = (await act(c, stay.id, 'invoice').expect(202)).body as Reservation;
    expect(pending).toMatchObject({ invoice: null, invoicePending: true });
    const hotel = hotelService(running.service.ctx.sequelize, internalClient('accounting', TOKEN));
    expect(await hotel.settlePendingInvoices(0)).toEqual({ settled: 0, dropped: 0 });
    accountingUp = true;
    expect(await hotel.settlePendingInvoices(0)).toEqual({ settled: 1, dropped: 0 });
    const done = (
      await api()
        .get(companyPath(c, `reservations/${stay.id}`))
        .set(asTenant(c))
        .expect(200)
    ).body as Reservation;
    expect(done).toMatchObject({ invoicePending: false, invoice: { number: expect.stringMatching(/^FS-/) } });
  });

  it('never invoices twice when the answer is lost after accounting created the invoice', async () => {
    const stay = await book(c, room.id, '2033-05-01', '2033-05-02');
    await act(c, stay.id, 'check-in').expect(200);
    await act(c, stay.id, 'check-out').expect(200);
    dropAfterApply = true;
    expect(((await act(c, stay.id, 'invoice').expect(202)).body as Reservation).invoicePending).toBe(true);
    dropAfterApply = false;
    // A second click replays the same request: accounting answers the invoice it already made.
    const replay = (await act(c, stay.id, 'invoice').expect(201)).body as Reservation;
    const made = [...invoices.values()].filter((i) => i.sourceId === `reservation:${stay.id}`);
    expect(made).toHaveLength(1);
    expect(replay.invoice?.id).toBe(made[0].id);
  });
});

describe('module switch and tenancy', () => {
  it('answers 404 on every hotel route when the module is off', async () => {
    const off = randomUUID();
    await enableModules(running.service, off, ['restaurant']);
    await api().get(companyPath(off, 'rooms')).set(asTenant(off)).expect(404);
    await api().get(companyPath(off, 'reservations')).set(asTenant(off)).expect(404);
    await postRoom(off, { roomNumber: '1', pricePerNight: '1' }).expect(404);
  });

  it("answers 404 for another company's rooms and reservations on every route", async () => {
    const own = await hotelCompany();
    const other = await hotelCompany();
    const r = await createRoom(own, { roomNumber: '1', pricePerNight: '1000' });
    const b = await book(own, r.id, '2034-01-01', '2034-01-02');
    const as = asTenant(other);
    await running.expectNotFound(as, [
      ['get', companyPath(other, `rooms/${r.id}`)],
      ['put', companyPath(other, `rooms/${r.id}`), { roomNumber: '9', pricePerNight: '1' }],
      ['get', companyPath(other, `reservations/${b.id}`)],
    ]);
    for (const action of ['check-in', 'check-out', 'cancel', 'invoice']) await act(other, b.id, action).expect(404);
    const booking = await postReservation(other, { roomId: r.id, guestName: 'X', checkInDate: '2034-02-01', checkOutDate: '2034-02-02' });
    expect(booking.status).toBe(400);
    expect(messageOf(booking)).toBe(MESSAGES_HOTEL.roomNotFound);
    expect(((await api().get(companyPath(other, 'rooms')).set(as).expect(200)).body as RoomList).items).toEqual([]);
    expect(((await api().get(companyPath(other, 'reservations')).set(as).expect(200)).body as ReservationList).items).toEqual([]);
    // The caller's own company only: another company id in the path is refused.
    await api().get(companyPath(own, 'rooms')).set(as).expect(404);
    await api()
      .get(companyPath(own, `rooms/${r.id}`))
      .set(as)
      .expect(404);
    await api().get(companyPath(other, 'rooms/not-a-uuid')).set(as).expect(404);
    expect((await getRoom(own, r.id)).status).toBe('available');
  });
});
