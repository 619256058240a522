import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_MEMBERS, type Portfolio, type PortfolioRow } from '@xaalis/contracts';
import { formatDate, todayIso, WorkspaceResetContext } from '@xaalis/web-kit';
import { renderWithApp, TEST_USER } from '@xaalis/web-kit/src/testing/app';
import { mockFetch } from '@xaalis/web-kit/src/testing/fetch';
import { attentionReasons, columnTotal, daysBetween } from './figures';
import PortfolioPage from './PortfolioPage';

const TODAY = todayIso();
/** The calendar date `n` days before today. */
const daysAgo = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

const row = (overrides: Partial<PortfolioRow>): PortfolioRow => ({
  companyId: 'c1',
  companyName: 'Teranga SARL',
  sector: 'service',
  role: 'owner',
  current: false,
  treasury: '1234567.00',
  receivables: '250000.00',
  payables: '100000.00',
  overdueInvoices: 0,
  overdueAmount: '0.00',
  lastEntryDate: daysAgo(2),
  ...overrides,
});

const TERANGA = row({ current: true });
const BAOBAB = row({
  companyId: 'c2',
  companyName: 'Baobab Hôtel',
  sector: 'hotel',
  role: 'accountant',
  treasury: '-50000.00',
  receivables: '700000.50',
  payables: '0.00',
  overdueInvoices: 2,
  overdueAmount: '150000.00',
  lastEntryDate: daysAgo(60),
});
const SAVANE = row({
  companyId: 'c3',
  companyName: 'Savane Resto',
  sector: 'restauration',
  role: 'reader',
  treasury: '10000.00',
  receivables: '0.00',
  payables: '20000.00',
  lastEntryDate: null,
});

function routes(portfolio: Portfolio | (() => { status?: number; body: unknown })) {
  return {
    'GET /api/user': { body: TEST_USER },
    'GET /api/portfolio': typeof portfolio === 'function' ? portfolio : { body: portfolio },
  } as Parameters<typeof mockFetch>[0];
}

const table = () => screen.findByRole('table', { name: "Portefeuille d'entreprises" });
const rowNamed = (t: HTMLElement, name: string) => within(t).getByText(name).closest('tr') as HTMLElement;
const cells = (tr: HTMLElement) => Array.from(tr.querySelectorAll('th, td')).map((c) => c.textContent);

afterEach(() => jest.restoreAllMocks());

describe('portfolio figures', () => {
  it('says why a company needs attention', () => {
    expect(attentionReasons(TERANGA, TODAY)).toEqual([]);
    expect(attentionReasons(BAOBAB, TODAY)).toEqual([
      '2 factures en retard',
      'Trésorerie négative',
      'Aucune écriture validée depuis 30 jours',
    ]);
    expect(attentionReasons(SAVANE, TODAY)).toEqual(['Aucune écriture validée']);
    expect(attentionReasons(row({ lastEntryDate: daysAgo(29) }), TODAY)).toEqual([]);
    expect(attentionReasons(row({ lastEntryDate: '2026-04-01' }), '2026-04-30')).toEqual([]);
    expect(attentionReasons(row({ lastEntryDate: '2026-03-31' }), '2026-04-30')).toEqual(['Aucune écriture validée depuis 30 jours']);
    expect(daysBetween('2026-03-31', '2026-04-30')).toBe(30);
    // Unknown figures say nothing.
    const unknown = row({
      treasury: null,
      receivables: null,
      payables: null,
      overdueInvoices: null,
      overdueAmount: null,
      lastEntryDate: null,
    });
    expect(attentionReasons(unknown, TODAY)).toEqual([]);
  });

  it('sums a money column in cents', () => {
    expect(columnTotal([TERANGA, BAOBAB, SAVANE], 'receivables')).toBe(950000.5);
    expect(columnTotal([row({ treasury: '0.10' }), row({ treasury: '0.20' })], 'treasury')).toBe(0.3);
    expect(columnTotal([row({ treasury: null })], 'treasury')).toBeNull();
  });
});

describe('PortfolioPage', () => {
  it('shows one row per company with its figures, the totals, the current company and what needs attention', async () => {
    mockFetch(routes({ rows: [TERANGA, BAOBAB, SAVANE], figuresAvailable: true }));
    renderWithApp(<PortfolioPage />, { route: '/portefeuille' });
    expect(screen.getByRole('heading', { level: 1, name: 'Portefeuille' })).toBeInTheDocument();
    const t = await table();
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Entreprise',
      'Secteur',
      'Rôle',
      'Trésorerie',
      'Créances clients',
      'Dettes fournisseurs',
      'Factures en retard',
      'Dernière écriture',
    ]);

    const teranga = rowNamed(t, 'Teranga SARL');
    expect(cells(teranga)).toEqual([
      'Teranga SARLEntreprise actuelle',
      'Services',
      'Propriétaire',
      '1 234 567 XOF',
      '250 000 XOF',
      '100 000 XOF',
      '0',
      formatDate(daysAgo(2)),
    ]);
    expect(teranga).toHaveAttribute('aria-current', 'true');
    expect(teranga).not.toHaveAttribute('data-attention');

    const baobab = rowNamed(t, 'Baobab Hôtel');
    expect(baobab).toHaveAttribute('data-attention', 'true');
    expect(baobab).not.toHaveAttribute('aria-current');
    expect(cells(baobab)).toEqual([
      'Baobab Hôtel2 factures en retard · Trésorerie négative · Aucune écriture validée depuis 30 jours',
      'Hôtellerie',
      'Comptable',
      '-50 000 XOF',
      '700 001 XOF',
      '0 XOF',
      '2 (150 000 XOF)',
      formatDate(daysAgo(60)),
    ]);

    const savane = rowNamed(t, 'Savane Resto');
    expect(savane).toHaveAttribute('data-attention', 'true');
    expect(cells(savane)).toEqual([
      'Savane RestoAucune écriture validée',
      'Restauration',
      'Lecture seule',
      '10 000 XOF',
      '0 XOF',
      '20 000 XOF',
      '0',
      '—',
    ]);

    const total = rowNamed(t, 'Total');
    expect(cells(total)).toEqual(['Total', '1 194 567 XOF', '950 001 XOF', '120 000 XOF', '2 (150 000 XOF)', '']);
  });

  it('shows names and roles with "—" figures and a French notice when the figures are unavailable', async () => {
    const unknown = { treasury: null, receivables: null, payables: null, overdueInvoices: null, overdueAmount: null, lastEntryDate: null };
    mockFetch(
      routes({
        rows: [row({ ...unknown, current: true }), row({ ...unknown, companyId: 'c2', companyName: null, role: 'reader' })],
        figuresAvailable: false,
      }),
    );
    renderWithApp(<PortfolioPage />, { route: '/portefeuille' });
    const t = await table();
    expect(screen.getByText(MESSAGES_MEMBERS.portfolioUnavailable)).toBeInTheDocument();
    expect(cells(rowNamed(t, 'Teranga SARL'))).toEqual([
      'Teranga SARLEntreprise actuelle',
      'Services',
      'Propriétaire',
      '—',
      '—',
      '—',
      '—',
      '—',
    ]);
    expect(cells(rowNamed(t, 'Nom indisponible'))).toEqual(['Nom indisponible', 'Services', 'Lecture seule', '—', '—', '—', '—', '—']);
    expect(within(t).queryByText('Total')).not.toBeInTheDocument();
    expect(t.querySelector('[data-attention]')).toBeNull();
  });

  it('shows skeletons while loading, then the empty state', async () => {
    mockFetch(routes({ rows: [], figuresAvailable: true }));
    renderWithApp(<PortfolioPage />, { route: '/portefeuille' });
    expect((await screen.findAllByRole('status'))[0]).toHaveTextContent('Chargement...');
    expect(await screen.findByText('Aucune entreprise')).toBeInTheDocument();
  });

  it('shows a French error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch(
      routes(() =>
        fail ? { status: 500, body: { message: 'Erreur interne du serveur' } } : { body: { rows: [TERANGA], figuresAvailable: true } },
      ),
    );
    renderWithApp(<PortfolioPage />, { route: '/portefeuille' });
    expect(await screen.findByText('Impossible de charger le portefeuille')).toBeInTheDocument();
    expect(screen.getByText('Erreur interne du serveur')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await table()).toBeInTheDocument();
  });

  it("opens another company: the session switches to it and the shell's workspace starts over there", async () => {
    const switched = { ...TEST_USER, companyId: 'c2', role: 'accountant' };
    const bodies: unknown[] = [];
    mockFetch({
      ...routes({ rows: [TERANGA, BAOBAB], figuresAvailable: true }),
      'POST /api/session/company': (init) => {
        bodies.push(JSON.parse(init?.body as string));
        return { body: switched };
      },
    });
    const reset = jest.fn(() => Promise.resolve());
    renderWithApp(
      <WorkspaceResetContext.Provider value={reset}>
        <PortfolioPage />
      </WorkspaceResetContext.Provider>,
      { route: '/portefeuille' },
    );
    const t = await table();
    // The current company has nothing to open.
    expect(within(rowNamed(t, 'Teranga SARL')).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.setup().click(within(t).getByRole('button', { name: 'Ouvrir Baobab Hôtel' }));
    await screen.findByRole('table');
    expect(bodies).toEqual([{ companyId: 'c2' }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(reset).toHaveBeenCalledWith(switched);
  });
});
