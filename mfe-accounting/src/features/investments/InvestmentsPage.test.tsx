import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { investmentTotals, MESSAGES_INVESTMENT, type DepreciationSchedule, type Investment } from '@xaalis/contracts';
import { todayIso } from '@xaalis/web-kit';
import { account, accountsRoute, callsTo, company, COMPANY_ID, listPage, mockFetch, renderWithApp, TEST_USER } from '../../test-utils';
import InvestmentsPage from './InvestmentsPage';
import { recordableRow } from './PlanDialog';

const BASE = `/api/companies/${COMPANY_ID}`;
const ID = '22222222-2222-4222-8222-222222222222';

function investment(overrides: Partial<Investment> = {}): Investment {
  return {
    id: ID,
    name: 'Photocopieur',
    category: 'material',
    purchaseDate: '2025-01-01',
    purchasePrice: '1000000.00',
    depreciationMethod: 'linear',
    depreciationRate: '25.00',
    usefulLife: 4,
    residualValue: '0.00',
    currentValue: '1000000.00',
    accountId: account('244', 'Matériel et mobilier').id,
    accountCode: '244',
    accountName: 'Matériel et mobilier',
    entryId: 'e1',
    planStatus: 'ready',
    recordedCount: 0,
    companyId: COMPANY_ID,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function row(n: number, over: Partial<DepreciationSchedule> = {}): DepreciationSchedule {
  const begin = 1000000 - (n - 1) * 250000;
  return {
    id: `row-${n}`,
    investmentId: ID,
    rowNo: n,
    year: 2024 + n,
    label: String(2024 + n),
    periodStart: `${2024 + n}-01-01`,
    periodEnd: `${2024 + n}-12-31`,
    beginningValue: `${begin}.00`,
    depreciationAmount: '250000.00',
    endingValue: `${begin - 250000}.00`,
    isRecorded: false,
    entryId: null,
    recordedAt: null,
    ...over,
  };
}

const ACCOUNTS = [account('213', 'Logiciels'), account('244', 'Matériel et mobilier'), account('2442', 'Matériel informatique')];

function routes(list: Investment[], overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/investments`]: { body: listPage(list, { totals: investmentTotals(list) }) },
    [`GET ${BASE}/accounts`]: accountsRoute(ACCOUNTS),
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

afterEach(() => jest.restoreAllMocks());

describe('InvestmentsPage', () => {
  it('shows the four totals and the table', async () => {
    mockFetch(
      routes([
        investment({ currentValue: '750000.00', recordedCount: 1 }),
        investment({ id: 'i2', name: 'Logiciel de paie', category: 'immaterial', purchasePrice: '500000.00', currentValue: '500000.00' }),
      ]),
    );
    renderWithApp(<InvestmentsPage />, { route: '/investissements' });
    expect(screen.getByRole('heading', { level: 1, name: 'Investissements' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Investissements' });
    expect(within(table).getByText('Immatériel')).toBeInTheDocument();
    expect(within(table).getByText('750 000 XOF')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total investissements' })).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: "Valeur d'acquisition" })).getByText('1 500 000 XOF')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Valeur actuelle' })).getByText('1 250 000 XOF')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Amortissements cumulés' })).getByText('250 000 XOF')).toBeInTheDocument();
    // Editing only while nothing is recorded.
    expect(screen.getByRole('button', { name: 'Photocopieur : modification impossible, des dotations sont enregistrées' })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Modifier l'investissement Logiciel de paie" })).toBeEnabled();
  });

  it("shows 'Aucun investissement enregistré' with a first-item button", async () => {
    const user = userEvent.setup();
    mockFetch(routes([]));
    renderWithApp(<InvestmentsPage />, { route: '/investissements' });
    expect(await screen.findByText(MESSAGES_INVESTMENT.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter le premier investissement' }));
    expect(await screen.findByRole('dialog', { name: 'Nouvel Investissement' })).toBeInTheDocument();
  });

  it('creates an investment: defaults, rate derived from the life, plan previewed, then the toast', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes([], { [`POST ${BASE}/investments`]: { status: 201, body: investment({ planStatus: 'computing' }) } }),
    );
    renderWithApp(<InvestmentsPage />, { route: '/investissements' });
    const button = await screen.findByRole('button', { name: 'Nouvel Investissement' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel Investissement' });
    expect(within(dialog).getByLabelText("Date d'achat")).toHaveValue(todayIso());
    expect(within(dialog).getByLabelText('Catégorie')).toHaveValue('material');
    expect(within(dialog).getByLabelText("Méthode d'amortissement")).toHaveValue('linear');

    await user.click(within(dialog).getByRole('button', { name: "Créer l'investissement" }));
    expect(await within(dialog).findByText(MESSAGES_INVESTMENT.nameRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Nom'), 'Serveur');
    await user.clear(within(dialog).getByLabelText("Date d'achat"));
    await user.type(within(dialog).getByLabelText("Date d'achat"), '2026-03-15');
    await user.type(within(dialog).getByLabelText("Prix d'achat"), '1000000');
    await user.type(within(dialog).getByLabelText("Durée d'utilité (années)"), '5');
    expect(within(dialog).getByLabelText("Taux d'amortissement (%)")).toHaveValue('20.00');
    await user.selectOptions(within(dialog).getByLabelText("Méthode d'amortissement"), 'declining');
    expect(within(dialog).getByLabelText("Taux d'amortissement (%)")).toHaveValue('40.00');
    await user.selectOptions(within(dialog).getByLabelText("Méthode d'amortissement"), 'linear');
    // Class-2 accounts of the category, searched on the server; empty is the default account.
    expect(within(dialog).getByLabelText("Compte d'immobilisation")).toHaveAttribute('placeholder', 'Compte par défaut (244)');
    await user.click(within(dialog).getByLabelText("Compte d'immobilisation"));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['244 — Matériel et mobilier', '2442 — Matériel informatique']),
    );
    expect(callsTo(fetchMock, 'GET', `${BASE}/accounts`).some((c) => c.url.includes('prefix=22%2C23%2C24'))).toBe(true);
    await user.keyboard('{Escape}');

    const preview = within(dialog).getByRole('table', { name: "Aperçu du plan d'amortissement" });
    expect(within(preview).getByText('158 889 XOF')).toBeInTheDocument();
    // 2030 ends at 41 111, which 2031 begins with and depreciates entirely.
    expect(within(preview).getAllByText('41 111 XOF')).toHaveLength(3);
    expect(within(dialog).getByText(/30 jours/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: "Créer l'investissement" }));
    expect(await screen.findByText(MESSAGES_INVESTMENT.created)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', `${BASE}/investments`);
    expect(call.body).toMatchObject({
      name: 'Serveur',
      category: 'material',
      purchaseDate: '2026-03-15',
      purchasePrice: '1000000.00',
      depreciationMethod: 'linear',
      depreciationRate: '20.00',
      usefulLife: 5,
      residualValue: '0.00',
      accountId: null,
    });
  });

  it('financial assets: a note, no plan', async () => {
    const user = userEvent.setup();
    mockFetch(
      routes([investment({ category: 'financial', planStatus: 'none' })], {
        [`GET /api/investments/${ID}`]: { body: investment({ category: 'financial', planStatus: 'none', depreciationSchedules: [] }) },
      }),
    );
    renderWithApp(<InvestmentsPage />, { route: '/investissements' });
    await user.click(await screen.findByRole('button', { name: "Plan d'amortissement de Photocopieur" }));
    const panel = await screen.findByRole('dialog', { name: /Plan d'Amortissement/ });
    expect(await within(panel).findByText(MESSAGES_INVESTMENT.financialNote)).toBeInTheDocument();
  });

  it("polls while the plan is 'en cours de calcul', then shows it and records the next year", async () => {
    const user = userEvent.setup();
    let calls = 0;
    let recorded = false;
    const ready = () =>
      investment({
        depreciationSchedules: [
          row(1, recorded ? { isRecorded: true, entryId: 'e2', recordedAt: '2026-01-01T00:00:00Z' } : {}),
          row(2),
          row(3),
          row(4),
        ],
        currentValue: recorded ? '750000.00' : '1000000.00',
        recordedCount: recorded ? 1 : 0,
      });
    const fetchMock = mockFetch(
      routes([investment()], {
        [`GET /api/investments/${ID}`]: () => {
          calls += 1;
          return { body: calls < 3 ? investment({ planStatus: 'computing', depreciationSchedules: [] }) : ready() };
        },
        [`POST /api/investments/${ID}/depreciations/row-1/record`]: () => {
          recorded = true;
          return { body: ready() };
        },
      }),
    );
    renderWithApp(<InvestmentsPage />, { route: '/investissements' });
    await user.click(await screen.findByRole('button', { name: "Plan d'amortissement de Photocopieur" }));
    const panel = await screen.findByRole('dialog', { name: /Plan d'Amortissement/ });
    expect(await within(panel).findByText(MESSAGES_INVESTMENT.computing)).toBeInTheDocument();
    const table = await within(panel).findByRole('table', { name: "Plan d'amortissement de Photocopieur" }, { timeout: 4000 });
    expect(within(table).getAllByText('En attente')).toHaveLength(4);
    expect(within(panel).getByText(/30 jours/)).toBeInTheDocument();
    // Only the first pending row offers the button.
    const buttons = within(table).getAllByRole('button', { name: 'Enregistrer la dotation' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]);
    expect(await screen.findByText(MESSAGES_INVESTMENT.recorded)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/investments/${ID}/depreciations/row-1/record`)).toHaveLength(1);
    await waitFor(() => expect(within(panel).getByText('Enregistré')).toBeInTheDocument());
  });
});

describe('InvestmentsPage edit', () => {
  it('edits an investment while nothing is recorded (PUT, re-planned)', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes([investment()], {
        [`PUT /api/investments/${ID}`]: { body: investment({ name: 'Photocopieur couleur', planStatus: 'computing' }) },
      }),
    );
    renderWithApp(<InvestmentsPage />, { route: '/investissements' });
    await user.click(await screen.findByRole('button', { name: "Modifier l'investissement Photocopieur" }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'investissement Photocopieur" });
    expect(within(dialog).getByLabelText("Prix d'achat")).toHaveValue(1000000);
    expect(within(dialog).getByLabelText("Taux d'amortissement (%)")).toHaveValue('25.00');
    await user.clear(within(dialog).getByLabelText('Nom'));
    await user.type(within(dialog).getByLabelText('Nom'), 'Photocopieur couleur');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(await screen.findByText(MESSAGES_INVESTMENT.updated)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'PUT', `/api/investments/${ID}`);
    expect(call.body).toMatchObject({
      name: 'Photocopieur couleur',
      usefulLife: 4,
      depreciationRate: '25.00',
      purchasePrice: '1000000.00',
    });
  });
});

describe('recordableRow', () => {
  it('is the first pending row whose fiscal year has started', () => {
    const rows = [row(1, { isRecorded: true }), row(2), row(3)];
    expect(recordableRow(rows, '2026-06-01')).toBe('row-2');
    expect(recordableRow(rows, '2025-06-01')).toBeNull();
    expect(recordableRow([row(1, { isRecorded: true })], '2026-06-01')).toBeNull();
  });
});

describe('InvestmentsPage: role gating', () => {
  it("a collaborator sees the investments and their plans, without 'Nouvel Investissement' nor edit ('accounting')", async () => {
    mockFetch(routes([investment()], { 'GET /api/user': { body: { ...TEST_USER, role: 'collaborator' } } }));
    renderWithApp(<InvestmentsPage />, { route: '/investissements' });
    const table = await screen.findByRole('table', { name: 'Investissements' });
    expect(within(table).getByRole('button', { name: "Plan d'amortissement de Photocopieur" })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: "Modifier l'investissement Photocopieur" })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvel Investissement' })).not.toBeInTheDocument();
  });
});
