import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_PAYSLIP, type Employee, type Payslip, type TreasuryAccount } from '@xaalis/contracts';
import { computePayslip, parameterSetFor } from '@xaalis/domain';
import { formatMoney, useRole } from '@xaalis/web-kit';
import { callsTo, company, COMPANY_ID, employee, employeePage, mockFetch, payslipPage, renderWithApp, TEST_USER } from '../../test-utils';
import { usePayrollRights } from './rights';
import { currentPeriod } from './PayslipDialog';
import PayrollPage from './PayrollPage';

const BASE = `/api/companies/${COMPANY_ID}`;
const MOUSSA = employee({ id: 'emp-moussa', employeeNumber: 'E001', firstName: 'Moussa', lastName: 'Fall', salary: '450000.00' });
const AWA = employee({ id: 'emp-awa', employeeNumber: 'E002', firstName: 'Awa', lastName: 'Ndiaye', salary: '300000.00' });
const GONE = employee({ id: 'emp-gone', employeeNumber: 'E009', firstName: 'Ousmane', lastName: 'Ba', status: 'inactive' });

/** A slip whose figures come from the calculator (spec's set). */
function slip(who: Employee, period: string, overrides: Partial<Payslip> = {}, input: { baseSalary?: string } = {}): Payslip {
  const b = computePayslip({ baseSalary: input.baseSalary ?? who.salary ?? '0' }, parameterSetFor('xaalis', period)!);
  return {
    id: `slip-${who.id}-${period}`,
    employeeId: who.id,
    employee: { id: who.id, firstName: who.firstName, lastName: who.lastName, employeeNumber: who.employeeNumber, position: who.position },
    period,
    parameterSetId: 'xaalis',
    baseSalary: b.inputs.baseSalary,
    allowances: '20000.00',
    overtimePay: '0.00',
    grossSalary: b.totals.gross,
    socialCharges: b.totals.employeeContributions,
    employerContributions: b.totals.employerContributions,
    incomeTax: b.totals.incomeTax,
    trimf: b.totals.trimf,
    otherDeductions: '0.00',
    netSalary: b.totals.net,
    employerCost: b.totals.employerCost,
    breakdown: b,
    status: 'draft',
    paymentDate: null,
    paymentMethod: null,
    treasuryAccountId: null,
    postedEntryNumber: null,
    paymentEntryNumber: null,
    postingPending: false,
    createdAt: '2026-01-31T10:00:00.000Z',
    ...overrides,
  };
}

const DRAFT = slip(MOUSSA, '2026-01');
const VALIDATED = slip(AWA, '2026-01', { status: 'validated', postedEntryNumber: 'PA-0001' });
const PAID = slip(MOUSSA, '2025-12', { status: 'paid', postedEntryNumber: 'PA-0000', paymentDate: '2026-01-05', paymentMethod: 'bank' });
const CANCELLED = slip(AWA, '2025-12', { status: 'cancelled' });

function routes(
  slips: Payslip[] | (() => Payslip[]),
  employees: Employee[] = [MOUSSA, AWA, GONE],
  overrides: Record<string, unknown> = {},
) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/employees`]: (_init: unknown, url: string) => ({ body: employeePage(employees, url) }),
    [`GET ${BASE}/payrolls`]: (_init: unknown, url: string) => ({ body: payslipPage(typeof slips === 'function' ? slips() : slips, url) }),
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

const row = (name: string, period: string) =>
  within(screen.getByRole('table', { name: 'Bulletins de paie' }))
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(name) && r.textContent.includes(period)) as HTMLElement;
const tile = (label: string) => screen.getByRole('group', { name: label });

async function typeIn(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string | RegExp, value: string) {
  const input = within(scope).getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

async function openNewSlip(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Nouveau bulletin' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.findByRole('dialog', { name: 'Nouveau bulletin' });
}

afterEach(() => jest.restoreAllMocks());

describe('PayrollPage', () => {
  it("shows the four cards (the server's totals, cancelled slips left out) and the table with its figures and status badges", async () => {
    mockFetch(routes([DRAFT, VALIDATED, PAID, CANCELLED]));
    renderWithApp(<PayrollPage />, { route: '/paie' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion de la Paie' })).toBeInTheDocument();
    expect(screen.getByText('Conforme au droit du travail sénégalais')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Bulletins de paie' });
    // 450 000 base: gross 470 000, employee 20 160 + 1 575, employer 31 680 + 4 500 + 2 205 + 13 500.
    // 300 000 base: gross 320 000, employee 16 800 + 1 575, employer 26 400 + 3 000 + 2 205 + 9 000.
    expect(DRAFT.grossSalary).toBe('470000.00');
    expect(within(tile('Masse salariale')).getByText('1 260 000 XOF')).toBeInTheDocument();
    expect(within(tile('Charges sociales')).getByText(formatMoney(2 * (21735 + 51885) + 18375 + 40605))).toBeInTheDocument();
    expect(within(tile('TRIMF')).getByText(formatMoney(2 * Number(DRAFT.incomeTax) + Number(VALIDATED.incomeTax)))).toBeInTheDocument();
    expect(
      within(tile('Net à payer')).getByText(formatMoney(2 * Number(DRAFT.netSalary) + Number(VALIDATED.netSalary))),
    ).toBeInTheDocument();

    const draft = row('Moussa Fall', '2026-01');
    expect(
      within(draft)
        .getAllByRole('cell')
        .slice(0, 7)
        .map((c) => c.textContent),
    ).toEqual([
      'Moussa Fall',
      '2026-01',
      '470 000 XOF',
      '21 735 XOF',
      formatMoney(DRAFT.incomeTax),
      formatMoney(DRAFT.netSalary),
      'Brouillon',
    ]);
    expect(within(row('Awa Ndiaye', '2026-01')).getByText('Validée')).toBeInTheDocument();
    expect(within(row('Awa Ndiaye', '2026-01')).getByText(MESSAGES_PAYSLIP.posted)).toBeInTheDocument();
    expect(within(row('Moussa Fall', '2025-12')).getByText('Payée')).toBeInTheDocument();
    expect(within(row('Awa Ndiaye', '2025-12')).getByText('Annulée')).toBeInTheDocument();
    expect(within(row('Awa Ndiaye', '2025-12')).queryByText(MESSAGES_PAYSLIP.posted)).not.toBeInTheDocument();
    // Actions follow the status.
    expect(within(draft).getByRole('button', { name: 'Valider Moussa Fall 2026-01' })).toBeInTheDocument();
    expect(within(draft).queryByRole('button', { name: 'Payer Moussa Fall 2026-01' })).not.toBeInTheDocument();
    expect(within(row('Moussa Fall', '2025-12')).queryByRole('button', { name: /^Annuler/ })).not.toBeInTheDocument();
  });

  it("shows 'Aucun bulletin de paie'; 'Nouveau bulletin' is disabled without an active employee", async () => {
    mockFetch(routes([], [GONE]));
    renderWithApp(<PayrollPage />, { route: '/paie' });
    expect(await screen.findByText(MESSAGES_PAYSLIP.empty)).toBeInTheDocument();
    expect(within(tile('Masse salariale')).getByText('0 XOF')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(globalThis.fetch as jest.Mock, 'GET', `${BASE}/employees`)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Nouveau bulletin' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Créer le premier bulletin' })).toBeDisabled();
  });

  it("Calculer shows the calculator's breakdown; 'Annuler' goes back; 'Créer le bulletin' posts the computed slip", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes([], undefined, { [`POST ${BASE}/payrolls`]: { status: 201, body: DRAFT } }));
    renderWithApp(<PayrollPage />, { route: '/paie' });
    const dialog = await openNewSlip(user);
    expect(within(dialog).getByLabelText('Période')).toHaveValue(currentPeriod());
    // Only active employees are offered.
    expect(within(dialog).queryByRole('option', { name: /Ousmane Ba/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Calculer' }));
    expect(await within(dialog).findByText('Sélectionnez un employé', { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByText('Entrez le salaire de base')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Employé'), 'Moussa Fall (E001)');
    expect(within(dialog).getByLabelText('Salaire de base')).toHaveValue(450000);
    await typeIn(user, dialog, 'Période', '2026-01');
    await typeIn(user, dialog, 'Indemnité de logement', '50000');
    await typeIn(user, dialog, 'Heures supplémentaires', '10');
    await user.click(within(dialog).getByRole('button', { name: 'Calculer' }));
    const detail = await screen.findByRole('dialog', { name: 'Détail du calcul de paie' });
    const expected = computePayslip(
      { baseSalary: '450000', housingAllowance: '50000', overtimeHours: '10' },
      parameterSetFor('xaalis', '2026-01')!,
    );
    // Worked case (spec §9): overtime 10 h x 450 000 / 173.33 x 1.5 = 38 943; gross 558 943;
    // IPRES 5.6 % of 360 000 = 20 160 + CSS 2.5 % of 63 000 = 1 575; tax 140 023; net 397 185.
    expect(expected.totals).toMatchObject({
      gross: '558943.00',
      employeeContributions: '21735.00',
      incomeTax: '140023.00',
      net: '397185.00',
    });
    const lines = within(within(detail).getByRole('table', { name: 'Lignes du bulletin' })).getAllByRole('row');
    const ipres = lines.find((r) => r.textContent?.startsWith('IPRES retraite')) as HTMLElement;
    expect(
      within(ipres)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['IPRES retraite', '360 000 XOF', '5,60 %', '20 160 XOF', '8,80 %', '31 680 XOF']);
    const overtime = lines.find((r) => r.textContent?.startsWith('Heures supplémentaires')) as HTMLElement;
    expect(within(overtime).getByText('38 943 XOF')).toBeInTheDocument();
    expect(within(detail).getByTestId('total-Salaire brut')).toHaveTextContent('558 943 XOF');
    expect(within(detail).getByTestId('total-Cotisations salariales')).toHaveTextContent('21 735 XOF');
    expect(within(detail).getByTestId('total-Impôt sur le revenu')).toHaveTextContent('140 023 XOF');
    expect(within(detail).getByTestId('total-Net à payer')).toHaveTextContent('397 185 XOF');
    expect(within(detail).getByTestId('total-Coût employeur')).toHaveTextContent(formatMoney(expected.totals.employerCost));

    await user.click(within(detail).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Détail du calcul de paie' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Nouveau bulletin' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/payrolls`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Calculer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Détail du calcul de paie' })).getByRole('button', { name: 'Créer le bulletin' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', `${BASE}/payrolls`)[0].body).toEqual({
      employeeId: MOUSSA.id,
      period: '2026-01',
      baseSalary: '450000.00',
      transportAllowance: '20000.00',
      housingAllowance: '50000.00',
      otherAllowances: '0.00',
      overtimeHours: '10',
      overtimeRate: '1.5',
      parameterSetId: 'xaalis',
      grossSalary: '558943.00',
      netSalary: '397185.00',
    });
    expect(await screen.findByText(MESSAGES_PAYSLIP.created)).toBeInTheDocument();
  });

  it("computes with the company's scale from Paramètres (official set, risk class 3) and sends it", async () => {
    const user = userEvent.setup();
    const settings = { parameterSetId: 'senegal-official', accidentRiskClass: 3, sets: [] };
    const fetchMock = mockFetch(
      routes([], undefined, {
        [`GET ${BASE}/payroll-settings`]: { body: settings },
        [`POST ${BASE}/payrolls`]: { status: 201, body: DRAFT },
      }),
    );
    renderWithApp(<PayrollPage />, { route: '/paie' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/payroll-settings`)).toHaveLength(1));
    const dialog = await openNewSlip(user);
    await user.selectOptions(within(dialog).getByLabelText('Employé'), 'Moussa Fall (E001)');
    await typeIn(user, dialog, 'Période', '2026-01');
    await user.click(within(dialog).getByRole('button', { name: 'Calculer' }));
    const detail = await screen.findByRole('dialog', { name: 'Détail du calcul de paie' });
    const official = computePayslip({ baseSalary: '450000', riskClass: 3 }, parameterSetFor('senegal-official', '2026-01')!);
    expect(within(detail).getByTestId('total-Net à payer')).toHaveTextContent(formatMoney(official.totals.net));
    await user.click(within(detail).getByRole('button', { name: 'Créer le bulletin' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${BASE}/payrolls`)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', `${BASE}/payrolls`)[0].body).toMatchObject({
      parameterSetId: 'senegal-official',
      netSalary: official.totals.net,
    });
  });

  it("'Générer la paie du mois' starts the job and shows its progress until the drafts are there", async () => {
    const user = userEvent.setup();
    let polls = 0;
    let slips: Payslip[] = [];
    const fetchMock = mockFetch(
      routes(() => slips, undefined, {
        [`POST ${BASE}/payrolls/generate`]: { status: 202, body: { jobId: 'payroll-job' } },
        [`GET ${BASE}/payrolls/generate/payroll-job`]: () => {
          polls += 1;
          if (polls < 3) return { body: { state: 'running', done: 1, total: 2 } };
          slips = [DRAFT, slip(AWA, '2026-01')];
          return { body: { state: 'completed', done: 2, total: 2 } };
        },
      }),
    );
    renderWithApp(<PayrollPage />, { route: '/paie' });
    const button = await screen.findByRole('button', { name: 'Générer la paie du mois' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Générer la paie du mois' });
    await typeIn(user, dialog, 'Période', '2026-01');
    await user.click(within(dialog).getByRole('button', { name: 'Générer les bulletins' }));
    expect(await within(dialog).findByText('Bulletins créés : 1 / 2')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/payrolls/generate`)[0].body).toEqual({ period: '2026-01' });
    expect(await screen.findByText(MESSAGES_PAYSLIP.generateDone)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Générer la paie du mois' })).not.toBeInTheDocument());
    expect(await screen.findAllByText('Awa Ndiaye')).not.toHaveLength(0);
  });

  it("shows the server's message when the save fails, and keeps the dialogs open", async () => {
    const user = userEvent.setup();
    mockFetch(routes([], undefined, { [`POST ${BASE}/payrolls`]: { status: 409, body: { message: MESSAGES_PAYSLIP.duplicatePeriod } } }));
    renderWithApp(<PayrollPage />, { route: '/paie' });
    const dialog = await openNewSlip(user);
    await user.selectOptions(within(dialog).getByLabelText('Employé'), 'Awa Ndiaye (E002)');
    await user.click(within(dialog).getByRole('button', { name: 'Calculer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Détail du calcul de paie' })).getByRole('button', { name: 'Créer le bulletin' }),
    );
    expect(await screen.findByText(`${MESSAGES_PAYSLIP.createError} : ${MESSAGES_PAYSLIP.duplicatePeriod}`)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Détail du calcul de paie' })).toBeInTheDocument();
  });

  it('validates a draft (PATCH /validate), pays a validated slip (date + method), cancels a draft', async () => {
    const user = userEvent.setup();
    let slips = [DRAFT, VALIDATED];
    const fetchMock = mockFetch(
      routes(() => slips, undefined, {
        [`PATCH /api/payrolls/${DRAFT.id}/validate`]: () => {
          slips = [{ ...DRAFT, status: 'validated' }, VALIDATED];
          return { body: slips[0] };
        },
        [`PATCH /api/payrolls/${VALIDATED.id}/pay`]: { body: { ...VALIDATED, status: 'paid' } },
        [`PATCH /api/payrolls/${DRAFT.id}/cancel`]: { body: { ...DRAFT, status: 'cancelled' } },
      }),
    );
    renderWithApp(<PayrollPage />, { route: '/paie' });
    await user.click(await screen.findByRole('button', { name: 'Valider Moussa Fall 2026-01' }));
    await waitFor(() => expect(within(row('Moussa Fall', '2026-01')).getByText('Validée')).toBeInTheDocument());
    expect(callsTo(fetchMock, 'PATCH', `/api/payrolls/${DRAFT.id}/validate`)).toHaveLength(1);
    expect(await screen.findByText(MESSAGES_PAYSLIP.validated)).toBeInTheDocument();

    await user.click(within(row('Awa Ndiaye', '2026-01')).getByRole('button', { name: 'Payer Awa Ndiaye 2026-01' }));
    const pay = await screen.findByRole('dialog', { name: /^Payer le bulletin/ });
    await typeIn(user, pay, 'Date de paiement', '2026-02-05');
    await user.selectOptions(within(pay).getByLabelText('Mode de paiement'), 'Orange Money');
    await user.click(within(pay).getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PATCH', `/api/payrolls/${VALIDATED.id}/pay`)[0].body).toEqual({
      paymentDate: '2026-02-05',
      paymentMethod: 'orange',
    });

    slips = [DRAFT];
    await user.click(within(row('Moussa Fall', '2026-01')).getByRole('button', { name: 'Annuler Moussa Fall 2026-01' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', `/api/payrolls/${DRAFT.id}/cancel`)).toHaveLength(1));
  });

  it('pays a slip from a treasury account of the company (the default bank first); the method follows its kind', async () => {
    const user = userEvent.setup();
    const account = (over: Partial<TreasuryAccount>): TreasuryAccount => ({
      id: '00000000-0000-4000-8000-00000000b001',
      kind: 'bank',
      name: 'Banque',
      accountCode: '521',
      accountId: 'acc-521',
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
      ...over,
    });
    const bank = account({});
    const wave = account({
      id: '00000000-0000-4000-8000-00000000b002',
      kind: 'mobile_money',
      name: 'Wave salaires',
      accountCode: '5522',
      journal: 'MM2',
      isDefault: false,
      provider: 'wave',
    });
    const fetchMock = mockFetch(
      routes([VALIDATED], undefined, {
        [`GET ${BASE}/treasury-accounts`]: { body: { items: [bank, wave], page: 1, pageSize: 50, totalItems: 2 } },
        [`PATCH /api/payrolls/${VALIDATED.id}/pay`]: { body: { ...VALIDATED, status: 'paid' } },
      }),
    );
    renderWithApp(<PayrollPage />, { route: '/paie' });
    await user.click(await screen.findByRole('button', { name: 'Payer Awa Ndiaye 2026-01' }));
    const pay = await screen.findByRole('dialog', { name: /^Payer le bulletin/ });
    const from = await within(pay).findByLabelText('Payé depuis');
    await waitFor(() => expect(from).toHaveValue(bank.id));
    await user.selectOptions(from, 'Wave salaires (5522)');
    await typeIn(user, pay, 'Date de paiement', '2026-02-05');
    await user.click(within(pay).getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PATCH', `/api/payrolls/${VALIDATED.id}/pay`)[0].body).toEqual({
      paymentDate: '2026-02-05',
      paymentMethod: 'orange',
      treasuryAccountId: wave.id,
    });
  });

  it("views a saved slip's breakdown and downloads its bulletin de paie as a PDF", async () => {
    const user = userEvent.setup();
    const base = mockFetch(routes([PAID]));
    const saved: { href: string; download: string }[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:fake'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const downloads: string[] = [];
    (globalThis as { fetch: unknown }).fetch = jest.fn(async (input: string, init?: RequestInit) => {
      if (input.endsWith('/pdf')) {
        downloads.push(input);
        expect(init?.credentials).toBe('include');
        return { ok: true, status: 200, blob: async () => new Blob(['%PDF']), headers: new Headers() } as unknown as Response;
      }
      return base(input, init);
    });
    renderWithApp(<PayrollPage />, { route: '/paie' });
    await user.click(await screen.findByRole('button', { name: 'Voir le détail de Moussa Fall 2025-12' }));
    const detail = await screen.findByRole('dialog', { name: 'Détail du calcul de paie' });
    expect(within(detail).getByTestId('total-Net à payer')).toHaveTextContent(formatMoney(PAID.netSalary));
    expect(within(detail).queryByRole('button', { name: 'Créer le bulletin' })).not.toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Télécharger le PDF de Moussa Fall 2025-12' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:fake', download: 'bulletin-E001-2025-12.pdf' }]));
    expect(downloads).toEqual([`${BASE}/payrolls/${PAID.id}/pdf`]);
    click.mockRestore();
  });

  it("'Imprimer le bulletin' loads the slip's PDF into a hidden frame and opens the browser's print dialog", async () => {
    const user = userEvent.setup();
    const base = mockFetch(routes([PAID, VALIDATED]));
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const objectUrl = jest.fn((_blob: Blob) => 'blob:bulletin');
    Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: jest.fn() });
    const print = jest.fn();
    const focus = jest.fn();
    jest.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue({ print, focus } as unknown as WindowProxy);
    const download = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fetched: { url: string; init?: RequestInit }[] = [];
    (globalThis as { fetch: unknown }).fetch = jest.fn(async (input: string, init?: RequestInit) => {
      if (input.endsWith('/pdf')) {
        fetched.push({ url: input, init });
        return { ok: true, status: 200, blob: async () => pdf, headers: new Headers() } as unknown as Response;
      }
      return base(input, init);
    });
    renderWithApp(<PayrollPage />, { route: '/paie' });
    await screen.findByRole('table', { name: 'Bulletins de paie' });
    await user.click(within(row('Moussa Fall', '2025-12')).getByRole('button', { name: 'Imprimer le bulletin' }));
    await waitFor(() => expect(fetched.map((f) => f.url)).toEqual([`${BASE}/payrolls/${PAID.id}/pdf`]));
    expect(fetched[0].init?.credentials).toBe('include');
    const frame = await waitFor(() => {
      const found = document.querySelector<HTMLIFrameElement>('iframe[src="blob:bulletin"]');
      expect(found).not.toBeNull();
      return found as HTMLIFrameElement;
    });
    expect(objectUrl).toHaveBeenCalledWith(pdf);
    expect(frame).toHaveAttribute('aria-hidden', 'true');
    frame.dispatchEvent(new Event('load'));
    expect(print).toHaveBeenCalled();
    // Printing is not downloading: no file is saved.
    expect(download).not.toHaveBeenCalled();
    frame.remove();
  });

  it("'Imprimer le bulletin' says why when the server refuses the PDF", async () => {
    const user = userEvent.setup();
    mockFetch(
      routes([PAID], undefined, { [`GET ${BASE}/payrolls/${PAID.id}/pdf`]: { status: 404, body: { message: 'Bulletin introuvable' } } }),
    );
    renderWithApp(<PayrollPage />, { route: '/paie' });
    await user.click(await screen.findByRole('button', { name: 'Imprimer le bulletin' }));
    expect(await screen.findByText("Impossible d'imprimer le bulletin de paie : Bulletin introuvable")).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe("PayrollPage: the 'Déclarations' tab", () => {
  it('shows the payroll declarations (IPRES et CSS first) instead of the slips, and back', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes([DRAFT], undefined, {
        [`GET ${BASE}/social-declarations/preview`]: (_init: unknown, url: string) => ({
          status: 503,
          body: { message: `Aperçu ${new URL(url, 'http://x').searchParams.get('period') ?? ''} indisponible` },
        }),
        [`GET ${BASE}/social-declarations`]: { body: { items: [], page: 1, pageSize: 10, totalItems: 0, totalPages: 0 } },
      }),
    );
    renderWithApp(<PayrollPage />, { route: '/paie' });
    await screen.findByRole('table', { name: 'Bulletins de paie' });
    expect(screen.getByRole('tab', { name: 'Bulletins' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Déclarations' }));
    expect(screen.getByRole('tabpanel', { name: 'Déclarations' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'IPRES et CSS' })).toHaveAttribute('aria-selected', 'true');
    for (const name of ['Retenues sur salaires', 'Livre de paie', 'Déclaration annuelle'])
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    // The slips' table, counters, filters and buttons belong to 'Bulletins'.
    expect(screen.queryByRole('table', { name: 'Bulletins de paie' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Masse salariale' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Rechercher un bulletin')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau bulletin' })).not.toBeInTheDocument();
    // The tab's own states: the server's message when the preview fails.
    expect(await screen.findByText('Impossible de calculer la déclaration sociale')).toBeInTheDocument();
    expect(screen.getByText(/^Aperçu \d{4}-\d{2} indisponible$/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/social-declarations/preview`)).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Bulletins' }));
    expect(await screen.findByRole('table', { name: 'Bulletins de paie' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Masse salariale' })).toBeInTheDocument();
  });
});

describe("PayrollPage: the 'Absences' tab", () => {
  it('shows the paid-leave balances and the absences instead of the slips, with their own buttons', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes([DRAFT], undefined, {
        [`GET ${BASE}/leaves/balances`]: {
          body: [{ employeeId: MOUSSA.id, months: 6, accrued: '12.00', taken: '2.00', balance: '10.00' }],
        },
        [`GET ${BASE}/leaves`]: { body: { items: [], page: 1, pageSize: 20, totalItems: 0, totalPages: 0 } },
      }),
    );
    renderWithApp(<PayrollPage />, { route: '/paie' });
    await screen.findByRole('table', { name: 'Bulletins de paie' });
    expect(screen.getByRole('button', { name: 'Virement des salaires' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/leaves`)).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Absences' }));
    expect(screen.getByRole('tabpanel', { name: 'Absences' })).toBeInTheDocument();
    const balances = await screen.findByRole('table', { name: 'Soldes de congés payés' });
    await waitFor(() => expect(within(balances).getByText('Moussa Fall')).toBeInTheDocument());
    expect(
      within(balances)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6', '12', '2', '10']);
    expect(await screen.findByText('Aucune absence enregistrée')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvelle absence' })).toBeInTheDocument();
    // The slips' table, counters, filters and buttons belong to 'Bulletins'.
    expect(screen.queryByRole('table', { name: 'Bulletins de paie' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Masse salariale' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Rechercher un bulletin')).not.toBeInTheDocument();
    for (const name of ['Nouveau bulletin', 'Virement des salaires', MESSAGES_PAYSLIP.generate])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(Object.fromEntries(new URL(callsTo(fetchMock, 'GET', `${BASE}/leaves`)[0].url, 'http://x').searchParams)).toEqual({
      page: '1',
      pageSize: '20',
    });
  });
});

describe('PayrollPage: server pages, search and filters', () => {
  // 30 slips of Moussa, one a month: more than one page.
  const MANY = Array.from({ length: 30 }, (_, i) => {
    const month = 6 + 30 - 1 - i; // newest first
    return slip(MOUSSA, `${2024 + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, '0')}`);
  });
  const lastCall = (fetchMock: jest.Mock, path: string) => {
    const calls = callsTo(fetchMock, 'GET', path);
    return new URL(calls[calls.length - 1].url, 'http://x').searchParams;
  };

  it('asks one page of 25, moves with the pager, and shows the totals of every page (from the server)', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes([...MANY, CANCELLED]));
    renderWithApp(<PayrollPage />, { route: '/paie' });
    const table = await screen.findByRole('table', { name: 'Bulletins de paie' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(Object.fromEntries(lastCall(fetchMock, `${BASE}/payrolls`))).toEqual({ page: '1', pageSize: '25' });
    // 30 slips of 470 000: the whole company's, not the page's 25.
    expect(within(tile('Masse salariale')).getByText('14 100 000 XOF')).toBeInTheDocument();
    expect(screen.getByText('1–25 sur 31')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aller à la page suivante' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(7));
    expect(lastCall(fetchMock, `${BASE}/payrolls`).get('page')).toBe('2');
    expect(within(tile('Masse salariale')).getByText('14 100 000 XOF')).toBeInTheDocument();
  });

  it('searches on the server as the user types, filters by period and status, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes([DRAFT, VALIDATED, PAID, CANCELLED]));
    renderWithApp(<PayrollPage />, { route: '/paie' });
    await screen.findByRole('table', { name: 'Bulletins de paie' });
    expect(
      within(screen.getByLabelText('Statut'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tous', 'Brouillon', 'Validée', 'Payée', 'Annulée']);

    await user.type(screen.getByLabelText('Rechercher un bulletin'), 'ndiaye');
    await waitFor(() => expect(lastCall(fetchMock, `${BASE}/payrolls`).get('search')).toBe('ndiaye'));
    // Debounced: one request for the whole word, not one per key.
    expect(callsTo(fetchMock, 'GET', `${BASE}/payrolls`).filter((c) => c.url.includes('search='))).toHaveLength(1);
    await waitFor(() => expect(screen.queryAllByText('Moussa Fall')).toHaveLength(0));
    expect(screen.getAllByText('Awa Ndiaye')).toHaveLength(2);
    // The cards follow the filters: Awa's validated slip (the cancelled one left out).
    expect(within(tile('Masse salariale')).getByText('320 000 XOF')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Période'), { target: { value: '2025-12' } });
    await waitFor(() => expect(lastCall(fetchMock, `${BASE}/payrolls`).get('period')).toBe('2025-12'));
    expect(lastCall(fetchMock, `${BASE}/payrolls`).get('page')).toBe('1');
    await user.selectOptions(screen.getByLabelText('Statut'), 'Payée');
    expect(await screen.findByText(MESSAGES_PAYSLIP.emptyFiltered)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES_PAYSLIP.empty)).not.toBeInTheDocument();
    expect(Object.fromEntries(lastCall(fetchMock, `${BASE}/payrolls`))).toEqual({
      page: '1',
      pageSize: '25',
      search: 'ndiaye',
      period: '2025-12',
      status: 'paid',
    });
  });

  it("offers the first 100 active employees in 'Nouveau bulletin', and a search on the server beyond them", async () => {
    const user = userEvent.setup();
    const staff = Array.from({ length: 101 }, (_, i) =>
      employee({
        id: `emp-${i}`,
        employeeNumber: `M${String(i).padStart(3, '0')}`,
        firstName: 'Agent',
        lastName: `N${String(i).padStart(3, '0')}`,
      }),
    );
    const fetchMock = mockFetch(routes([], [...staff, GONE]));
    renderWithApp(<PayrollPage />, { route: '/paie' });
    const dialog = await openNewSlip(user);
    const select = within(dialog).getByLabelText('Employé');
    // The placeholder and the first 100 active ones; a hint says how to reach the others.
    expect(within(select).getAllByRole('option')).toHaveLength(101);
    expect(within(dialog).getByText('100 employés actifs affichés sur 101 : précisez la recherche')).toBeInTheDocument();
    expect(Object.fromEntries(lastCall(fetchMock, `${BASE}/employees`))).toEqual({ pageSize: '100', status: 'active' });
    await user.type(within(dialog).getByLabelText('Rechercher un employé'), 'N100');
    await waitFor(() => expect(lastCall(fetchMock, `${BASE}/employees`).get('search')).toBe('N100'));
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(select, 'Agent N100 (M100)');
    expect(within(dialog).getByLabelText('Salaire de base')).toHaveValue(450000);
    // Another search keeps the chosen one offered.
    await user.clear(within(dialog).getByLabelText('Rechercher un employé'));
    await user.type(within(dialog).getByLabelText('Rechercher un employé'), 'personne');
    expect(await within(dialog).findByText('Aucun employé actif ne correspond à la recherche')).toBeInTheDocument();
    expect(select).toHaveValue('emp-100');
  });
});

describe('PayrollPage: role gating', () => {
  const asRole = (role: 'accountant' | 'collaborator' | 'reader') =>
    mockFetch(routes([DRAFT, VALIDATED], undefined, { 'GET /api/user': { body: { ...TEST_USER, role } } }));
  const table = () => screen.findByRole('table', { name: 'Bulletins de paie' });

  it.each(['collaborator', 'reader'] as const)(
    'payroll data is confidential: a %s sees the notice, no slip, no figure, and nothing is asked of the server',
    async (role) => {
      const fetchMock = asRole(role);
      renderWithApp(<PayrollPage />, { route: '/paie' });
      expect(await screen.findByText(MESSAGES_PAYSLIP.restricted)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Gestion de la Paie' })).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Bulletins de paie' })).not.toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Masse salariale' })).not.toBeInTheDocument();
      for (const name of [MESSAGES_PAYSLIP.generate, 'Nouveau bulletin'])
        expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
      expect(screen.queryByText(/XOF/)).not.toBeInTheDocument();
      // Give the page a chance to fire its queries: none goes out.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(callsTo(fetchMock, 'GET', `${BASE}/payrolls`)).toEqual([]);
      expect(callsTo(fetchMock, 'GET', `${BASE}/employees`)).toEqual([]);
      expect(screen.queryByRole('tab', { name: 'Déclarations' })).not.toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: 'Absences' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Virement des salaires' })).not.toBeInTheDocument();
      expect(callsTo(fetchMock, 'GET', `${BASE}/social-declarations/preview`)).toEqual([]);
      expect(callsTo(fetchMock, 'GET', `${BASE}/leaves`)).toEqual([]);
    },
  );

  it('an accountant prepares, generates, validates, pays (one slip or the month by transfer), cancels and prints', async () => {
    asRole('accountant');
    renderWithApp(<PayrollPage />, { route: '/paie' });
    await table();
    expect(screen.queryByText(MESSAGES_PAYSLIP.restricted)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES_PAYSLIP.generate })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouveau bulletin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Virement des salaires' })).toBeInTheDocument();
    for (const name of ['Bulletins', 'Déclarations', 'Absences']) expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    expect(within(row('Moussa Fall', '2026-01')).getByRole('button', { name: 'Valider Moussa Fall 2026-01' })).toBeInTheDocument();
    expect(
      within(row('Moussa Fall', '2026-01')).getByRole('button', { name: 'Télécharger le PDF de Moussa Fall 2026-01' }),
    ).toBeInTheDocument();
    expect(within(row('Moussa Fall', '2026-01')).getByRole('button', { name: 'Imprimer le bulletin' })).toBeInTheDocument();
    expect(within(row('Awa Ndiaye', '2026-01')).getByRole('button', { name: 'Payer Awa Ndiaye 2026-01' })).toBeInTheDocument();
    expect(within(row('Awa Ndiaye', '2026-01')).getByRole('button', { name: 'Annuler Awa Ndiaye 2026-01' })).toBeInTheDocument();
  });
});

describe('usePayrollRights', () => {
  function Probe() {
    const rights = usePayrollRights();
    const role = useRole();
    return role ? <output aria-label="rights">{JSON.stringify(rights)}</output> : null;
  }
  const rightsOf = async (role: 'owner' | 'accountant' | 'collaborator' | 'reader') => {
    mockFetch({ 'GET /api/user': { body: { ...TEST_USER, role } } });
    const view = renderWithApp(<Probe />);
    const rights = JSON.parse((await screen.findByLabelText('rights')).textContent ?? '{}') as Record<string, boolean>;
    view.unmount();
    return rights;
  };

  it('everything for owners and accountants, nothing for collaborators and readers (drafts and generation included)', async () => {
    const all = { read: true, create: true, generate: true, validate: true, pay: true, transfer: true, cancel: true };
    expect(await rightsOf('owner')).toEqual(all);
    expect(await rightsOf('accountant')).toEqual(all);
    const none = Object.fromEntries(Object.keys(all).map((k) => [k, false]));
    expect(await rightsOf('collaborator')).toEqual(none);
    expect(await rightsOf('reader')).toEqual(none);
  });
});
