import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from './App';
import { RemotePageLoaderContext, type RemotePageLoader } from './features/remotes/RemotePage';
import { company, mockFetch, signInRoutes } from './test-utils';

/** Remote pages stand-in: each exposed module renders its name. */
const loader: RemotePageLoader = async (remote, module) => ({
  default: () => <h1>{`${remote} ${module}`}</h1>,
});

// One journey (the light entry keeps module state: one GET /api/user per page load).
it('signed out: landing and /auth from the light entry, then the workspace once signed in', async () => {
  const user = userEvent.setup();
  const fetchMock = mockFetch({
    ...signInRoutes(),
    'GET /config/remotes.json': { body: { remotes: [] } },
    'GET /api/companies/c1': { body: company('service') },
    'GET /api/companies/c1/modules': { body: { modules: ['services'], customized: false } },
  });
  const requested = (url: string) => fetchMock.mock.calls.filter(([u]) => u === url).length;
  window.history.replaceState(null, '', '/');
  render(
    <RemotePageLoaderContext.Provider value={loader}>
      <App />
    </RemotePageLoaderContext.Provider>,
  );

  // The landing page; its button goes to /auth without a page load.
  const toAuth = await screen.findByRole('link', { name: 'Se connecter' });
  expect(toAuth).toHaveAttribute('href', '/auth');
  await user.click(toAuth);
  const form = await screen.findByRole('form', { name: 'Connexion' });
  expect(window.location.pathname).toBe('/auth');
  // Nothing of the workspace so far (it reads /config/remotes.json when it loads).
  expect(requested('/config/remotes.json')).toBe(0);

  await user.type(within(form).getByLabelText("Nom d'utilisateur"), 'awa');
  await user.type(within(form).getByLabelText('Mot de passe'), 'secret');
  await user.click(within(form).getByRole('button', { name: 'Se connecter' }));
  expect(await screen.findByText('Connexion réussie')).toBeInTheDocument();
  expect(screen.getByText('Bienvenue Awa !')).toBeInTheDocument();

  // 1000 ms later: '/', the workspace with the dashboard; the toast is still there.
  expect(await screen.findByRole('heading', { name: 'accounting ./Dashboard' }, { timeout: 4000 })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/');
  expect(screen.getByText('Connexion réussie')).toBeInTheDocument();
  // The workspace started from the signed-in user: one GET /api/user in all.
  await waitFor(() => expect(requested('/config/remotes.json')).toBe(1));
  expect(requested('/api/user')).toBe(1);
});
