import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_MEMBERS } from '@xaalis/contracts';
import { mockFetch } from '../../test-utils';
import { C1, C2, callsTo, companyRecord, membership, ON_C2, OWNER, renderLayout, TWO_COMPANIES } from './testing';

afterEach(() => jest.restoreAllMocks());

/** A session on C1 that POST /api/session/company moves to C2. */
function twoCompanies(switchAnswer?: { status: number; body: unknown }) {
  let user = OWNER;
  return mockFetch({
    'GET /api/user': () => ({ body: user }),
    'GET /api/memberships': () => ({ body: TWO_COMPANIES.map((m) => ({ ...m, current: m.companyId === user.companyId })) }),
    [`GET /api/companies/${C1}`]: { body: companyRecord(C1, 'Teranga SARL', 'hotel') },
    [`GET /api/companies/${C2}`]: { body: companyRecord(C2, 'Baobab Services', 'service') },
    'POST /api/session/company': () => {
      if (switchAnswer) return switchAnswer;
      user = ON_C2;
      return { body: user };
    },
  });
}

const switcher = () => screen.getByRole('button', { name: /^Entreprise actuelle :/ });

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(switcher()).toHaveAccessibleName('Entreprise actuelle : Teranga SARL'));
  await user.click(switcher());
  return screen.findByRole('menu', { name: 'Vos entreprises' });
}

describe('CompanySwitcher', () => {
  it("lists the user's companies with sector and role, the current one checked, and 'Créer une entreprise'", async () => {
    const user = userEvent.setup();
    twoCompanies();
    renderLayout();
    const menu = await openMenu(user);
    const items = await within(menu).findAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['Teranga SARLHôtellerie · Propriétaire', 'Baobab ServicesServices · Comptable']);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    expect(items[1]).toHaveAttribute('aria-checked', 'false');
    expect(within(menu).getByRole('menuitem', { name: 'Créer une entreprise' })).toBeInTheDocument();
  });

  it('switching: POST /api/session/company, then the dashboard of the new company with every datum read again', async () => {
    const user = userEvent.setup();
    const fetchMock = twoCompanies();
    renderLayout('/factures');
    // the page has a state of its own
    await waitFor(() => expect(switcher()).toHaveAccessibleName('Entreprise actuelle : Teranga SARL'));
    await user.click(screen.getByRole('button', { name: 'Commencer un brouillon' }));
    expect(screen.getByText('Brouillon en cours')).toBeInTheDocument();
    const menu = await openMenu(user);
    await user.click(await within(menu).findByRole('menuitemradio', { name: /Baobab Services/ }));

    await waitFor(() => expect(switcher()).toHaveAccessibleName('Entreprise actuelle : Baobab Services'));
    expect(callsTo(fetchMock, 'POST', '/api/session/company')).toEqual([{ companyId: C2 }]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    // the cache was dropped: the companies and the new company are read again, the user is not (it is the answer)
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/memberships')).toHaveLength(2));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `/api/companies/${C2}`)).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET', '/api/user')).toHaveLength(1);
    // the page was remounted: its state is gone
    expect(screen.queryByText('Brouillon en cours')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Commencer un brouillon' })).toBeInTheDocument();
    // the sidebar shows the role in the new company
    expect(screen.getAllByTestId('sidebar-user-role')[0]).toHaveTextContent('Comptable');
    await user.click(switcher());
    const items = await screen.findAllByRole('menuitemradio');
    await waitFor(() => expect(items[1]).toHaveAttribute('aria-checked', 'true'));
  });

  it('a refused switch shows "Impossible de changer d\'entreprise" and stays on the company', async () => {
    const user = userEvent.setup();
    const fetchMock = twoCompanies({ status: 404, body: { message: MESSAGES_MEMBERS.noAccess } });
    renderLayout('/factures');
    const menu = await openMenu(user);
    await user.click(await within(menu).findByRole('menuitemradio', { name: /Baobab Services/ }));
    expect(await screen.findByText(MESSAGES_MEMBERS.switchError)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_MEMBERS.noAccess)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/factures');
    expect(switcher()).toHaveAccessibleName('Entreprise actuelle : Teranga SARL');
    expect(switcher()).toBeEnabled();
    // the companies are read again (one may have been left)
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/memberships')).toHaveLength(2));
  });

  it('choosing the current company does nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = twoCompanies();
    renderLayout('/factures');
    const menu = await openMenu(user);
    await user.click(await within(menu).findByRole('menuitemradio', { name: /Teranga SARL/ }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/session/company')).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/factures');
  });

  it('the menu still offers to create a company when the companies cannot be read', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/user': { body: OWNER },
      'GET /api/memberships': { status: 503, body: { message: 'Service indisponible' } },
    });
    renderLayout();
    const menu = await openMenu(user);
    expect(await within(menu).findByText('Liste des entreprises indisponible')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Réessayer' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Créer une entreprise' })).toBeInTheDocument();
  });

  it('shows the Portefeuille link only to a user of two companies or more', async () => {
    mockFetch({ 'GET /api/user': { body: OWNER }, 'GET /api/memberships': { body: TWO_COMPANIES } });
    const { unmount } = renderLayout();
    const [navigation] = await screen.findAllByRole('navigation', { name: 'Navigation principale' });
    expect(await within(navigation).findByRole('link', { name: 'Portefeuille' })).toHaveAttribute('href', '/portefeuille');
    unmount();

    mockFetch({ 'GET /api/user': { body: OWNER }, 'GET /api/memberships': { body: [membership()] } });
    const fetchMock = globalThis.fetch as jest.Mock;
    renderLayout();
    const [single] = await screen.findAllByRole('navigation', { name: 'Navigation principale' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/memberships')).toHaveLength(1));
    await within(single).findByRole('link', { name: 'Paramètres' });
    expect(within(single).queryByRole('link', { name: 'Portefeuille' })).not.toBeInTheDocument();
  });
});
