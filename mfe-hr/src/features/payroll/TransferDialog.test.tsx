import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_PAYROLL_PAYMENT, type PayrollTransferResult, type TransferOrder, type TreasuryAccount } from '@xaalis/contracts';
import { todayIso } from '@xaalis/web-kit';
import {
  callsTo,
  company,
  COMPANY_ID,
  employee,
  employeePage,
  mockFetch,
  payslipPage,
  renderWithApp,
  TEST_USER,
  type FakeResponse,
  type FetchHandler,
} from '../../test-utils';
import { previousMonth } from '../payroll-declarations';
import PayrollPage from './PayrollPage';

const BASE = `/api/companies/${COMPANY_ID}`;
const ORDER_PATH = `${BASE}/payrolls/transfer-order`;
const TRANSFERS_PATH = `${BASE}/payrolls/transfers`;
const STAFF = [employee({ employeeNumber: 'E001', firstName: 'Moussa', lastName: 'Fall' })];

const periodOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('period') ?? '';

function order(period: string, overrides: Partial<TransferOrder> = {}): TransferOrder {
  return {
    period,
    lines: [
      {
        payslipId: 'slip-1',
        employeeId: 'emp-1',
        employeeNumber: 'E001',
        firstName: 'Moussa',
        lastName: 'Fall',
        bank: 'SN010',
        account: 'SN08SN0100152000001234567890',
        net: '397185.00',
      },
      {
        payslipId: 'slip-2',
        employeeId: 'emp-2',
        employeeNumber: 'E002',
        firstName: 'Awa',
        lastName: 'Ndiaye',
        bank: '',
        account: '12345678901',
        net: '282000.00',
      },
    ],
    total: '679185.00',
    missing: [{ payslipId: 'slip-3', employeeNumber: 'E003', firstName: 'Ousmane', lastName: 'Ba', net: '150000.00' }],
    ...overrides,
  };
}

function account(id: number, overrides: Partial<TreasuryAccount> = {}): TreasuryAccount {
  return {
    id: `00000000-0000-4000-8000-00000000b00${id}`,
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
    isDefault: false,
    lastStatementDate: null,
    lastStatementBalance: null,
    unmatchedStatementLines: 0,
    unmatchedLedgerLines: 0,
    ...overrides,
  };
}

const CBAO = account(1);
const BHS = account(2, { name: 'BHS salaires', accountCode: '5212', isDefault: true });
const WAVE = account(3, { kind: 'mobile_money', name: 'Wave', accountCode: '5521', journal: 'MM', provider: 'wave', isDefault: true });
const CASH = account(4, { kind: 'cash', name: 'Caisse', accountCode: '571', journal: 'CA', isDefault: true });

function routes(overrides: Record<string, FakeResponse | FetchHandler> = {}): Record<string, FakeResponse | FetchHandler> {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/employees`]: (_init, url) => ({ body: employeePage(STAFF, url) }),
    [`GET ${BASE}/payrolls`]: (_init, url) => ({ body: payslipPage([], url) }),
    [`GET ${BASE}/treasury-accounts`]: { body: { items: [WAVE, CBAO, CASH, BHS], page: 1, pageSize: 50, totalItems: 4 } },
    [`GET ${ORDER_PATH}`]: (_init, url) => ({ body: order(periodOf(url)) }),
    ...overrides,
  };
}

type User = ReturnType<typeof userEvent.setup>;

async function openTransfer(user: User) {
  renderWithApp(<PayrollPage />, { route: '/paie' });
  await user.click(await screen.findByRole('button', { name: 'Virement des salaires' }));
  return screen.findByRole('dialog', { name: 'Virement des salaires' });
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => r.textContent);

afterEach(() => jest.restoreAllMocks());

describe("Gestion de la Paie → Bulletins → 'Virement des salaires'", () => {
  it("shows last month's transfer order: each salary with its bank and account, the total, and who has no bank account", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    const dialog = await openTransfer(user);
    const month = previousMonth();
    expect(within(dialog).getByLabelText('Mois')).toHaveValue(month);

    const table = await within(dialog).findByRole('table', { name: 'Ordre de virement' });
    expect(rowTexts(table)).toEqual([
      'MatriculeEmployéBanqueCompteNet à virer',
      'E001Moussa FallSN010SN08SN0100152000001234567890397 185 XOF',
      'E002Awa Ndiaye-12345678901282 000 XOF',
    ]);
    expect(within(dialog).getByText('Total à virer (2 salariés)')).toBeInTheDocument();
    expect(within(dialog).getByTestId('transfer-total')).toHaveTextContent('679 185 XOF');
    expect(within(dialog).getByText(MESSAGES_PAYROLL_PAYMENT.noBankAccount)).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('list', { name: 'Employés sans compte bancaire' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ousmane Ba (E003) : 150 000 XOF']);
    expect(callsTo(fetchMock, 'GET', ORDER_PATH).map((c) => periodOf(c.url))).toEqual([month]);

    // Another month is asked of the server.
    fireEvent.change(within(dialog).getByLabelText('Mois'), { target: { value: '2025-11' } });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', ORDER_PATH).map((c) => periodOf(c.url))).toEqual([month, '2025-11']));
  });

  it("starts on the month of the page's period filter", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    renderWithApp(<PayrollPage />, { route: '/paie' });
    fireEvent.change(await screen.findByLabelText('Période'), { target: { value: '2026-01' } });
    await user.click(screen.getByRole('button', { name: 'Virement des salaires' }));
    const dialog = await screen.findByRole('dialog', { name: 'Virement des salaires' });
    expect(within(dialog).getByLabelText('Mois')).toHaveValue('2026-01');
    await within(dialog).findByRole('table', { name: 'Ordre de virement' });
    expect(callsTo(fetchMock, 'GET', ORDER_PATH).map((c) => periodOf(c.url))).toEqual(['2026-01']);
  });

  it('downloads the transfer order as PDF and the bank file as CSV', async () => {
    const user = userEvent.setup();
    const base = mockFetch(routes());
    const downloads: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    (globalThis as { fetch: unknown }).fetch = jest.fn(async (input: string, init?: RequestInit) => {
      if (input.includes('format=')) {
        downloads.push(input);
        return { ok: true, status: 200, blob: async () => new Blob(['x']), headers: new Headers() };
      }
      return base(input, init);
    });
    const dialog = await openTransfer(user);
    await within(dialog).findByRole('table', { name: 'Ordre de virement' });
    await user.click(within(dialog).getByRole('button', { name: 'Ordre de virement (PDF)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Fichier pour la banque (CSV)' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    const month = previousMonth();
    expect(downloads).toEqual([`${ORDER_PATH}?period=${month}&format=pdf`, `${ORDER_PATH}?period=${month}&format=csv`]);
  });

  it("'Payer par virement' posts {period, paymentDate, treasuryAccountId} from a bank account, says how many slips were paid and reloads them", async () => {
    const user = userEvent.setup();
    let refusal: FakeResponse | null = { status: 409, body: { message: MESSAGES_PAYROLL_PAYMENT.nothingToTransfer } };
    const month = previousMonth();
    const result: PayrollTransferResult = {
      payment: {
        id: 'pay-1',
        kind: 'transfer',
        period: month,
        declarationId: null,
        paymentDate: '2026-02-03',
        treasuryAccountId: CBAO.id,
        total: '679185.00',
        lines: [],
        entryNumber: null,
        createdAt: '2026-02-03T09:00:00.000Z',
      },
      paid: 2,
      missing: order(month).missing,
    };
    const fetchMock = mockFetch(routes({ [`POST ${TRANSFERS_PATH}`]: () => refusal ?? { status: 201, body: result } }));
    const dialog = await openTransfer(user);
    await within(dialog).findByRole('table', { name: 'Ordre de virement' });

    // Bank accounts only, the default one chosen; today's date.
    const bank = await within(dialog).findByLabelText('Compte bancaire');
    await waitFor(() => expect(bank).toHaveValue(BHS.id));
    expect(
      within(bank)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['CBAO courant (5211)', 'BHS salaires (5212)']);
    const date = within(dialog).getByLabelText('Date de paiement');
    expect(date).toHaveValue(todayIso());
    await user.clear(date);
    await user.type(date, '2026-02-03');
    await user.selectOptions(bank, 'CBAO courant (5211)');

    await user.click(within(dialog).getByRole('button', { name: 'Payer par virement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES_PAYROLL_PAYMENT.nothingToTransfer);
    expect(screen.getByRole('dialog', { name: 'Virement des salaires' })).toBeInTheDocument();

    refusal = null;
    const slipReads = callsTo(fetchMock, 'GET', `${BASE}/payrolls`).length;
    await user.click(within(dialog).getByRole('button', { name: 'Payer par virement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(MESSAGES_PAYROLL_PAYMENT.transferPaid)).toBeInTheDocument();
    expect(screen.getByText('2 bulletins payés ; 1 bulletin sans compte bancaire reste à payer autrement')).toBeInTheDocument();
    const posts = callsTo(fetchMock, 'POST', TRANSFERS_PATH);
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toEqual({ period: month, paymentDate: '2026-02-03', treasuryAccountId: CBAO.id });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/payrolls`).length).toBeGreaterThan(slipReads));
  });

  it('offers nothing to pay or download when no validated slip is to be paid by transfer', async () => {
    const user = userEvent.setup();
    mockFetch(
      routes({ [`GET ${ORDER_PATH}`]: (_init, url) => ({ body: order(periodOf(url), { lines: [], total: '0.00', missing: [] }) }) }),
    );
    const dialog = await openTransfer(user);
    expect(await within(dialog).findByText(MESSAGES_PAYROLL_PAYMENT.nothingToTransfer)).toBeInTheDocument();
    expect(within(dialog).queryByRole('table', { name: 'Ordre de virement' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Compte bancaire')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Payer par virement' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Ordre de virement (PDF)' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Fichier pour la banque (CSV)' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("cannot pay without a bank account in treasury, and shows the server's message when the order cannot be read", async () => {
    const user = userEvent.setup();
    mockFetch(
      routes({
        [`GET ${BASE}/treasury-accounts`]: { body: { items: [WAVE, CASH], page: 1, pageSize: 50, totalItems: 2 } },
        [`GET ${ORDER_PATH}`]: (_init, url) =>
          periodOf(url) === '2025-10' ? { status: 503, body: { message: 'Service de paie indisponible' } } : { body: order(periodOf(url)) },
      }),
    );
    const dialog = await openTransfer(user);
    expect(
      await within(dialog).findByText('Aucun compte bancaire en trésorerie : créez-en un pour payer les salaires par virement.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Compte bancaire')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Payer par virement' })).toBeDisabled();

    fireEvent.change(within(dialog).getByLabelText('Mois'), { target: { value: '2025-10' } });
    expect(await within(dialog).findByText('Impossible de charger l’ordre de virement')).toBeInTheDocument();
    expect(within(dialog).getByText('Service de paie indisponible')).toBeInTheDocument();
  });
});
