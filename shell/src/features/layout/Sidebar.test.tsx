import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routesForSector } from '@xaalis/contracts';
import { sectorModulesApi } from '@xaalis/web-kit';
import { useState } from 'react';
import { company, mockFetch, renderWithApp, TEST_USER } from '../../test-utils';
import AppLayout from './AppLayout';
import { INITIAL_OPEN_GROUPS, Sidebar, type OpenGroups, type SidebarProps } from './Sidebar';

function SidebarFor({ sector, multiCompany, user = TEST_USER }: { sector: string; multiCompany?: boolean; user?: SidebarProps['user'] }) {
  const [open, setOpen] = useState<OpenGroups>(INITIAL_OPEN_GROUPS);
  return (
    <Sidebar
      routes={routesForSector(sector)}
      user={user}
      multiCompany={multiCompany}
      openGroups={open}
      onToggleGroup={(g) => setOpen((o) => ({ ...o, [g]: !o[g] }))}
      onLogout={() => undefined}
    />
  );
}

function nav() {
  return screen.getByRole('navigation', { name: 'Navigation principale' });
}

function group(name: string) {
  return within(nav()).queryByRole('region', { name });
}

describe('Sidebar', () => {
  it('shows the four groups for a hotel, with Hôtellerie and Restaurant as sector modules', () => {
    renderWithApp(<SidebarFor sector="hotel" />);
    for (const name of ['Comptabilité', 'Ressources Humaines', 'Modules Sectoriels', 'Administration']) {
      expect(group(name)).toBeInTheDocument();
    }
    const sector = group('Modules Sectoriels')!;
    expect(within(sector).getByRole('link', { name: 'Hôtellerie' })).toHaveAttribute('href', '/hotel');
    expect(within(sector).getByRole('link', { name: 'Restaurant' })).toHaveAttribute('href', '/restaurant');
    expect(within(sector).queryByRole('link', { name: 'Services' })).not.toBeInTheDocument();
    expect(within(sector).queryByRole('link', { name: 'Production' })).not.toBeInTheDocument();
  });

  it('shows only Services for a service company', () => {
    renderWithApp(<SidebarFor sector="service" />);
    const links = within(group('Modules Sectoriels')!).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Services']);
  });

  it('has no Modules Sectoriels group for a commerce company', () => {
    renderWithApp(<SidebarFor sector="commerce" />);
    expect(group('Modules Sectoriels')).not.toBeInTheDocument();
    expect(group('Comptabilité')).toBeInTheDocument();
    expect(group('Administration')).toBeInTheDocument();
  });

  it('lists the accounting, HR and administration pages in order', () => {
    renderWithApp(<SidebarFor sector="commerce" />);
    expect(
      within(group('Comptabilité')!)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Tableau de Bord', 'Factures', 'Inventaire', 'Trésorerie', 'Investissements', 'Emprunts']);
    expect(
      within(group('Ressources Humaines')!)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Employés', 'Paie']);
    expect(
      within(group('Administration')!)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Rapports', 'Déclarations', 'Écritures Comptables', 'Paramètres']);
  });

  it('collapses and reopens a group independently of the others', async () => {
    const user = userEvent.setup();
    renderWithApp(<SidebarFor sector="hotel" />);
    const toggle = within(group('Comptabilité')!).getByRole('button', { name: 'Comptabilité' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(within(nav()).queryByRole('link', { name: 'Factures' })).not.toBeInTheDocument());
    // the other groups stay open
    expect(within(nav()).getByRole('link', { name: 'Paie' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Hôtellerie' })).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await within(nav()).findByRole('link', { name: 'Factures' })).toBeInTheDocument();
  });

  it('holds only list items in its lists, each link in its own (axe: list, listitem)', () => {
    renderWithApp(<SidebarFor sector="hotel" />);
    const lists = within(screen.getByTestId('sidebar')).getAllByRole('list');
    // The four groups and the logout action.
    expect(lists).toHaveLength(5);
    for (const list of lists) {
      expect(Array.from(list.children).map((child) => child.tagName)).toEqual(Array.from(list.children).map(() => 'LI'));
    }
    for (const link of within(nav()).getAllByRole('link')) expect(link.closest('li')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Déconnexion' }).closest('li')).not.toBeNull();
  });

  it("shows the user's name and the role 'Comptable'", () => {
    renderWithApp(<SidebarFor sector="hotel" />);
    expect(screen.getByTestId('sidebar-user-name')).toHaveTextContent('Awa Diop');
    expect(screen.getByText('Comptable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Déconnexion' })).toBeInTheDocument();
  });

  it("shows the user's role in the current company", () => {
    renderWithApp(<SidebarFor sector="hotel" user={{ ...TEST_USER, role: 'reader' }} />);
    expect(screen.getByTestId('sidebar-user-role')).toHaveTextContent('Lecture seule');
  });

  it('shows Portefeuille only to a user of several companies', () => {
    const { unmount } = renderWithApp(<SidebarFor sector="commerce" />);
    expect(within(group('Administration')!).queryByRole('link', { name: 'Portefeuille' })).not.toBeInTheDocument();
    unmount();
    renderWithApp(<SidebarFor sector="commerce" multiCompany />);
    expect(
      within(group('Administration')!)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Rapports', 'Déclarations', 'Écritures Comptables', 'Portefeuille', 'Paramètres']);
    expect(within(nav()).getByRole('link', { name: 'Portefeuille' })).toHaveAttribute('href', '/portefeuille');
  });
});

describe('AppLayout (real store, fetch intercepted)', () => {
  it("reads the company's sector from GET /api/companies/:id to draw the sector group", async () => {
    const fetchMock = mockFetch({
      'GET /api/user': { body: { ...TEST_USER, sector: null } },
      'GET /api/companies/c1': { body: company('restauration') },
    });
    renderWithApp(
      <AppLayout>
        <p>contenu</p>
      </AppLayout>,
      { route: '/factures' },
    );
    // the permanent drawer (md and up) is always in the DOM
    const navs = await screen.findAllByRole('navigation', { name: 'Navigation principale' });
    const sector = await within(navs[0]).findByRole('region', { name: 'Modules Sectoriels' });
    expect(
      within(sector)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Restaurant']);
    expect(fetchMock).toHaveBeenCalledWith('/api/companies/c1', expect.objectContaining({ credentials: 'include' }));
    expect(screen.getByText('contenu')).toBeInTheDocument();
  });

  it("draws the sector group from the company's enabled modules, whatever its sector", async () => {
    mockFetch({
      'GET /api/user': { body: TEST_USER },
      'GET /api/companies/c1': { body: company('restauration') },
      'GET /api/companies/c1/modules': { body: { modules: ['transformation', 'services'], customized: true } },
    });
    renderWithApp(
      <AppLayout>
        <p>contenu</p>
      </AppLayout>,
    );
    const [navigation] = await screen.findAllByRole('navigation', { name: 'Navigation principale' });
    const sector = await within(navigation).findByRole('region', { name: 'Modules Sectoriels' });
    expect(
      within(sector)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Production', 'Services']);
  });

  it('follows a save of the modules at once, without a reload (Hôtellerie on, then everything off)', async () => {
    let saved = { modules: [] as string[], customized: false };
    mockFetch({
      'GET /api/user': { body: TEST_USER },
      'GET /api/companies/c1': { body: company('commerce') },
      'GET /api/companies/c1/modules': () => ({ body: saved }),
      'PUT /api/companies/c1/modules': (init) => {
        saved = { modules: (JSON.parse(init?.body as string) as { modules: string[] }).modules, customized: true };
        return { body: saved };
      },
    });
    const { store } = renderWithApp(
      <AppLayout>
        <p>contenu</p>
      </AppLayout>,
    );
    const [navigation] = await screen.findAllByRole('navigation', { name: 'Navigation principale' });
    await within(navigation).findByRole('link', { name: 'Paramètres' });
    expect(within(navigation).queryByRole('region', { name: 'Modules Sectoriels' })).not.toBeInTheDocument();
    // What the accounting remote's Modules tab dispatches, in the same store.
    await store.dispatch(sectorModulesApi.endpoints.saveCompanyModules.initiate({ companyId: 'c1', modules: ['hotel'] }));
    expect(await within(navigation).findByRole('link', { name: 'Hôtellerie' })).toHaveAttribute('href', '/hotel');
    await store.dispatch(sectorModulesApi.endpoints.saveCompanyModules.initiate({ companyId: 'c1', modules: [] }));
    await waitFor(() => expect(within(navigation).queryByRole('link', { name: 'Hôtellerie' })).not.toBeInTheDocument());
  });

  it('opens the mobile drawer from the top bar and closes it with its close action', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/user': { body: TEST_USER }, 'GET /api/companies/c1': { body: company('commerce') } });
    renderWithApp(
      <AppLayout>
        <p>contenu</p>
      </AppLayout>,
    );
    await screen.findAllByTestId('sidebar-user-name');
    expect(screen.queryByRole('button', { name: 'Fermer le menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const close = await screen.findByRole('button', { name: 'Fermer le menu' });
    await user.click(close);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Fermer le menu' })).not.toBeInTheDocument());
  });
});
