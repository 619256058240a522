import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_HOTEL, ROOM_STATUS_OTHER_LABEL, stayInvoiced, type HotelSummary, type Reservation, type Room } from '@xaalis/contracts';
import {
  BASE,
  callsTo,
  company,
  type FetchHandler,
  heldAnswer,
  mockFetch,
  paged,
  renderWithApp,
  TEST_USER,
  testUuid,
  typeIn,
  expectLabelledValues,
  type User,
} from '../../test-utils';
import { reservation, room, summary } from './fixtures';
import HotelPage from './HotelPage';

const R101 = room();
const R102 = room({
  id: testUuid(2),
  roomNumber: '102',
  type: 'suite',
  capacity: 4,
  pricePerNight: '60000.00',
  status: 'occupied',
  amenities: null,
  description: null,
});
const R103 = room({
  id: testUuid(3),
  roomNumber: '103',
  type: 'single',
  floor: 2,
  capacity: 1,
  status: 'closed' as Room['status'],
  amenities: null,
});

interface Data {
  rooms?: Room[];
  reservations?: Reservation[];
  invoicesAvailable?: boolean;
  summary?: HotelSummary;
}

function routes(data: Data = {}, overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company({ sector: 'hotel' }) },
    [`GET ${BASE}/rooms`]: { body: paged(data.rooms ?? [R101, R102, R103]) },
    [`GET ${BASE}/rooms/summary`]: { body: data.summary ?? summary() },
    [`GET ${BASE}/reservations`]: { body: paged(data.reservations ?? [], { invoicesAvailable: data.invoicesAvailable ?? true }) },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

async function openReservations(user: User) {
  await user.click(await screen.findByRole('tab', { name: 'Réservations' }));
}

/** Rooms 101 and 102 are free on other nights; only 101 is free from 10 to 12 March 2026. */
const availableRooms: FetchHandler = (_init, url) => ({ body: url.includes('from=2026-03-10&to=2026-03-12') ? [R101] : [R101, R102] });

async function fillStay(user: User, dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText("Date d'arrivée"), { target: { value: '2026-03-10' } });
  fireEvent.change(within(dialog).getByLabelText('Date de départ'), { target: { value: '2026-03-12' } });
  const select = within(dialog).getByLabelText(/^Chambre/);
  await waitFor(() => expect(within(select).queryByRole('option', { name: /Chambre 102/ })).not.toBeInTheDocument());
  await within(select).findByRole('option', { name: /Chambre 101/ });
  await user.selectOptions(select, R101.id);
  await typeIn(user, dialog, /^Nom du client/, 'Awa Diop');
  await typeIn(user, dialog, 'Nombre de personnes', '2');
}

afterEach(() => jest.restoreAllMocks());

describe('HotelPage', () => {
  it("shows 'Gestion Hôtelière', the four cards and the room cards (badge, type, floor, capacity, price, amenities)", async () => {
    mockFetch(routes());
    renderWithApp(<HotelPage />, { route: '/hotel' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion Hôtelière' })).toBeInTheDocument();
    expect(screen.getByText('Chambres et réservations')).toBeInTheDocument();
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual(['Chambres', 'Réservations']);

    await waitFor(() => expect(screen.getByRole('group', { name: 'Total chambres' })).toHaveTextContent('6'));
    expect(screen.getByRole('group', { name: 'Disponibles' })).toHaveTextContent('4');
    expect(screen.getByRole('group', { name: 'Occupées' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: "Réservations aujourd'hui" })).toHaveTextContent('3');

    const card = await screen.findByRole('article', { name: 'Chambre 101' });
    expect(within(card).getByText('Disponible')).toBeInTheDocument();
    expectLabelledValues(card, { Type: 'Double', Étage: '1', Capacité: '2 personnes', 'Prix par nuit': '25 000 XOF' });
    expect(within(card).getByText('Vue sur la mer')).toBeInTheDocument();
    const amenities = within(card).getByRole('list', { name: 'Équipements de la chambre 101' });
    expect(
      within(amenities)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Wifi', 'Climatisation']);
    expect(within(screen.getByRole('article', { name: 'Chambre 102' })).getByText('Occupée')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Chambre 103' })).getByText(ROOM_STATUS_OTHER_LABEL)).toBeInTheDocument();
  });

  it("shows 6 placeholders while the rooms load, then the empty state whose button creates the first room ('Chambre créée')", async () => {
    const user = userEvent.setup();
    const rooms = heldAnswer({ body: paged([]) });
    const created = room({ id: testUuid(9), roomNumber: '201' });
    const fetchMock = mockFetch(
      routes(
        {},
        {
          [`GET ${BASE}/rooms`]: rooms.handler,
          [`POST ${BASE}/rooms`]: { status: 201, body: created },
        },
      ),
    );
    renderWithApp(<HotelPage />, { route: '/hotel' });
    expect(await screen.findAllByTestId('placeholder')).toHaveLength(6);
    rooms.release();
    expect(await screen.findByText(MESSAGES_HOTEL.roomsEmpty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MESSAGES_HOTEL.addFirstRoom }));

    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle chambre' });
    expect(within(dialog).getByLabelText('Type')).toHaveValue('single');
    expect(within(dialog).getByLabelText('Étage')).toHaveValue(1);
    expect(within(dialog).getByLabelText('Capacité (personnes)')).toHaveValue(1);
    await user.click(within(dialog).getByRole('button', { name: 'Créer la chambre' }));
    expect(await within(dialog).findByText(MESSAGES_HOTEL.roomNumberRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_HOTEL.priceRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/rooms`)).toHaveLength(0);

    await typeIn(user, dialog, /^Numéro de chambre/, '201');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Suite');
    await typeIn(user, dialog, 'Étage', '2');
    await typeIn(user, dialog, 'Capacité (personnes)', '3');
    await typeIn(user, dialog, /^Prix par nuit/, '45000');
    await typeIn(user, dialog, 'Équipements', 'Wifi, TV');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la chambre' }));
    expect(await screen.findByText(MESSAGES_HOTEL.roomCreated)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_HOTEL.roomCreatedTitle)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/rooms`)[0].body).toEqual({
      roomNumber: '201',
      type: 'suite',
      floor: 2,
      capacity: 3,
      pricePerNight: '45000.00',
      description: null,
      amenities: 'Wifi, TV',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("refuses a floor below 0 and toasts 'Impossible de créer la chambre.' with the server's 409 message", async () => {
    const user = userEvent.setup();
    mockFetch(routes({}, { [`POST ${BASE}/rooms`]: { status: 409, body: { message: MESSAGES_HOTEL.roomNumberTaken } } }));
    renderWithApp(<HotelPage />, { route: '/hotel' });
    await screen.findByRole('article', { name: 'Chambre 101' });
    await user.click(screen.getByRole('button', { name: 'Nouvelle chambre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle chambre' });
    await typeIn(user, dialog, /^Numéro de chambre/, '101');
    await typeIn(user, dialog, /^Prix par nuit/, '25000');
    await typeIn(user, dialog, 'Étage', '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la chambre' }));
    expect(await within(dialog).findByText(MESSAGES_HOTEL.floorInvalid)).toBeInTheDocument();
    await typeIn(user, dialog, 'Étage', '0');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la chambre' }));
    expect(await screen.findByText(`${MESSAGES_HOTEL.roomCreateError} : ${MESSAGES_HOTEL.roomNumberTaken}`)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nouvelle chambre' })).toBeInTheDocument();
  });

  it('shows the reservation cards and, when accounting is down, the notice and "—" for the paid amount', async () => {
    const user = userEvent.setup();
    mockFetch(
      routes({
        invoicesAvailable: false,
        reservations: [
          reservation(),
          reservation({
            id: testUuid(202),
            reservationNumber: 'RES-2026-0002',
            guestName: 'Moussa Fall',
            status: 'checked_out',
            paidAmount: null,
            guestPhone: null,
            notes: null,
            invoice: { id: testUuid(301), number: 'FS-2026-0001', status: null },
          }),
        ],
      }),
    );
    renderWithApp(<HotelPage />, { route: '/hotel' });
    await openReservations(user);
    expect(await screen.findByText(MESSAGES_HOTEL.accountingDown)).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Réservation RES-2026-0001 — Awa Diop' });
    expect(within(card).getByText('Confirmée')).toBeInTheDocument();
    expectLabelledValues(card, {
      Chambre: '101',
      Arrivée: '10/03/2026',
      Départ: '12/03/2026',
      Personnes: '2',
      'Montant total': '50 000 XOF',
      'Montant payé': '0 XOF',
      Téléphone: '+221 77 123 45 67',
    });
    expect(within(card).getByText('Arrivée tardive')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Arrivée' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: MESSAGES_HOTEL.invoiceStay })).not.toBeInTheDocument();

    const left = screen.getByRole('article', { name: 'Réservation RES-2026-0002 — Moussa Fall' });
    expect(within(left).getByText('Terminée')).toBeInTheDocument();
    expectLabelledValues(left, { 'Montant payé': '—', Facture: 'N°FS-2026-0001' });
    expect(within(left).queryByRole('button')).not.toBeInTheDocument();
  });

  it("disables 'Nouvelle réservation' and says to add rooms first when there is no room; 3 placeholders while loading", async () => {
    const user = userEvent.setup();
    const reservations = heldAnswer({ body: paged([], { invoicesAvailable: true }) });
    mockFetch(
      routes(
        { rooms: [] },
        {
          [`GET ${BASE}/reservations`]: reservations.handler,
        },
      ),
    );
    renderWithApp(<HotelPage />, { route: '/hotel' });
    await screen.findByText(MESSAGES_HOTEL.roomsEmpty);
    await openReservations(user);
    expect(screen.getAllByTestId('placeholder')).toHaveLength(3);
    reservations.release();
    expect(await screen.findByText(MESSAGES_HOTEL.reservationsEmpty)).toBeInTheDocument();
    expect(screen.getByText(`${MESSAGES_HOTEL.addRoomsFirst}.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvelle réservation' })).toBeDisabled();
  });

  it('lists only the rooms free for the chosen dates, shows nights × price and sends the reservation', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes(
        {},
        {
          [`GET ${BASE}/rooms/available`]: availableRooms,
          [`POST ${BASE}/reservations`]: { status: 201, body: reservation() },
        },
      ),
    );
    renderWithApp(<HotelPage />, { route: '/hotel' });
    await openReservations(user);
    await screen.findByText(MESSAGES_HOTEL.reservationsEmpty);
    await user.click(screen.getByRole('button', { name: 'Nouvelle réservation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle réservation' });
    // Default stay (tonight): both rooms are free.
    await within(dialog).findByRole('option', { name: /Chambre 102/ });

    await fillStay(user, dialog);
    await typeIn(user, dialog, 'Téléphone', '771234567');
    expect(within(dialog).getByTestId('reservation-total')).toHaveTextContent('Montant total : 50 000 XOF (2 nuits × 25 000 XOF)');
    await typeIn(user, dialog, 'Nombre de personnes', '3');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la réservation' }));
    expect((await within(dialog).findAllByText('Nombre de personnes supérieur à la capacité de la chambre (2)')).length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, 'POST', `${BASE}/reservations`)).toHaveLength(0);

    await typeIn(user, dialog, 'Nombre de personnes', '2');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la réservation' }));
    expect(await screen.findByText(MESSAGES_HOTEL.reservationCreated)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_HOTEL.reservationCreatedTitle)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/rooms/available`).map((c) => c.url)).toContain(
      `${BASE}/rooms/available?from=2026-03-10&to=2026-03-12`,
    );
    expect(callsTo(fetchMock, 'POST', `${BASE}/reservations`)[0].body).toEqual({
      roomId: R101.id,
      guestName: 'Awa Diop',
      guestPhone: '771234567',
      guestEmail: null,
      checkInDate: '2026-03-10',
      checkOutDate: '2026-03-12',
      numberOfGuests: 2,
      totalAmount: '50000.00',
      specialRequests: null,
      notes: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("toasts 'Impossible de créer la réservation.' with the server's double-booking message", async () => {
    const user = userEvent.setup();
    mockFetch(
      routes(
        {},
        {
          [`GET ${BASE}/rooms/available`]: availableRooms,
          [`POST ${BASE}/reservations`]: { status: 409, body: { message: MESSAGES_HOTEL.doubleBooking } },
        },
      ),
    );
    renderWithApp(<HotelPage />, { route: '/hotel' });
    await openReservations(user);
    await screen.findByText(MESSAGES_HOTEL.reservationsEmpty);
    await user.click(screen.getByRole('button', { name: 'Nouvelle réservation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle réservation' });
    await fillStay(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Créer la réservation' }));
    expect(await screen.findByText(`${MESSAGES_HOTEL.reservationCreateError} : ${MESSAGES_HOTEL.doubleBooking}`)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nouvelle réservation' })).toBeInTheDocument();
  });

  it("records the arrival ('Arrivée') and refreshes the rooms and the cards", async () => {
    const user = userEvent.setup();
    let checkedIn = false;
    const fetchMock = mockFetch(
      routes(
        {},
        {
          [`GET ${BASE}/reservations`]: () => ({
            body: { items: [reservation(checkedIn ? { status: 'checked_in' } : {})], invoicesAvailable: true },
          }),
          [`GET ${BASE}/rooms/summary`]: () => ({ body: summary(checkedIn ? { available: 3, occupied: 2 } : {}) }),
          [`POST ${BASE}/reservations/${testUuid(201)}/check-in`]: () => {
            checkedIn = true;
            return { body: reservation({ status: 'checked_in' }) };
          },
        },
      ),
    );
    renderWithApp(<HotelPage />, { route: '/hotel' });
    await openReservations(user);
    const card = await screen.findByRole('article', { name: /RES-2026-0001/ });
    const roomsBefore = callsTo(fetchMock, 'GET', `${BASE}/rooms`).length;
    await user.click(within(card).getByRole('button', { name: 'Arrivée' }));
    expect(await screen.findByText(MESSAGES_HOTEL.checkedIn)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/reservations/${testUuid(201)}/check-in`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Occupées' })).toHaveTextContent('2'));
    expect(callsTo(fetchMock, 'GET', `${BASE}/rooms`).length).toBeGreaterThan(roomsBefore);
    const after = screen.getByRole('article', { name: /RES-2026-0001/ });
    expect(within(after).getByText('En cours')).toBeInTheDocument();
    expect(within(after).getByRole('button', { name: 'Départ' })).toBeInTheDocument();
  });

  it("'Facturer le séjour' toasts the invoice number, or the pending notice when accounting did not answer", async () => {
    const user = userEvent.setup();
    const invoiced = reservation({ status: 'checked_out', invoice: { id: testUuid(301), number: 'FS-2026-0007', status: 'validated' } });
    const fetchMock = mockFetch(
      routes(
        {
          reservations: [
            reservation({ status: 'checked_out' }),
            reservation({ id: testUuid(202), reservationNumber: 'RES-2026-0002', guestName: 'Moussa Fall', status: 'checked_in' }),
          ],
        },
        {
          [`POST ${BASE}/reservations/${testUuid(201)}/invoice`]: { status: 201, body: invoiced },
          [`POST ${BASE}/reservations/${testUuid(202)}/invoice`]: {
            status: 202,
            body: reservation({ id: testUuid(202), status: 'checked_in', invoicePending: true }),
          },
        },
      ),
    );
    renderWithApp(<HotelPage />, { route: '/hotel' });
    await openReservations(user);
    const card = await screen.findByRole('article', { name: /RES-2026-0001/ });
    await user.click(within(card).getByRole('button', { name: MESSAGES_HOTEL.invoiceStay }));
    expect(await screen.findByText(stayInvoiced('FS-2026-0007'))).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/reservations/${testUuid(201)}/invoice`)).toHaveLength(1);

    const other = screen.getByRole('article', { name: /RES-2026-0002/ });
    await user.click(within(other).getByRole('button', { name: MESSAGES_HOTEL.invoiceStay }));
    expect(await screen.findByText(MESSAGES_HOTEL.invoicePending)).toBeInTheDocument();
  });
});

describe('HotelPage: role gating', () => {
  it("the hotel's writes are documents: a collaborator has 'Nouvelle chambre' and the reservation steps", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ reservations: [reservation()] }, { 'GET /api/user': { body: { ...TEST_USER, role: 'collaborator' } } }));
    renderWithApp(<HotelPage />, { route: '/hotel' });
    expect(await screen.findByRole('button', { name: 'Nouvelle chambre' })).toBeInTheDocument();
    await openReservations(user);
    const card = await screen.findByRole('article', { name: /RES-2026-0001/ });
    expect(within(card).getByRole('button', { name: 'Arrivée' })).toBeInTheDocument();
  });

  it('a reader sees rooms and reservations without any action', async () => {
    const user = userEvent.setup();
    mockFetch(routes({ reservations: [reservation()] }, { 'GET /api/user': { body: { ...TEST_USER, role: 'reader' } } }));
    renderWithApp(<HotelPage />, { route: '/hotel' });
    expect(await screen.findByRole('article', { name: /101/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvelle chambre' })).not.toBeInTheDocument();
    await openReservations(user);
    const card = await screen.findByRole('article', { name: /RES-2026-0001/ });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvelle réservation' })).not.toBeInTheDocument();
  });
});
