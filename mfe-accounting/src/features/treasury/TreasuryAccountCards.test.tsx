import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_STATEMENT, MESSAGES_TREASURY_ACCOUNT, type TreasuryData } from '@xaalis/contracts';
import { callsTo, company, mockFetch, renderWithApp, TEST_USER } from '../../test-utils';
import { installChartPolyfills } from '../dashboard/fixtures';
import { ACCOUNTS, accountsPage, BANK_ID, BASE, CASH_ID, WAVE_ID } from './fixtures';
import TreasuryPage from './TreasuryPage';

beforeAll(installChartPolyfills);
afterEach(() => jest.restoreAllMocks());

const TREASURY: TreasuryData = { balance: '1315000.00', expectedInflows: '0.00', expectedOutflows: '0.00', accounts: [], forecast: [] };

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/treasury`]: { body: TREASURY },
    [`GET ${BASE}/treasury-accounts`]: { body: accountsPage() },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

const cards = async () => within(await screen.findByRole('list', { name: 'Comptes de trésorerie' })).getAllByRole('listitem');

describe('Comptes de trésorerie', () => {
  it('shows one card per account: kind, code and journal, ledger and statement balances, lines left to reconcile', async () => {
    mockFetch(routes());
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    const [bank, wave, cash] = await cards();
    expect(within(bank).getByRole('heading', { name: 'CBAO courant' })).toBeInTheDocument();
    expect(within(bank).getByText('Compte bancaire')).toBeInTheDocument();
    expect(within(bank).getByText(/Journal BQ · CBAO · SN08SN0100152000048500003035/)).toBeInTheDocument();
    expect(within(bank).getByText('1 250 000 XOF')).toBeInTheDocument();
    expect(within(bank).getByText('1 180 000 XOF')).toBeInTheDocument();
    expect(within(bank).getByText('au 31/03/2026')).toBeInTheDocument();
    expect(within(bank).getByText('Relevé : 3 opérations à rapprocher')).toBeInTheDocument();
    expect(within(bank).getByText('Grand livre : 1 ligne à rapprocher')).toBeInTheDocument();

    expect(within(wave).getByText('Portefeuille mobile money')).toBeInTheDocument();
    expect(within(wave).getByText(/Wave · \+221 77 123 45 67/)).toBeInTheDocument();
    expect(within(wave).getByText('-15 000 XOF')).toBeInTheDocument();
    expect(within(wave).getByText('Aucun relevé')).toBeInTheDocument();
    expect(within(wave).getByText('Relevé : 0 opération à rapprocher')).toBeInTheDocument();
    expect(within(cash).getByText('Grand livre : 2 lignes à rapprocher')).toBeInTheDocument();

    // 'Rapprocher' leads to the account's matching screen on the same page.
    expect(within(bank).getByRole('link', { name: 'Rapprocher — CBAO courant' })).toHaveAttribute(
      'href',
      `/tresorerie?rapprochement=${BANK_ID}`,
    );
  });

  it('a reader sees the cards and the état de rapprochement, not the actions that write', async () => {
    mockFetch(routes({ 'GET /api/user': { body: { ...TEST_USER, role: 'reader' } } }));
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    const [bank] = await cards();
    expect(within(bank).getByRole('button', { name: 'État de rapprochement — CBAO courant' })).toBeInTheDocument();
    expect(within(bank).queryByRole('button', { name: /Importer un relevé/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau compte' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Virement interne' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the accounts cannot be read', async () => {
    mockFetch(routes({ [`GET ${BASE}/treasury-accounts`]: { status: 503, body: { message: 'Service indisponible' } } }));
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    expect(await screen.findByText('Impossible de charger les comptes de trésorerie')).toBeInTheDocument();
  });

  it("'Nouveau compte': kind-specific fields, French errors from the schema, then the post", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`POST ${BASE}/treasury-accounts`]: { status: 201, body: ACCOUNTS[1] } }));
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    await cards();
    await user.click(screen.getByRole('button', { name: 'Nouveau compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau compte de trésorerie' });
    expect(within(dialog).getByLabelText('IBAN')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('IBAN'), 'SN08 0000');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le compte' }));
    expect(await within(dialog).findByText(MESSAGES_TREASURY_ACCOUNT.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_TREASURY_ACCOUNT.ibanInvalid)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Type de compte'), 'Portefeuille mobile money');
    expect(within(dialog).queryByLabelText('IBAN')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nom du compte'), 'Wave Business');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le compte' }));
    expect(await within(dialog).findByText(MESSAGES_TREASURY_ACCOUNT.providerRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/treasury-accounts`)).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Opérateur'), 'Wave');
    await user.type(within(dialog).getByLabelText('Numéro du portefeuille'), '+221 77 123 45 67');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le compte' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${BASE}/treasury-accounts`)).toHaveLength(1));
    // The IBAN typed for a bank is not sent for a wallet.
    expect(callsTo(fetchMock, 'POST', `${BASE}/treasury-accounts`)[0].body).toEqual({
      kind: 'mobile_money',
      name: 'Wave Business',
      bankName: null,
      accountHolder: null,
      iban: null,
      provider: 'wave',
      walletNumber: '+221 77 123 45 67',
    });
    expect(await screen.findByText(MESSAGES_TREASURY_ACCOUNT.created)).toBeInTheDocument();
  });

  it("'Nouveau compte': the server's refusal shows under the kind", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`POST ${BASE}/treasury-accounts`]: { status: 409, body: { message: MESSAGES_TREASURY_ACCOUNT.chequesExists } } }));
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    await cards();
    await user.click(screen.getByRole('button', { name: 'Nouveau compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau compte de trésorerie' });
    await user.selectOptions(within(dialog).getByLabelText('Type de compte'), 'Chèques à encaisser');
    await user.type(within(dialog).getByLabelText('Nom du compte'), 'Chèques');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le compte' }));
    expect(await within(dialog).findByText(MESSAGES_TREASURY_ACCOUNT.chequesExists)).toBeInTheDocument();
  });

  it("'Virement interne': two different accounts, then the transfer", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`POST ${BASE}/treasury-transfers`]: { status: 201, body: { id: 't1' } } }));
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    await cards();
    await user.click(screen.getByRole('button', { name: 'Virement interne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Virement interne' });
    await user.selectOptions(within(dialog).getByLabelText('Compte de départ'), 'CBAO courant (521) — 1 250 000 XOF');
    await user.selectOptions(within(dialog).getByLabelText("Compte d'arrivée"), 'CBAO courant (521) — 1 250 000 XOF');
    await user.type(within(dialog).getByLabelText('Montant'), '50000');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le virement' }));
    expect(await within(dialog).findByText(MESSAGES_TREASURY_ACCOUNT.sameAccount)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText("Compte d'arrivée"), 'Caisse (571) — 80 000 XOF');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le virement' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${BASE}/treasury-transfers`)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', `${BASE}/treasury-transfers`)[0].body).toEqual({
      fromAccountId: BANK_ID,
      toAccountId: CASH_ID,
      amount: '50000.00',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reference: null,
    });
  });

  it("'Saisir une opération': a Sortie is sent negative, validated by the schema first", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`POST ${BASE}/treasury-accounts/${WAVE_ID}/statement-lines`]: { status: 201, body: {} } }));
    renderWithApp(<TreasuryPage />, { route: '/tresorerie' });
    const [, wave] = await cards();
    await user.click(within(wave).getByRole('button', { name: 'Saisir une opération — Wave Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saisir une opération — Wave Business' });
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText(MESSAGES_STATEMENT.manualLabelRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_STATEMENT.manualAmountRequired)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Date'));
    await user.type(within(dialog).getByLabelText('Date'), '2026-04-12');
    await user.type(within(dialog).getByLabelText('Libellé'), 'Frais de retrait Wave');
    await user.type(within(dialog).getByLabelText('Montant'), '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${BASE}/treasury-accounts/${WAVE_ID}/statement-lines`)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', `${BASE}/treasury-accounts/${WAVE_ID}/statement-lines`)[0].body).toEqual({
      date: '2026-04-12',
      label: 'Frais de retrait Wave',
      reference: null,
      amount: '-1500.00',
    });
    expect(await screen.findByText(MESSAGES_STATEMENT.manualAdded)).toBeInTheDocument();
  });
});
