import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_MEMBERS, type Invitation } from '@xaalis/contracts';
import { mockFetch } from '../../test-utils';
import { C1, C2, callsTo, companyRecord, membership, ON_C2, OWNER, renderLayout, TWO_COMPANIES } from './testing';

afterEach(() => jest.restoreAllMocks());

const INVITATION: Invitation = {
  id: 'inv-1',
  companyId: C2,
  companyName: 'Baobab Services',
  role: 'accountant',
  userId: OWNER.id,
  username: OWNER.username,
  invitedBy: 'Moussa Fall',
  createdAt: '2026-02-01T00:00:00.000Z',
};
const TEXT = 'Moussa Fall vous invite à rejoindre Baobab Services en tant que Comptable';

function invited(answers: Record<string, { status?: number; body?: unknown }> = {}) {
  let pending = [INVITATION];
  let member = false;
  let user = OWNER;
  return mockFetch({
    'GET /api/user': () => ({ body: user }),
    'GET /api/invitations': () => ({ body: pending }),
    'GET /api/memberships': () => ({ body: member ? TWO_COMPANIES : [membership()] }),
    [`GET /api/companies/${C1}`]: { body: companyRecord(C1, 'Teranga SARL', 'hotel') },
    [`GET /api/companies/${C2}`]: { body: companyRecord(C2, 'Baobab Services', 'service') },
    'POST /api/invitations/inv-1/accept': () => {
      if (answers.accept) return answers.accept;
      pending = [];
      member = true;
      return { body: membership({ companyId: C2, companyName: 'Baobab Services', sector: 'service', role: 'accountant', current: false }) };
    },
    'POST /api/invitations/inv-1/decline': () => {
      pending = [];
      return { status: 204 };
    },
    'POST /api/session/company': () => {
      user = ON_C2;
      return { body: user };
    },
  });
}

const banner = () => screen.findByRole('region', { name: 'Invitations en attente' });

describe('PendingInvitations', () => {
  it('shows nothing without pending invitations', async () => {
    const fetchMock = mockFetch({ 'GET /api/user': { body: OWNER }, 'GET /api/invitations': { body: [] } });
    renderLayout();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/invitations')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Invitations en attente' })).not.toBeInTheDocument();
  });

  it('accepting: the company joins the switcher, and the banner offers to move to it', async () => {
    const user = userEvent.setup();
    const fetchMock = invited();
    renderLayout('/factures');
    const region = await banner();
    expect(within(region).getByText(TEXT)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Accepter' }));

    expect(await screen.findByText(MESSAGES_MEMBERS.accepted)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/invitations/inv-1/accept')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(TEXT)).not.toBeInTheDocument());
    expect(await screen.findByText('Vous avez rejoint Baobab Services en tant que Comptable.')).toBeInTheDocument();
    // the switcher lists it (the companies were read again)
    const [navigation] = screen.getAllByRole('navigation', { name: 'Navigation principale' });
    expect(await within(navigation).findByRole('link', { name: 'Portefeuille' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Passer à cette entreprise' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Entreprise actuelle :/ })).toHaveAccessibleName('Entreprise actuelle : Baobab Services'),
    );
    expect(callsTo(fetchMock, 'POST', '/api/session/company')).toEqual([{ companyId: C2 }]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    await waitFor(() => expect(screen.queryByText(/Vous avez rejoint/)).not.toBeInTheDocument());
  });

  it("accepting, then 'Plus tard': the offer goes, the session stays", async () => {
    const user = userEvent.setup();
    const fetchMock = invited();
    renderLayout('/factures');
    await user.click(within(await banner()).getByRole('button', { name: 'Accepter' }));
    await user.click(await screen.findByRole('button', { name: 'Plus tard' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations en attente' })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/session/company')).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/factures');
  });

  it("declining: 'Invitation refusée' and the banner goes", async () => {
    const user = userEvent.setup();
    const fetchMock = invited();
    renderLayout();
    await user.click(within(await banner()).getByRole('button', { name: 'Refuser' }));
    expect(await screen.findByText(MESSAGES_MEMBERS.declined)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/invitations/inv-1/decline')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations en attente' })).not.toBeInTheDocument());
  });

  it("a failed answer shows the server's reason in French", async () => {
    const user = userEvent.setup();
    invited({ accept: { status: 404, body: { message: MESSAGES_MEMBERS.invitationNotFound } } });
    renderLayout();
    await user.click(within(await banner()).getByRole('button', { name: 'Accepter' }));
    expect(await screen.findByText(MESSAGES_MEMBERS.invitationNotFound)).toBeInTheDocument();
    expect(screen.getByText('Erreur')).toBeInTheDocument();
    expect(screen.queryByText(/Vous avez rejoint/)).not.toBeInTheDocument();
  });
});
