import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CashFlowData, CashFlowPeriod, RevenueBreakdownData } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';
import { callsTo, COMPANY_ID, company, mockFetch, renderWithApp, TEST_USER } from '../../test-utils';
import type { PaymentDialogProps } from '../payments';
import DashboardPage from './DashboardPage';
import { dashboardData, FISCAL_YEAR, installChartPolyfills } from './fixtures';

const BASE = `/api/companies/${COMPANY_ID}`;

// The real payment dialog, with its props recorded (the pre-filled defaults).
const paymentDialogProps = jest.fn();
jest.mock('../payments', () => {
  const actual = jest.requireActual('../payments');
  const { createElement } = jest.requireActual('react');
  return {
    ...actual,
    PaymentDialog: (props: PaymentDialogProps) => {
      paymentDialogProps(props);
      return createElement(actual.PaymentDialog, props);
    },
  };
});

beforeAll(installChartPolyfills);
afterEach(() => jest.restoreAllMocks());

function cashFlow(period: CashFlowPeriod): CashFlowData {
  return {
    period,
    points: [
      { label: 'févr. 2026', start: '2026-02-01', end: '2026-02-28', inflow: '500000.00', outflow: '200000.00', net: '300000.00' },
      { label: 'mars 2026', start: '2026-03-01', end: '2026-03-31', inflow: '300000.00', outflow: '450000.00', net: '-150000.00' },
      { label: 'avr. 2026', start: '2026-04-01', end: '2026-04-30', inflow: '187000.00', outflow: '175000.00', net: '12000.00' },
    ],
  };
}

const REVENUE: RevenueBreakdownData = {
  year: 'current',
  fiscalYear: FISCAL_YEAR,
  total: '1234567.00',
  items: [
    { key: '701', label: 'Ventes de marchandises', amount: '1000000.00' },
    { key: '706', label: 'Prestations de services', amount: '234567.00' },
  ],
};

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/dashboard`]: { body: dashboardData() },
    [`GET ${BASE}/cash-flow/1month`]: { body: cashFlow('1month') },
    [`GET ${BASE}/cash-flow/3months`]: { body: cashFlow('3months') },
    [`GET ${BASE}/cash-flow/6months`]: { body: cashFlow('6months') },
    [`GET ${BASE}/cash-flow/1year`]: { body: cashFlow('1year') },
    [`GET ${BASE}/revenue-breakdown?year=current`]: { body: REVENUE },
    [`GET ${BASE}/revenue-breakdown?year=previous`]: {
      body: {
        ...REVENUE,
        year: 'previous',
        fiscalYear: { label: '2025', start: '2025-01-01', end: '2025-12-31' },
        total: '0.00',
        items: [],
      },
    },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

/** The page on the default data, and the items of its list named `name` once shown. */
async function renderList(name: string) {
  mockFetch(routes());
  renderWithApp(<DashboardPage />);
  const list = await screen.findByRole('list', { name });
  return { list, rows: within(list).getAllByRole('listitem') };
}

describe('DashboardPage', () => {
  it('shows the title, the current fiscal year and the four cards with formatted figures and coloured trends', async () => {
    mockFetch(routes());
    renderWithApp(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tableau de Bord' })).toBeInTheDocument();
    expect(screen.getByText("Vue d'ensemble de votre comptabilité")).toBeInTheDocument();
    expect(await screen.findByTestId('fiscal-year')).toHaveTextContent('Exercice 2026');

    const revenue = screen.getByRole('group', { name: "Chiffre d'Affaires" });
    expect(within(revenue).getByText('1 234 567 XOF')).toBeInTheDocument();
    expect(within(revenue).getByText('+12.5%')).toHaveStyle({ color: '#2e7d32' });
    expect(within(revenue).getByText(/vs exercice précédent/)).toBeInTheDocument();

    const treasury = screen.getByRole('group', { name: 'Trésorerie' });
    expect(within(treasury).getByText('850 000 XOF')).toBeInTheDocument();
    expect(within(treasury).getByText('-2.1%')).toHaveStyle({ color: '#c62828' });
    expect(within(treasury).getByText(/vs il y a 30 jours/)).toBeInTheDocument();

    const payables = screen.getByRole('group', { name: 'Dettes Fournisseurs' });
    expect(within(payables).getByText('300 000 XOF')).toBeInTheDocument();
    expect(within(payables).getByText('À régler sous 30j')).toBeInTheDocument();
    const receivables = screen.getByRole('group', { name: 'Créances Clients' });
    expect(within(receivables).getByText('450 000 XOF')).toBeInTheDocument();
    expect(within(receivables).getByText('À encaisser')).toBeInTheDocument();
  });

  it('shows no trend when there is no basis for comparison', async () => {
    mockFetch(
      routes({
        [`GET ${BASE}/dashboard`]: {
          body: dashboardData({
            revenueTrend: null,
            treasuryTrend: null,
            fiscalYear: { label: '2025-2026', start: '2025-07-01', end: '2026-06-30' },
          }),
        },
      }),
    );
    renderWithApp(<DashboardPage />);
    expect(await screen.findByTestId('fiscal-year')).toHaveTextContent('Exercice 2025-2026');
    const revenue = screen.getByRole('group', { name: "Chiffre d'Affaires" });
    expect(within(revenue).queryByText(/%/)).not.toBeInTheDocument();
    expect(within(revenue).queryByText(/vs exercice précédent/)).not.toBeInTheDocument();
  });

  it("lists the first 5 recent transactions with '+' for income and '-' for the others", async () => {
    const { list, rows } = await renderList('Transactions récentes');
    expect(rows).toHaveLength(5);
    expect(within(list).queryByText('Sixième transaction')).not.toBeInTheDocument();
    expect(within(rows[0]).getByText('Facture FV-2026-0001')).toBeInTheDocument();
    expect(within(rows[0]).getByText('10/04/2026')).toBeInTheDocument();
    expect(within(rows[0]).getByText('+118 000 XOF')).toHaveStyle({ color: '#2e7d32' });
    expect(within(rows[1]).getByText('-150 000 XOF')).toHaveStyle({ color: '#c62828' });
    expect(within(rows[3]).getByText('-25 000 XOF')).toBeInTheDocument();
  });

  it('lists the upcoming payments with due date, amount and urgency labels Urgent / Bientôt / Planifié', async () => {
    const { rows } = await renderList('Échéances à venir');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('Échéance : 02/05/2026')).toBeInTheDocument();
    expect(within(rows[0]).getByText('+236 000 XOF')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Urgent')).toBeInTheDocument();
    expect(within(rows[1]).getByText('-75 001 XOF')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Bientôt')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Planifié')).toBeInTheDocument();
  });

  it('shows the empty states of both lists and of the revenue breakdown', async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`GET ${BASE}/dashboard`]: { body: dashboardData({ recentTransactions: [], upcomingPayments: [] }) } }));
    renderWithApp(<DashboardPage />);
    expect(await screen.findByText('Aucune transaction récente')).toBeInTheDocument();
    expect(screen.getByText('Aucune échéance à venir')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: "Répartition du chiffre d'affaires" })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Exercice' }), 'Exercice précédent');
    expect(await screen.findByText("Aucun chiffre d'affaires sur cet exercice")).toBeInTheDocument();
  });

  it('draws the cash-flow chart and reads it again for the period chosen', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    renderWithApp(<DashboardPage />);
    const select = screen.getByRole('combobox', { name: 'Période' });
    expect(select).toHaveValue('3months');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 mois', '3 mois', '6 mois', '1 an']);
    const chart = await screen.findByRole('figure', { name: 'Graphique des flux de trésorerie' });
    expect(chart.querySelector('svg')).not.toBeNull();
    expect(
      within(chart).getByText(/mars 2026 : encaissements 300 000 XOF, décaissements 450 000 XOF, flux net -150 000 XOF/),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/cash-flow/3months`)).toHaveLength(1);

    await user.selectOptions(select, '6 mois');
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/cash-flow/6months`)).toHaveLength(1));
    await user.selectOptions(select, '1 an');
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/cash-flow/1year`)).toHaveLength(1));
  });

  it('draws the revenue breakdown with its items, amounts and shares', async () => {
    mockFetch(routes());
    renderWithApp(<DashboardPage />);
    const legend = await screen.findByRole('list', { name: "Répartition du chiffre d'affaires" });
    expect(within(legend).getByText('Ventes de marchandises')).toBeInTheDocument();
    expect(within(legend).getByText('1 000 000 XOF')).toBeInTheDocument();
    expect(within(legend).getByText('81 %')).toBeInTheDocument();
    expect(within(legend).getByText('Prestations de services')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: "Graphique de la répartition du chiffre d'affaires" }).querySelector('svg')).not.toBeNull();
  });

  it('shows an error with a retry in each panel independently', async () => {
    const user = userEvent.setup();
    let cashFlowCalls = 0;
    const fetchMock = mockFetch(
      routes({
        [`GET ${BASE}/cash-flow/3months`]: () => {
          cashFlowCalls += 1;
          return cashFlowCalls === 1 ? { status: 500, body: { message: 'Base indisponible' } } : { body: cashFlow('3months') };
        },
      }),
    );
    renderWithApp(<DashboardPage />);
    expect(await screen.findByText('Impossible de charger les flux de trésorerie')).toBeInTheDocument();
    // The other panels are not affected.
    expect(await screen.findByRole('list', { name: 'Transactions récentes' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: "Chiffre d'Affaires" })).getByText('1 234 567 XOF')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('figure', { name: 'Graphique des flux de trésorerie' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/cash-flow/3months`)).toHaveLength(2);
  });

  it("reads every figure again after a write (the company's data tag)", async () => {
    const fetchMock = mockFetch(routes());
    const { store } = renderWithApp(<DashboardPage />);
    await screen.findByRole('list', { name: 'Transactions récentes' });
    await screen.findByRole('figure', { name: 'Graphique des flux de trésorerie' });
    act(() => {
      store.dispatch(baseApi.util.invalidateTags([COMPANY_DATA_TAG]));
    });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/dashboard`)).toHaveLength(2));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/cash-flow/3months`)).toHaveLength(2));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/revenue-breakdown`)).toHaveLength(2));
  });

  it("'Nouvelle Saisie' opens the invoice dialog", async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderWithApp(<DashboardPage />);
    await user.click(await screen.findByRole('button', { name: 'Nouvelle Saisie' }));
    expect(await screen.findByRole('dialog', { name: 'Nouvelle Facture' })).toBeInTheDocument();
  });

  it("'Nouveau' opens the payment dialog, from the panel and from a row", async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderWithApp(<DashboardPage />);
    await screen.findByRole('list', { name: 'Échéances à venir' });
    await user.click(screen.getByRole('button', { name: 'Nouveau' }));
    expect(await screen.findByRole('dialog', { name: 'Nouveau Paiement' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const lastProps = () => paymentDialogProps.mock.calls.at(-1)?.[0] as PaymentDialogProps;
    expect(lastProps().defaults).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Nouveau paiement : Facture FV-2026-0004 - Client Ndiaye' }));
    expect(await screen.findByRole('dialog', { name: 'Nouveau Paiement' })).toBeInTheDocument();
    expect(lastProps()).toMatchObject({
      open: true,
      defaults: { type: 'invoice_payment', invoiceId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', amount: '236000.00' },
    });
  });

  it('pre-fills the payment dialog with the supplier invoice or the loan instalment of the row', async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderWithApp(<DashboardPage />);
    await screen.findByRole('list', { name: 'Échéances à venir' });
    const lastProps = () => paymentDialogProps.mock.calls.at(-1)?.[0] as PaymentDialogProps;
    await user.click(screen.getByRole('button', { name: 'Nouveau paiement : Facture FA-2026-0001 - Sénélec' }));
    expect(lastProps().defaults).toEqual({
      type: 'invoice_payment',
      invoiceId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      amount: '75000.50',
    });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Nouveau paiement : Échéance emprunt CBAO' }));
    expect(lastProps().defaults).toEqual({
      type: 'loan_payment',
      loanPaymentId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
      amount: '200000.00',
    });
  });
});

describe('DashboardPage: role gating', () => {
  it("a reader sees the figures without 'Nouvelle Saisie' nor the payment buttons", async () => {
    mockFetch(routes({ 'GET /api/user': { body: { ...TEST_USER, role: 'reader' } } }));
    renderWithApp(<DashboardPage />);
    await screen.findByRole('list', { name: 'Échéances à venir' });
    expect(screen.queryByRole('button', { name: 'Nouvelle Saisie' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Nouveau/ })).not.toBeInTheDocument();
  });
});
