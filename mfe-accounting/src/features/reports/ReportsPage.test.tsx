import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_REPORTS, REPORT_CHECK_LABELS, type AccountingEntry } from '@xaalis/contracts';
import { callsTo, company, COMPANY_ID, mockFetch, renderWithApp, TEST_USER } from '../../test-utils';
import { balanceSheet, cashFlowStatement, generalLedger, incomeStatement, ledgerRow, trialBalance, trialRow, YEARS } from './fixtures';
import { hasMovement } from './format';
import { ledgerGroups } from './ledger';
import ReportsPage from './ReportsPage';

const BASE = `/api/companies/${COMPANY_ID}`;
const R = `${BASE}/reports`;

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${R}/years`]: { body: YEARS },
    [`GET ${R}/balance-sheet`]: { body: balanceSheet() },
    [`GET ${R}/income-statement`]: { body: incomeStatement() },
    [`GET ${R}/cash-flow-statement`]: { body: cashFlowStatement() },
    [`GET ${R}/trial-balance`]: { body: trialBalance() },
    [`GET ${R}/general-ledger`]: { body: generalLedger() },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

/** The URLs asked for one report, query strings included. */
const asked = (fetchMock: jest.Mock, report: string) => callsTo(fetchMock, 'GET', `${R}/${report}`).map((c) => c.url);

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('tab', { name }));
}

afterEach(() => jest.restoreAllMocks());

describe('ReportsPage', () => {
  it('lists the fiscal years, current first and selected, and reads the Bilan of the chosen year', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    expect(screen.getByRole('heading', { level: 1, name: 'Rapports Financiers' })).toBeInTheDocument();
    const select = await screen.findByLabelText(MESSAGES_REPORTS.fiscalYear);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2026', '2025']);
    expect(select).toHaveValue('2026');
    await screen.findByRole('table', { name: 'Bilan — ACTIF' });
    expect(asked(fetchMock, 'balance-sheet')).toEqual([`${R}/balance-sheet?year=2026`]);

    await user.selectOptions(select, '2025');
    await waitFor(() => expect(asked(fetchMock, 'balance-sheet')).toContain(`${R}/balance-sheet?year=2025`));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Bilan',
      'Compte de Résultat',
      'Flux de Trésorerie',
      'Balance',
      'Grand Livre',
    ]);
  });

  it('shows the Bilan: actif and passif with their columns, REF, XOF amounts (negative with a minus) and bold totals', async () => {
    mockFetch(routes());
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    const actif = await screen.findByRole('table', { name: 'Bilan — ACTIF' });
    const passif = screen.getByRole('table', { name: 'Bilan — PASSIF' });
    expect(
      within(actif)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['REF', 'ACTIF', 'Brut', 'Amort. et dépréc.', 'Net', 'Net N-1']);
    expect(
      within(passif)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['REF', 'PASSIF', 'Exercice N', 'Exercice N-1']);
    const clients = rowOf(actif, 'Clients');
    expect(within(clients).getByText('BI')).toBeInTheDocument();
    expect(within(clients).getAllByText('1 180 000 XOF')).toHaveLength(2);
    expect(within(rowOf(actif, 'Banques, chèques postaux, caisse et assimilés')).getAllByText('-25 000 XOF')).toHaveLength(2);
    const totalActif = rowOf(actif, 'TOTAL GÉNÉRAL');
    const totalPassif = rowOf(passif, 'TOTAL GÉNÉRAL');
    expect(within(totalActif).getAllByText('1 155 000 XOF')).toHaveLength(2);
    expect(within(totalPassif).getByText('1 155 000 XOF')).toBeInTheDocument();
    expect(within(totalActif).getByText('TOTAL GÉNÉRAL')).toHaveStyle({ fontWeight: 700 });
    expect(within(clients).getByText('Clients')).not.toHaveStyle({ fontWeight: 700 });
    // A title line is a heading without amounts.
    const heading = within(actif).getByRole('rowheader', { name: 'ACTIF CIRCULANT' });
    expect(within(heading.closest('tr') as HTMLElement).queryByText(/XOF/)).toBeNull();
    // No failed check: no warning.
    expect(screen.queryByText(new RegExp(MESSAGES_REPORTS.checkFailed))).toBeNull();
  });

  it('opens a detail line on its accounts, and an account on its Grand livre over the fiscal year', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    const actif = await screen.findByRole('table', { name: 'Bilan — ACTIF' });
    const toggle = within(actif).getByRole('button', { name: 'Comptes du poste BI' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(actif).queryByText('4111 — Clients')).toBeNull();
    // The passif's result line has no accounts to open.
    expect(within(screen.getByRole('table', { name: 'Bilan — PASSIF' })).queryByRole('button', { name: /CJ/ })).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const account = within(actif).getByRole('button', { name: 'Grand livre du compte 4111' });
    expect(account).toHaveTextContent('4111 — Clients');
    expect(within(account.closest('tr') as HTMLElement).getAllByText('1 180 000 XOF')).toHaveLength(2);

    await user.click(account);
    expect(screen.getByRole('tab', { name: 'Grand Livre' })).toHaveAttribute('aria-selected', 'true');
    const ledger = await screen.findByRole('table', { name: 'Grand Livre' });
    expect(asked(fetchMock, 'general-ledger')).toEqual([
      `${R}/general-ledger?from=2026-01-01&to=2026-12-31&accountFrom=4111&accountTo=4111&page=1&pageSize=100`,
    ]);
    expect(screen.getByLabelText('Du compte')).toHaveValue('4111');
    expect(screen.getByLabelText('Au compte')).toHaveValue('4111');
    expect(screen.getByLabelText('Du')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('Au')).toHaveValue('2026-12-31');
    // Heading with the opening balance, lines with the running balance, the account's totals.
    const heading = within(ledger).getByRole('rowheader', { name: '4111 — Clients' }).closest('tr') as HTMLElement;
    expect(within(heading).getByText("Solde d'ouverture")).toBeInTheDocument();
    expect(within(heading).getByText('0 XOF')).toBeInTheDocument();
    const second = within(ledger).getByRole('button', { name: "Voir l'écriture VT-2026-00002" }).closest('tr') as HTMLElement;
    expect(within(second).getByText('15/03/2026')).toBeInTheDocument();
    expect(within(second).getByText('VT')).toBeInTheDocument();
    expect(within(second).getByText('Facture FV-2026-0002')).toBeInTheDocument();
    expect(within(second).getByText('200 000 XOF')).toBeInTheDocument();
    const totals = rowOf(ledger, 'Total du compte 4111');
    expect(within(totals).getAllByText('200 000 XOF')).toHaveLength(2);
  });

  it('opens the entry behind a Grand livre line', async () => {
    const user = userEvent.setup();
    const entry: AccountingEntry = {
      id: 'entry-1',
      number: 'VT-2026-00001',
      journal: 'VT',
      date: '2026-03-15',
      description: 'Facture FV-2026-0001',
      reference: null,
      status: 'validated',
      total: '100000.00',
      companyId: COMPANY_ID,
      reversalOfId: null,
      reversedById: null,
      validatedAt: '2026-03-15T10:00:00.000Z',
      createdAt: '2026-03-15T10:00:00.000Z',
      updatedAt: '2026-03-15T10:00:00.000Z',
      lines: [],
    };
    mockFetch(routes({ 'GET /api/accounting-entries/entry-1': { body: entry }, 'GET /api/users': { body: [] } }));
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    await openTab(user, 'Grand Livre');
    const ledger = await screen.findByRole('table', { name: 'Grand Livre' });
    await user.click(within(ledger).getByText('Facture FV-2026-0001'));
    expect(await screen.findByRole('dialog', { name: 'Écriture VT-2026-00001' })).toBeInTheDocument();
  });

  it('Balance: hides accounts without movement until asked, with totals; an account opens its Grand livre over the same dates', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    await openTab(user, 'Balance');
    const table = await screen.findByRole('table', { name: 'Balance' });
    expect(asked(fetchMock, 'trial-balance')).toEqual([`${R}/trial-balance?from=2026-01-01&to=2026-12-31`]);
    const codes = () =>
      within(table)
        .getAllByRole('button', { name: /^Grand livre du compte/ })
        .map((b) => b.textContent);
    expect(codes()).toEqual(['4111', '706', '4431']);
    const totals = rowOf(table, 'Totaux');
    expect(within(totals).getAllByText('1 180 000 XOF')).toHaveLength(4);

    await user.click(screen.getByRole('switch', { name: MESSAGES_REPORTS.showEmptyAccounts }));
    expect(codes()).toEqual(['101', '4111', '706', '4431']);

    await user.click(within(table).getByRole('button', { name: 'Grand livre du compte 706' }));
    await screen.findByRole('table', { name: 'Grand Livre' });
    expect(asked(fetchMock, 'general-ledger')).toEqual([
      `${R}/general-ledger?from=2026-01-01&to=2026-12-31&accountFrom=706&accountTo=706&page=1&pageSize=100`,
    ]);
  });

  it("Balance: 'Aucun compte disponible' when no account moved", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`GET ${R}/trial-balance`]: { body: trialBalance({ rows: [trialRow('101', 'Capital social')] }) } }));
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    await openTab(user, 'Balance');
    expect(await screen.findByText(MESSAGES_REPORTS.noAccounts)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: MESSAGES_REPORTS.showEmptyAccounts }));
    expect(await screen.findByRole('button', { name: 'Grand livre du compte 101' })).toBeInTheDocument();
  });

  it('Grand livre: asks the server for page 2, then for 500 lines a page from the first', async () => {
    const user = userEvent.setup();
    const page = (n: number) =>
      generalLedger({
        page: n,
        total: 150,
        accounts: [{ ...generalLedger().accounts[0], lineCount: 150, periodDebit: '15000000.00', closingBalance: '15000000.00' }],
        rows: Array.from({ length: n === 1 ? 100 : 50 }, (_, i) => ledgerRow((n - 1) * 100 + i + 1)),
      });
    const fetchMock = mockFetch(
      routes({ [`GET ${R}/general-ledger`]: (_init: unknown, url: string) => ({ body: page(url.includes('page=2') ? 2 : 1) }) }),
    );
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    await openTab(user, 'Grand Livre');
    const ledger = await screen.findByRole('table', { name: 'Grand Livre' });
    // The account goes on past page 1: no totals yet.
    expect(within(ledger).queryByText('Total du compte 4111')).toBeNull();
    expect(screen.getByText('1–100 sur 150')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Aller à la page suivante' }));
    await screen.findByRole('button', { name: "Voir l'écriture VT-2026-00150" });
    expect(asked(fetchMock, 'general-ledger').at(-1)).toBe(`${R}/general-ledger?from=2026-01-01&to=2026-12-31&page=2&pageSize=100`);
    // Page 2 carries the balance forward (10 000 000 after line 100) and ends with the account's totals.
    const heading = within(screen.getByRole('table', { name: 'Grand Livre' }))
      .getByRole('rowheader', { name: '4111 — Clients' })
      .closest('tr') as HTMLElement;
    expect(within(heading).getByText(MESSAGES_REPORTS.carriedBalance)).toBeInTheDocument();
    expect(within(heading).getByText('10 000 000 XOF')).toBeInTheDocument();
    expect(screen.getByText('Total du compte 4111')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Lignes par page/ }));
    await user.click(await screen.findByRole('option', { name: '500' }));
    await waitFor(() =>
      expect(asked(fetchMock, 'general-ledger').at(-1)).toBe(`${R}/general-ledger?from=2026-01-01&to=2026-12-31&page=1&pageSize=500`),
    );
  });

  it("Grand livre: 'Aucune écriture sur cette période' when the period has no line", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`GET ${R}/general-ledger`]: { body: generalLedger({ total: 0, rows: [], accounts: [] }) } }));
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    await openTab(user, 'Grand Livre');
    expect(await screen.findByText(MESSAGES_REPORTS.noLines)).toBeInTheDocument();
  });

  it('warns discreetly when a check fails, and names the accounts no SYSCOHADA line covers', async () => {
    mockFetch(
      routes({
        [`GET ${R}/balance-sheet`]: {
          body: balanceSheet({
            checks: { assetsEqualLiabilities: false, resultMatchesIncomeStatement: true },
            unmappedAccounts: ['4712', '4751'],
          }),
        },
      }),
    );
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    await screen.findByRole('table', { name: 'Bilan — ACTIF' });
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent(`${MESSAGES_REPORTS.checkFailed} : ${REPORT_CHECK_LABELS.assetsEqualLiabilities}`);
    expect(warning).not.toHaveTextContent(REPORT_CHECK_LABELS.resultMatchesIncomeStatement);
    expect(screen.getByRole('note')).toHaveTextContent(`${MESSAGES_REPORTS.unmappedAccounts} : 4712, 4751`);
  });

  it('shows a 400 next to the date it names, and a 400 without a field above the table', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({
        [`GET ${R}/trial-balance`]: (_init: unknown, url: string) =>
          url.includes('from=2027-01-01')
            ? {
                status: 400,
                body: { message: MESSAGES_REPORTS.fromAfterTo, issues: [{ path: 'from', message: MESSAGES_REPORTS.fromAfterTo }] },
              }
            : { body: trialBalance() },
        [`GET ${R}/general-ledger`]: { status: 400, body: { message: MESSAGES_REPORTS.rangeTooLong } },
      }),
    );
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    await openTab(user, 'Balance');
    await screen.findByRole('table', { name: 'Balance' });
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2027-01-01' } });
    await waitFor(() => expect(screen.getByLabelText('Du')).toHaveAccessibleDescription(MESSAGES_REPORTS.fromAfterTo));
    expect(screen.getByLabelText('Du')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table', { name: 'Balance' })).toBeNull();
    expect(asked(fetchMock, 'trial-balance').at(-1)).toBe(`${R}/trial-balance?from=2027-01-01&to=2026-12-31`);

    await openTab(user, 'Grand Livre');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES_REPORTS.rangeTooLong);
    expect(screen.queryByText(MESSAGES_REPORTS.loadError)).toBeNull();
  });

  it("shows 'Erreur lors du chargement du rapport' with the server's message when a report fails", async () => {
    mockFetch(routes({ [`GET ${R}/balance-sheet`]: { status: 500, body: { message: 'Base de données indisponible' } } }));
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    expect(await screen.findByText(MESSAGES_REPORTS.loadError)).toBeInTheDocument();
    expect(screen.getByText('Base de données indisponible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('Compte de résultat and TFT: N and N-1, totals in bold, section titles as headings', async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    await openTab(user, 'Compte de Résultat');
    const income = await screen.findByRole('table', { name: 'Compte de Résultat' });
    expect(
      within(income)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['REF', 'Libellé', 'Exercice N', 'Exercice N-1']);
    const net = rowOf(income, 'RÉSULTAT NET (XG+XH+RQ+RS)');
    expect(within(net).getByText('XI')).toHaveStyle({ fontWeight: 700 });
    expect(within(net).getByText('975 000 XOF')).toBeInTheDocument();

    await openTab(user, 'Flux de Trésorerie');
    const tft = await screen.findByRole('table', { name: 'Flux de Trésorerie' });
    expect(within(tft).getByRole('rowheader', { name: 'Flux de trésorerie provenant des activités opérationnelles' })).toBeInTheDocument();
    expect(within(rowOf(tft, 'Trésorerie nette au 31 décembre')).getByText('-25 000 XOF')).toBeInTheDocument();
  });

  it("exports the active tab with its parameters and format: 'Exporter PDF' for the Bilan, 'Exporter Excel' for the Balance's dates", async () => {
    const user = userEvent.setup();
    const base = mockFetch(routes());
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const downloads: string[] = [];
    (globalThis as { fetch: unknown }).fetch = jest.fn(async (input: string, init?: RequestInit) => {
      if (input.includes('format=')) {
        downloads.push(input);
        return {
          ok: true,
          status: 200,
          blob: async () => new Blob(['%PDF']),
          headers: new Headers({
            'Content-Disposition': input.includes('format=pdf') ? 'attachment; filename="balance-sheet-2026.pdf"' : '',
          }),
        } as unknown as Response;
      }
      return base(input, init);
    });
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    await screen.findByRole('table', { name: 'Bilan — ACTIF' });
    await user.click(screen.getByRole('button', { name: 'Exporter PDF' }));
    await waitFor(() => expect(saved).toEqual(['balance-sheet-2026.pdf']));
    expect(downloads).toEqual([`${R}/balance-sheet?year=2026&format=pdf`]);

    await openTab(user, 'Balance');
    await screen.findByRole('table', { name: 'Balance' });
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-02-01' } });
    await user.click(screen.getByRole('button', { name: 'Exporter Excel' }));
    // No name from the server: the contract's safe name.
    await waitFor(() => expect(saved).toEqual(['balance-sheet-2026.pdf', 'trial-balance-2026-02-01-2026-12-31.xlsx']));
    expect(downloads.at(-1)).toBe(`${R}/trial-balance?from=2026-02-01&to=2026-12-31&format=xlsx`);
  });
});

describe('report helpers', () => {
  it('a Balance row moves when any of its six amounts is not zero', () => {
    expect(hasMovement(trialRow('101', 'Capital'))).toBe(false);
    expect(hasMovement(trialRow('101', 'Capital', { openingCredit: '-0.00' }))).toBe(false);
    expect(hasMovement(trialRow('101', 'Capital', { closingCredit: '0.01' }))).toBe(true);
  });

  it('groups a Grand livre page by account: carried on a later page, totals where the account ends, opening-only accounts once', () => {
    const heading = generalLedger().accounts[0];
    const accounts = [
      { ...heading, accountCode: '401', accountName: 'Fournisseurs', openingBalance: '-50000.00', lineCount: 1 },
      { ...heading, accountCode: '405', accountName: 'Fournisseurs, effets', openingBalance: '-7000.00', lineCount: 0 },
      { ...heading, accountCode: '411', accountName: 'Clients', lineCount: 2 },
      { ...heading, accountCode: '471', accountName: 'Débiteurs divers', openingBalance: '5000.00', lineCount: 0 },
    ];
    const summary = (groups: ReturnType<typeof ledgerGroups>) =>
      groups.map((g) => [g.account.accountCode, g.rows.length, g.carried, g.balanceBefore, g.ends]);
    const rows = [
      ledgerRow(1, { accountCode: '401', debit: '0.00', credit: '20000.00', balance: '-70000.00' }),
      ledgerRow(2, { accountCode: '411', balance: '100000.00' }),
    ];
    expect(summary(ledgerGroups(generalLedger({ page: 1, pageSize: 2, total: 3, accounts, rows })))).toEqual([
      ['401', 1, false, '-50000.00', true],
      ['405', 0, false, '-7000.00', true],
      ['411', 1, false, '0.00', false],
    ]);
    const page2 = generalLedger({
      page: 2,
      pageSize: 2,
      total: 3,
      accounts,
      rows: [ledgerRow(3, { accountCode: '411', balance: '200000.00' })],
    });
    expect(summary(ledgerGroups(page2))).toEqual([
      ['411', 1, true, '100000.00', true],
      ['471', 0, false, '5000.00', true],
    ]);
    // An account the server did not list: grouped by its lines, the last group of a page before the last left open.
    const unlisted = generalLedger({ page: 1, pageSize: 2, total: 3, accounts: [], rows });
    expect(summary(ledgerGroups(unlisted))).toEqual([
      ['401', 1, false, '-50000.00', true],
      ['411', 1, false, '0.00', false],
    ]);
  });
});
