import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hoursBilled, MESSAGES_SERVICES, type Employee, type Project, type ThirdParty, type TimesheetList } from '@xaalis/contracts';
import { listPage } from '@xaalis/web-kit/src/testing/records';
import { autocompleteOptions, chooseAutocomplete } from '@xaalis/web-kit/src/testing/app';
import { BASE, callsTo, company, heldAnswer, mockFetch, renderWithApp, TEST_USER, typeIn } from '../../test-utils';
import { client, employee, project, timesheet } from './fixtures';
import ProjectsPage from './ProjectsPage';

type Routes = Parameters<typeof mockFetch>[0];

const ACME = client('Acme SA');
const SUPPLIER = client('Fournisseur SARL', { type: 'supplier' });
const AWA = employee('Awa', 'Ndiaye', { position: 'Développeuse' });
const SITE = project('Site web', ACME, {
  budget: '2000000.00',
  hourlyRate: '15000.00',
  totalCost: '500000.00',
  progress: '25.0',
  unbilledHours: '7.50',
  unbilledCost: '112500.00',
  endDate: '2026-06-30',
});
const AUDIT = project('Audit', ACME, { status: 'planning' });
const SUMMARY = { activeProjects: 1, completedProjects: 2, totalValue: '3000000.00', hoursThisMonth: '42.75' };

const page = (items: TimesheetList['items'], extra: Partial<TimesheetList> = {}): TimesheetList =>
  listPage(items, { employeesAvailable: true, ...extra });

/** The server's filters: `search` in the label, `id` one record, `status` exactly (a record without one always matches). */
function matching<T extends { id: string; status?: string }>(items: readonly T[], url: string, label: (item: T) => string): T[] {
  const q = new URL(url, 'http://localhost').searchParams;
  const search = q.get('search')?.toLowerCase();
  const [id, status] = [q.get('id'), q.get('status')];
  return items.filter(
    (i) =>
      (!search || label(i).toLowerCase().includes(search)) &&
      (!id || i.id === id) &&
      (!status || i.status === undefined || i.status === status),
  );
}

function routes(
  data: {
    projects?: Project[];
    clientsAvailable?: boolean;
    employees?: Employee[] | null;
    clients?: ThirdParty[];
    timesheets?: TimesheetList;
  },
  overrides: Routes = {},
): Routes {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/projects`]: (_init, url) => ({
      body: { items: matching(data.projects ?? [], url, (p) => p.name), clientsAvailable: data.clientsAvailable ?? true },
    }),
    [`GET ${BASE}/projects/summary`]: { body: SUMMARY },
    [`GET ${BASE}/employees`]:
      data.employees === null
        ? { status: 503, body: { message: 'Service Personnel indisponible' } }
        : (_init: unknown, url: string) => {
            const items = matching(data.employees ?? [], url, (e) => `${e.firstName} ${e.lastName}`);
            return { body: { items, page: 1, pageSize: 100, totalItems: items.length, counters: {} } };
          },
    // The server answers the clients (role=client): types client and both.
    [`GET ${BASE}/third-parties`]: (_init, url) => {
      const items = matching(
        (data.clients ?? [ACME, SUPPLIER]).filter((t) => t.type !== 'supplier'),
        url,
        (t) => t.name,
      );
      return { body: { items, totalItems: items.length } };
    },
    [`GET ${BASE}/timesheets`]: { body: data.timesheets ?? page([]) },
    ...overrides,
  };
}

const render = () => renderWithApp(<ProjectsPage />, { route: '/services' });

afterEach(() => jest.restoreAllMocks());

describe('ProjectsPage', () => {
  it('shows the title, the four cards and the project cards with client, dates, budget, rate, cost against budget and unbilled hours', async () => {
    mockFetch(routes({ projects: [SITE, AUDIT], employees: [AWA] }));
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion des Services' })).toBeInTheDocument();
    expect(screen.getByText('Projets et feuilles de temps')).toBeInTheDocument();
    // Spec §9: 4 placeholders while the projects load.
    expect(await screen.findAllByTestId('project-placeholder')).toHaveLength(4);

    const active = await screen.findByRole('group', { name: 'Projets actifs' });
    await within(active).findByText('2 terminés');
    expect(active).toHaveTextContent('1');
    expect(within(screen.getByRole('group', { name: 'Valeur totale' })).getByText('3 000 000 XOF')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Heures ce mois' })).getByText('42,75 h')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Employés actifs' })).getByText('1')).toBeInTheDocument());

    const site = await screen.findByRole('article', { name: 'Site web' });
    const fact = (label: string) => within(site).getByLabelText(label);
    expect(within(site).getByText('Actif')).toBeInTheDocument();
    expect(fact('Client')).toHaveTextContent('Acme SA');
    expect(fact('Début')).toHaveTextContent('01/02/2026');
    expect(fact('Fin prévue')).toHaveTextContent('30/06/2026');
    expect(fact('Budget')).toHaveTextContent('2 000 000 XOF');
    expect(fact('Taux horaire')).toHaveTextContent('15 000 XOF');
    expect(fact('Heures non facturées')).toHaveTextContent('7,5 h (112 500 XOF)');
    expect(fact('Coût réalisé')).toHaveTextContent('500 000 XOF / 2 000 000 XOF (25 %)');
    expect(within(site).getByRole('progressbar', { name: 'Budget consommé de Site web' })).toHaveAttribute('aria-valuenow', '25');

    const audit = screen.getByRole('article', { name: 'Audit' });
    expect(within(audit).getByText('Planification')).toBeInTheDocument();
    expect(within(audit).getByLabelText('Fin prévue')).toHaveTextContent(MESSAGES_SERVICES.noEndDate);
  });

  it('shows "—" and the French notice when accounting cannot name the clients; an error with retry when the list fails', async () => {
    mockFetch(routes({ projects: [project('Conseil', null)], clientsAvailable: false, employees: [AWA] }));
    const view = render();
    const card = await screen.findByRole('article', { name: 'Conseil' });
    expect(within(card).getByLabelText('Client')).toHaveTextContent('—');
    expect(screen.getByText(MESSAGES_SERVICES.accountingDown)).toBeInTheDocument();
    view.unmount();

    let fail = true;
    mockFetch(
      routes(
        { employees: [AWA] },
        {
          [`GET ${BASE}/projects`]: () =>
            fail ? { status: 500, body: { message: 'Panne' } } : { body: { items: [], clientsAvailable: true } },
        },
      ),
    );
    render();
    expect(await screen.findByText('Impossible de charger les projets')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText(MESSAGES_SERVICES.emptyProjects)).toBeInTheDocument();
  });

  it("creates a project for a client (suppliers not offered, planning by default, end date optional and not before the start): body and 'Projet créé'", async () => {
    const user = userEvent.setup();
    let fail = true;
    const fetchMock = mockFetch(
      routes(
        { employees: [AWA], clients: [ACME, SUPPLIER, client('Beta SARL', { type: 'both' })] },
        {
          [`POST ${BASE}/projects`]: () => (fail ? { status: 500, body: {} } : { status: 201, body: project('Refonte', ACME) }),
        },
      ),
    );
    render();
    await user.click(await screen.findByRole('button', { name: 'Créer le premier projet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau projet' });
    expect(await autocompleteOptions(user, 'Client')).toEqual(['Acme SA', 'Beta SARL']);
    expect(within(dialog).getByLabelText('Statut')).toHaveValue('planning');

    await user.click(within(dialog).getByRole('button', { name: 'Créer le projet' }));
    expect(await within(dialog).findByText(MESSAGES_SERVICES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_SERVICES.clientRequired)).toBeInTheDocument();

    await typeIn(user, dialog, /^Nom du projet/, 'Refonte');
    await chooseAutocomplete(user, 'Client', 'Acme SA');
    await typeIn(user, dialog, 'Date de début', '2026-03-10');
    await typeIn(user, dialog, 'Date de fin prévue', '2026-03-01');
    await typeIn(user, dialog, 'Budget (XOF)', '1500000');
    await typeIn(user, dialog, 'Taux horaire (XOF)', '12500');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le projet' }));
    expect(await within(dialog).findByText(MESSAGES_SERVICES.endBeforeStart)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/projects`)).toHaveLength(0);

    await typeIn(user, dialog, 'Date de fin prévue', '');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le projet' }));
    expect(await screen.findByText(MESSAGES_SERVICES.projectCreateError)).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Créer le projet' }));
    expect(await screen.findByText(MESSAGES_SERVICES.projectCreated)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_SERVICES.projectCreatedDescription)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', `${BASE}/projects`)[1].body).toEqual({
      name: 'Refonte',
      description: null,
      clientId: ACME.id,
      startDate: '2026-03-10',
      endDate: null,
      budget: '1500000.00',
      hourlyRate: '12500.00',
      status: 'planning',
    });
  });

  it("'Facturer les heures': the draft invoice's number, the server's reason when nothing is left, an info toast when pending", async () => {
    const user = userEvent.setup();
    let answer: { status: number; body: unknown } = {
      status: 201,
      body: {
        batchId: 'b1',
        status: 'billed',
        invoice: { id: 'i1', number: 'FS-2026-0007', status: 'draft', total: '132750.00' },
        timesheetCount: 1,
        hours: '7.50',
        amount: '112500.00',
      },
    };
    const fetchMock = mockFetch(
      routes({ projects: [SITE], employees: [AWA] }, { [`POST ${BASE}/projects/${SITE.id}/invoice`]: () => answer }),
    );
    render();
    const site = await screen.findByRole('article', { name: 'Site web' });
    await user.click(within(site).getByRole('button', { name: MESSAGES_SERVICES.billAction }));
    expect(await screen.findByText(hoursBilled('FS-2026-0007'))).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/projects/${SITE.id}/invoice`)).toHaveLength(1);
    // The lists and cards are read again (the timesheets are billed now).
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/projects`).length).toBeGreaterThan(1));

    answer = { status: 400, body: { message: MESSAGES_SERVICES.nothingToBill } };
    await user.click(within(site).getByRole('button', { name: MESSAGES_SERVICES.billAction }));
    expect(await screen.findByText(MESSAGES_SERVICES.nothingToBill)).toBeInTheDocument();

    answer = {
      status: 202,
      body: { batchId: 'b2', status: 'pending', invoice: null, timesheetCount: 1, hours: '7.50', amount: '112500.00' },
    };
    await user.click(within(site).getByRole('button', { name: MESSAGES_SERVICES.billAction }));
    expect(await screen.findByText(MESSAGES_SERVICES.billPending)).toBeInTheDocument();
  });

  it("disables 'Nouvelle feuille de temps' without employees, and says so", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ projects: [SITE], employees: [] }));
    render();
    await user.click(screen.getByRole('tab', { name: 'Feuilles de temps' }));
    expect(await screen.findByText(MESSAGES_SERVICES.emptyTimesheets)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Employés actifs' })).getByText('0')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Nouvelle feuille de temps' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Saisir la première feuille de temps' })).toBeDisabled();
    expect(screen.getByText(/Ajoutez d'abord un employé actif/)).toBeInTheDocument();
  });

  it('lists the timesheets a page at a time, with "—" and the notice when HR is unavailable', async () => {
    const user = userEvent.setup();
    const rows = [
      timesheet(null, SITE, {
        hoursWorked: '7.75',
        totalCost: '116250.00',
        hourlyRate: '15000.00',
        breakTime: 45,
        startTime: '08:30',
        endTime: '17:00',
      }),
      timesheet(null, null, { status: 'billed', invoiceNumber: 'FS-2026-0003' }),
    ];
    const timesheets = heldAnswer({ body: page(rows, { employeesAvailable: false, totalItems: 60 }) });
    const fetchMock = mockFetch(
      routes(
        { employees: null },
        {
          [`GET ${BASE}/timesheets`]: timesheets.handler,
        },
      ),
    );
    render();
    await user.click(await screen.findByRole('tab', { name: 'Feuilles de temps' }));
    expect(await screen.findAllByTestId('timesheet-placeholder')).toHaveLength(3);
    timesheets.release();
    const table = await screen.findByRole('table', { name: 'Feuilles de temps' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByText('—')).toBeInTheDocument();
    expect(within(first).getByText('Site web')).toBeInTheDocument();
    expect(within(first).getByText('10/02/2026')).toBeInTheDocument();
    expect(within(first).getByText('08:30 – 17:00')).toBeInTheDocument();
    expect(within(first).getByText('45 min')).toBeInTheDocument();
    expect(within(first).getByText('7,75 h')).toBeInTheDocument();
    expect(within(first).getByText('15 000 XOF')).toBeInTheDocument();
    expect(within(first).getByText('116 250 XOF')).toBeInTheDocument();
    expect(within(first).getByText('Non facturée')).toBeInTheDocument();
    expect(within(second).getByText(MESSAGES_SERVICES.noProject)).toBeInTheDocument();
    expect(within(second).getByText('Facturée (FS-2026-0003)')).toBeInTheDocument();
    // One notice, not two; the page still renders; the card cannot count.
    expect(screen.getAllByText(MESSAGES_SERVICES.hrDown)).toHaveLength(1);
    expect(within(screen.getByRole('group', { name: 'Employés actifs' })).getByText('—')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvelle feuille de temps' })).toBeDisabled();

    expect(screen.getByText('1–25 sur 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `${BASE}/timesheets`).some((c) => c.url.includes('page=2&pageSize=25'))).toBe(true),
    );
  });

  it('creates a timesheet: only active projects, the rate from the project, hours and total computed live, end before start refused; body sent', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({ projects: [SITE, AUDIT], employees: [AWA] }, { [`POST ${BASE}/timesheets`]: { status: 201, body: timesheet(AWA, SITE) } }),
    );
    render();
    await screen.findByRole('article', { name: 'Site web' });
    await user.click(screen.getByRole('tab', { name: 'Feuilles de temps' }));
    const button = await screen.findByRole('button', { name: 'Nouvelle feuille de temps' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle feuille de temps' });
    // The company's only active employee is chosen on opening.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Employé/ })).toHaveValue('Awa Ndiaye — Développeuse'));
    expect(within(dialog).getByRole('combobox', { name: 'Projet' })).toHaveAttribute('placeholder', MESSAGES_SERVICES.noProject);
    expect(await autocompleteOptions(user, 'Projet')).toEqual(['Site web']);
    expect(
      callsTo(fetchMock, 'GET', `${BASE}/projects`).some((c) => c.url.includes('status=active') && c.url.includes('pageSize=20')),
    ).toBe(true);
    await chooseAutocomplete(user, 'Projet', 'Site web');
    expect(within(dialog).getByLabelText('Taux horaire (XOF)')).toHaveValue(15000);

    // 08:00–17:00 by default; end before start is refused with the contract's message.
    fireEvent.change(within(dialog).getByLabelText(/^Heure de fin/), { target: { value: '07:30' } });
    expect(await within(dialog).findByText(MESSAGES_SERVICES.endTimeBeforeStart)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(callsTo(fetchMock, 'POST', `${BASE}/timesheets`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Heure de début/), { target: { value: '08:30' } });
    fireEvent.change(within(dialog).getByLabelText(/^Heure de fin/), { target: { value: '17:10' } });
    await typeIn(user, dialog, 'Pause (minutes)', '45');
    // 8 h 40 − 45 min = 7 h 55 → 8 h at the nearest quarter; 8 × 15 000.
    expect(within(dialog).getByLabelText('Heures travaillées')).toHaveValue(8);
    expect(within(dialog).getByLabelText('Total calculé')).toHaveTextContent('Total : 120 000 XOF');
    fireEvent.change(within(dialog).getByLabelText(/^Heure de fin/), { target: { value: '17:00' } });
    // 7 h 45.
    expect(within(dialog).getByLabelText('Heures travaillées')).toHaveValue(7.75);
    expect(within(dialog).getByLabelText('Heures calculées')).toHaveTextContent('7,75 h');
    expect(within(dialog).getByLabelText('Total calculé')).toHaveTextContent('Total : 116 250 XOF');
    await typeIn(user, dialog, 'Date', '2026-02-12');

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MESSAGES_SERVICES.timesheetCreated)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_SERVICES.timesheetCreatedDescription)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', `${BASE}/timesheets`)[0].body).toEqual({
      employeeId: AWA.id,
      projectId: SITE.id,
      date: '2026-02-12',
      startTime: '08:30',
      endTime: '17:00',
      breakTime: 45,
      description: null,
      hourlyRate: '15000.00',
      hoursWorked: '7.75',
    });
  });

  it("'Impossible de créer la feuille de temps.' when the save fails; 'Aucun projet' sends no project", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({ employees: [AWA] }, { [`POST ${BASE}/timesheets`]: { status: 503, body: { message: 'Service Personnel indisponible' } } }),
    );
    render();
    await user.click(screen.getByRole('tab', { name: 'Feuilles de temps' }));
    const button = await screen.findByRole('button', { name: 'Nouvelle feuille de temps' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle feuille de temps' });
    await typeIn(user, dialog, 'Taux horaire (XOF)', '5000');
    expect(within(dialog).getByLabelText('Total calculé')).toHaveTextContent('Total : 45 000 XOF');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(`${MESSAGES_SERVICES.timesheetCreateError} : Service Personnel indisponible`)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nouvelle feuille de temps' })).toBeInTheDocument();
    const body = callsTo(fetchMock, 'POST', `${BASE}/timesheets`)[0].body as Record<string, unknown>;
    expect(body.projectId).toBeNull();
    expect(body.hoursWorked).toBe('9.00');
  });
});

describe('ProjectsPage: server-searched choices', () => {
  const typed = async (user: ReturnType<typeof userEvent.setup>, label: string, text: string) => {
    const input = screen.getByRole('combobox', { name: label });
    await user.click(input);
    await user.type(input, text);
  };
  const searched = (fetchMock: jest.Mock, path: string, term: string) =>
    waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}${path}`).some((c) => c.url.includes(`search=${term}`))).toBe(true));

  it('ClientField: the project dialog asks accounting with the typed search', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ employees: [AWA], clients: [ACME, client('Beta SARL', { type: 'both' })] }));
    render();
    await user.click(await screen.findByRole('button', { name: 'Créer le premier projet' }));
    await screen.findByRole('dialog', { name: 'Nouveau projet' });
    await typed(user, 'Client', 'beta');
    await searched(fetchMock, '/third-parties', 'beta');
    expect(
      callsTo(fetchMock, 'GET', `${BASE}/third-parties`).some((c) => c.url.includes('search=beta') && c.url.includes('role=client')),
    ).toBe(true);
    await user.click(await screen.findByRole('option', { name: 'Beta SARL' }));
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Beta SARL');
  });

  it('EmployeeField and ProjectField: the timesheet dialog asks HR and the projects with the typed search', async () => {
    const user = userEvent.setup();
    const MOUSSA = employee('Moussa', 'Sow', { position: 'Chef de projet' });
    const fetchMock = mockFetch(routes({ projects: [SITE, project('Migration', ACME)], employees: [AWA, MOUSSA] }));
    render();
    await user.click(screen.getByRole('tab', { name: 'Feuilles de temps' }));
    const button = await screen.findByRole('button', { name: 'Nouvelle feuille de temps' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Nouvelle feuille de temps' });
    // Two active employees: none chosen on opening.
    expect(screen.getByRole('combobox', { name: 'Employé' })).toHaveValue('');
    await typed(user, 'Employé', 'sow');
    await searched(fetchMock, '/employees', 'sow');
    expect(
      callsTo(fetchMock, 'GET', `${BASE}/employees`).some((c) => c.url.includes('search=sow') && c.url.includes('status=active')),
    ).toBe(true);
    await user.click(await screen.findByRole('option', { name: 'Moussa Sow — Chef de projet' }));

    await typed(user, 'Projet', 'migr');
    await searched(fetchMock, '/projects', 'migr');
    await user.click(await screen.findByRole('option', { name: 'Migration' }));
    expect(screen.getByRole('combobox', { name: 'Projet' })).toHaveValue('Migration');
  });
});

describe('ProjectsPage: role gating', () => {
  it("a reader sees the projects without 'Nouveau projet' nor 'Facturer les heures'", async () => {
    mockFetch(routes({ projects: [SITE], employees: [AWA] }, { 'GET /api/user': { body: { ...TEST_USER, role: 'reader' } } }));
    render();
    const site = await screen.findByRole('article', { name: 'Site web' });
    expect(within(site).queryByRole('button', { name: MESSAGES_SERVICES.billAction })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau projet' })).not.toBeInTheDocument();
  });

  it('a collaborator bills hours and adds projects (documents)', async () => {
    mockFetch(routes({ projects: [SITE], employees: [AWA] }, { 'GET /api/user': { body: { ...TEST_USER, role: 'collaborator' } } }));
    render();
    const site = await screen.findByRole('article', { name: 'Site web' });
    expect(within(site).getByRole('button', { name: MESSAGES_SERVICES.billAction })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouveau projet' })).toBeInTheDocument();
  });
});
