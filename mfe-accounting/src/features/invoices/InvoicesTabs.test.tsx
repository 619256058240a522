import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quote, ReminderDue } from '@xaalis/contracts';
import { callsTo, company, COMPANY_ID, mockFetch, renderWithApp, TEST_USER } from '../../test-utils';
import InvoicesPage from './InvoicesPage';

const BASE = `/api/companies/${COMPANY_ID}`;
const page = <T,>(items: T[]) => ({ items, page: 1, pageSize: 25, totalItems: items.length });
const quote = (over: Partial<Quote>): Quote => ({
  id: 'q1',
  number: 'DV-2026-0001',
  type: 'sale',
  status: 'accepted',
  clientId: 'c1',
  client: { id: 'c1', name: 'Sonatel' },
  date: '2026-03-01',
  validUntil: '2026-03-31',
  vatRate: '18.00',
  subtotal: '100000.00',
  vatAmount: '18000.00',
  total: '118000.00',
  notes: null,
  invoiceId: null,
  invoiceNumber: null,
  issuer: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});
const due: ReminderDue = {
  thirdPartyId: 'c2',
  name: 'Retard SARL',
  email: null,
  invoices: [
    {
      id: 'i1',
      number: 'FV-2026-0007',
      date: '2026-01-02',
      dueDate: '2026-01-10',
      total: '118000.00',
      balanceDue: '118000.00',
      daysOverdue: 40,
      lastLevel: null,
    },
  ],
  total: '118000.00',
  maxDaysOverdue: 40,
  suggestedLevel: 2,
};

afterEach(() => jest.restoreAllMocks());

it('shows the quotes tab and converts an accepted quote into an invoice', async () => {
  const user = userEvent.setup();
  const fetchMock = mockFetch({
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/quotes`]: { body: page([quote({})]) },
    'POST /api/quotes/q1/convert': { status: 201, body: { id: 'inv1', number: 'FV-2026-0009' } },
  });
  renderWithApp(<InvoicesPage />, { route: '/factures?onglet=devis' });
  const table = await screen.findByRole('table', { name: 'Devis' });
  expect(within(table).getByText('DV-2026-0001')).toBeInTheDocument();
  await user.click(within(table).getByRole('button', { name: 'Convertir en facture le devis DV-2026-0001' }));
  expect(await screen.findByText('Facture créée à partir du devis')).toBeInTheDocument();
  expect(callsTo(fetchMock, 'POST', '/api/quotes/q1/convert')).toHaveLength(1);
});

it('lists the clients to remind and reminds one at the level due', async () => {
  const user = userEvent.setup();
  const fetchMock = mockFetch({
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/reminders/due`]: { body: page([due]) },
    [`GET ${BASE}/reminders`]: { body: page([]) },
    [`POST ${BASE}/reminders`]: { status: 201, body: { id: 'r1', status: 'sent', email: 'compta@retard.sn', date: '2026-02-19' } },
  });
  renderWithApp(<InvoicesPage />, { route: '/factures?onglet=relances' });
  const table = await screen.findByRole('table', { name: 'Clients à relancer' });
  expect(within(table).getByText('FV-2026-0007 (40 j)')).toBeInTheDocument();
  await user.click(within(table).getByRole('button', { name: 'Relancer Retard SARL' }));
  expect(await screen.findByText('Relance envoyée par e-mail à compta@retard.sn')).toBeInTheDocument();
  expect(callsTo(fetchMock, 'POST', `${BASE}/reminders`)[0].body).toEqual({ thirdPartyId: 'c2', level: 2 });
});

it('shows the aged balance by age of due date, with the open items of a client', async () => {
  const user = userEvent.setup();
  const row = {
    thirdPartyId: 'c2',
    name: 'Retard SARL',
    notDue: '0.00',
    d0_30: '0.00',
    d31_60: '118000.00',
    d61_90: '0.00',
    over90: '0.00',
    total: '118000.00',
  };
  mockFetch({
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/reports/aged-balance`]: { body: { type: 'receivable', date: '2026-03-01', rows: [row], totals: row } },
    [`GET ${BASE}/reports/aged-balance/c2`]: {
      body: [
        {
          lineId: 'l1',
          entryId: 'e1',
          date: '2026-01-02',
          dueDate: '2026-01-10',
          number: 'VT-2026-00007',
          reference: 'FV-2026-0007',
          description: 'Facture FV-2026-0007',
          amount: '118000.00',
          daysOverdue: 50,
          letteringCode: null,
        },
      ],
    },
  });
  renderWithApp(<InvoicesPage />, { route: '/factures?onglet=balance-agee' });
  const table = await screen.findByRole('table', { name: 'Balance âgée' });
  expect(within(table).getByText('Retard SARL')).toBeInTheDocument();
  await user.click(within(table).getByRole('button', { name: 'Pièces ouvertes de Retard SARL' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pièces ouvertes — Retard SARL' });
  expect(await within(dialog).findByText('VT-2026-00007')).toBeInTheDocument();
});
