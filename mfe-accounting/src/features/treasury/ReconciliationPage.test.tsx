import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_RECONCILIATION, type AutoMatchStatus, type StatementLineCandidates } from '@xaalis/contracts';
import { callsTo, company, mockFetch, renderWithApp, TEST_USER, type FetchHandler } from '../../test-utils';
import { installChartPolyfills } from '../dashboard/fixtures';
import { accountsPage, BANK_ID, BASE, ledgerLine, linesPage, statementLine, treasuryAccount } from './fixtures';
import TreasuryPage from './TreasuryPage';

beforeAll(installChartPolyfills);
afterEach(() => jest.restoreAllMocks());

const ACCOUNT = `${BASE}/treasury-accounts/${BANK_ID}`;
const FEES = statementLine(1, { label: 'FRAIS TENUE DE COMPTE', amount: '-25000.00' });
const CHEQUE = statementLine(2, { label: 'CHQ 000123', amount: '-1000.00', manual: true });
const RECEIPT = statementLine(3, { label: 'VIR SONATEL', amount: '118000.00', reference: 'VIR-778' });
const FEES_ENTRY = ledgerLine(1, { label: 'Frais bancaires mars', amount: '-25000.00' });
const CHEQUE_ENTRY = ledgerLine(2, { label: 'Chèque fournisseur', amount: '-1000.00' });
const MATCHED = statementLine(9, { label: 'VIR ORANGE', amount: '50000.00', matched: true, reconciliationId: 'rec-1' });
const INVOICE_ID = '00000000-0000-4000-8000-000000007001';

const byStatus =
  (unmatched: unknown[], matched: unknown[]): FetchHandler =>
  (_init, url) => ({ body: linesPage((url.includes('status=matched') ? matched : unmatched) as { amount: string }[]) });

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/treasury-accounts`]: { body: accountsPage() },
    [`GET ${ACCOUNT}`]: { body: treasuryAccount() },
    [`GET ${ACCOUNT}/statement-lines`]: byStatus([FEES, CHEQUE, RECEIPT], [MATCHED]),
    [`GET ${ACCOUNT}/ledger-lines`]: byStatus([FEES_ENTRY, CHEQUE_ENTRY], []),
    [`GET ${BASE}/statement-lines/${FEES.id}/candidates`]: {
      body: { line: FEES, ledgerLines: [FEES_ENTRY], invoices: [] } satisfies StatementLineCandidates,
    },
    [`GET ${BASE}/statement-lines/${RECEIPT.id}/candidates`]: {
      body: {
        line: RECEIPT,
        ledgerLines: [],
        invoices: [
          { id: INVOICE_ID, number: 'FV-2026-0004', type: 'sale', thirdPartyName: 'Sonatel', date: '2026-03-01', remaining: '118000.00' },
        ],
      } satisfies StatementLineCandidates,
    },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

function renderScreen() {
  return renderWithApp(<TreasuryPage />, { route: `/tresorerie?rapprochement=${BANK_ID}` });
}

const statementTable = () => screen.findByRole('table', { name: 'Lignes du relevé' });
const ledgerTable = () => screen.findByRole('table', { name: 'Lignes du grand livre' });
const difference = () => screen.getByTestId('difference').textContent;

describe('ReconciliationPage', () => {
  it('shows both panes, keeps the running difference and reconciles only when it is nil', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`POST ${BASE}/reconciliations`]: { status: 201, body: { id: 'rec-2' } } }));
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Rapprochement — CBAO courant' })).toBeInTheDocument();
    const statement = await statementTable();
    const ledger = await ledgerTable();
    expect(within(statement).getAllByRole('row')).toHaveLength(4);
    expect(within(statement).getByText('Saisie manuelle')).toBeInTheDocument();
    expect(within(ledger).getByText('BQ-2026-0001 (BQ)')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${ACCOUNT}/statement-lines`)[0].url).toContain('status=unmatched');
    expect(screen.getByText('Total des lignes filtrées : 92 000 XOF')).toBeInTheDocument();

    const reconcile = screen.getByRole('button', { name: 'Rapprocher' });
    expect(difference()).toBe('0 XOF');
    expect(reconcile).toBeDisabled();

    // Keyboard: Tab from the pane's last filter into its lines, Space ticks the line.
    await user.click(within(screen.getByRole('search', { name: 'Filtres — Relevé' })).getByLabelText('Montant'));
    await user.tab();
    expect(within(statement).getByRole('checkbox', { name: 'FRAIS TENUE DE COMPTE — -25 000 XOF' })).toHaveFocus();
    await user.keyboard(' ');
    expect(difference()).toBe('-25 000 XOF');
    expect(reconcile).toBeDisabled();

    await user.click(within(ledger).getByRole('checkbox', { name: 'Chèque fournisseur — -1 000 XOF' }));
    expect(difference()).toBe('-24 000 XOF');
    expect(reconcile).toBeDisabled();

    await user.click(within(ledger).getByRole('checkbox', { name: 'Chèque fournisseur — -1 000 XOF' }));
    await user.click(within(ledger).getByRole('checkbox', { name: 'Frais bancaires mars — -25 000 XOF' }));
    expect(difference()).toBe('0 XOF');
    expect(screen.getByTestId('statement-total')).toHaveTextContent('-25 000 XOF');
    expect(reconcile).toBeEnabled();

    act(() => reconcile.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${BASE}/reconciliations`)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', `${BASE}/reconciliations`)[0].body).toEqual({
      statementLineIds: [FEES.id],
      entryLineIds: [FEES_ENTRY.id],
    });
    expect(await screen.findByText(MESSAGES_RECONCILIATION.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rapprocher' })).toBeDisabled());
    expect(screen.getByTestId('statement-total')).toHaveTextContent('0 XOF');
  });

  it('proposes the same-amount ledger lines of the one statement line ticked; a click ticks one', async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderScreen();
    const statement = await statementTable();
    await user.click(within(statement).getByRole('checkbox', { name: 'FRAIS TENUE DE COMPTE — -25 000 XOF' }));
    const propositions = await screen.findByRole('list', { name: 'Propositions' });
    await user.click(within(propositions).getByRole('button', { name: /BQ-2026-0001 · 09\/03\/2026 · Frais bancaires mars/ }));
    expect(within(await ledgerTable()).getByRole('checkbox', { name: 'Frais bancaires mars — -25 000 XOF' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Rapprocher' })).toBeEnabled();
  });

  it('sends the filters to the server', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    renderScreen();
    await statementTable();
    const filters = screen.getByRole('search', { name: 'Filtres — Relevé' });
    await user.type(within(filters).getByLabelText('Montant'), '25 000');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `${ACCOUNT}/statement-lines`).some((c) => c.url.includes('amount=25000'))).toBe(true),
    );
    await user.type(within(filters).getByLabelText('Rechercher'), 'frais');
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', `${ACCOUNT}/statement-lines`).some(
          (c) => c.url.includes('search=frais') && c.url.includes('amount=25000'),
        ),
      ).toBe(true),
    );
    // The ledger pane keeps its own filters.
    expect(callsTo(fetchMock, 'GET', `${ACCOUNT}/ledger-lines`).every((c) => !c.url.includes('amount='))).toBe(true);
  });

  it("'Rapprochées': the matched lines, and 'Annuler le rapprochement'", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`DELETE ${BASE}/reconciliations/rec-1`]: { status: 204 } }));
    renderScreen();
    await statementTable();
    await user.click(screen.getByRole('tab', { name: 'Rapprochées' }));
    await waitFor(async () => expect(within(await statementTable()).getByText('VIR ORANGE')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Rapprocher' })).not.toBeInTheDocument();
    expect(await screen.findByText('Aucune ligne rapprochée')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annuler le rapprochement' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', `${BASE}/reconciliations/rec-1`)).toHaveLength(1));
    expect(await screen.findByText(MESSAGES_RECONCILIATION.deleted)).toBeInTheDocument();
  });

  it("'Rapprochement automatique': polls the job with a progress bar, then reports and reads the lines again", async () => {
    const user = userEvent.setup();
    const states: AutoMatchStatus[] = [
      { state: 'running', done: 1, total: 3, matched: 0, ambiguous: 0 },
      { state: 'completed', done: 3, total: 3, matched: 2, ambiguous: 1 },
    ];
    let reads = 0;
    const fetchMock = mockFetch(
      routes({
        [`POST ${ACCOUNT}/auto-match`]: { status: 202, body: { jobId: 'job-7' } },
        [`GET ${ACCOUNT}/auto-match/job-7`]: () => ({ body: states[Math.min(reads++, states.length - 1)] }),
      }),
    );
    renderScreen();
    await statementTable();
    const before = callsTo(fetchMock, 'GET', `${ACCOUNT}/statement-lines`).length;
    await user.click(screen.getByRole('button', { name: 'Rapprochement automatique' }));
    expect(await screen.findByRole('progressbar', { name: 'Avancement du rapprochement automatique' })).toBeInTheDocument();
    expect(await screen.findByText('Lignes examinées : 1 / 3')).toBeInTheDocument();
    expect(
      await screen.findByText(
        `${MESSAGES_RECONCILIATION.autoDone(2)}. 1 ligne a plusieurs correspondances possibles : choisissez vous-même.`,
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${ACCOUNT}/auto-match`)[0].body).toEqual({});
    expect(reads).toBe(2);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${ACCOUNT}/statement-lines`).length).toBeGreaterThan(before));
    expect(screen.queryByRole('progressbar', { name: 'Avancement du rapprochement automatique' })).not.toBeInTheDocument();
  });

  it("'Créer l'écriture': bank fees on 631 by default", async () => {
    const user = userEvent.setup();
    const CREATE = `${BASE}/statement-lines/${FEES.id}/create-entry`;
    const fetchMock = mockFetch(routes({ [`POST ${CREATE}`]: { status: 201, body: { kind: 'fee', entryNumber: 'BQ-2026-0042' } } }));
    renderScreen();
    const statement = await statementTable();
    const row = within(statement).getByText('FRAIS TENUE DE COMPTE').closest('tr')!;
    await user.click(within(row as HTMLElement).getByRole('button', { name: "Créer l'écriture" }));
    const dialog = await screen.findByRole('dialog', { name: "Créer l'écriture" });
    expect(within(dialog).getByRole('radio', { name: 'Frais bancaires' })).toBeChecked();
    expect(within(dialog).getByLabelText('Compte')).toHaveValue('631');
    await user.click(within(dialog).getByRole('button', { name: 'Créer et rapprocher' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', CREATE)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', CREATE)[0].body).toEqual({
      kind: 'fee',
      accountCode: '631',
      invoiceId: null,
      toAccountId: null,
      label: null,
    });
    expect(await screen.findByText(MESSAGES_RECONCILIATION.entryCreated)).toBeInTheDocument();
    expect(screen.getByText('Écriture BQ-2026-0042')).toBeInTheDocument();
  });

  it("'Créer l'écriture': an invoice's payment from the candidates, a transfer to another account", async () => {
    const user = userEvent.setup();
    const CREATE = `${BASE}/statement-lines/${RECEIPT.id}/create-entry`;
    const fetchMock = mockFetch(routes({ [`POST ${CREATE}`]: { status: 201, body: { kind: 'payment', entryNumber: 'BQ-2026-0043' } } }));
    renderScreen();
    const statement = await statementTable();
    const row = within(statement).getByText('VIR SONATEL').closest('tr')!;
    await user.click(within(row as HTMLElement).getByRole('button', { name: "Créer l'écriture" }));
    const dialog = await screen.findByRole('dialog', { name: "Créer l'écriture" });
    // Money in: an invoice's payment first.
    expect(within(dialog).getByRole('radio', { name: 'Paiement de facture' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Créer et rapprocher' }));
    expect(await within(dialog).findByText(MESSAGES_RECONCILIATION.invoiceRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', CREATE)).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Virement' }));
    const destination = within(dialog).getByLabelText('Compte de trésorerie de destination');
    // The line's own account is not a destination.
    await waitFor(() =>
      expect(
        within(destination)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choisir un compte', 'Wave Business (5521) — -15 000 XOF', 'Caisse (571) — 80 000 XOF']),
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Paiement de facture' }));
    await user.selectOptions(await within(dialog).findByLabelText('Facture'), 'FV-2026-0004 — Sonatel — reste 118 000 XOF');
    await user.click(within(dialog).getByRole('button', { name: 'Créer et rapprocher' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', CREATE)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', CREATE)[0].body).toEqual({
      kind: 'payment',
      accountCode: null,
      invoiceId: INVOICE_ID,
      toAccountId: null,
      label: null,
    });
  });

  it("'Règles': lists the rules and adds one", async () => {
    const user = userEvent.setup();
    const rule = { id: 'r1', contains: 'FRAIS', accountCode: '631', accountName: 'Frais bancaires', createdAt: '2026-01-01T00:00:00.000Z' };
    const fetchMock = mockFetch(
      routes({
        [`GET ${BASE}/statement-rules`]: { body: { items: [rule] } },
        [`POST ${BASE}/statement-rules`]: { status: 201, body: { ...rule, id: 'r2', contains: 'WAVE' } },
      }),
    );
    renderScreen();
    await statementTable();
    await user.click(screen.getByRole('button', { name: 'Règles' }));
    const dialog = await screen.findByRole('dialog', { name: "Règles d'affectation" });
    expect(await within(dialog).findByText('Le libellé contient « FRAIS » → compte 631 (Frais bancaires)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter la règle' }));
    expect(within(dialog).getByText(MESSAGES_RECONCILIATION.ruleContainsRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/statement-rules`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Le libellé contient'), 'WAVE');
    await user.type(within(dialog).getByLabelText('Compte'), '6318');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter la règle' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${BASE}/statement-rules`)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', `${BASE}/statement-rules`)[0].body).toEqual({ contains: 'WAVE', accountCode: '6318' });
  });
});
