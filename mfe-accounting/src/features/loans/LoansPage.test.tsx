import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loanTotals, MESSAGES_LOAN, type Loan, type LoanPayment } from '@xaalis/contracts';
import { callsTo, company, COMPANY_ID, listPage, mockFetch, renderWithApp, TEST_USER } from '../../test-utils';
import { instalmentsSummary } from './LoanDialog';
import LoansPage from './LoansPage';
import { accountsPage, WAVE_ID } from '../treasury/fixtures';

const BASE = `/api/companies/${COMPANY_ID}`;

function instalment(n: number, overrides: Partial<LoanPayment> = {}): LoanPayment {
  return {
    id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    loanId: 'loan-cbao',
    dueDate: `2026-0${n + 1}-15`,
    principalAmount: '195058.00',
    interestAmount: '12000.00',
    totalAmount: '207058.00',
    paymentDate: null,
    paymentMethod: null,
    status: 'pending',
    ...overrides,
  };
}

const CBAO: Loan = {
  id: 'loan-cbao',
  lender: 'CBAO',
  amount: '1200000.00',
  interestRate: '7.50',
  startDate: '2026-01-15',
  endDate: '2026-04-15',
  paymentFrequency: 'monthly',
  remainingBalance: '1004942.00',
  status: 'active',
  treasuryAccount: '521',
  entryId: 'e1',
  companyId: COMPANY_ID,
  createdAt: '2026-01-15T10:00:00.000Z',
  updatedAt: '2026-02-15T10:00:00.000Z',
  payments: [
    instalment(1, { status: 'paid', paymentDate: '2026-02-15', paymentMethod: 'bank' }),
    instalment(2, { status: 'overdue' }),
    instalment(3, { totalAmount: '207057.00', principalAmount: '205007.00', interestAmount: '2050.00' }),
  ],
};
const DONE: Loan = {
  ...CBAO,
  id: 'loan-done',
  lender: 'Ecobank',
  amount: '500000.00',
  interestRate: '0.00',
  remainingBalance: '0.00',
  status: 'completed',
  payments: [instalment(1, { id: '00000000-0000-4000-8000-000000000299', loanId: 'loan-done', status: 'paid', paymentDate: '2026-02-15' })],
};

function routes(loans: Loan[] | (() => Loan[]), overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/loans`]: () => {
      const list = typeof loans === 'function' ? loans() : loans;
      return { body: listPage(list, { totals: loanTotals(list) }) };
    },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

const row = (lender: string) => screen.getByRole('cell', { name: lender }).closest('tr') as HTMLElement;

async function typeIn(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string | RegExp, value: string) {
  const input = within(scope).getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

/** The loan form's five terms, typed in order. */
async function typeLoan(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  terms: { lender: string; amount: string; rate: string; start: string; end: string },
) {
  await typeIn(user, dialog, 'Prêteur', terms.lender);
  await typeIn(user, dialog, 'Montant', terms.amount);
  await typeIn(user, dialog, "Taux d'intérêt annuel", terms.rate);
  await typeIn(user, dialog, 'Date de début', terms.start);
  await typeIn(user, dialog, 'Date de fin', terms.end);
}

async function clickNewLoan(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Nouvel Emprunt' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.findByRole('dialog', { name: 'Nouvel Emprunt' });
}

afterEach(() => jest.restoreAllMocks());

describe('LoansPage', () => {
  it('shows the four totals and the table with rate, period, remaining balance and status badges', async () => {
    mockFetch(routes([CBAO, DONE]));
    renderWithApp(<LoansPage />, { route: '/emprunts' });
    expect(screen.getByRole('heading', { level: 1, name: 'Emprunts' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Emprunts' });
    expect(within(screen.getByRole('group', { name: "Nombre d'emprunts" })).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Capital emprunté' })).getByText('1 700 000 XOF')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Capital restant dû' })).getByText('1 004 942 XOF')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Emprunts actifs' })).getByText('1')).toBeInTheDocument();

    const cbao = row('CBAO');
    expect(within(cbao).getByText('1 200 000 XOF')).toBeInTheDocument();
    expect(within(cbao).getByText('7,50 %')).toBeInTheDocument();
    expect(within(cbao).getByText('15/01/2026 - 15/04/2026')).toBeInTheDocument();
    expect(within(cbao).getByText('Actif')).toBeInTheDocument();
    expect(within(cbao).getByText('1 en retard')).toBeInTheDocument();
    expect(within(row('Ecobank')).getByText('Terminé')).toBeInTheDocument();
    expect(within(row('Ecobank')).getByText('0,00 %')).toBeInTheDocument();
    // Nothing left to pay on a completed loan.
    expect(within(row('Ecobank')).getByRole('button', { name: 'Aucune échéance à payer pour Ecobank' })).toBeDisabled();
  });

  it("shows 'Aucun emprunt enregistré' with a first-loan button, and an error state with a retry", async () => {
    const user = userEvent.setup();
    mockFetch(routes([]));
    const view = renderWithApp(<LoansPage />, { route: '/emprunts' });
    expect(await screen.findByText(MESSAGES_LOAN.empty)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Capital emprunté' })).getByText('0 XOF')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer le premier emprunt' }));
    expect(await screen.findByRole('dialog', { name: 'Nouvel Emprunt' })).toBeInTheDocument();
    view.unmount();

    mockFetch(routes([], { [`GET ${BASE}/loans`]: { status: 500, body: { message: 'Panne' } } }));
    renderWithApp(<LoansPage />, { route: '/emprunts' });
    expect(await screen.findByText('Impossible de charger les emprunts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it("opens the 'Échéancier' panel: rows with status badges, a pay button only on instalments still to pay", async () => {
    const user = userEvent.setup();
    mockFetch(routes([CBAO, { ...DONE, payments: [] }]));
    renderWithApp(<LoansPage />, { route: '/emprunts' });
    await user.click(await screen.findByRole('button', { name: "Voir l'échéancier de CBAO" }));
    const panel = await screen.findByRole('dialog', { name: 'Échéancier — CBAO' });
    const rows = within(within(panel).getByRole('table', { name: 'Échéancier' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1, 6)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['15/02/2026', '195 058 XOF', '12 000 XOF', '207 058 XOF', 'Payé'],
      ['15/03/2026', '195 058 XOF', '12 000 XOF', '207 058 XOF', 'En retard'],
      ['15/04/2026', '205 007 XOF', '2 050 XOF', '207 057 XOF', 'En attente'],
    ]);
    expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: "Payer l'échéance du 15/03/2026" })).toBeInTheDocument();
    expect(within(rows[2]).getByRole('button', { name: "Payer l'échéance du 15/04/2026" })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: "Voir l'échéancier de Ecobank" }));
    const empty = await screen.findByRole('dialog', { name: 'Échéancier — Ecobank' });
    expect(within(empty).getByText(MESSAGES_LOAN.emptySchedule)).toBeInTheDocument();
  });

  it('pays an instalment through the payment dialog, prefilled; the panel shows it paid after the refresh', async () => {
    const user = userEvent.setup();
    let loans = [CBAO];
    const late = CBAO.payments[1];
    const fetchMock = mockFetch(
      routes(() => loans, {
        'POST /api/payments': () => {
          loans = [
            {
              ...CBAO,
              remainingBalance: '809884.00',
              payments: CBAO.payments.map((p) =>
                p.id === late.id ? { ...p, status: 'paid', paymentDate: '2026-03-20', paymentMethod: 'bank' } : p,
              ),
            },
          ];
          return { status: 201, body: { id: 'pay1', type: 'loan_payment', loanPaymentId: late.id } };
        },
      }),
    );
    renderWithApp(<LoansPage />, { route: '/emprunts' });
    await user.click(await screen.findByRole('button', { name: "Voir l'échéancier de CBAO" }));
    const panel = await screen.findByRole('dialog', { name: 'Échéancier — CBAO' });
    await user.click(within(panel).getByRole('button', { name: "Payer l'échéance du 15/03/2026" }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau Paiement' });
    expect(within(dialog).getByLabelText('Type de paiement')).toHaveValue('loan_payment');
    await waitFor(() => expect(within(dialog).getByLabelText('Échéance')).toHaveValue(late.id));
    expect(within(dialog).getByLabelText('Montant')).toHaveValue(207058);
    await typeIn(user, dialog, 'Date', '2026-03-20');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouveau Paiement' })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/payments')[0].body).toMatchObject({
      type: 'loan_payment',
      loanPaymentId: late.id,
      amount: '207058.00',
      date: '2026-03-20',
      method: 'bank',
      companyId: COMPANY_ID,
    });
    const rows = within(within(panel).getByRole('table', { name: 'Échéancier' }))
      .getAllByRole('row')
      .slice(1);
    await waitFor(() => expect(within(rows[1]).getByText('Payé')).toBeInTheDocument());
    expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument();
    // Behind the panel, the totals followed too.
    await user.click(within(panel).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('group', { name: 'Capital restant dû' })).getByText('809 884 XOF')).toBeInTheDocument();
  });

  it("the table's pay button opens the payment dialog for the loan's next instalment", async () => {
    const user = userEvent.setup();
    mockFetch(routes([CBAO]));
    renderWithApp(<LoansPage />, { route: '/emprunts' });
    await user.click(await screen.findByRole('button', { name: "Payer l'échéance du 15/03/2026 de CBAO" }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau Paiement' });
    await waitFor(() => expect(within(dialog).getByLabelText('Échéance')).toHaveValue(CBAO.payments[1].id));
    expect(within(dialog).getByLabelText('Montant')).toHaveValue(207058);
  });

  it("creates a loan: French messages, defaults (today, monthly, 521), the schedule's summary, 'Emprunt créé avec succès'", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes([], { [`POST ${BASE}/loans`]: { status: 201, body: CBAO } }));
    renderWithApp(<LoansPage />, { route: '/emprunts' });
    const dialog = await clickNewLoan(user);
    expect(within(dialog).getByLabelText('Date de début')).toHaveValue(new Date().toISOString().slice(0, 10));
    expect(within(dialog).getByLabelText('Périodicité')).toHaveValue('monthly');
    expect(within(dialog).getByLabelText('Fonds reçus sur')).toHaveValue('521');
    await typeIn(user, dialog, 'Date de début', '');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'emprunt" }));
    expect(await within(dialog).findByText(MESSAGES_LOAN.lenderRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_LOAN.amountRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_LOAN.interestRateRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_LOAN.startDateRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_LOAN.endDateRequired)).toBeInTheDocument();

    await typeLoan(user, dialog, { lender: 'CBAO', amount: '1200000', rate: '150', start: '2026-01-15', end: '2026-02-10' });
    await user.click(within(dialog).getByRole('button', { name: "Créer l'emprunt" }));
    expect(await within(dialog).findByText(MESSAGES_LOAN.interestRateInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_LOAN.periodTooShort)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/loans`)).toHaveLength(0);

    await typeIn(user, dialog, "Taux d'intérêt annuel", '7.5');
    await typeIn(user, dialog, 'Date de fin', '2027-01-15');
    await user.selectOptions(within(dialog).getByLabelText('Fonds reçus sur'), '552 — Orange Money');
    expect(within(dialog).getByRole('note')).toHaveTextContent('12 échéances, du 15/02/2026 au 15/01/2027');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'emprunt" }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouvel Emprunt' })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', `${BASE}/loans`)[0].body).toEqual({
      lender: 'CBAO',
      amount: '1200000.00',
      interestRate: '7.50',
      startDate: '2026-01-15',
      endDate: '2027-01-15',
      paymentFrequency: 'monthly',
      treasuryAccount: '552',
      remainingBalance: '1200000.00',
    });
    expect(await screen.findByText('Succès')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_LOAN.created)).toBeInTheDocument();
  });

  it("receives the funds on the treasury account chosen once the company's accounts load", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes([], { [`GET ${BASE}/treasury-accounts`]: { body: accountsPage() }, [`POST ${BASE}/loans`]: { status: 201, body: CBAO } }),
    );
    renderWithApp(<LoansPage />, { route: '/emprunts' });
    const dialog = await clickNewLoan(user);
    const funds = within(dialog).getByLabelText('Fonds reçus sur');
    await waitFor(() => expect(within(funds).getByRole('option', { name: 'Wave Business (5521)' })).toBeInTheDocument());
    await user.selectOptions(funds, 'Wave Business (5521)');
    await typeLoan(user, dialog, { lender: 'CBAO', amount: '1200000', rate: '7.5', start: '2026-01-15', end: '2027-01-15' });
    await user.click(within(dialog).getByRole('button', { name: "Créer l'emprunt" }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${BASE}/loans`)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', `${BASE}/loans`)[0].body).toMatchObject({ treasuryAccountId: WAVE_ID, lender: 'CBAO' });
  });

  it("shows 'Erreur lors de la création de l'emprunt' with the server's message when the save fails", async () => {
    const user = userEvent.setup();
    mockFetch(routes([], { [`POST ${BASE}/loans`]: { status: 400, body: { message: MESSAGES_LOAN.amountTooSmall } } }));
    renderWithApp(<LoansPage />, { route: '/emprunts' });
    const dialog = await clickNewLoan(user);
    await typeLoan(user, dialog, { lender: 'Tontine', amount: '100', rate: '0', start: '2026-01-15', end: '2056-01-15' });
    await user.click(within(dialog).getByRole('button', { name: "Créer l'emprunt" }));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getByText(`${MESSAGES_LOAN.createError} : ${MESSAGES_LOAN.amountTooSmall}`)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nouvel Emprunt' })).toBeInTheDocument();
  });
});

it('summarises the schedule the dates give', () => {
  expect(instalmentsSummary('2026-01-31', '2026-03-31', 'monthly')).toBe('2 échéances, du 28/02/2026 au 31/03/2026');
  expect(instalmentsSummary('2026-01-15', '2027-01-15', 'yearly')).toBe('1 échéance, du 15/01/2027 au 15/01/2027');
  expect(instalmentsSummary('2026-01-15', '2026-02-01', 'monthly')).toBeNull();
  expect(instalmentsSummary('2026-01-15', '', 'monthly')).toBeNull();
});

describe('LoansPage: role gating', () => {
  it("a collaborator pays instalments (a payment) but cannot record a loan ('accounting'); a reader does neither", async () => {
    mockFetch(routes([CBAO], { 'GET /api/user': { body: { ...TEST_USER, role: 'collaborator' } } }));
    const view = renderWithApp(<LoansPage />, { route: '/emprunts' });
    expect(await screen.findByRole('button', { name: "Payer l'échéance du 15/03/2026 de CBAO" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvel Emprunt' })).not.toBeInTheDocument();
    view.unmount();

    mockFetch(routes([CBAO], { 'GET /api/user': { body: { ...TEST_USER, role: 'reader' } } }));
    renderWithApp(<LoansPage />, { route: '/emprunts' });
    await screen.findByRole('table', { name: 'Emprunts' });
    expect(screen.queryByRole('button', { name: /^Payer/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvel Emprunt' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Voir l'échéancier de CBAO" })).toBeInTheDocument();
  });
});
