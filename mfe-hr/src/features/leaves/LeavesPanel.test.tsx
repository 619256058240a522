import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_LEAVE, type Employee, type Leave, type LeaveBalance } from '@xaalis/contracts';
import {
  callsTo,
  company,
  COMPANY_ID,
  employee,
  employeePage,
  mockFetch,
  renderWithApp,
  TEST_USER,
  type FakeResponse,
  type FetchHandler,
} from '../../test-utils';
import { LEAVE_HINT } from './LeaveDialog';
import { LeavesPanel } from './LeavesPanel';

const BASE = `/api/companies/${COMPANY_ID}`;
const MOUSSA = employee({ employeeNumber: 'E001', firstName: 'Moussa', lastName: 'Fall' });
const AWA = employee({ employeeNumber: 'E002', firstName: 'Awa', lastName: 'Ndiaye' });
const GONE = employee({ employeeNumber: 'E009', firstName: 'Ousmane', lastName: 'Ba', status: 'inactive' });
const STAFF = [MOUSSA, AWA, GONE];

let seq = 0;
function leave(who: Employee, overrides: Partial<Leave> = {}): Leave {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-0000000a${String(seq).padStart(4, '0')}`,
    employeeId: who.id,
    employee: { firstName: who.firstName, lastName: who.lastName, employeeNumber: who.employeeNumber },
    kind: 'paid',
    startDate: '2026-03-02',
    endDate: '2026-03-06',
    days: '5.00',
    note: null,
    createdAt: '2026-02-20T10:00:00.000Z',
    ...overrides,
  };
}

const BALANCES: LeaveBalance[] = [
  { employeeId: AWA.id, months: 3, accrued: '7.50', taken: '9.00', balance: '-1.50' },
  { employeeId: MOUSSA.id, months: 12, accrued: '24.00', taken: '5.00', balance: '19.00' },
];

const paramsOf = (url: string) => new URL(url, 'http://localhost').searchParams;

/** What the HR service answers `GET …/leaves?page&pageSize&employeeId` over `leaves`. */
function leavePage(leaves: readonly Leave[], url: string) {
  const params = paramsOf(url);
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? 50);
  const employeeId = params.get('employeeId');
  const matching = leaves.filter((l) => !employeeId || l.employeeId === employeeId);
  return {
    items: matching.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    totalItems: matching.length,
    totalPages: Math.ceil(matching.length / pageSize),
  };
}

function routes(leaves: Leave[] | (() => Leave[]), overrides: Record<string, FakeResponse | FetchHandler> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/employees`]: (_init, url) => ({ body: employeePage(STAFF, url) }),
    [`GET ${BASE}/leaves/balances`]: { body: BALANCES },
    [`GET ${BASE}/leaves`]: (_init, url) => ({ body: leavePage(typeof leaves === 'function' ? leaves() : leaves, url) }),
    ...overrides,
  } satisfies Record<string, FakeResponse | FetchHandler>;
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.children).map((c) => c.textContent));

type User = ReturnType<typeof userEvent.setup>;

async function openNewLeave(user: User) {
  const button = await screen.findByRole('button', { name: 'Nouvelle absence' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.findByRole('dialog', { name: 'Nouvelle absence' });
}

async function typeDate(user: User, dialog: HTMLElement, label: string, value: string) {
  const input = within(dialog).getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

afterEach(() => jest.restoreAllMocks());

describe('Gestion de la Paie → Absences', () => {
  it('shows the paid-leave balances by employee and the absences recorded, newest first', async () => {
    const sick = leave(AWA, { kind: 'sick', startDate: '2026-04-13', endDate: '2026-04-14', days: '2.00', note: 'Certificat médical' });
    const paid = leave(MOUSSA, { days: '4.50' });
    mockFetch(routes([sick, paid]));
    renderWithApp(<LeavesPanel companyId={COMPANY_ID} />, { route: '/paie' });

    const balances = await screen.findByRole('table', { name: 'Soldes de congés payés' });
    await waitFor(() => expect(within(balances).getByText('Awa Ndiaye')).toBeInTheDocument());
    expect(rowTexts(balances)).toEqual([
      ['Employé', 'Mois payés', 'Acquis (j)', 'Pris (j)', 'Solde (j)'],
      ['Awa Ndiaye', '3', '7,5', '9', '-1,5'],
      ['Moussa Fall', '12', '24', '5', '19'],
    ]);

    const absences = await screen.findByRole('table', { name: 'Absences' });
    expect(rowTexts(absences)).toEqual([
      ['Employé', 'Type', 'Du', 'Au', 'Jours', 'Note', 'Actions'],
      ['Awa Ndiaye', 'Maladie', '13/04/2026', '14/04/2026', '2', 'Certificat médical', ''],
      ['Moussa Fall', 'Congé payé', '02/03/2026', '06/03/2026', '4,5', '-', ''],
    ]);
    expect(within(absences).getByRole('button', { name: 'Supprimer l’absence de Moussa Fall du 02/03/2026' })).toBeInTheDocument();
    // The filter offers every employee, former ones too.
    expect(
      within(screen.getByLabelText('Employé'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tous', 'Moussa Fall (E001)', 'Awa Ndiaye (E002)', 'Ousmane Ba (E009)']);
  });

  it('says when no absence is recorded, and when the list cannot be read', async () => {
    let failing = false;
    mockFetch(
      routes([], {
        [`GET ${BASE}/leaves`]: (_init, url) =>
          failing ? { status: 503, body: { message: 'Service de paie indisponible' } } : { body: leavePage([], url) },
      }),
    );
    const view = renderWithApp(<LeavesPanel companyId={COMPANY_ID} />, { route: '/paie' });
    expect(await screen.findByText(MESSAGES_LEAVE.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Absences' })).not.toBeInTheDocument();
    view.unmount();

    failing = true;
    renderWithApp(<LeavesPanel companyId={COMPANY_ID} />, { route: '/paie' });
    expect(await screen.findByText('Impossible de charger les absences')).toBeInTheDocument();
    expect(screen.getByText('Service de paie indisponible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('filters on one employee (asked of the server) and moves through the pages', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) =>
      leave(i % 5 === 0 ? AWA : MOUSSA, { startDate: `2025-${String((i % 12) + 1).padStart(2, '0')}-05` }),
    );
    const fetchMock = mockFetch(routes(many));
    renderWithApp(<LeavesPanel companyId={COMPANY_ID} />, { route: '/paie' });
    const table = await screen.findByRole('table', { name: 'Absences' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(Object.fromEntries(paramsOf(callsTo(fetchMock, 'GET', `${BASE}/leaves`)[0].url))).toEqual({ page: '1', pageSize: '20' });
    expect(screen.getByText('1–20 sur 25')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Aller à la page suivante' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    expect(paramsOf(callsTo(fetchMock, 'GET', `${BASE}/leaves`).at(-1)!.url).get('page')).toBe('2');

    // A filter goes back to the first page.
    await user.selectOptions(screen.getByLabelText('Employé'), 'Awa Ndiaye (E002)');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Absences' })).getAllByRole('row')).toHaveLength(6));
    expect(Object.fromEntries(paramsOf(callsTo(fetchMock, 'GET', `${BASE}/leaves`).at(-1)!.url))).toEqual({
      page: '1',
      pageSize: '20',
      employeeId: AWA.id,
    });
    const filtered = screen.getByRole('table', { name: 'Absences' });
    expect(within(filtered).getAllByText('Awa Ndiaye')).toHaveLength(5);
    expect(within(filtered).queryByText('Moussa Fall')).not.toBeInTheDocument();
  });

  it("'Nouvelle absence' checks the fields with the contract's messages, shows the server's refusal, then records it", async () => {
    const user = userEvent.setup();
    let leaves: Leave[] = [];
    let refusal: FakeResponse | null = { status: 409, body: { message: MESSAGES_LEAVE.overlap } };
    const created = leave(AWA, { kind: 'unpaid', startDate: '2026-03-09', endDate: '2026-03-10', days: '2.00', note: 'Décès' });
    const fetchMock = mockFetch(
      routes(() => leaves, {
        [`POST ${BASE}/leaves`]: () => {
          if (refusal) return refusal;
          leaves = [created];
          return { status: 201, body: created };
        },
      }),
    );
    renderWithApp(<LeavesPanel companyId={COMPANY_ID} />, { route: '/paie' });
    expect(await screen.findByText(MESSAGES_LEAVE.empty)).toBeInTheDocument();
    const dialog = await openNewLeave(user);
    expect(within(dialog).getByText(LEAVE_HINT)).toBeInTheDocument();
    expect(LEAVE_HINT).toBe(
      'Les jours ouvrables (lundi au samedi) sont comptés ; le bulletin du mois retient les absences non rémunérées et paie les congés',
    );
    // Active employees only; the kinds with their French labels, paid leave first.
    expect(
      within(within(dialog).getByLabelText('Employé'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sélectionnez un employé', 'Moussa Fall (E001)', 'Awa Ndiaye (E002)']);
    expect(
      within(within(dialog).getByLabelText('Type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Congé payé', 'Absence non rémunérée', 'Maladie', 'Autre absence']);
    expect(within(dialog).getByLabelText('Type')).toHaveValue('paid');

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(MESSAGES_LEAVE.employeeRequired, { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_LEAVE.startRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_LEAVE.endRequired)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Employé'), 'Awa Ndiaye (E002)');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Absence non rémunérée');
    await typeDate(user, dialog, 'Du', '2026-03-09');
    await typeDate(user, dialog, 'Au', '2026-03-06');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(MESSAGES_LEAVE.endBeforeStart)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/leaves`)).toHaveLength(0);

    await typeDate(user, dialog, 'Au', '2026-03-10');
    await user.type(within(dialog).getByLabelText('Note'), ' Décès ');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES_LEAVE.overlap);
    expect(screen.getByRole('dialog', { name: 'Nouvelle absence' })).toBeInTheDocument();

    refusal = null;
    const balanceReads = callsTo(fetchMock, 'GET', `${BASE}/leaves/balances`).length;
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(MESSAGES_LEAVE.created)).toBeInTheDocument();
    const posts = callsTo(fetchMock, 'POST', `${BASE}/leaves`);
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toEqual({ employeeId: AWA.id, kind: 'unpaid', startDate: '2026-03-09', endDate: '2026-03-10', note: 'Décès' });
    // The absences and the balances are read again.
    const table = await screen.findByRole('table', { name: 'Absences' });
    expect(within(table).getByText('Absence non rémunérée')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/leaves/balances`).length).toBeGreaterThan(balanceReads));
  });

  it('sends no note when none is typed, and a server 400 shows its message and its fields in the dialog', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes([], {
        [`POST ${BASE}/leaves`]: {
          status: 400,
          body: { message: 'Données invalides', issues: [{ path: ['startDate'], message: MESSAGES_LEAVE.noWorkingDay }] },
        },
      }),
    );
    renderWithApp(<LeavesPanel companyId={COMPANY_ID} />, { route: '/paie' });
    const dialog = await openNewLeave(user);
    await user.selectOptions(within(dialog).getByLabelText('Employé'), 'Moussa Fall (E001)');
    await typeDate(user, dialog, 'Du', '2026-03-08');
    await typeDate(user, dialog, 'Au', '2026-03-08');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Données invalides : ${MESSAGES_LEAVE.noWorkingDay}`);
    expect(callsTo(fetchMock, 'POST', `${BASE}/leaves`).map((c) => c.body)).toEqual([
      { employeeId: MOUSSA.id, kind: 'paid', startDate: '2026-03-08', endDate: '2026-03-08', note: null },
    ]);
  });

  it("deletes an absence after confirming; a validated slip's refusal (409) stays in the confirmation", async () => {
    const user = userEvent.setup();
    const target = leave(MOUSSA);
    let leaves = [target];
    let refused = true;
    const fetchMock = mockFetch(
      routes(() => leaves, {
        [`DELETE ${BASE}/leaves/${target.id}`]: () => {
          if (refused) return { status: 409, body: { message: MESSAGES_LEAVE.slipCounted } };
          leaves = [];
          return { status: 204 };
        },
      }),
    );
    renderWithApp(<LeavesPanel companyId={COMPANY_ID} />, { route: '/paie' });
    await user.click(await screen.findByRole('button', { name: 'Supprimer l’absence de Moussa Fall du 02/03/2026' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer cette absence ?' });
    expect(confirm).toHaveTextContent('Congé payé de Moussa Fall du 02/03/2026 au 06/03/2026 (5 jours ouvrables).');
    // Nothing is asked before the confirmation.
    expect(callsTo(fetchMock, 'DELETE', `${BASE}/leaves/${target.id}`)).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(MESSAGES_LEAVE.slipCounted);
    expect(screen.getByRole('dialog', { name: 'Supprimer cette absence ?' })).toBeInTheDocument();

    refused = false;
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(MESSAGES_LEAVE.deleted)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES_LEAVE.empty)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', `${BASE}/leaves/${target.id}`)).toHaveLength(2);
  });
});
