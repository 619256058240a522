// Fixtures of the companies' component tests. Not part of the bundle.
import Button from '@mui/material/Button';
import type { Membership, User } from '@xaalis/contracts';
import { useState } from 'react';
import { LocationProbe, renderWithApp, TEST_USER } from '../../test-utils';
import AppLayout from '../layout/AppLayout';

export const C1 = '11111111-1111-4111-8111-111111111111';
export const C2 = '22222222-2222-4222-8222-222222222222';

export const OWNER: User = { ...TEST_USER, companyId: C1, role: 'owner' };
/** The same user once on C2 (Baobab Services, accountant). */
export const ON_C2: User = { ...OWNER, companyId: C2, companyName: 'Baobab Services', sector: 'service', role: 'accountant' };

export const membership = (overrides: Partial<Membership> = {}): Membership => ({
  companyId: C1,
  companyName: 'Teranga SARL',
  sector: 'hotel',
  role: 'owner',
  current: true,
  ...overrides,
});

export const TWO_COMPANIES: Membership[] = [
  membership(),
  membership({ companyId: C2, companyName: 'Baobab Services', sector: 'service', role: 'accountant', current: false }),
];

export function companyRecord(id: string, name: string, sector: string) {
  return {
    id,
    name,
    registrationNumber: null,
    taxNumber: null,
    address: null,
    phone: null,
    email: null,
    sector,
    fiscalYear: '01-01',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A page with state of its own (a draft, an open dialog...): a new company must drop it (the page remounts). */
export function PageWithState() {
  const [open, setOpen] = useState(false);
  return open ? <p>Brouillon en cours</p> : <Button onClick={() => setOpen(true)}>Commencer un brouillon</Button>;
}

/** The signed-in layout around PageWithState, at `route`. */
export const renderLayout = (route = '/factures') =>
  renderWithApp(
    <>
      <AppLayout>
        <PageWithState />
      </AppLayout>
      <LocationProbe />
    </>,
    { route },
  );

/** The calls made to "METHOD path", with their parsed JSON bodies. */
export function callsTo(fetchMock: jest.Mock, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method && String(url).split('?')[0] === path)
    .map(([, init]) => {
      const raw = (init as RequestInit | undefined)?.body;
      return typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined;
    });
}
