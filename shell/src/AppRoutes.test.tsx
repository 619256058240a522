import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APP_ROUTES, exposedModules } from '@xaalis/contracts';
import { browser } from '@xaalis/web-kit';
import { AppRoutes, SHELL_PAGES } from './AppRoutes';
import { SHELL_TABS } from './features/settings/SettingsPage';
import { company, LocationProbe, mockFetch, renderWithApp, stubLoader as loader, TEST_USER } from './test-utils';

function renderRoutes(route: string) {
  return renderWithApp(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    { route, loader },
  );
}

const ALL_MODULES = { modules: ['restaurant', 'transformation', 'hotel', 'services'], customized: true };
const signedIn = (modules: unknown = ALL_MODULES) =>
  mockFetch({
    'GET /api/user': { body: TEST_USER },
    'GET /api/companies/c1': { body: company('hotel') },
    'GET /api/companies/c1/modules': { body: modules },
    'POST /api/logout': { status: 200 },
  });
const signedOut = () => mockFetch({ 'GET /api/user': { status: 401 } });

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('routes, signed out', () => {
  it('/ is the landing page with the four features and one login button to /auth', async () => {
    signedOut();
    renderRoutes('/');
    for (const feature of [
      'Saisie automatisée des factures',
      'Gestion de trésorerie en temps réel',
      'Amortissements et investissements',
      'Rapports conformes SYSCOHADA',
    ]) {
      expect(await screen.findByRole('heading', { name: feature })).toBeInTheDocument();
    }
    expect(screen.getByText(/Plus de 2 500 entreprises/)).toBeInTheDocument();
    expect(screen.getByText(/Paiements Orange Money pris en charge/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/auth');
  });

  it.each(APP_ROUTES.filter((r) => r.path !== '/').map((r) => r.path))(
    '%s asks to sign in, then goes to /api/login after 500 ms',
    async (path) => {
      jest.useFakeTimers();
      const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
      signedOut();
      renderRoutes(path);
      expect(await screen.findByText('Non autorisé')).toBeInTheDocument();
      expect(screen.getByText('Vous devez être connecté. Redirection...')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(499));
      expect(assign).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(assign).toHaveBeenCalledWith('/api/login');
    },
  );

  it('an unknown path shows the 404 page', async () => {
    signedOut();
    renderRoutes('/nulle-part');
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });
});

describe("the shell's own modules", () => {
  it('are exactly the pages and tabs the route table gives the shell', () => {
    expect([...Object.keys(SHELL_PAGES), ...Object.keys(SHELL_TABS)].sort()).toEqual(exposedModules('shell').sort());
  });
});

describe('routes, signed in', () => {
  it('/ is the dashboard of the accounting remote, inside the layout', async () => {
    signedIn();
    renderRoutes('/');
    expect(await screen.findByRole('heading', { name: 'accounting ./Dashboard' })).toBeInTheDocument();
    expect((await screen.findAllByRole('navigation', { name: 'Navigation principale' })).length).toBeGreaterThan(0);
  });

  it.each(APP_ROUTES.filter((r) => r.remote !== 'shell').map((r) => [r.path, r.remote, r.module]))(
    '%s mounts %s %s',
    async (path, remote, module) => {
      signedIn();
      renderRoutes(path);
      expect(await screen.findByRole('heading', { name: `${remote} ${module}` })).toBeInTheDocument();
    },
  );

  it.each(APP_ROUTES.filter((r) => r.remote === 'shell').map((r) => [r.path, r.module, r.title]))(
    "%s is the shell's own page %s, titled %s",
    async (path, _module, title) => {
      signedIn();
      renderRoutes(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    },
  );

  it.each(APP_ROUTES.filter((r) => r.sectorModule).map((r) => [r.path, r.sectorModule, r.module]))(
    '%s (module %s disabled) shows "Module non activé" with a link to Paramètres → Modules, not %s',
    async (path, sectorModule) => {
      const user = userEvent.setup();
      const loadRemote = jest.fn(loader);
      const others = ALL_MODULES.modules.filter((m) => m !== sectorModule);
      signedIn({ modules: others, customized: true });
      renderWithApp(
        <>
          <AppRoutes />
          <LocationProbe />
        </>,
        { route: path, loader: loadRemote },
      );
      expect(await screen.findByRole('heading', { name: 'Module non activé' })).toBeInTheDocument();
      expect(screen.getByText(/Ce module n'est pas activé pour votre entreprise/)).toBeInTheDocument();
      const link = screen.getByRole('link', { name: 'Activer dans Paramètres → Modules' });
      expect(link).toHaveAttribute('href', '/parametres?tab=modules');
      expect(loadRemote).not.toHaveBeenCalledWith('sector', expect.anything());
      await user.click(link);
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/parametres?tab=modules'));
      expect(await screen.findByRole('heading', { name: 'sector ./ModulesSettings' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Modules' })).toHaveAttribute('aria-selected', 'true');
    },
  );

  it("falls back on the company's sector when the sector service is down (hotel: /hotel and /restaurant, not /services)", async () => {
    mockFetch({
      'GET /api/user': { body: TEST_USER },
      'GET /api/companies/c1': { body: company('hotel') },
      'GET /api/companies/c1/modules': { status: 503, body: { message: 'Service modules sectoriels indisponible' } },
    });
    const { unmount } = renderRoutes('/hotel');
    expect(await screen.findByRole('heading', { name: 'sector ./Hotel' })).toBeInTheDocument();
    unmount();
    renderRoutes('/services');
    expect(await screen.findByRole('heading', { name: 'Module non activé' })).toBeInTheDocument();
  });

  it('an unknown path shows the 404 page', async () => {
    signedIn();
    renderRoutes('/pas-de-page');
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
  });

  it('/settings goes to /parametres, keeping the query string', async () => {
    signedIn();
    renderRoutes('/settings?tab=company&welcome=true');
    // Paramètres shows the welcome, then takes welcome=true out of the address.
    expect(await screen.findByText('Bienvenue sur Xaalis !')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/parametres\?tab=company$/));
    expect(await screen.findByRole('heading', { name: 'accounting ./CompanySettings' })).toBeInTheDocument();
  });

  it("logout: POST /api/logout, toast 'Déconnexion', then the landing page at /", async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let loggedOut = false;
    const fetchMock = mockFetch({
      'GET /api/user': () => (loggedOut ? { status: 401 } : { body: TEST_USER }),
      'GET /api/companies/c1': { body: company('hotel') },
      'POST /api/logout': () => {
        loggedOut = true;
        return { status: 200 };
      },
    });
    renderRoutes('/factures');
    await screen.findByRole('heading', { name: 'accounting ./Invoices' });
    const [logout] = screen.getAllByRole('button', { name: 'Déconnexion' });
    await user.click(logout);
    expect(await screen.findByText('Vous avez été déconnecté avec succès')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/logout' && init?.method === 'POST')).toBe(true);
    expect(screen.queryByText('Vous devez être connecté. Redirection...')).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it("logout failure: 'Erreur lors de la déconnexion' and the user stays", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/user': { body: TEST_USER },
      'GET /api/companies/c1': { body: company('hotel') },
      'POST /api/logout': { status: 503, body: { message: 'Service indisponible' } },
    });
    renderRoutes('/factures');
    await screen.findByRole('heading', { name: 'accounting ./Invoices' });
    await user.click(screen.getAllByRole('button', { name: 'Déconnexion' })[0]);
    expect(await screen.findByText('Erreur lors de la déconnexion')).toBeInTheDocument();
    expect(screen.getByText('Service indisponible')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/factures');
  });
});
