import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_ACCOUNT, MESSAGES_COMPANY } from '@xaalis/contracts';
import {
  account,
  accountsRoute,
  callsTo,
  company,
  COMPANY_ID,
  mockFetch,
  renderWithApp,
  TEST_USER,
  thirdPartiesRoute,
  thirdParty,
} from '../../test-utils';
import AccountsSettings from './AccountsSettings';
import CompanySettings from './CompanySettings';
import { onboardingKey } from './onboarding';
import SettingsGuide from './SettingsGuide';
import ThirdPartiesSettings from './ThirdPartiesSettings';

// Accounting's Paramètres tabs and guide, as the shell loads them (the page, its tabs and
// the welcome notice are the shell's: shell/src/features/settings).

const BASE = `/api/companies/${COMPANY_ID}`;
const ACCOUNTS = [
  account('521', 'Banques locales'),
  account('101', 'Capital social', { type: 'equity', category: 'passif' }),
  account('601', 'Achats de marchandises', { type: 'expense', category: 'charge' }),
];

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/accounts`]: accountsRoute(ACCOUNTS),
    [`GET ${BASE}/third-parties`]: thirdPartiesRoute([]),
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => window.localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe("accounting's Paramètres tabs", () => {
  it("'Entreprise' shows the session's company and 'Plan Comptable' its chart", async () => {
    mockFetch(routes());
    const first = renderWithApp(<CompanySettings />, { route: '/parametres' });
    expect(await screen.findByLabelText(/^Nom de l'entreprise/)).toHaveValue('Teranga SARL');
    first.unmount();

    renderWithApp(<AccountsSettings />, { route: '/parametres?tab=accounts' });
    expect(await screen.findByRole('table', { name: 'Plan comptable' })).toBeInTheDocument();
  });

  it("'Tiers' lists the session company's third parties", async () => {
    mockFetch(routes());
    renderWithApp(<ThirdPartiesSettings />, { route: '/parametres?tab=third-parties' });
    expect(await screen.findByText('Aucun tiers configuré')).toBeInTheDocument();
  });
});

describe('the onboarding guide (above the tabs)', () => {
  it('shows after a welcome, ticks the steps done, opens the tab of a step and can be dismissed', async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderWithApp(<SettingsGuide welcomed />, { route: '/parametres?tab=company' });

    const guide = await screen.findByRole('region', { name: /Premiers pas : configurez votre entreprise/ });
    const steps = within(guide).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('data-done'))).toEqual(['false', 'true', 'false']);
    expect(within(steps[1]).getByTitle('Terminé')).toBeInTheDocument();
    expect(window.localStorage.getItem(onboardingKey(COMPANY_ID))).toBe('active');

    // A step opens its tab.
    await user.click(within(guide).getByRole('button', { name: 'Ajouter vos tiers' }));
    expect(location()).toBe('/parametres?tab=third-parties');

    await user.click(screen.getByRole('button', { name: 'Masquer le guide de démarrage' }));
    expect(screen.queryByRole('region', { name: /configurez votre entreprise/ })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(onboardingKey(COMPANY_ID))).toBe('dismissed');
  });

  it('stays hidden without a welcome nor a stored choice', async () => {
    const fetchMock = mockFetch(routes());
    renderWithApp(<SettingsGuide />, { route: '/parametres' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/user')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: /configurez votre entreprise/ })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/accounts`)).toHaveLength(0);
  });

  it('hides the guide once every step is done', async () => {
    window.localStorage.setItem(onboardingKey(COMPANY_ID), 'active');
    mockFetch(
      routes({
        [`GET ${BASE}`]: { body: company({ registrationNumber: 'SN-DKR-2026-B-1', taxNumber: '0012345' }) },
        [`GET ${BASE}/third-parties`]: thirdPartiesRoute([thirdParty('SENELEC')]),
      }),
    );
    renderWithApp(<SettingsGuide />, { route: '/parametres' });
    await waitFor(() => expect(callsTo(globalThis.fetch as jest.Mock, 'GET', `${BASE}/third-parties`)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: /configurez votre entreprise/ })).not.toBeInTheDocument();
  });
});

describe('Entreprise', () => {
  it("validates with the specification's messages, then saves with PUT and toasts", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`PUT ${BASE}`]: { body: company({ name: 'Teranga', taxNumber: '0012345' }) } }));
    renderWithApp(<CompanySettings />, { route: '/parametres' });
    const name = await screen.findByLabelText(/^Nom de l'entreprise/);
    await user.clear(name);
    await user.type(screen.getByLabelText('Email'), 'pas-un-email');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText(MESSAGES_COMPANY.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_COMPANY.emailInvalid)).toBeInTheDocument();

    await user.type(name, 'Teranga');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('NINEA'), '0012345');
    await user.selectOptions(screen.getByLabelText(/^Secteur d'activité/), 'Hôtellerie');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText(MESSAGES_COMPANY.saved)).toBeInTheDocument();
    const [put] = callsTo(fetchMock, 'PUT', BASE);
    expect(put.body).toEqual({
      name: 'Teranga',
      registrationNumber: null,
      taxNumber: '0012345',
      address: 'Dakar',
      phone: '+221 77 000 00 00',
      email: null,
      sector: 'hotel',
      fiscalYear: '01-01',
    });
  });

  it("offers the form's sectors plus the company's own (commerce) and shows 'Erreur' when the save fails", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`GET ${BASE}`]: { body: company({ sector: 'commerce' }) }, [`PUT ${BASE}`]: { status: 500, body: 'boom' } }));
    renderWithApp(<CompanySettings />, { route: '/parametres' });
    const sector = await screen.findByLabelText(/^Secteur d'activité/);
    expect(
      within(sector)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Transformation', 'Services', 'Restauration', 'Hôtellerie', 'Commerce']);
    expect(sector).toHaveValue('commerce');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
  });

  it("'Générer Plan Comptable' posts the sector and tells how many accounts were created", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`POST ${BASE}/generate-chart`]: { body: { created: 412, total: 415 } } }));
    renderWithApp(<CompanySettings />, { route: '/parametres' });
    await screen.findByLabelText(/^Nom de l'entreprise/);
    await user.click(screen.getByRole('button', { name: 'Générer Plan Comptable' }));
    expect(await screen.findByText(MESSAGES_ACCOUNT.chartGenerated)).toBeInTheDocument();
    expect(screen.getByText('412 comptes créés (415 au total).')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/generate-chart`)[0].body).toEqual({ sector: 'service' });
  });

  it('shows the read-only system information', async () => {
    mockFetch(routes());
    renderWithApp(<CompanySettings />, { route: '/parametres' });
    await screen.findByLabelText(/^Nom de l'entreprise/);
    for (const text of ['1.0.0', 'Maintenant', 'SYSCOHADA', 'Franc CFA (XOF)', 'GMT+0 Dakar'])
      expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('shows an error with a retry when the company cannot be read', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockFetch(
      routes({
        [`GET ${BASE}`]: () =>
          ++calls === 1 ? { status: 503, body: { message: 'Service comptabilité indisponible' } } : { body: company() },
      }),
    );
    renderWithApp(<CompanySettings />, { route: '/parametres' });
    expect(await screen.findByText('Service comptabilité indisponible')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByLabelText(/^Nom de l'entreprise/)).toHaveValue('Teranga SARL');
  });
});

describe('Plan Comptable', () => {
  it('lists the accounts by class, filters them, and offers generation when the chart is empty', async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    const view = renderWithApp(<AccountsSettings />, { route: '/parametres?tab=accounts' });
    const table = await screen.findByRole('table', { name: 'Plan comptable' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows.slice(1)).toEqual([
      'Classe 1 — Ressources durables (1)',
      '101Capital socialCapitaux propresPassif3',
      'Classe 5 — Trésorerie (1)',
      '521Banques localesActifActif3',
      'Classe 6 — Charges des activités ordinaires (1)',
      '601Achats de marchandisesChargeCharge3',
    ]);
    await user.type(screen.getByLabelText('Rechercher un compte'), 'banq');
    await waitFor(() => expect(within(table).queryByText('Capital social')).not.toBeInTheDocument());
    expect(within(table).getByText('Banques locales')).toBeInTheDocument();
    view.unmount();

    mockFetch(routes({ [`GET ${BASE}/accounts`]: accountsRoute([]) }));
    renderWithApp(<AccountsSettings />, { route: '/parametres?tab=accounts' });
    expect(await screen.findByText('Aucun compte configuré')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Générer Plan Comptable' })).toBeEnabled());
  });

  it('shows an error state with a retry', async () => {
    mockFetch(routes({ [`GET ${BASE}/accounts`]: { status: 500, body: { message: 'Erreur interne du serveur' } } }));
    renderWithApp(<AccountsSettings />, { route: '/parametres?tab=accounts' });
    expect(await screen.findByText('Impossible de charger le plan comptable')).toBeInTheDocument();
    expect(screen.getByText('Erreur interne du serveur')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
