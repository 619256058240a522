import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_MEMBERS, type Invitation, type Member, type Role } from '@xaalis/contracts';
import { callsTo, company, COMPANY_ID, TEST_USER } from '@xaalis/web-kit/src/testing/app';
import { mockFetch } from '@xaalis/web-kit/src/testing/fetch';
import SettingsPage from '../settings/SettingsPage';
import { renderWithApp, stubLoader } from '../../test-utils';

const BASE = `/api/companies/${COMPANY_ID}`;
const MEMBERS = `${BASE}/members`;
const INVITATIONS = `${BASE}/invitations`;

const member = (userId: string, name: string, role: Role, extra: Partial<Member> = {}): Member => ({
  userId,
  username: name.toLowerCase().replace(/\s+/g, '_'),
  name,
  email: `${userId}@example.sn`,
  role,
  since: '2026-01-15T09:00:00.000Z',
  ...extra,
});
const AWA = member(TEST_USER.id, 'Awa Diop', 'owner', { username: 'awa', email: 'awa@example.sn' });
const MOUSSA = member('u2', 'Moussa Fall', 'accountant');
const INVITATION: Invitation = {
  id: 'i1',
  companyId: COMPANY_ID,
  companyName: 'Teranga SARL',
  role: 'reader',
  userId: 'u3',
  username: 'fatou',
  invitedBy: 'Awa Diop',
  createdAt: '2026-03-02T10:00:00.000Z',
};

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${MEMBERS}`]: { body: [AWA, MOUSSA] },
    [`GET ${INVITATIONS}`]: { body: [INVITATION] },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

const openTab = () => renderWithApp(<SettingsPage />, { route: '/parametres?tab=members', loader: stubLoader });
const membersTable = () => screen.findByRole('table', { name: "Membres de l'entreprise" });
const rowOf = (table: HTMLElement, name: string) => within(table).getByText(name).closest('tr') as HTMLElement;

beforeEach(() => window.localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe("Paramètres: tab 'Membres'", () => {
  it('is shown to owners only; another role asking for it gets Entreprise', async () => {
    mockFetch(routes());
    const first = openTab();
    expect(await screen.findByRole('tab', { name: 'Membres' })).toHaveAttribute('aria-selected', 'true');
    first.unmount();

    for (const role of ['accountant', 'collaborator', 'reader'] as const) {
      const fetchMock = mockFetch(routes({ 'GET /api/user': { body: { ...TEST_USER, role } } }));
      const view = openTab();
      expect(await screen.findByRole('heading', { name: 'accounting ./CompanySettings' })).toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: 'Membres' })).not.toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Entreprise' })).toHaveAttribute('aria-selected', 'true');
      expect(callsTo(fetchMock, 'GET', MEMBERS)).toHaveLength(0);
      view.unmount();
    }
  });

  it('lists the members (name, username, email, role, since) and the pending invitations', async () => {
    mockFetch(routes());
    openTab();
    const table = await membersTable();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Awa Diop')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Vous')).toBeInTheDocument();
    expect(within(rows[0]).getByText('awa')).toBeInTheDocument();
    expect(within(rows[0]).getByText('awa@example.sn')).toBeInTheDocument();
    expect(within(rows[0]).getByText('15/01/2026')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('combobox', { name: 'Rôle de Awa Diop' })).toHaveValue('owner');
    expect(within(rows[1]).getByRole('combobox', { name: 'Rôle de Moussa Fall' })).toHaveValue('accountant');
    expect(
      within(rows[1])
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Propriétaire', 'Comptable', 'Collaborateur', 'Lecture seule']);

    const invitations = await screen.findByRole('table', { name: 'Invitations en attente' });
    const invitation = within(invitations).getAllByRole('row')[1];
    expect(invitation).toHaveTextContent('fatou');
    expect(invitation).toHaveTextContent('Lecture seule');
    expect(invitation).toHaveTextContent('Awa Diop');
    expect(invitation).toHaveTextContent('02/03/2026');
  });

  it("changes a member's role (PATCH) and says 'Rôle modifié'", async () => {
    const user = userEvent.setup();
    let moussa = MOUSSA;
    const fetchMock = mockFetch(
      routes({
        [`GET ${MEMBERS}`]: () => ({ body: [AWA, moussa] }),
        [`PATCH ${MEMBERS}/u2`]: (init: RequestInit | undefined) => {
          moussa = { ...MOUSSA, role: (JSON.parse(init?.body as string) as { role: Role }).role };
          return { body: moussa };
        },
      }),
    );
    openTab();
    const table = await membersTable();
    await user.selectOptions(within(table).getByRole('combobox', { name: 'Rôle de Moussa Fall' }), 'Collaborateur');
    expect(await screen.findByText(MESSAGES_MEMBERS.roleChanged)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', `${MEMBERS}/u2`).map((c) => c.body)).toEqual([{ role: 'collaborator' }]);
    await waitFor(() => expect(within(table).getByRole('combobox', { name: 'Rôle de Moussa Fall' })).toHaveValue('collaborator'));
  });

  it("shows the server's refusal of a role change and keeps the stored role", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`PATCH ${MEMBERS}/${AWA.userId}`]: { status: 409, body: { message: MESSAGES_MEMBERS.lastOwner } } }));
    openTab();
    const table = await membersTable();
    await user.selectOptions(within(table).getByRole('combobox', { name: 'Rôle de Awa Diop' }), 'Comptable');
    expect(await screen.findByText(MESSAGES_MEMBERS.lastOwner)).toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Rôle de Awa Diop' })).toHaveValue('owner');
  });

  it("removes a member after a confirmation (DELETE) and says 'Membre retiré'", async () => {
    const user = userEvent.setup();
    let members = [AWA, MOUSSA];
    const fetchMock = mockFetch(
      routes({
        [`GET ${MEMBERS}`]: () => ({ body: members }),
        [`DELETE ${MEMBERS}/u2`]: () => {
          members = [AWA];
          return { status: 204 };
        },
      }),
    );
    openTab();
    const table = await membersTable();
    await user.click(within(rowOf(table, 'Moussa Fall')).getByRole('button', { name: 'Retirer Moussa Fall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirer Moussa Fall ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText(MESSAGES_MEMBERS.removed)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', `${MEMBERS}/u2`)).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByText('Moussa Fall')).not.toBeInTheDocument());
  });

  it("shows the server's 409 as is when the last owner would be removed", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`DELETE ${MEMBERS}/${AWA.userId}`]: { status: 409, body: { message: MESSAGES_MEMBERS.lastOwner } } }));
    openTab();
    const table = await membersTable();
    await user.click(within(rowOf(table, 'Awa Diop')).getByRole('button', { name: 'Retirer Awa Diop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirer Awa Diop ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES_MEMBERS.lastOwner);
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("invites a member (POST login + role), says 'Invitation envoyée' and lists the invitation", async () => {
    const user = userEvent.setup();
    let invitations: Invitation[] = [];
    const fetchMock = mockFetch(
      routes({
        [`GET ${INVITATIONS}`]: () => ({ body: invitations }),
        [`POST ${INVITATIONS}`]: () => {
          // The owners' view: the login as typed, no invitee id (the same for an unknown login).
          invitations = [{ ...INVITATION, role: 'collaborator', username: 'ibou@example.sn', id: 'i9' }];
          return { status: 201, body: invitations[0] };
        },
      }),
    );
    openTab();
    expect(await screen.findByText('Aucune invitation en attente')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Inviter un membre' });
    await user.click(within(form).getByRole('button', { name: 'Inviter' }));
    expect(await within(form).findByText(MESSAGES_MEMBERS.loginRequired)).toBeInTheDocument();

    await user.type(within(form).getByLabelText("Nom d'utilisateur ou email"), ' ibou@example.sn ');
    expect(within(form).getByLabelText('Rôle')).toHaveValue('collaborator');
    await user.click(within(form).getByRole('button', { name: 'Inviter' }));
    expect(await screen.findByText(MESSAGES_MEMBERS.invited)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', INVITATIONS).map((c) => c.body)).toEqual([{ login: 'ibou@example.sn', role: 'collaborator' }]);
    expect(within(form).getByLabelText("Nom d'utilisateur ou email")).toHaveValue('');
    const table = await screen.findByRole('table', { name: 'Invitations en attente' });
    expect(within(table).getByText('ibou@example.sn')).toBeInTheDocument();
  });

  it('shows the invitation limit (429) in a toast, not on the field', async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`POST ${INVITATIONS}`]: { status: 429, body: { message: MESSAGES_MEMBERS.tooManyInvitations } } }));
    openTab();
    const form = await screen.findByRole('form', { name: 'Inviter un membre' });
    await user.type(within(form).getByLabelText("Nom d'utilisateur ou email"), 'fatou');
    await user.click(within(form).getByRole('button', { name: 'Inviter' }));
    expect(await screen.findByText(MESSAGES_MEMBERS.tooManyInvitations)).toBeInTheDocument();
    expect(within(form).getByLabelText("Nom d'utilisateur ou email")).not.toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    [409, MESSAGES_MEMBERS.alreadyMember],
    [409, MESSAGES_MEMBERS.alreadyInvited],
  ])("shows the server's %s message on the field (%s)", async (status, message) => {
    const user = userEvent.setup();
    mockFetch(routes({ [`POST ${INVITATIONS}`]: { status, body: { message } } }));
    openTab();
    const form = await screen.findByRole('form', { name: 'Inviter un membre' });
    await user.type(within(form).getByLabelText("Nom d'utilisateur ou email"), 'inconnu');
    await user.selectOptions(within(form).getByLabelText('Rôle'), 'Comptable');
    await user.click(within(form).getByRole('button', { name: 'Inviter' }));
    const field = within(form).getByLabelText("Nom d'utilisateur ou email");
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it("cancels a pending invitation ('Annuler': DELETE) and says 'Invitation annulée'", async () => {
    const user = userEvent.setup();
    let invitations = [INVITATION];
    const fetchMock = mockFetch(
      routes({
        [`GET ${INVITATIONS}`]: () => ({ body: invitations }),
        [`DELETE ${INVITATIONS}/i1`]: () => {
          invitations = [];
          return { status: 204 };
        },
      }),
    );
    openTab();
    await user.click(await screen.findByRole('button', { name: "Annuler l'invitation de fatou" }));
    expect(await screen.findByText(MESSAGES_MEMBERS.invitationCancelled)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', `${INVITATIONS}/i1`)).toHaveLength(1);
    expect(await screen.findByText('Aucune invitation en attente')).toBeInTheDocument();
  });

  it('shows skeletons while loading, then French errors with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch(
      routes({
        [`GET ${MEMBERS}`]: () => (fail ? { status: 503, body: { message: 'Service indisponible' } } : { body: [AWA] }),
        [`GET ${INVITATIONS}`]: { status: 500, body: { message: 'Erreur interne du serveur' } },
      }),
    );
    openTab();
    expect((await screen.findAllByRole('status')).length).toBeGreaterThan(0);
    expect(await screen.findByText(MESSAGES_MEMBERS.membersUnavailable)).toBeInTheDocument();
    expect(await screen.findByText('Impossible de charger les invitations')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getAllByRole('button', { name: 'Réessayer' })[0]);
    expect(await membersTable()).toBeInTheDocument();
  });
});
