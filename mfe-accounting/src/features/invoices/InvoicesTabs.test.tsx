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

it('shows a client’s statement of account, letters two lines that balance and undoes a lettering', async () => {
  const user = userEvent.setup();
  const line = (over: object) => ({
    lineId: 'l1',
    date: '2026-01-02',
    number: 'VT-2026-00007',
    reference: 'FV-2026-0007',
    description: 'Facture FV-2026-0007',
    accountCode: '4111',
    debit: '118000.00',
    credit: '0.00',
    balance: '118000.00',
    letteringCode: null,
    ...over,
  });
  const fetchMock = mockFetch({
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/third-parties`]: { body: page([{ id: 'c2', name: 'Retard SARL', code: 'C002', type: 'client' }]) },
    [`GET ${BASE}/third-parties/c2/statement`]: {
      body: {
        thirdParty: { id: 'c2', name: 'Retard SARL', type: 'client' },
        from: '2026-01-01',
        to: '2026-03-01',
        opening: '0.00',
        lines: [
          line({}),
          line({ lineId: 'l2', number: 'BQ-2026-00003', description: 'Règlement', debit: '0.00', credit: '118000.00', balance: '0.00' }),
          line({ lineId: 'l3', number: 'VT-2026-00001', balance: '118000.00', letteringCode: 'AB' }),
        ],
        totalDebit: '236000.00',
        totalCredit: '118000.00',
        closing: '118000.00',
      },
    },
    [`POST ${BASE}/letterings`]: { status: 201, body: { code: 'AC', partial: false, lineIds: ['l1', 'l2'], balance: '0.00' } },
    [`DELETE ${BASE}/letterings/ab`]: { status: 204 },
  });
  renderWithApp(<InvoicesPage />, { route: '/factures?onglet=lettrage&tiers=c2' });
  const table = await screen.findByRole('table', { name: 'Relevé de compte' });
  expect(screen.getByText('Total débit : 236 000 XOF')).toBeInTheDocument();
  // One account (4111): the pieces are shown alone.
  expect(within(table).getByText('VT-2026-00007')).toBeInTheDocument();
  await user.click(within(table).getByRole('checkbox', { name: 'Choisir la ligne VT-2026-00007 du 02/01/2026' }));
  await user.click(within(table).getByRole('checkbox', { name: 'Choisir la ligne BQ-2026-00003 du 02/01/2026' }));
  await user.click(screen.getByRole('button', { name: 'Lettrer' }));
  expect(await screen.findByText('Lignes lettrées (AC)')).toBeInTheDocument();
  expect(callsTo(fetchMock, 'POST', `${BASE}/letterings`)[0].body).toEqual({ lineIds: ['l1', 'l2'], partial: false });
  await user.click(within(table).getByRole('button', { name: 'Délettrer AB' }));
  expect(await screen.findByText('Lettrage supprimé')).toBeInTheDocument();
  expect(callsTo(fetchMock, 'DELETE', `${BASE}/letterings/ab`)).toHaveLength(1);
});

it('sets a credit note’s credit left against another open invoice of the client', async () => {
  const user = userEvent.setup();
  const note = {
    id: 'n1',
    number: 'AV-2026-0002',
    kind: 'customer',
    invoiceId: 'i1',
    invoiceNumber: 'FV-2026-0003',
    thirdPartyId: 'c2',
    thirdPartyName: 'Retard SARL',
    date: '2026-02-01',
    reason: 'Commande annulée',
    subtotal: '100000.00',
    vatAmount: '18000.00',
    total: '118000.00',
    appliedAmount: '18000.00',
    refundedAmount: '0.00',
    remaining: '100000.00',
    entryId: 'e1',
    createdAt: '2026-02-01T10:00:00.000Z',
  };
  const fetchMock = mockFetch({
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/credit-notes`]: { body: page([note]) },
    [`GET ${BASE}/invoices`]: {
      body: page([{ id: 'i9', number: 'FV-2026-0011', date: '2026-02-20', balanceDue: '236000.00', thirdPartyId: 'c2' }]),
    },
    'POST /api/credit-notes/n1/apply': { status: 200, body: { ...note, appliedAmount: '118000.00', remaining: '0.00' } },
  });
  renderWithApp(<InvoicesPage />, { route: '/factures?onglet=avoirs' });
  const table = await screen.findByRole('table', { name: 'Avoirs' });
  await user.click(within(table).getByRole('button', { name: "Imputer l'avoir AV-2026-0002" }));
  const dialog = await screen.findByRole('dialog', { name: "Imputer l'avoir AV-2026-0002" });
  await user.click(await within(dialog).findByRole('combobox', { name: 'Facture' }));
  await user.click(await screen.findByRole('option', { name: 'FV-2026-0011 du 20/02/2026 — reste 236 000 XOF' }));
  await user.click(within(dialog).getByRole('button', { name: 'Imputer' }));
  expect(await screen.findByText('Avoir imputé sur la facture')).toBeInTheDocument();
  expect(callsTo(fetchMock, 'POST', '/api/credit-notes/n1/apply')[0].body).toEqual({ invoiceId: 'i9' });
  const listed = callsTo(fetchMock, 'GET', `${BASE}/invoices`)[0];
  expect(listed.url).toContain('thirdPartyId=c2');
});

it('edits a draft quote with its lines (a stock item’s line keeps its item)', async () => {
  const user = userEvent.setup();
  const draft = quote({ status: 'draft' });
  const line = {
    description: 'Buffet',
    quantity: '2.000',
    unitPrice: '50000.00',
    total: '100000.00',
    accountId: null,
    inventoryItemId: 'it1',
  };
  const fetchMock = mockFetch({
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/quotes`]: { body: page([draft]) },
    [`GET ${BASE}/third-parties`]: { body: page([{ id: 'c1', name: 'Sonatel', type: 'client' }]) },
    'GET /api/quotes/q1': { body: { ...draft, lines: [line] } },
    'PUT /api/quotes/q1': { body: draft },
  });
  renderWithApp(<InvoicesPage />, { route: '/factures?onglet=devis' });
  const table = await screen.findByRole('table', { name: 'Devis' });
  await user.click(within(table).getByRole('button', { name: 'Modifier le devis DV-2026-0001' }));
  const dialog = await screen.findByRole('dialog', { name: 'Modifier le devis DV-2026-0001' });
  const description = within(dialog).getByLabelText('Description 1');
  expect(description).toHaveValue('Buffet');
  await user.clear(description);
  await user.type(description, 'Buffet mariage');
  await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Devis DV-2026-0001 modifié')).toBeInTheDocument();
  expect(callsTo(fetchMock, 'PUT', '/api/quotes/q1')[0].body).toEqual({
    quote: { clientId: 'c1', date: '2026-03-01', validUntil: '2026-03-31', vatRate: '18', notes: '' },
    lines: [{ description: 'Buffet mariage', quantity: '2', unitPrice: '50000.00', accountId: null, inventoryItemId: 'it1' }],
  });
});

it('edits a recurring template and pauses it', async () => {
  const user = userEvent.setup();
  const template = {
    id: 'r1',
    clientId: 'c1',
    clientName: 'Sonatel',
    type: 'sale',
    frequency: 'monthly',
    day: 5,
    startDate: '2026-01-01',
    endDate: null,
    validate: true,
    dueDays: 15,
    paymentMethod: 'orange',
    vatRate: '18.00',
    notes: 'Loyer',
    active: true,
    subtotal: '300000.00',
    vatAmount: '54000.00',
    total: '354000.00',
    nextDate: '2026-04-05',
    invoicesCreated: 3,
    lastInvoices: [],
  };
  const line = {
    description: 'Loyer salle',
    quantity: '1.000',
    unitPrice: '300000.00',
    total: '300000.00',
    accountId: null,
    inventoryItemId: null,
  };
  const fetchMock = mockFetch({
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/recurring-invoices`]: { body: page([template]) },
    [`GET ${BASE}/third-parties`]: { body: page([{ id: 'c1', name: 'Sonatel', type: 'client' }]) },
    'GET /api/recurring-invoices/r1': { body: { ...template, lines: [line] } },
    'PUT /api/recurring-invoices/r1': { body: template },
  });
  renderWithApp(<InvoicesPage />, { route: '/factures?onglet=recurrentes' });
  const table = await screen.findByRole('table', { name: 'Factures récurrentes' });
  await user.click(within(table).getByRole('button', { name: 'Modifier la facture récurrente de Sonatel' }));
  const dialog = await screen.findByRole('dialog', { name: 'Modifier la facture récurrente' });
  const price = within(dialog).getByLabelText('Prix unitaire');
  await user.clear(price);
  await user.type(price, '325000');
  await user.click(within(dialog).getByRole('checkbox', { name: /^Active/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Facture récurrente modifiée')).toBeInTheDocument();
  expect(callsTo(fetchMock, 'PUT', '/api/recurring-invoices/r1')[0].body).toMatchObject({
    clientId: 'c1',
    type: 'sale',
    day: 5,
    active: false,
    dueDays: 15,
    paymentMethod: 'orange',
    notes: 'Loyer',
    lines: [{ description: 'Loyer salle', quantity: '1', unitPrice: '325000' }],
  });
});

it('shows the account beside the piece when a third party’s lines are on two accounts, and refuses to letter across them', async () => {
  const user = userEvent.setup();
  const line = (lineId: string, number: string, accountCode: string, debit: string, credit: string) => ({
    lineId,
    date: '2026-01-02',
    number,
    reference: null,
    description: 'Compensation',
    accountCode,
    debit,
    credit,
    balance: '0.00',
    letteringCode: null,
  });
  mockFetch({
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/third-parties`]: { body: page([{ id: 'c3', name: 'Mixte SA', code: null, type: 'both' }]) },
    [`GET ${BASE}/third-parties/c3/statement`]: {
      body: {
        thirdParty: { id: 'c3', name: 'Mixte SA', type: 'both' },
        from: '2026-01-01',
        to: '2026-03-01',
        opening: '0.00',
        lines: [line('l1', 'VT-2026-00010', '4111', '5000.00', '0.00'), line('l2', 'AC-2026-00004', '4011', '0.00', '5000.00')],
        totalDebit: '5000.00',
        totalCredit: '5000.00',
        closing: '0.00',
      },
    },
  });
  renderWithApp(<InvoicesPage />, { route: '/factures?onglet=lettrage&tiers=c3' });
  const table = await screen.findByRole('table', { name: 'Relevé de compte' });
  expect(within(table).getByText('VT-2026-00010 · 4111')).toBeInTheDocument();
  await user.click(within(table).getByRole('checkbox', { name: 'Choisir la ligne VT-2026-00010 du 02/01/2026' }));
  await user.click(within(table).getByRole('checkbox', { name: 'Choisir la ligne AC-2026-00004 du 02/01/2026' }));
  expect(screen.getByText('Les lignes à lettrer doivent être sur un même compte')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Lettrer' })).toBeDisabled();
});
