// Helpers for the shell's component tests (jsdom). Not part of the bundle.
import { render, type RenderResult } from '@testing-library/react';
import { createAppStore, XaalisProviders, type AppStore } from '@xaalis/web-kit';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { RemotePageLoaderContext, type RemotePageLoader } from './features/remotes/RemotePage';

import { company as remotesCompany, TEST_USER as REMOTES_TEST_USER } from '@xaalis/web-kit/src/testing/app';
import { mockFetch as sharedMockFetch, type FakeResponse, type FetchHandler } from '@xaalis/web-kit/src/testing/fetch';

export type { FakeResponse, FetchHandler };

/** `fetch` replaced by a table of "METHOD path" → answer; unknown requests answer 404 'Not Found'. */
export const mockFetch = (routes: Record<string, FakeResponse | FetchHandler>) => sharedMockFetch(routes, 'Not Found');

// The remotes' test user and company (web-kit testing), with the shell's ids (user of company 'c1', a hotel)
// and no role: the sidebar then shows its default label.
const { role: _role, ...remotesUser } = REMOTES_TEST_USER;
export const TEST_USER = { ...remotesUser, sector: 'hotel', companyId: 'c1' };

/** GET /api/user and POST /api/login of a visitor who is signed out until a login (any) signs TEST_USER in. */
export function signInRoutes(): Record<string, FetchHandler> {
  let signedIn = false;
  return {
    'GET /api/user': () => (signedIn ? { body: TEST_USER } : { status: 401 }),
    'POST /api/login': () => {
      signedIn = true;
      return { body: TEST_USER };
    },
  };
}

export function company(sector: string) {
  return remotesCompany({ id: 'c1', phone: null, sector });
}

export interface RenderOptions {
  route?: string;
  store?: AppStore;
  loader?: RemotePageLoader;
}

/** Remote modules stand-in: each exposed module renders its owner and name as a heading. */
export const stubLoader: RemotePageLoader = async (remote, module) => ({
  default: () => <h1>{`${remote} ${module}`}</h1>,
});

/** Renders with the real store, theme and toasts, in a memory router. */
export function renderWithApp(
  ui: ReactElement,
  { route = '/', store = createAppStore(), loader }: RenderOptions = {},
): RenderResult & { store: AppStore } {
  const tree = (
    <XaalisProviders store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </XaalisProviders>
  );
  const wrapped = loader ? <RemotePageLoaderContext.Provider value={loader}>{tree}</RemotePageLoaderContext.Provider> : tree;
  return { ...render(wrapped), store };
}

/** Shows the router's current location, for assertions on redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}
