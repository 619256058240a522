// The accountant's firm of the demo (issue 27): a small hotel in Saly and a tour operator
// beside the restaurant, and the user `cabinet`, invited by each owner and accepting through
// the product's invitation routes: Comptable of the restaurant and the hotel, Lecture seule of
// the tour operator. Everything through the public API, as the users would.
import {
  MAX_ACCOUNTS_PAGE_SIZE,
  type AccountListResponse,
  type Invoice,
  type Invitation,
  type Reservation,
  type Room,
} from '@xaalis/contracts';
import { Api, addDays, random } from './demo-api';

export const CABINET_CREDENTIALS = { username: 'cabinet', password: 'cabinet2026' } as const;
export const HOTEL_CREDENTIALS = { username: 'saly', password: 'cocotiers2026' } as const;
export const FIRM_COMPANIES = {
  cabinet: 'Cabinet Diop Expertise Comptable',
  hotel: 'Hôtel Les Cocotiers de Saly',
  excursions: 'Saly Excursions SUARL',
} as const;

export interface FirmResult {
  created: boolean;
  hotelId: string | null;
  excursionsId: string | null;
}

/** [number, type, floor, capacity, price per night]. */
const ROOMS = [
  ['101', 'double', 1, 2, '35000.00'],
  ['102', 'double', 1, 2, '35000.00'],
  ['103', 'twin', 1, 2, '35000.00'],
  ['104', 'family', 1, 4, '55000.00'],
  ['201', 'suite', 2, 3, '65000.00'],
  ['202', 'single', 2, 1, '25000.00'],
] as const;
const GUESTS = [
  'Famille Mbaye',
  'Jean-Pierre Lefèvre',
  'Khady Diagne',
  'Marco Rossi',
  'Séminaire Orange Sénégal',
  'Famille Touré',
  'Anna Schmidt',
  'Pape Seck',
  'Claire Dubois',
];

/** The company's chart: code → account id. */
async function chartOf(api: Api, companyId: string): Promise<(code: string) => string> {
  const chart = await api.json<AccountListResponse>('GET', `/api/companies/${companyId}/accounts?pageSize=${MAX_ACCOUNTS_PAGE_SIZE}`);
  const ids = new Map(chart.items.map((a) => [a.code, a.id]));
  return (code) => {
    const id = ids.get(code);
    if (!id) throw new Error(`compte ${code} absent du plan`);
    return id;
  };
}

async function postEntry(
  api: Api,
  companyId: string,
  account: (code: string) => string,
  date: string,
  description: string,
  lines: [string, string, string][],
) {
  const c = `/api/companies/${companyId}`;
  const { number } = await api.json<{ number: string }>('GET', `${c}/accounting-entries/next-number?journal=BQ&date=${date}`);
  const entry = await api.json<{ id: string }>('POST', `${c}/accounting-entries`, {
    entry: { number, journal: 'BQ', date, description },
    lines: lines.map(([code, debit, credit]) => ({ accountId: account(code), description, debit, credit })),
  });
  await api.json('PATCH', `/api/accounting-entries/${entry.id}/validate`);
}

async function expense(api: Api, companyId: string, accountId: string, date: string, amount: string, notes: string) {
  await api.json('POST', '/api/payments', { type: 'expense', amount, date, method: 'bank', companyId, accountId, notes, reference: notes });
}

async function payInvoice(api: Api, companyId: string, invoiceId: string, date: string, method: string, share = 1) {
  const invoice = await api.json<Invoice>('GET', `/api/invoices/${invoiceId}`);
  const amount = share === 1 ? invoice.total : (Math.floor(Number(invoice.total) * share * 100) / 100).toFixed(2);
  await api.json('POST', '/api/payments', {
    type: 'invoice_payment',
    invoiceId,
    amount,
    date,
    method,
    companyId,
    reference: `Règlement ${invoice.number}`,
  });
}

/**
 * Creates the firm's companies and the `cabinet` user unless `cabinet` exists. `restaurant`: the
 * demo owner's signed-in client and company, whose owner invites the accountant.
 */
export async function seedFirm(
  base: string,
  options: { log?: (message: string) => void; restaurant: { api: Api; companyId: string }; today?: string },
): Promise<FirmResult> {
  const log = options.log ?? (() => {});
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const rand = random(221);

  // The accountant registers with their own firm.
  const cabinet = new Api(base);
  const registered = await cabinet.call(
    'POST',
    '/api/register',
    {
      ...CABINET_CREDENTIALS,
      email: 'contact@diop-expertise.sn',
      firstName: 'Mamadou',
      lastName: 'Diop',
      companyName: FIRM_COMPANIES.cabinet,
      phone: '+221 33 821 10 10',
      address: 'Rue Carnot, Dakar-Plateau',
      sector: 'service',
    },
    [201, 409],
  );
  if (registered.status === 409) return { created: false, hotelId: null, excursionsId: null };
  log('Création du cabinet comptable et de ses clients…');
  const cabinetFirmId = (registered.body as { companyId: string }).companyId;
  await cabinet.json('POST', `/api/companies/${cabinetFirmId}/generate-chart`, {});

  // The hotel, registered by its owner.
  const owner = new Api(base);
  const hotelUser = await owner.json<{ companyId: string }>('POST', '/api/register', {
    ...HOTEL_CREDENTIALS,
    email: 'direction@cocotiers-saly.sn',
    firstName: 'Ndèye',
    lastName: 'Faye',
    companyName: FIRM_COMPANIES.hotel,
    phone: '+221 33 957 20 20',
    address: 'Saly Portudal, Mbour',
    sector: 'hotel',
  });
  const hotelId = hotelUser.companyId;
  const h = `/api/companies/${hotelId}`;
  await owner.json('POST', `${h}/generate-chart`, {});
  const hotelAccount = await chartOf(owner, hotelId);
  const opened = addDays(`${today.slice(0, 7)}-01`, -45).slice(0, 7) + '-01';
  await postEntry(owner, hotelId, hotelAccount, opened, 'Apport des associés en capital', [
    ['521', '15000000.00', '0.00'],
    ['101', '0.00', '15000000.00'],
  ]);
  for (let month = opened; month <= today; month = addDays(month, 32).slice(0, 7) + '-01') {
    const day10 = `${month.slice(0, 7)}-10`;
    if (day10 > today) break;
    await expense(owner, hotelId, hotelAccount('6222'), day10, '600000.00', `Loyer de l'hôtel ${month.slice(0, 7)}`);
    await expense(owner, hotelId, hotelAccount('6052'), day10, '240000.00', `Facture SENELEC ${month.slice(0, 7)}`);
    await expense(owner, hotelId, hotelAccount('6051'), day10, '95000.00', `Facture SEN’EAU ${month.slice(0, 7)}`);
  }
  const rooms: Room[] = [];
  for (const [roomNumber, type, floor, capacity, pricePerNight] of ROOMS)
    rooms.push(
      await owner.json<Room>('POST', `${h}/rooms`, {
        roomNumber,
        type,
        floor,
        capacity,
        pricePerNight,
        description: `Chambre ${roomNumber} avec vue sur le jardin`,
        amenities: 'Climatisation, Wi-Fi, TV',
      }),
    );
  // Each room let in turn since the opening: past stays checked in, out, invoiced ('Facturer le séjour')
  // and paid (now and then not yet), guests in the house today, bookings to come.
  let stay = 0;
  for (const [r, room] of rooms.entries()) {
    for (let checkInDate = addDays(opened, 2 + r); checkInDate <= addDays(today, 20); stay++) {
      const checkOutDate = addDays(checkInDate, 1 + Math.floor(rand() * 4));
      const reservation = await owner.json<Reservation>('POST', `${h}/reservations`, {
        roomId: room.id,
        guestName: GUESTS[stay % GUESTS.length],
        guestPhone: `+221 77 6${stay % 10}0 ${10 + (stay % 90)} ${20 + r}`,
        checkInDate,
        checkOutDate,
        numberOfGuests: Math.min(room.capacity, 1 + (stay % 2)),
      });
      const next = addDays(checkOutDate, 3 + Math.floor(rand() * 7));
      if (checkInDate <= today) {
        await owner.json('POST', `${h}/reservations/${reservation.id}/check-in`, {});
        if (checkOutDate <= today) {
          await owner.json('POST', `${h}/reservations/${reservation.id}/check-out`, {});
          const invoiced = await owner.json<Reservation>('POST', `${h}/reservations/${reservation.id}/invoice`, {});
          if (invoiced.invoice && stay % 6 !== 5)
            await payInvoice(owner, hotelId, invoiced.invoice.id, today, rand() < 0.5 ? 'orange' : 'bank');
        }
      }
      checkInDate = next;
    }
  }
  await owner.json('POST', `${h}/invitations`, { login: CABINET_CREDENTIALS.username, role: 'accountant' });

  // The hotel's owner also runs a small tour operator: the accountant only reads its books.
  const excursions = await owner.json<{ id: string }>('POST', '/api/companies', {
    name: FIRM_COMPANIES.excursions,
    sector: 'service',
    address: 'Saly Portudal, Mbour',
    phone: '+221 77 450 12 12',
  });
  const e = `/api/companies/${excursions.id}`;
  // Its chart is generated in the background after the creation: asking for it waits for it.
  await owner.json('POST', `${e}/generate-chart`, {});
  const excursionsAccount = await chartOf(owner, excursions.id);
  const start = `${today.slice(0, 7)}-01`;
  await postEntry(owner, excursions.id, excursionsAccount, start, 'Apport des associés en capital', [
    ['521', '1000000.00', '0.00'],
    ['101', '0.00', '1000000.00'],
  ]);
  const client = await owner.json<{ id: string }>('POST', `${e}/third-parties`, {
    type: 'client',
    name: 'Teranga Voyages',
    code: 'CLI-TERANGAV',
    paymentTerms: 30,
  });
  for (const [description, quantity, unitPrice, share] of [
    ['Excursion Lac Rose (par personne)', '14', '15000.00', 1],
    ['Sortie en pirogue à Joal-Fadiouth (par personne)', '9', '20000.00', 0],
  ] as const) {
    const { number } = await owner.json<{ number: string }>('GET', `${e}/invoices/next-number?type=service&date=${start}`);
    const draft = await owner.json<Invoice>('POST', `${e}/invoices`, {
      invoice: {
        type: 'service',
        number,
        thirdPartyId: client.id,
        date: start,
        dueDate: addDays(start, 30),
        paymentMethod: 'bank',
        vatRate: '18.00',
      },
      lines: [{ description, quantity, unitPrice, accountId: excursionsAccount('706') }],
    });
    await owner.json('PATCH', `/api/invoices/${draft.id}/validate`);
    if (share) await payInvoice(owner, excursions.id, draft.id, today, 'bank', share);
  }
  await owner.json('POST', `${e}/invitations`, { login: CABINET_CREDENTIALS.username, role: 'reader' });

  // The restaurant's owner invites the accountant too; the accountant accepts the three invitations.
  await options.restaurant.api.json('POST', `/api/companies/${options.restaurant.companyId}/invitations`, {
    login: CABINET_CREDENTIALS.username,
    role: 'accountant',
  });
  const invitations = await cabinet.json<Invitation[] | { items: Invitation[] }>('GET', '/api/invitations');
  for (const invitation of Array.isArray(invitations) ? invitations : invitations.items)
    await cabinet.json('POST', `/api/invitations/${invitation.id}/accept`, {});
  log(`Cabinet comptable prêt : ${CABINET_CREDENTIALS.username} / ${CABINET_CREDENTIALS.password}`);
  return { created: true, hotelId, excursionsId: excursions.id };
}
