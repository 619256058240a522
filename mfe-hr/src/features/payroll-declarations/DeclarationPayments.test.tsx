import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MESSAGES_PAYROLL_DECLARATION,
  MESSAGES_PAYROLL_PAYMENT,
  payrollPeriodLabel,
  type PayrollDeclaration,
  type PayrollDeclarationSummary,
  type TreasuryAccount,
} from '@xaalis/contracts';
import { todayIso } from '@xaalis/web-kit';
import { callsTo, company, COMPANY_ID, mockFetch, renderWithApp, TEST_USER, type FakeResponse, type FetchHandler } from '../../test-utils';
import { declarationPage, declarationSummary, salaryTaxPreview, socialPreview } from './fixtures';
import { previousMonth } from './period';
import { PayrollDeclarationsPanel } from './PayrollDeclarationsPanel';

const BASE = `/api/companies/${COMPANY_ID}`;
const PERIOD = previousMonth();
const LABEL = payrollPeriodLabel(PERIOD);
const DECLARED = declarationSummary({ id: 'decl-9', period: PERIOD, total: '110520.00' });
const periodOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('period') ?? '';

/** The declaration as `GET …/:id` gives it: the summary, its figures, its payments and what is left to pay. */
function filed(summary: PayrollDeclarationSummary, payments: PayrollDeclaration['payments'], leftToPay: string): PayrollDeclaration {
  return {
    ...summary,
    figures: summary.kind === 'social' ? socialPreview(summary.period) : salaryTaxPreview(summary.period),
    previousTotals: null,
    difference: null,
    payments,
    leftToPay,
  };
}

const FIRST_PAYMENT = { id: 'p-1', paymentDate: '2026-02-12', total: '97920.00', entryNumber: 'BQ-0042' };
const SECOND_PAYMENT = { id: 'p-2', paymentDate: '2026-02-20', total: '12600.00', entryNumber: null };

function account(id: number, overrides: Partial<TreasuryAccount>): TreasuryAccount {
  return {
    id: `00000000-0000-4000-8000-00000000c00${id}`,
    kind: 'bank',
    name: 'CBAO courant',
    accountCode: '5211',
    accountId: `acc-${id}`,
    journal: 'BQ',
    balance: '0.00',
    bankName: null,
    accountHolder: null,
    iban: null,
    provider: null,
    walletNumber: null,
    currency: 'XOF',
    isDefault: true,
    lastStatementDate: null,
    lastStatementBalance: null,
    unmatchedStatementLines: 0,
    unmatchedLedgerLines: 0,
    ...overrides,
  };
}
const BANK = account(1, {});
const WAVE = account(2, { kind: 'mobile_money', name: 'Wave', accountCode: '5521', journal: 'MM', provider: 'wave' });

function routes(overrides: Record<string, FakeResponse | FetchHandler> = {}): Record<string, FakeResponse | FetchHandler> {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/social-declarations/preview`]: (_init, url) => ({
      body: socialPreview(periodOf(url), { declared: DECLARED, declarable: false }),
    }),
    [`GET ${BASE}/social-declarations`]: { body: declarationPage([DECLARED]) },
    [`GET ${BASE}/treasury-accounts`]: { body: { items: [BANK, WAVE], page: 1, pageSize: 50, totalItems: 2 } },
    ...overrides,
  };
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => r.textContent);

const paymentsSection = () => screen.getByRole('region', { name: 'Paiements' });

afterEach(() => jest.restoreAllMocks());

describe('Gestion de la Paie → Déclarations: paying a filed declaration', () => {
  it('shows the payments of the declaration in force (read by its id) and what it leaves to pay', async () => {
    const fetchMock = mockFetch(
      routes({ [`GET ${BASE}/social-declarations/decl-9`]: { body: filed(DECLARED, [FIRST_PAYMENT, SECOND_PAYMENT], '0.00') } }),
    );
    renderWithApp(<PayrollDeclarationsPanel companyId={COMPANY_ID} />, { route: '/paie' });
    const table = await screen.findByRole('table', { name: 'Paiements de la déclaration' });
    expect(rowTexts(table)).toEqual([
      'Date de paiementMontantÉcriture',
      '12/02/202697 920 XOFBQ-0042',
      `20/02/202612 600 XOF${MESSAGES_PAYROLL_PAYMENT.postingPending}`,
    ]);
    expect(within(paymentsSection()).getByText('Déclaration payée')).toBeInTheDocument();
    expect(within(paymentsSection()).queryByRole('button', { name: 'Payer' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/social-declarations/decl-9`)).toHaveLength(1);
  });

  it("'Payer' posts {paymentDate, treasuryAccountId}, keeps the server's refusal in the dialog, then shows the payment", async () => {
    const user = userEvent.setup();
    let payments: PayrollDeclaration['payments'] = [FIRST_PAYMENT];
    let refusal: FakeResponse | null = { status: 409, body: { message: MESSAGES_PAYROLL_PAYMENT.nothingToPay } };
    const fetchMock = mockFetch(
      routes({
        [`GET ${BASE}/social-declarations/decl-9`]: () => ({
          body: filed(DECLARED, payments, payments.length > 1 ? '0.00' : '12600.00'),
        }),
        [`POST ${BASE}/social-declarations/decl-9/payments`]: () => {
          if (refusal) return refusal;
          payments = [FIRST_PAYMENT, { ...SECOND_PAYMENT, paymentDate: '2026-02-25' }];
          return { status: 201, body: { id: 'p-2', kind: 'social', period: PERIOD, total: '12600.00' } };
        },
      }),
    );
    renderWithApp(<PayrollDeclarationsPanel companyId={COMPANY_ID} />, { route: '/paie' });
    expect(await screen.findByTestId('left-to-pay')).toHaveTextContent('Reste à payer : 12 600 XOF');
    expect(rowTexts(screen.getByRole('table', { name: 'Paiements de la déclaration' }))).toEqual([
      'Date de paiementMontantÉcriture',
      '12/02/202697 920 XOFBQ-0042',
    ]);

    await user.click(within(paymentsSection()).getByRole('button', { name: 'Payer' }));
    const dialog = await screen.findByRole('dialog', { name: `Payer la déclaration — ${LABEL}` });
    expect(within(dialog).getByText('Montant à payer : 12 600 XOF')).toBeInTheDocument();
    const date = within(dialog).getByLabelText('Date de paiement');
    expect(date).toHaveValue(todayIso());
    // Every kind of treasury account is offered, the default bank account first chosen.
    const from = await within(dialog).findByLabelText('Compte de trésorerie');
    await waitFor(() => expect(from).toHaveValue(BANK.id));
    expect(
      within(from)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['CBAO courant (5211)', 'Wave (5521)']);
    await user.selectOptions(from, 'Wave (5521)');
    await user.clear(date);
    await user.type(date, '2026-02-25');

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES_PAYROLL_PAYMENT.nothingToPay);
    expect(screen.getByRole('dialog', { name: `Payer la déclaration — ${LABEL}` })).toBeInTheDocument();

    refusal = null;
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(MESSAGES_PAYROLL_PAYMENT.paid)).toBeInTheDocument();
    const posts = callsTo(fetchMock, 'POST', `${BASE}/social-declarations/decl-9/payments`);
    expect(posts.map((p) => p.body)).toEqual([
      { paymentDate: '2026-02-25', treasuryAccountId: WAVE.id },
      { paymentDate: '2026-02-25', treasuryAccountId: WAVE.id },
    ]);
    // The declaration is read again: paid.
    expect(await within(paymentsSection()).findByText('Déclaration payée')).toBeInTheDocument();
    expect(rowTexts(screen.getByRole('table', { name: 'Paiements de la déclaration' }))).toHaveLength(3);
    expect(within(paymentsSection()).queryByRole('button', { name: 'Payer' })).not.toBeInTheDocument();
  });

  it('pays a salary-tax statement without a treasury account when the accounts cannot be read', async () => {
    const user = userEvent.setup();
    const statement = declarationSummary({ id: 'vrs-1', kind: 'salary-tax', period: PERIOD, total: '98130.00' });
    const fetchMock = mockFetch(
      routes({
        [`GET ${BASE}/salary-tax-statements/preview`]: (_init, url) => ({
          body: salaryTaxPreview(periodOf(url), { declared: statement, declarable: false }),
        }),
        [`GET ${BASE}/salary-tax-statements`]: { body: declarationPage([statement]) },
        [`GET ${BASE}/salary-tax-statements/vrs-1`]: { body: filed(statement, [], '98130.00') },
        [`GET ${BASE}/treasury-accounts`]: { status: 503, body: { message: 'Comptabilité indisponible' } },
        [`POST ${BASE}/salary-tax-statements/vrs-1/payments`]: { status: 201, body: { id: 'p-9' } },
      }),
    );
    renderWithApp(<PayrollDeclarationsPanel companyId={COMPANY_ID} />, { route: '/paie' });
    await user.click(screen.getByRole('tab', { name: 'Retenues sur salaires' }));
    expect(await screen.findByTestId('left-to-pay')).toHaveTextContent('Reste à payer : 98 130 XOF');
    expect(within(paymentsSection()).getByText('Aucun paiement enregistré')).toBeInTheDocument();
    await user.click(within(paymentsSection()).getByRole('button', { name: 'Payer' }));
    const dialog = await screen.findByRole('dialog', { name: `Payer la déclaration — ${LABEL}` });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/treasury-accounts`)).toHaveLength(1));
    expect(within(dialog).queryByLabelText('Compte de trésorerie')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', `${BASE}/salary-tax-statements/vrs-1/payments`).map((p) => p.body)).toEqual([
      { paymentDate: todayIso(), treasuryAccountId: null },
    ]);
    expect(callsTo(fetchMock, 'POST', `${BASE}/social-declarations/decl-9/payments`)).toHaveLength(0);
  });

  it('offers no payment for a reopened declaration, and says when the payments cannot be read', async () => {
    const user = userEvent.setup();
    let reopened = true;
    const fetchMock = mockFetch(
      routes({
        [`GET ${BASE}/social-declarations/preview`]: (_init, url) => ({
          body: socialPreview(periodOf(url), {
            declared: reopened ? { ...DECLARED, status: 'reopened' } : DECLARED,
            declarable: reopened,
          }),
        }),
        [`GET ${BASE}/social-declarations/decl-9`]: { status: 404, body: { message: MESSAGES_PAYROLL_DECLARATION.notFound } },
      }),
    );
    const view = renderWithApp(<PayrollDeclarationsPanel companyId={COMPANY_ID} />, { route: '/paie' });
    expect(await screen.findByRole('status', { name: 'Déclaration déposée' })).toHaveTextContent('Rouverte');
    expect(screen.queryByRole('region', { name: 'Paiements' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/social-declarations/decl-9`)).toHaveLength(0);
    view.unmount();

    reopened = false;
    renderWithApp(<PayrollDeclarationsPanel companyId={COMPANY_ID} />, { route: '/paie' });
    expect(await screen.findByText('Impossible de charger les paiements de la déclaration')).toBeInTheDocument();
    expect(within(paymentsSection()).getByText(MESSAGES_PAYROLL_DECLARATION.notFound)).toBeInTheDocument();
    expect(within(paymentsSection()).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    await user.click(within(paymentsSection()).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/social-declarations/decl-9`)).toHaveLength(2));
  });
});
