import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_ENTRY } from '@xaalis/contracts';
import { account, accountsRoute, callsTo, COMPANY_ID, mockFetch, renderWithApp, thirdPartiesRoute, thirdParty } from '../../test-utils';
import { EntryDialog, type EntryDialogTarget } from './EntryDialog';
import { entry } from './fixtures';

const BANK = account('521', 'Banques locales');
const PURCHASES = account('601', 'Achats de marchandises', { type: 'expense', category: 'charge' });
const SUPPLIERS = account('4011', 'Fournisseurs', { type: 'liability', category: 'passif' });
const SENELEC = thirdParty('SENELEC');
const BASE = `/api/companies/${COMPANY_ID}`;

function routes(overrides: Record<string, unknown> = {}) {
  return {
    [`GET ${BASE}/accounts`]: accountsRoute([BANK, SUPPLIERS, PURCHASES]),
    [`GET ${BASE}/third-parties`]: thirdPartiesRoute([SENELEC]),
    [`GET ${BASE}/accounting-entries/next-number`]: { body: { number: 'OD-2026-00007' } },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

function renderDialog(target: EntryDialogTarget = { mode: 'create' }, onClose = jest.fn()) {
  renderWithApp(<EntryDialog open target={target} companyId={COMPANY_ID} onClose={onClose} />);
  return { onClose, dialog: () => screen.getByRole('dialog') };
}

async function pickAccount(user: ReturnType<typeof userEvent.setup>, line: number, text: string, optionName: RegExp) {
  const input = screen.getByRole('combobox', { name: `Compte ligne ${line}` });
  await user.click(input);
  await user.type(input, text);
  await user.click(await screen.findByRole('option', { name: optionName }));
}

async function typeAmount(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

afterEach(() => jest.restoreAllMocks());

describe('EntryDialog', () => {
  it("proposes the next number, shows 'Déséquilibrée' and keeps save disabled until debit = credit, then 'Équilibrée'", async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Nouvelle Écriture Comptable' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Numéro/)).toHaveValue('OD-2026-00007'));

    const save = screen.getByRole('button', { name: 'Enregistrer' });
    expect(screen.getByText('Déséquilibrée')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await typeAmount(user, 'Débit ligne 1', '1000');
    expect(screen.getByText('Déséquilibrée')).toBeInTheDocument();
    expect(save).toBeDisabled();
    expect(screen.getByTestId('total-debit')).toHaveTextContent('1 000 XOF');

    await typeAmount(user, 'Crédit ligne 2', '999.99');
    expect(screen.getByText('Déséquilibrée')).toBeInTheDocument();
    expect(screen.getByText(/Écart : 0,01 XOF/)).toBeInTheDocument();
    expect(save).toBeDisabled();

    await typeAmount(user, 'Crédit ligne 2', '1000.00');
    expect(await screen.findByText('Équilibrée')).toBeInTheDocument();
    expect(screen.queryByText('Déséquilibrée')).not.toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it("entering a debit clears the line's credit, and a credit clears its debit", async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderDialog();
    await typeAmount(user, 'Crédit ligne 1', '500');
    expect(screen.getByLabelText('Crédit ligne 1')).toHaveValue(500);
    await typeAmount(user, 'Débit ligne 1', '250');
    expect(screen.getByLabelText('Débit ligne 1')).toHaveValue(250);
    expect(screen.getByLabelText('Crédit ligne 1')).toHaveValue(0);
    await typeAmount(user, 'Crédit ligne 1', '75');
    expect(screen.getByLabelText('Débit ligne 1')).toHaveValue(0);
  });

  it('cannot remove a line below two; lines added can be removed', async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderDialog();
    expect(screen.getAllByRole('group', { name: /^Ligne \d+$/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Supprimer la ligne 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer la ligne 2' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    expect(screen.getAllByRole('group', { name: /^Ligne \d+$/ })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Supprimer la ligne 1' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Supprimer la ligne 3' }));
    expect(screen.getAllByRole('group', { name: /^Ligne \d+$/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Supprimer la ligne 1' })).toBeDisabled();
  });

  it("shows the schema's messages on a balanced but incomplete entry", async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderDialog();
    await waitFor(() => expect(screen.getByLabelText(/^Numéro/)).toHaveValue('OD-2026-00007'));
    await user.clear(screen.getByLabelText(/^Numéro/));
    await typeAmount(user, 'Débit ligne 1', '100');
    await typeAmount(user, 'Crédit ligne 2', '100');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MESSAGES_ENTRY.numberRequired)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES_ENTRY.accountRequired)).toHaveLength(2);
    // The entry's description and both line descriptions.
    expect(screen.getAllByText(MESSAGES_ENTRY.descriptionRequired).length).toBeGreaterThanOrEqual(3);
  });

  it('saves a balanced entry (exact amounts, third party, line descriptions from the entry) and toasts the number', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({
        [`POST ${BASE}/accounting-entries`]: { status: 201, body: { id: 'e1', number: 'OD-2026-00008', status: 'draft' } },
      }),
    );
    const { onClose } = renderDialog();
    await waitFor(() => expect(screen.getByLabelText(/^Numéro/)).toHaveValue('OD-2026-00007'));
    await user.type(screen.getByLabelText(/^Description/), 'Facture SENELEC janvier');
    await user.type(screen.getByLabelText(/^Référence/), 'SEN-01');
    await pickAccount(user, 1, '601', /^601 — Achats de marchandises$/);
    await pickAccount(user, 2, 'banq', /^521 — Banques locales$/);
    await user.click(screen.getByRole('combobox', { name: 'Tiers ligne 1' }));
    await user.type(screen.getByRole('combobox', { name: 'Tiers ligne 1' }), 'sene');
    await user.click(await screen.findByRole('option', { name: 'SENELEC' }));
    await typeAmount(user, 'Débit ligne 1', '0.1');
    await typeAmount(user, 'Crédit ligne 2', '0.10');
    expect(await screen.findByText('Équilibrée')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = callsTo(fetchMock, 'POST', `${BASE}/accounting-entries`);
    expect(call.body).toEqual({
      entry: {
        number: 'OD-2026-00007',
        journal: 'OD',
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        description: 'Facture SENELEC janvier',
        reference: 'SEN-01',
        total: '0.10',
      },
      lines: [
        { accountId: PURCHASES.id, description: 'Facture SENELEC janvier', debit: '0.10', credit: '0.00', thirdPartyId: SENELEC.id },
        { accountId: BANK.id, description: 'Facture SENELEC janvier', debit: '0.00', credit: '0.10', thirdPartyId: null },
      ],
    });
    expect(await screen.findByText(MESSAGES_ENTRY.created)).toBeInTheDocument();
    expect(screen.getByText('Numéro OD-2026-00008')).toBeInTheDocument();
  });

  it("shows 'Erreur' with the server's message when the save is refused", async () => {
    const user = userEvent.setup();
    mockFetch(
      routes({
        [`POST ${BASE}/accounting-entries`]: { status: 400, body: { message: MESSAGES_ENTRY.unbalanced } },
      }),
    );
    const { onClose } = renderDialog();
    await waitFor(() => expect(screen.getByLabelText(/^Numéro/)).toHaveValue('OD-2026-00007'));
    await user.type(screen.getByLabelText(/^Description/), 'Test');
    await pickAccount(user, 1, '601', /^601 — /);
    await pickAccount(user, 2, '521', /^521 — /);
    await typeAmount(user, 'Débit ligne 1', '10');
    await typeAmount(user, 'Crédit ligne 2', '10');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_ENTRY.unbalanced)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('hints at generating the chart when there is no account', async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`GET ${BASE}/accounts`]: accountsRoute([]) }));
    renderDialog();
    expect(await screen.findByText(/Générez d'abord le plan comptable dans Paramètres/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir le plan comptable' })).toHaveAttribute('href', '/parametres?tab=accounts');
    await user.click(screen.getByRole('combobox', { name: 'Compte ligne 1' }));
    // The chart is empty: the search finds nothing.
    expect(await screen.findByText('Aucun résultat')).toBeInTheDocument();
  });

  it("edits a draft: title 'Modifier l'Écriture {number}', lines loaded, PUT on save", async () => {
    const user = userEvent.setup();
    const draft = entry({
      id: 'e9',
      number: 'OD-2026-00003',
      lines: [
        {
          id: 'l1',
          accountId: PURCHASES.id,
          account: PURCHASES,
          description: 'Loyer mars',
          debit: '150000.00',
          credit: '0.00',
          thirdPartyId: null,
        },
        { id: 'l2', accountId: BANK.id, account: BANK, description: 'Loyer mars', debit: '0.00', credit: '150000.00', thirdPartyId: null },
      ],
    });
    const fetchMock = mockFetch(
      routes({
        'GET /api/accounting-entries/e9': { body: draft },
        'PUT /api/accounting-entries/e9': { body: draft },
      }),
    );
    const { onClose } = renderDialog({ mode: 'edit', id: 'e9', number: 'OD-2026-00003' });
    expect(screen.getByRole('heading', { name: "Modifier l'Écriture OD-2026-00003" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Débit ligne 1')).toHaveValue(150000));
    expect(screen.getByText('Équilibrée')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = callsTo(fetchMock, 'PUT', '/api/accounting-entries/e9');
    expect(call.body).toMatchObject({ entry: { number: 'OD-2026-00003', date: '2026-03-15', total: '150000.00' } });
    expect(callsTo(fetchMock, 'GET', `${BASE}/accounting-entries/next-number`)).toHaveLength(0);
    expect(await screen.findByText(MESSAGES_ENTRY.updated)).toBeInTheDocument();
  });
});
