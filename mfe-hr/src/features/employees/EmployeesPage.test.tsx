import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_EMPLOYEE, MESSAGES_PAYSLIP, type Employee, type Payslip } from '@xaalis/contracts';
import { callsTo, company, COMPANY_ID, employee, employeePage, mockFetch, payslipPage, renderWithApp, TEST_USER } from '../../test-utils';
import { employeeStatusLabel } from './EmployeeCard';
import EmployeesPage from './EmployeesPage';

const BASE = `/api/companies/${COMPANY_ID}`;

const MOUSSA = employee({ id: 'emp-moussa', employeeNumber: 'E001', firstName: 'Moussa', lastName: 'Fall' });
const AWA = employee({
  id: 'emp-awa',
  employeeNumber: 'E002',
  firstName: 'Awa',
  lastName: 'Ndiaye',
  position: 'Vendeuse',
  department: null,
  hireDate: '2025-11-15',
  salary: '1500.50',
  salaryType: 'daily',
  status: 'inactive',
});

function routes(employees: Employee[] | (() => Employee[]), overrides: Record<string, unknown> = {}, slips: Payslip[] = []) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/employees`]: (_init: unknown, url: string) => ({
      body: employeePage(typeof employees === 'function' ? employees() : employees, url),
    }),
    [`GET ${BASE}/payrolls`]: (_init: unknown, url: string) => ({ body: payslipPage(slips, url) }),
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

const card = (name: string) => screen.getByRole('article', { name });

async function typeIn(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string | RegExp, value: string) {
  const input = within(scope).getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

async function openNewEmployee(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Nouvel Employé' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.findByRole('dialog', { name: 'Nouvel Employé' });
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, number = 'E003') {
  await typeIn(user, dialog, /^Matricule/, number);
  await typeIn(user, dialog, /^Prénom/, 'Fatou');
  await typeIn(user, dialog, /^Nom/, 'Sow');
  await typeIn(user, dialog, /^Poste/, 'Caissière');
  await typeIn(user, dialog, "Date d'embauche", '2026-02-01');
  await typeIn(user, dialog, /^Salaire/, '250000');
}

afterEach(() => jest.restoreAllMocks());

describe('EmployeesPage', () => {
  it('shows a card per employee: name, matricule, position, department, hire date, salary and status badge', async () => {
    mockFetch(routes([MOUSSA, AWA]));
    renderWithApp(<EmployeesPage />, { route: '/employes' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion du Personnel' })).toBeInTheDocument();
    const moussa = await screen.findByRole('article', { name: 'Moussa Fall' });
    expect(within(moussa).getByText('E001')).toBeInTheDocument();
    expect(within(moussa).getByText('Comptable')).toBeInTheDocument();
    expect(within(moussa).getByText('Finance')).toBeInTheDocument();
    expect(within(moussa).getByText('01/03/2024')).toBeInTheDocument();
    expect(within(moussa).getByText('450 000 XOF (Mensuel)')).toBeInTheDocument();
    expect(within(moussa).getByText('Actif')).toBeInTheDocument();
    expect(within(moussa).getByRole('button', { name: 'Désactiver Moussa Fall' })).toBeInTheDocument();

    const awa = card('Awa Ndiaye');
    expect(within(awa).getByText('—')).toBeInTheDocument();
    expect(within(awa).getByText('15/11/2025')).toBeInTheDocument();
    expect(within(awa).getByText('1 501 XOF (Journalier)')).toBeInTheDocument();
    expect(within(awa).getByText('Inactif')).toBeInTheDocument();
    expect(within(awa).getByRole('button', { name: 'Réactiver Awa Ndiaye' })).toBeInTheDocument();
  });

  it("shows 'Aucun employé enregistré' with a first-employee button, and an error state with a retry", async () => {
    const user = userEvent.setup();
    mockFetch(routes([]));
    const view = renderWithApp(<EmployeesPage />, { route: '/employes' });
    expect(await screen.findByText(MESSAGES_EMPLOYEE.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter le premier employé' }));
    expect(await screen.findByRole('dialog', { name: 'Nouvel Employé' })).toBeInTheDocument();
    view.unmount();

    mockFetch(routes([], { [`GET ${BASE}/employees`]: { status: 500, body: { message: 'Panne' } } }));
    renderWithApp(<EmployeesPage />, { route: '/employes' });
    expect(await screen.findByText('Impossible de charger les employés')).toBeInTheDocument();
    expect(screen.getByText('Panne')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it("validates the new employee with the contract's French messages, then posts every field and toasts 'Employé créé'", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes([], { [`POST ${BASE}/employees`]: { status: 201, body: MOUSSA } }));
    renderWithApp(<EmployeesPage />, { route: '/employes' });
    const dialog = await openNewEmployee(user);
    await typeIn(user, dialog, "Date d'embauche", '');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'employé" }));
    expect(await within(dialog).findByText(MESSAGES_EMPLOYEE.employeeNumberRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_EMPLOYEE.firstNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_EMPLOYEE.lastNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_EMPLOYEE.positionRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_EMPLOYEE.hireDateRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_EMPLOYEE.salaryRequired)).toBeInTheDocument();

    await fillRequired(user, dialog);
    await typeIn(user, dialog, 'Email', 'pas-un-email');
    await typeIn(user, dialog, 'Enfants à charge', '25');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'employé" }));
    expect(await within(dialog).findByText(MESSAGES_EMPLOYEE.emailInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_EMPLOYEE.childrenInvalid)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/employees`)).toHaveLength(0);

    await typeIn(user, dialog, 'Email', 'fatou@example.sn');
    await typeIn(user, dialog, 'Enfants à charge', '2');
    await typeIn(user, dialog, 'Département', 'Ventes');
    await user.selectOptions(within(dialog).getByLabelText('Situation familiale'), 'Marié(e)');
    await user.click(within(dialog).getByLabelText('Cadre (régime IPRES cadres)'));
    await user.click(within(dialog).getByRole('button', { name: "Créer l'employé" }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouvel Employé' })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', `${BASE}/employees`)[0].body).toEqual({
      employeeNumber: 'E003',
      firstName: 'Fatou',
      lastName: 'Sow',
      position: 'Caissière',
      department: 'Ventes',
      hireDate: '2026-02-01',
      salary: '250000.00',
      salaryType: 'monthly',
      bankAccount: null,
      ipresNumber: null,
      cssNumber: null,
      phone: null,
      email: 'fatou@example.sn',
      address: null,
      isCadre: true,
      maritalStatus: 'married',
      children: 2,
    });
    expect(await screen.findByText(MESSAGES_EMPLOYEE.created)).toBeInTheDocument();
  });

  it("shows 'Ce matricule existe déjà' on the field and the 'Impossible de créer l'employé.' toast on a 409", async () => {
    const user = userEvent.setup();
    mockFetch(routes([MOUSSA], { [`POST ${BASE}/employees`]: { status: 409, body: { message: MESSAGES_EMPLOYEE.duplicateNumber } } }));
    renderWithApp(<EmployeesPage />, { route: '/employes' });
    await screen.findByRole('article', { name: 'Moussa Fall' });
    const dialog = await openNewEmployee(user);
    await fillRequired(user, dialog, 'E001');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'employé" }));
    expect(await screen.findByText(`${MESSAGES_EMPLOYEE.createError} : ${MESSAGES_EMPLOYEE.duplicateNumber}`)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_EMPLOYEE.duplicateNumber)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nouvel Employé' })).toBeInTheDocument();
  });

  it('sends the IPRES and CSS numbers (trimmed, at most 30 characters), prefills them on edit and shows them on the card', async () => {
    const user = userEvent.setup();
    const REGISTERED = { ...MOUSSA, ipresNumber: 'IP-0042', cssNumber: 'CSS-7781' };
    const fetchMock = mockFetch(
      routes([REGISTERED, AWA], {
        [`POST ${BASE}/employees`]: { status: 201, body: MOUSSA },
        [`PUT /api/employees/${MOUSSA.id}`]: { body: { ...REGISTERED, cssNumber: null } },
      }),
    );
    renderWithApp(<EmployeesPage />, { route: '/employes' });
    const moussa = await screen.findByRole('article', { name: 'Moussa Fall' });
    expect(within(moussa).getByText('N° IPRES').nextSibling).toHaveTextContent('IP-0042');
    expect(within(moussa).getByText('N° CSS').nextSibling).toHaveTextContent('CSS-7781');
    // Numbers not recorded: no line.
    expect(within(card('Awa Ndiaye')).queryByText('N° IPRES')).not.toBeInTheDocument();
    expect(within(card('Awa Ndiaye')).queryByText('N° CSS')).not.toBeInTheDocument();

    const dialog = await openNewEmployee(user);
    await fillRequired(user, dialog);
    const ipres = within(dialog).getByLabelText('N° IPRES');
    expect(ipres).toHaveAttribute('maxLength', '30');
    expect(within(dialog).getByLabelText('N° CSS')).toHaveAttribute('maxLength', '30');
    await user.type(ipres, ' IP-1234567 ');
    await user.type(within(dialog).getByLabelText('N° CSS'), 'CSS-99');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'employé" }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouvel Employé' })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', `${BASE}/employees`)[0].body).toMatchObject({
      employeeNumber: 'E003',
      ipresNumber: 'IP-1234567',
      cssNumber: 'CSS-99',
    });

    await user.click(screen.getByRole('button', { name: 'Modifier Moussa Fall' }));
    const edit = await screen.findByRole('dialog', { name: "Modifier l'employé" });
    expect(within(edit).getByLabelText('N° IPRES')).toHaveValue('IP-0042');
    expect(within(edit).getByLabelText('N° CSS')).toHaveValue('CSS-7781');
    await user.clear(within(edit).getByLabelText('N° CSS'));
    await user.click(within(edit).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Emptied: sent as null, like the other optional texts.
    expect(callsTo(fetchMock, 'PUT', `/api/employees/${MOUSSA.id}`)[0].body).toMatchObject({ ipresNumber: 'IP-0042', cssNumber: null });
  });

  it('edits an employee (prefilled, PUT) and sets one inactive (PATCH status)', async () => {
    const user = userEvent.setup();
    let list = [MOUSSA];
    const fetchMock = mockFetch(
      routes(() => list, {
        [`PUT /api/employees/${MOUSSA.id}`]: { body: { ...MOUSSA, position: 'Chef comptable' } },
        [`PATCH /api/employees/${MOUSSA.id}/status`]: () => {
          list = [{ ...MOUSSA, status: 'inactive' }];
          return { body: list[0] };
        },
      }),
    );
    renderWithApp(<EmployeesPage />, { route: '/employes' });
    await user.click(await screen.findByRole('button', { name: 'Modifier Moussa Fall' }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'employé" });
    expect(within(dialog).getByLabelText(/^Matricule/)).toHaveValue('E001');
    expect(within(dialog).getByLabelText(/^Salaire/)).toHaveValue(450000);
    await typeIn(user, dialog, /^Poste/, 'Chef comptable');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT', `/api/employees/${MOUSSA.id}`)[0].body).toMatchObject({
      employeeNumber: 'E001',
      position: 'Chef comptable',
      salary: '450000.00',
      department: 'Finance',
    });

    await user.click(screen.getByRole('button', { name: 'Désactiver Moussa Fall' }));
    await waitFor(() => expect(within(card('Moussa Fall')).getByText('Inactif')).toBeInTheDocument());
    expect(callsTo(fetchMock, 'PATCH', `/api/employees/${MOUSSA.id}/status`)[0].body).toEqual({ status: 'inactive' });
    expect(within(card('Moussa Fall')).getByRole('button', { name: 'Réactiver Moussa Fall' })).toBeInTheDocument();
  });

  it("the payroll tab's create button is disabled while no employee exists, and links to /paie", async () => {
    const user = userEvent.setup();
    mockFetch(routes([]));
    const view = renderWithApp(<EmployeesPage />, { route: '/employes' });
    await screen.findByText(MESSAGES_EMPLOYEE.empty);
    await user.click(screen.getByRole('tab', { name: 'Paie' }));
    expect(await screen.findByRole('button', { name: 'Nouvelle fiche de paie' })).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'Gestion de la paie' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/paie');
    view.unmount();

    const fetchMock = mockFetch(routes([MOUSSA], { [`POST ${BASE}/payrolls`]: { status: 201, body: {} } }));
    renderWithApp(<EmployeesPage />, { route: '/employes' });
    await screen.findByRole('article', { name: 'Moussa Fall' });
    await user.click(screen.getByRole('tab', { name: 'Paie' }));
    const button = await screen.findByRole('button', { name: 'Nouvelle fiche de paie' });
    expect(button).toBeEnabled();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau bulletin' });
    await user.selectOptions(within(dialog).getByLabelText('Employé'), 'Moussa Fall (E001)');
    await user.click(within(dialog).getByRole('button', { name: 'Calculer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Détail du calcul de paie' })).getByRole('button', { name: 'Créer le bulletin' }),
    );
    expect(await screen.findByText(MESSAGES_PAYSLIP.createdShort)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/payrolls`)[0].body).toMatchObject({ employeeId: MOUSSA.id, baseSalary: '450000.00' });
  });
});

describe('EmployeesPage: server pages, search and filters', () => {
  // 30 employees, more than one page of 24 cards; every third inactive.
  const STAFF = Array.from({ length: 30 }, (_, i) =>
    employee({
      id: `emp-${i + 1}`,
      employeeNumber: `M${String(i + 1).padStart(2, '0')}`,
      firstName: 'Agent',
      lastName: `N${String(i + 1).padStart(2, '0')}`,
      status: (i + 1) % 3 === 0 ? 'inactive' : 'active',
    }),
  );
  const lastCall = (fetchMock: jest.Mock, path: string) => {
    const calls = callsTo(fetchMock, 'GET', path);
    return new URL(calls[calls.length - 1].url, 'http://x').searchParams;
  };
  const tile = (label: string) => screen.getByRole('group', { name: label });

  it('asks one page of 24 cards, moves with the pager, and shows the head counts of the whole company', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes(STAFF));
    renderWithApp(<EmployeesPage />, { route: '/employes' });
    await screen.findByRole('article', { name: 'Agent N01' });
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(Object.fromEntries(lastCall(fetchMock, `${BASE}/employees`))).toEqual({ page: '1', pageSize: '24' });
    expect(within(tile('Employés')).getByText('30')).toBeInTheDocument();
    expect(within(tile('Actifs')).getByText('20')).toBeInTheDocument();
    expect(within(tile('Inactifs')).getByText('10')).toBeInTheDocument();
    expect(screen.getByText('1–24 sur 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aller à la page suivante' }));
    expect(await screen.findByRole('article', { name: 'Agent N30' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(lastCall(fetchMock, `${BASE}/employees`).get('page')).toBe('2');
  });

  it('searches on the server as the user types, filters by status, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes(STAFF));
    renderWithApp(<EmployeesPage />, { route: '/employes' });
    await screen.findByRole('article', { name: 'Agent N01' });
    await user.type(screen.getByLabelText('Rechercher un employé'), 'n1');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(lastCall(fetchMock, `${BASE}/employees`).get('search')).toBe('n1');
    expect(callsTo(fetchMock, 'GET', `${BASE}/employees`).filter((c) => c.url.includes('search='))).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Statut'), 'Inactif');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(Object.fromEntries(lastCall(fetchMock, `${BASE}/employees`))).toEqual({
      page: '1',
      pageSize: '24',
      search: 'n1',
      status: 'inactive',
    });
    // The head counts stay the whole company's.
    expect(within(tile('Employés')).getByText('30')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Rechercher un employé'), 'x');
    expect(await screen.findByText(MESSAGES_EMPLOYEE.emptyFiltered)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES_EMPLOYEE.empty)).not.toBeInTheDocument();
  });

  it("'Bulletins' on a card shows that employee's slips only, asked of the server by employeeId", async () => {
    const user = userEvent.setup();
    const slipOf = (who: Employee, period: string) =>
      ({
        id: `slip-${who.id}-${period}`,
        employeeId: who.id,
        employee: {
          id: who.id,
          firstName: who.firstName,
          lastName: who.lastName,
          employeeNumber: who.employeeNumber,
          position: who.position,
        },
        period,
        grossSalary: '470000.00',
        netSalary: '400000.00',
        socialCharges: '0.00',
        employerContributions: '0.00',
        incomeTax: '0.00',
        trimf: '0.00',
        status: 'draft',
      }) as Payslip;
    const fetchMock = mockFetch(routes([MOUSSA, AWA], {}, [slipOf(MOUSSA, '2026-01'), slipOf(AWA, '2026-01'), slipOf(MOUSSA, '2025-12')]));
    renderWithApp(<EmployeesPage />, { route: '/employes' });
    await user.click(await screen.findByRole('button', { name: 'Bulletins de Moussa Fall' }));
    expect(await screen.findByRole('article', { name: 'Moussa Fall 2025-12' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Paie', selected: true })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(Object.fromEntries(lastCall(fetchMock, `${BASE}/payrolls`))).toEqual({ page: '1', pageSize: '12', employeeId: MOUSSA.id });
    // Back to every slip of the company.
    await user.click(within(screen.getByRole('button', { name: 'Bulletins de Moussa Fall' })).getByTestId('CancelIcon'));
    expect(await screen.findByRole('article', { name: 'Awa Ndiaye 2026-01' })).toBeInTheDocument();
    expect(lastCall(fetchMock, `${BASE}/payrolls`).get('employeeId')).toBeNull();
  });
});

it("labels 'active' 'Actif' and any other status 'Inactif' (spec §2)", () => {
  expect(employeeStatusLabel('active')).toBe('Actif');
  expect(employeeStatusLabel('inactive')).toBe('Inactif');
  expect(employeeStatusLabel('suspended')).toBe('Inactif');
});

describe('EmployeesPage: role gating', () => {
  // What the HR service answers a role without `payroll`: the same records, salary null.
  const WITHOUT_SALARY = { ...MOUSSA, salary: null };

  it.each(['collaborator', 'reader'] as const)(
    "a %s sees the employees without salary, 'Paie' tab, 'Nouvel Employé', 'Modifier' nor 'Désactiver'",
    async (role) => {
      const fetchMock = mockFetch(routes([WITHOUT_SALARY], { 'GET /api/user': { body: { ...TEST_USER, role } } }));
      renderWithApp(<EmployeesPage />, { route: '/employes' });
      const moussa = await screen.findByRole('article', { name: 'Moussa Fall' });
      expect(within(moussa).getByText('Comptable')).toBeInTheDocument();
      expect(within(moussa).queryByText('Salaire')).not.toBeInTheDocument();
      expect(within(moussa).queryByText(/XOF/)).not.toBeInTheDocument();
      expect(within(moussa).queryByRole('button')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Nouvel Employé' })).not.toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Employés' })).toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: 'Paie' })).not.toBeInTheDocument();
      expect(callsTo(fetchMock, 'GET', `${BASE}/payrolls`)).toEqual([]);
    },
  );

  it("an accountant manages the staff, sees the salaries and the 'Paie' tab", async () => {
    const user = userEvent.setup();
    mockFetch(routes([MOUSSA], { 'GET /api/user': { body: { ...TEST_USER, role: 'accountant' } } }));
    renderWithApp(<EmployeesPage />, { route: '/employes' });
    const moussa = await screen.findByRole('article', { name: 'Moussa Fall' });
    expect(within(moussa).getByText('450 000 XOF (Mensuel)')).toBeInTheDocument();
    expect(within(moussa).getByRole('button', { name: 'Modifier Moussa Fall' })).toBeInTheDocument();
    expect(within(moussa).getByRole('button', { name: 'Désactiver Moussa Fall' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvel Employé' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Paie' }));
    expect(await screen.findByRole('button', { name: 'Nouvelle fiche de paie' })).toBeEnabled();
  });
});
