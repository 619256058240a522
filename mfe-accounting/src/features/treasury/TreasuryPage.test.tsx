import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_PAYMENT, type Payment, type PaymentListResponse, type TreasuryData } from '@xaalis/contracts';
import { callsTo, COMPANY_ID, company, mockFetch, renderWithApp, TEST_USER } from '../../test-utils';
import { dashboardData, installChartPolyfills } from '../dashboard/fixtures';
import { listPage } from '@xaalis/web-kit/src/testing/records';
import { accountsPage } from './fixtures';
import TreasuryPage from './TreasuryPage';

const BASE = `/api/companies/${COMPANY_ID}`;

beforeAll(installChartPolyfills);
afterEach(() => jest.restoreAllMocks());

function forecast(): TreasuryData['forecast'] {
  return Array.from({ length: 31 }, (_, i) => {
    const d = new Date(Date.UTC(2026, 3, 20 + i));
    return { date: d.toISOString().slice(0, 10), balance: String(850000 + (i >= 12 ? 236000 : 0) - (i >= 20 ? 275000 : 0)) };
  });
}

const TREASURY: TreasuryData = {
  balance: '850000.00',
  expectedInflows: '236000.00',
  expectedOutflows: '275000.50',
  accounts: [
    { code: '521', name: 'Banques locales', kind: 'bank', balance: '600000.00' },
    { code: '571', name: 'Caisse siège social', kind: 'cash', balance: '80000.00' },
    { code: '552', name: 'Orange Money', kind: 'mobile', balance: '170000.00' },
    { code: '513', name: 'Chèques à encaisser', kind: 'cheque', balance: '0.00' },
  ],
  forecast: forecast(),
};

function payment(overrides: Partial<Payment>): Payment {
  return {
    id: 'p1',
    type: 'invoice_payment',
    invoiceId: 'i1',
    invoice: { id: 'i1', number: 'FV-2026-0001' },
    loanPaymentId: null,
    amount: '118000.00',
    vatWithheld: '0.00',
    withholding: '0.00',
    date: '2026-04-10',
    method: 'orange',
    treasuryAccountId: null,
    reference: 'OM-7788',
    notes: null,
    status: 'completed',
    accountId: null,
    entryId: 'e1',
    companyId: COMPANY_ID,
    createdAt: '2026-04-10T10:00:00.000Z',
    ...overrides,
  };
}

const PAYMENTS = [
  payment({}),
  payment({
    id: 'p2',
    type: 'loan_payment',
    invoiceId: null,
    invoice: null,
    loanPaymentId: 'l1',
    method: 'bank',
    reference: null,
    amount: '200000.00',
    date: '2026-04-05',
  }),
  payment({
    id: 'p3',
    type: 'expense',
    invoiceId: null,
    invoice: null,
    method: 'cash',
    reference: '',
    amount: '25000.00',
    status: 'pending',
    date: '2026-04-02',
  }),
  payment({
    id: 'p4',
    type: 'expense',
    invoiceId: null,
    invoice: null,
    method: 'check',
    reference: 'CHQ-001',
    amount: '1234567.00',
    date: '2026-04-01',
  }),
];

function page(items: Payment[], extra: Partial<PaymentListResponse> = {}): PaymentListResponse {
  return listPage(items, extra);
}

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/treasury`]: { body: TREASURY },
    [`GET ${BASE}/dashboard`]: { body: dashboardData() },
    [`GET ${BASE}/payments`]: { body: page(PAYMENTS) },
    [`GET ${BASE}/treasury-accounts`]: { body: accountsPage() },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

describe('TreasuryPage', () => {
  it('shows the three cards, the drawn 30-day forecast and the balance of each treasury account', async () => {
    mockFetch(routes());
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    expect(screen.getByRole('heading', { level: 1, name: 'Trésorerie' })).toBeInTheDocument();
    expect(await within(await screen.findByRole('group', { name: 'Solde actuel' })).findByText('850 000 XOF')).toBeInTheDocument();
    const inflows = screen.getByRole('group', { name: 'Encaissements prévus' });
    expect(within(inflows).getByText('236 000 XOF')).toBeInTheDocument();
    expect(within(inflows).getByText('Prochains 30 jours')).toBeInTheDocument();
    const outflows = screen.getByRole('group', { name: 'Décaissements prévus' });
    expect(within(outflows).getByText('275 001 XOF')).toBeInTheDocument();
    expect(within(outflows).getByText('Prochains 30 jours')).toBeInTheDocument();

    expect(screen.getByRole('tab', { name: "Vue d'ensemble", selected: true })).toBeInTheDocument();
    const chart = await screen.findByRole('figure', { name: 'Graphique des prévisions de trésorerie' });
    expect(chart.querySelector('svg')).not.toBeNull();
    expect(within(chart).getByText(/Solde prévu au 20\/05\/2026 : 811 000 XOF/)).toBeInTheDocument();

    const accounts = screen.getByRole('list', { name: 'Soldes par compte' });
    const rows = within(accounts).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]).getByText('521')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Banque')).toBeInTheDocument();
    expect(within(rows[0]).getByText('600 000 XOF')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Actif')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Caisse')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Orange Money', { selector: 'span' })).toBeInTheDocument();
    expect(within(rows[2]).getByText('170 000 XOF')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Chèques')).toBeInTheDocument();
  });

  it('shows an empty state when the company has no treasury account', async () => {
    mockFetch(routes({ [`GET ${BASE}/treasury`]: { body: { ...TREASURY, balance: '0.00', accounts: [] } } }));
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    expect(await screen.findByText('Aucun compte de trésorerie')).toBeInTheDocument();
  });

  it('payments view: type, method and status labels, reference or -, amounts', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    await user.click(await screen.findByRole('tab', { name: 'Paiements' }));
    const table = await screen.findByRole('table', { name: 'Paiements' });
    expect(callsTo(fetchMock, 'GET', `${BASE}/payments`)[0].url).toContain('page=1&pageSize=25');
    const [header, invoiceRow, loanRow, expenseRow, chequeRow] = within(table).getAllByRole('row');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Date', 'Type', 'Mode', 'Référence', 'Montant', 'Statut']);
    expect(within(invoiceRow).getByText('10/04/2026')).toBeInTheDocument();
    expect(within(invoiceRow).getByText('Facture')).toBeInTheDocument();
    expect(within(invoiceRow).getByText('Orange Money')).toBeInTheDocument();
    expect(within(invoiceRow).getByText('OM-7788')).toBeInTheDocument();
    expect(within(invoiceRow).getByText('118 000 XOF')).toBeInTheDocument();
    expect(within(invoiceRow).getByText('Terminé')).toBeInTheDocument();
    expect(within(loanRow).getByText('Emprunt')).toBeInTheDocument();
    expect(within(loanRow).getByText('Banque')).toBeInTheDocument();
    expect(within(loanRow).getByText('-')).toBeInTheDocument();
    expect(within(expenseRow).getByText('Dépense')).toBeInTheDocument();
    expect(within(expenseRow).getByText('Espèces')).toBeInTheDocument();
    expect(within(expenseRow).getByText('-')).toBeInTheDocument();
    expect(within(expenseRow).getByText('En attente')).toBeInTheDocument();
    expect(within(chequeRow).getByText('Chèque')).toBeInTheDocument();
    expect(within(chequeRow).getByText('1 234 567 XOF')).toBeInTheDocument();
  });

  it("payments view: 'Aucun paiement enregistré' when there is none", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`GET ${BASE}/payments`]: { body: page([]) } }));
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    await user.click(await screen.findByRole('tab', { name: 'Paiements' }));
    expect(await screen.findByText(MESSAGES_PAYMENT.empty)).toBeInTheDocument();
  });

  it('payments view: pages through a paginated list', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({
        [`GET ${BASE}/payments`]: (_init: unknown, url: string) =>
          url.includes('page=2')
            ? { body: page([payment({ id: 'p26', reference: 'PAGE-2' })], { page: 2, totalItems: 26 }) }
            : { body: page(PAYMENTS, { totalItems: 26 }) },
      }),
    );
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    await user.click(await screen.findByRole('tab', { name: 'Paiements' }));
    await screen.findByRole('table', { name: 'Paiements' });
    expect(screen.getByText('1–25 sur 26')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /page suivante/i }));
    expect(await screen.findByText('PAGE-2')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/payments`).some((c) => c.url.includes('page=2'))).toBe(true);
  });

  it('payments view: accepts a plain array (no pagination)', async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`GET ${BASE}/payments`]: { body: PAYMENTS } }));
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    await user.click(await screen.findByRole('tab', { name: 'Paiements' }));
    const table = await screen.findByRole('table', { name: 'Paiements' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(screen.queryByText(/sur 4/)).not.toBeInTheDocument();
  });

  it('forecast view: upcoming payments split by sign into inflows and outflows', async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    await user.click(await screen.findByRole('tab', { name: 'Prévisions' }));
    const inflows = await screen.findByRole('list', { name: 'Encaissements prévus' });
    expect(within(inflows).getAllByRole('listitem')).toHaveLength(1);
    expect(within(inflows).getByText('Facture FV-2026-0004 - Client Ndiaye')).toBeInTheDocument();
    expect(within(inflows).getByText('Échéance : 02/05/2026')).toBeInTheDocument();
    expect(within(inflows).getByText('+236 000 XOF')).toBeInTheDocument();
    const outflows = screen.getByRole('list', { name: 'Décaissements prévus' });
    expect(within(outflows).getAllByRole('listitem')).toHaveLength(2);
    expect(within(outflows).getByText('Facture FA-2026-0001 - Sénélec')).toBeInTheDocument();
    expect(within(outflows).getByText('-200 000 XOF')).toBeInTheDocument();
  });

  it("forecast view: 'Aucun encaissement prévu' and 'Aucun décaissement prévu'", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`GET ${BASE}/dashboard`]: { body: dashboardData({ upcomingPayments: [] }) } }));
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    await user.click(await screen.findByRole('tab', { name: 'Prévisions' }));
    expect(await screen.findByText('Aucun encaissement prévu')).toBeInTheDocument();
    expect(screen.getByText('Aucun décaissement prévu')).toBeInTheDocument();
  });

  it('shows an error with a retry when the treasury cannot be read', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockFetch(
      routes({
        [`GET ${BASE}/treasury`]: () => {
          calls += 1;
          return calls === 1 ? { status: 503, body: { message: 'Service indisponible' } } : { body: TREASURY };
        },
      }),
    );
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    expect(await screen.findByText('Impossible de charger les soldes de trésorerie')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Réessayer' })[0]);
    expect(await within(await screen.findByRole('group', { name: 'Solde actuel' })).findByText('850 000 XOF')).toBeInTheDocument();
  });

  it("'Nouveau Paiement' opens the payment dialog", async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Nouveau Paiement' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Nouveau Paiement' }));
    expect(await screen.findByRole('dialog', { name: 'Nouveau Paiement' })).toBeInTheDocument();
  });
});

describe('TreasuryPage: role gating', () => {
  it("offers 'Nouveau Paiement' to a collaborator, not to a reader", async () => {
    mockFetch(routes({ 'GET /api/user': { body: { ...TEST_USER, role: 'collaborator' } } }));
    const view = renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    expect(await screen.findByRole('button', { name: 'Nouveau Paiement' })).toBeInTheDocument();
    view.unmount();

    mockFetch(routes({ 'GET /api/user': { body: { ...TEST_USER, role: 'reader' } } }));
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    expect(await within(await screen.findByRole('group', { name: 'Solde actuel' })).findByText('850 000 XOF')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau Paiement' })).not.toBeInTheDocument();
  });
});
