import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_ENTRY, type AccountingEntry, type EntryListResponse } from '@xaalis/contracts';
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
} from '../../test-utils';
import { listPage } from '@xaalis/web-kit/src/testing/records';
import EntriesPage from './EntriesPage';
import { entry } from './fixtures';

const BASE = `/api/companies/${COMPANY_ID}`;
const BANK = account('521', 'Banques locales');
const RENT = account('622', 'Locations et charges locatives', { type: 'expense', category: 'charge' });

const DRAFT = entry({});
const VALIDATED = entry({
  id: 'e2',
  number: 'OD-2026-00002',
  status: 'validated',
  description: 'Vente comptoir',
  reference: 'FAC-12',
  total: '1234567.00',
});
const REVERSAL = entry({
  id: 'e3',
  number: 'OD-2026-00003',
  status: 'validated',
  description: 'Contre-passation OD-2026-00002',
  reversalOfId: 'e2',
  date: '2026-04-01',
  total: '1234567.00',
  lines: [
    {
      id: 'l1',
      accountId: BANK.id,
      account: BANK,
      description: 'Contre-passation',
      debit: '0.00',
      credit: '1234567.00',
      thirdPartyId: null,
    },
    {
      id: 'l2',
      accountId: RENT.id,
      account: RENT,
      description: 'Contre-passation',
      debit: '1234567.00',
      credit: '0.00',
      thirdPartyId: null,
    },
  ],
});

function listOf(items: AccountingEntry[], extra: Partial<EntryListResponse> = {}): EntryListResponse {
  const counters = {
    total: items.length,
    validated: items.filter((i) => i.status === 'validated').length,
    draft: items.filter((i) => i.status === 'draft').length,
    cancelled: 0,
    totalAmount: '1384567.00',
  };
  return listPage(items, { counters, ...extra });
}

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/accounts`]: accountsRoute([BANK, RENT]),
    [`GET ${BASE}/third-parties`]: thirdPartiesRoute([]),
    [`GET ${BASE}/accounting-entries/next-number`]: { body: { number: 'OD-2026-00004' } },
    [`GET ${BASE}/accounting-entries`]: { body: listOf([DRAFT, VALIDATED]) },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

afterEach(() => jest.restoreAllMocks());

describe('EntriesPage', () => {
  it("shows 'Aucune écriture comptable enregistrée' and a first-entry button when the journal is empty", async () => {
    const user = userEvent.setup();
    mockFetch(
      routes({
        [`GET ${BASE}/accounting-entries`]: {
          body: listOf([], { counters: { total: 0, validated: 0, draft: 0, cancelled: 0, totalAmount: '0.00' } }),
        },
      }),
    );
    renderWithApp(<EntriesPage />, { route: '/ecritures' });
    expect(screen.getByRole('heading', { level: 1, name: 'Écritures Comptables' })).toBeInTheDocument();
    expect(screen.getByText('Journal Général')).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES_ENTRY.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Créer la première écriture' }));
    expect(await screen.findByRole('dialog', { name: 'Nouvelle Écriture Comptable' })).toBeInTheDocument();
  });

  it('shows the counters and the rows (date fr-FR, reference or -, amount, status, actions by status)', async () => {
    mockFetch(routes());
    renderWithApp(<EntriesPage />, { route: '/ecritures' });
    const table = await screen.findByRole('table', { name: 'Écritures comptables' });
    expect(within(screen.getByRole('group', { name: 'Total des écritures' })).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Écritures validées' })).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Brouillons' })).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Montant total' })).getByText('1 384 567 XOF')).toBeInTheDocument();

    const [, draftRow, validatedRow] = within(table).getAllByRole('row');
    expect(within(draftRow).getByText('15/03/2026')).toBeInTheDocument();
    expect(within(draftRow).getByText('-')).toBeInTheDocument();
    expect(within(draftRow).getByText('150 000 XOF')).toBeInTheDocument();
    expect(within(draftRow).getByText('Brouillon')).toBeInTheDocument();
    expect(within(draftRow).getByRole('button', { name: "Valider l'écriture OD-2026-00001" })).toBeInTheDocument();
    expect(within(draftRow).getByRole('button', { name: "Modifier l'écriture OD-2026-00001" })).toBeInTheDocument();
    expect(within(draftRow).queryByRole('button', { name: /Annuler/ })).not.toBeInTheDocument();
    expect(within(validatedRow).getByText('FAC-12')).toBeInTheDocument();
    expect(within(validatedRow).getByText('Validée')).toBeInTheDocument();
    expect(within(validatedRow).getByRole('button', { name: "Annuler l'écriture OD-2026-00002" })).toBeInTheDocument();
    expect(within(validatedRow).queryByRole('button', { name: /Valider|Modifier/ })).not.toBeInTheDocument();
    expect(within(validatedRow).getByRole('button', { name: "Imprimer l'écriture OD-2026-00002" })).toBeInTheDocument();
  });

  it("validates a draft: PATCH …/validate and 'Écriture validée avec succès'", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ 'PATCH /api/accounting-entries/e1/validate': { body: { ...DRAFT, status: 'validated' } } }));
    renderWithApp(<EntriesPage />, { route: '/ecritures' });
    await user.click(await screen.findByRole('button', { name: "Valider l'écriture OD-2026-00001" }));
    expect(await screen.findByText(MESSAGES_ENTRY.validated)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/accounting-entries/e1/validate')).toHaveLength(1);
    // The list is read again.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/accounting-entries`).length).toBeGreaterThanOrEqual(2));
  });

  it("'Erreur' + the server's message when validation is refused", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ 'PATCH /api/accounting-entries/e1/validate': { status: 400, body: { message: MESSAGES_ENTRY.unbalanced } } }));
    renderWithApp(<EntriesPage />, { route: '/ecritures' });
    await user.click(await screen.findByRole('button', { name: "Valider l'écriture OD-2026-00001" }));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_ENTRY.unbalanced)).toBeInTheDocument();
  });

  it('cancels a validated entry after confirmation and shows the reversal', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({
        'POST /api/accounting-entries/e2/cancel': {
          body: { entry: { ...VALIDATED, status: 'cancelled', reversedById: 'e3' }, reversal: REVERSAL },
        },
        'GET /api/accounting-entries/e3': { body: REVERSAL },
      }),
    );
    renderWithApp(<EntriesPage />, { route: '/ecritures' });
    await user.click(await screen.findByRole('button', { name: "Annuler l'écriture OD-2026-00002" }));
    const confirm = await screen.findByRole('alertdialog', { name: "Annuler l'écriture OD-2026-00002" });
    expect(within(confirm).getByText(/contre-passation datée\s+d'aujourd'hui/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: "Confirmer l'annulation" }));

    expect(await screen.findByText(MESSAGES_ENTRY.cancelled)).toBeInTheDocument();
    expect(screen.getByText('Contre-passation OD-2026-00003 du 01/04/2026')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/accounting-entries/e2/cancel')).toHaveLength(1);
    const detail = await screen.findByRole('dialog', { name: 'Écriture OD-2026-00003' });
    const lines = within(detail).getByRole('table', { name: "Lignes de l'écriture OD-2026-00003" });
    const rows = within(lines)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'CompteIntitulé du compteLibelléDébitCrédit',
      '521Banques localesContre-passation-1 234 567 XOF',
      '622Locations et charges locativesContre-passation1 234 567 XOF-',
      'Total1 234 567 XOF1 234 567 XOF',
    ]);
  });

  it("deletes a draft after confirmation: DELETE, 'Brouillon supprimé', the dialog closes", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ 'DELETE /api/accounting-entries/e1': { status: 204 } }));
    renderWithApp(<EntriesPage />, { route: '/ecritures' });
    const table = await screen.findByRole('table', { name: 'Écritures comptables' });
    expect(within(table).queryByRole('button', { name: 'Supprimer le brouillon OD-2026-00002' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Supprimer le brouillon OD-2026-00001' }));
    const confirm = await screen.findByRole('dialog', { name: MESSAGES_ENTRY.deleteConfirmTitle('OD-2026-00001') });
    expect(within(confirm).getByText(MESSAGES_ENTRY.deleteConfirmText)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(MESSAGES_ENTRY.deleted)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/accounting-entries/e1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the delete dialog open with the server's message when the draft cannot be deleted", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ 'DELETE /api/accounting-entries/e1': { status: 409, body: { message: MESSAGES_ENTRY.notDraft } } }));
    renderWithApp(<EntriesPage />, { route: '/ecritures' });
    await user.click(await screen.findByRole('button', { name: 'Supprimer le brouillon OD-2026-00001' }));
    const confirm = await screen.findByRole('dialog', { name: MESSAGES_ENTRY.deleteConfirmTitle('OD-2026-00001') });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(MESSAGES_ENTRY.notDraft);
  });

  it('prints an entry: opens it and calls window.print()', async () => {
    const user = userEvent.setup();
    const print = jest.fn();
    window.print = print;
    mockFetch(
      routes({ 'GET /api/accounting-entries/e2': { body: { ...REVERSAL, id: 'e2', number: 'OD-2026-00002', reversalOfId: null } } }),
    );
    renderWithApp(<EntriesPage />, { route: '/ecritures' });
    await user.click(await screen.findByRole('button', { name: "Imprimer l'écriture OD-2026-00002" }));
    expect(await screen.findByRole('dialog', { name: 'Écriture OD-2026-00002' })).toBeInTheDocument();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('pages on the server (25 a page) and searches', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`GET ${BASE}/accounting-entries`]: { body: listOf([DRAFT, VALIDATED], { totalItems: 30 }) } }));
    renderWithApp(<EntriesPage />, { route: '/ecritures' });
    await screen.findByRole('table', { name: 'Écritures comptables' });
    expect(callsTo(fetchMock, 'GET', `${BASE}/accounting-entries`)[0].url).toBe(`${BASE}/accounting-entries?page=1&pageSize=25`);
    await user.click(screen.getByRole('button', { name: /page suivante/i }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `${BASE}/accounting-entries`).map((c) => c.url)).toContain(
        `${BASE}/accounting-entries?page=2&pageSize=25`,
      ),
    );
    await user.type(screen.getByLabelText('Rechercher une écriture'), 'loyer');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `${BASE}/accounting-entries`).map((c) => c.url)).toContain(
        `${BASE}/accounting-entries?page=1&pageSize=25&search=loyer`,
      ),
    );
  });

  it('shows an error with a retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockFetch(
      routes({
        [`GET ${BASE}/accounting-entries`]: () =>
          ++calls === 1 ? { status: 503, body: { message: 'Service comptabilité indisponible' } } : { body: listOf([DRAFT]) },
      }),
    );
    renderWithApp(<EntriesPage />, { route: '/ecritures' });
    expect(await screen.findByText('Service comptabilité indisponible')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table', { name: 'Écritures comptables' })).toBeInTheDocument();
  });
});

describe('EntriesPage: role gating', () => {
  const asRole = (role: 'accountant' | 'collaborator' | 'reader') =>
    mockFetch(routes({ 'GET /api/user': { body: { ...TEST_USER, role } } }));
  const NEW = 'Nouvelle Écriture';
  const IMPORT = 'Importer des écritures';
  const EDIT = "Modifier l'écriture OD-2026-00001";
  const VALIDATE = "Valider l'écriture OD-2026-00001";
  const CANCEL = "Annuler l'écriture OD-2026-00002";
  const DELETE = 'Supprimer le brouillon OD-2026-00001';

  it("a collaborator writes drafts ('Nouvelle Écriture', 'Modifier') but cannot validate, cancel nor import", async () => {
    asRole('collaborator');
    renderWithApp(<EntriesPage />, { route: '/ecritures' });
    const table = await screen.findByRole('table', { name: 'Écritures comptables' });
    expect(screen.getByRole('button', { name: NEW })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: EDIT })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: DELETE })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: VALIDATE })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: CANCEL })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: IMPORT })).not.toBeInTheDocument();
  });

  it('an accountant has every action', async () => {
    asRole('accountant');
    renderWithApp(<EntriesPage />, { route: '/ecritures' });
    const table = await screen.findByRole('table', { name: 'Écritures comptables' });
    for (const name of [NEW, IMPORT]) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    for (const name of [EDIT, DELETE, VALIDATE, CANCEL]) expect(within(table).getByRole('button', { name })).toBeInTheDocument();
  });

  it('a reader only reads and prints', async () => {
    asRole('reader');
    renderWithApp(<EntriesPage />, { route: '/ecritures' });
    const table = await screen.findByRole('table', { name: 'Écritures comptables' });
    for (const name of [NEW, IMPORT]) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    for (const name of [EDIT, DELETE, VALIDATE, CANCEL]) expect(within(table).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: "Imprimer l'écriture OD-2026-00001" })).toBeInTheDocument();
  });
});
