import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES_FISCAL_YEAR, MESSAGES_LEDGER_INTEGRITY, roleForbiddenMessage, type Role } from '@xaalis/contracts';
import type { ComponentType } from 'react';
import { account, accountsRoute, company, COMPANY_ID, mockFetch, renderWithApp, TEST_USER, thirdPartiesRoute } from '../../test-utils';
import AccountsSettings from './AccountsSettings';
import CompanySettings from './CompanySettings';
import { fiscalYear } from './fiscal-years/fixtures';
import FiscalYearsSettings from './FiscalYearsSettings';
import ThirdPartiesSettings from './ThirdPartiesSettings';

// Accounting's Paramètres tabs for a role without 'accounting': every form reads, none writes.
// (Paie and Modules: the HR and sector remotes' tests; 'Membres' for owners only: the shell's.)

const BASE = `/api/companies/${COMPANY_ID}`;

function routes(role: Role) {
  return {
    'GET /api/user': { body: { ...TEST_USER, role } },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/accounts`]: accountsRoute([account('521', 'Banques locales')]),
    [`GET ${BASE}/third-parties`]: thirdPartiesRoute([]),
    [`GET ${BASE}/fiscal-years`]: {
      body: {
        items: [fiscalYear('2025-01-01', { entryCount: 3, canClose: true })],
      },
    },
  } as Parameters<typeof mockFetch>[0];
}

const TABS: Record<string, ComponentType> = {
  company: CompanySettings,
  accounts: AccountsSettings,
  'third-parties': ThirdPartiesSettings,
  'fiscal-years': FiscalYearsSettings,
};
const open = (tab: string) => {
  const Tab = TABS[tab];
  return renderWithApp(<Tab />, { route: `/parametres?tab=${tab}` });
};

beforeEach(() => window.localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe.each(['collaborator', 'reader'] as const)('Paramètres for a %s', (role) => {
  it("shows the company read-only: disabled fields, no 'Sauvegarder' nor 'Générer Plan Comptable', and says why", async () => {
    mockFetch(routes(role));
    open('company');
    const name = await screen.findByLabelText(/^Nom de l'entreprise/);
    await waitFor(() => expect(name).toBeDisabled());
    expect(name).toHaveValue('Teranga SARL');
    expect(screen.getByLabelText(/^Secteur d'activité/)).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent(roleForbiddenMessage(role));
    expect(screen.queryByRole('button', { name: 'Sauvegarder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Générer Plan Comptable' })).not.toBeInTheDocument();
  });

  it("lists the chart and the third parties without 'Nouveau Compte' nor 'Nouveau Tiers'", async () => {
    mockFetch(routes(role));
    const chart = open('accounts');
    expect(await screen.findByRole('table', { name: 'Plan comptable' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau Compte' })).not.toBeInTheDocument();
    chart.unmount();

    open('third-parties');
    expect(await screen.findByText('Aucun tiers configuré')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau Tiers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajouter le premier tiers' })).not.toBeInTheDocument();
  });

  it("lists the fiscal years without 'Clôturer l'exercice', and still offers the integrity check", async () => {
    mockFetch(routes(role));
    open('fiscal-years');
    const row = await screen.findByTestId('fiscal-year-2025-01-01');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES_LEDGER_INTEGRITY.check })).toBeInTheDocument();
  });
});

describe('Paramètres for an accountant', () => {
  it('edits the company and closes fiscal years', async () => {
    mockFetch(routes('accountant'));
    const view = open('company');
    const name = await screen.findByLabelText(/^Nom de l'entreprise/);
    expect(name).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Sauvegarder' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    view.unmount();

    open('fiscal-years');
    const row = await screen.findByTestId('fiscal-year-2025-01-01');
    expect(await within(row).findByRole('button', { name: MESSAGES_FISCAL_YEAR.close })).toBeInTheDocument();
  });
});
