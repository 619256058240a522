// Component-test helpers shared by the remotes (jsdom). Not exported from the
// package index, so they never reach a bundle.
import { render, screen, waitFor, within, type RenderResult } from '@testing-library/react';
import type { Company, User } from '@xaalis/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { XaalisProviders } from '../providers';
import { createAppStore, type AppStore } from '../store';

/** The calls made to "METHOD path" (query string ignored), with their parsed JSON bodies. */
export function callsTo(fetchMock: jest.Mock, method: string, path: string): { url: string; body: unknown }[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method && String(url).split('?')[0] === path)
    .map(([url, init]) => {
      const raw = (init as RequestInit | undefined)?.body;
      return { url: String(url), body: typeof raw === 'string' ? JSON.parse(raw) : undefined };
    });
}

export const COMPANY_ID = '11111111-1111-4111-8111-111111111111';

export const TEST_USER: User = {
  id: 'u1',
  username: 'awa',
  email: 'awa@example.sn',
  firstName: 'Awa',
  lastName: 'Diop',
  companyName: 'Teranga SARL',
  phone: '+221 77 000 00 00',
  address: 'Dakar',
  sector: 'service',
  companyId: COMPANY_ID,
  role: 'owner',
  createdAt: '2026-01-01T00:00:00.000Z',
};

export function company(overrides: Partial<Company> = {}): Company {
  return {
    id: COMPANY_ID,
    name: 'Teranga SARL',
    registrationNumber: null,
    taxNumber: null,
    address: 'Dakar',
    phone: '+221 77 000 00 00',
    email: null,
    sector: 'service',
    fiscalYear: '01-01',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A deterministic uuid for test fixtures: `n` makes it unique. */
export const testUuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export interface RenderOptions {
  route?: string;
  store?: AppStore;
}

/** Renders with the real store, theme and toasts in a memory router, plus a probe of the location. */
export function renderWithApp(
  ui: ReactElement,
  { route = '/', store = createAppStore() }: RenderOptions = {},
): RenderResult & { store: AppStore } {
  return {
    ...render(
      <XaalisProviders store={store}>
        <MemoryRouter initialEntries={[route]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </XaalisProviders>,
    ),
    store,
  };
}

/** Shows the router's current location, for assertions on the address. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

type TestUser = { click: (element: Element) => Promise<void>; keyboard: (text: string) => Promise<void> };

/** The options a server-searched select box (ServerAutocomplete) shows once opened, in order; it is closed again. */
export async function autocompleteOptions(user: TestUser, label: string): Promise<string[]> {
  await user.click(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  const texts = await waitFor(() => {
    const options = within(listbox).getAllByRole('option');
    return options.map((o) => o.textContent ?? '');
  });
  await user.keyboard('{Escape}');
  return texts;
}

/** Chooses `option` in a server-searched select box (ServerAutocomplete): opens it and clicks the option. */
export async function chooseAutocomplete(user: TestUser, label: string, option: string): Promise<void> {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}
