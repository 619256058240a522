import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMPANY_ID, company, TEST_USER } from '@xaalis/web-kit/src/testing/app';
import { mockFetch } from '@xaalis/web-kit/src/testing/fetch';
import type { RemotePageLoader } from '../remotes';
import { LocationProbe, renderWithApp, stubLoader } from '../../test-utils';
import SettingsPage from './SettingsPage';

const routes = (role = 'owner') =>
  mockFetch({
    'GET /api/user': { body: { ...TEST_USER, role } },
    [`GET /api/companies/${COMPANY_ID}`]: { body: company() },
  });

function open(route: string, loader: RemotePageLoader = stubLoader) {
  return renderWithApp(
    <>
      <SettingsPage />
      <LocationProbe />
    </>,
    { route, loader },
  );
}

const location = () => screen.getByTestId('location').textContent;
const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

afterEach(() => jest.restoreAllMocks());

describe('Paramètres: one page, the tabs of each owner', () => {
  it("shows the tabs in order, opens 'Entreprise' (accounting) by default and the tab named by ?tab=", async () => {
    routes();
    const first = open('/parametres');
    expect(screen.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'accounting ./CompanySettings' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Entreprise', 'Plan Comptable', 'Tiers', 'Paie', 'Exercices', 'Fiscalité', 'Modules', 'Membres', 'Profil']);
    expect(screen.getByRole('tab', { name: 'Entreprise' })).toHaveAttribute('aria-selected', 'true');
    first.unmount();

    open('/parametres?tab=payroll');
    expect(await screen.findByRole('heading', { name: 'hr ./PayrollSettings' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Paie' })).toHaveAttribute('aria-selected', 'true');
  });

  it('switches tabs through ?tab= (each its owner: accounting, sector, the shell) and an unknown tab falls back to Entreprise', async () => {
    const user = userEvent.setup();
    routes();
    open('/parametres?tab=nope');
    expect(screen.getByRole('tab', { name: 'Entreprise' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('heading', { name: 'accounting ./CompanySettings' });

    await user.click(screen.getByRole('tab', { name: 'Tiers' }));
    expect(location()).toBe('/parametres?tab=third-parties');
    expect(await screen.findByRole('heading', { name: 'accounting ./ThirdPartiesSettings' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Modules' }));
    expect(location()).toBe('/parametres?tab=modules');
    expect(await screen.findByRole('heading', { name: 'sector ./ModulesSettings' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Profil' }));
    expect(location()).toBe('/parametres?tab=profile');
    expect(screen.getByLabelText('Prénom')).toHaveValue('Awa');
    expect(screen.getByLabelText('Nom')).toHaveValue('Diop');
    expect(screen.getByLabelText('Email')).toHaveValue('awa@example.sn');
    expect(screen.getByLabelText('Prénom')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Fermer la session' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
  });

  it("keeps 'Membres' for owners: another role has the other eight tabs", async () => {
    routes('accountant');
    open('/parametres?tab=members');
    await screen.findByRole('heading', { name: 'accounting ./CompanySettings' });
    expect(tabNames()).toEqual(['Entreprise', 'Plan Comptable', 'Tiers', 'Paie', 'Exercices', 'Fiscalité', 'Modules', 'Profil']);
  });

  it("a remote that cannot be loaded shows 'Module indisponible' in its tab only; the other tabs work", async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const loader: RemotePageLoader = (remote, module) =>
      remote === 'hr' ? Promise.reject(new Error('hr remote down')) : stubLoader(remote, module);
    routes();
    open('/parametres?tab=payroll', loader);
    expect(await screen.findByRole('heading', { name: 'Module indisponible' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Exercices' }));
    expect(await screen.findByRole('heading', { name: 'accounting ./FiscalYearsSettings' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Module indisponible' })).not.toBeInTheDocument();
  });
});

describe('welcome', () => {
  /** The accounting banner stand-in: says whether the page was opened with a welcome. */
  const bannerLoader: RemotePageLoader = async (remote, module) =>
    module === './SettingsGuide'
      ? { default: ({ welcomed }: Record<string, unknown>) => <p>{`guide ${welcomed ? 'after a welcome' : 'without a welcome'}`}</p> }
      : stubLoader(remote, module);

  it('shows the notice once, removes welcome=true from the address (keeping the tab) and tells the banner', async () => {
    routes();
    open('/parametres?tab=company&welcome=true', bannerLoader);
    expect(await screen.findByText('Bienvenue sur Xaalis !')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/parametres?tab=company'));
    expect(await screen.findByText('guide after a welcome')).toBeInTheDocument();
  });

  it('hides the welcome notice after 6000 ms', async () => {
    jest.useFakeTimers();
    try {
      routes();
      open('/parametres?welcome=true');
      expect(await screen.findByText('Bienvenue sur Xaalis !')).toBeInTheDocument();
      expect(location()).toBe('/parametres');
      act(() => jest.advanceTimersByTime(5900));
      expect(screen.getByText('Bienvenue sur Xaalis !')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1000));
      await waitFor(() => expect(screen.queryByText('Bienvenue sur Xaalis !')).not.toBeInTheDocument());
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves the banner out when its remote cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    routes();
    open('/parametres', (remote, module) =>
      module === './SettingsGuide' ? Promise.reject(new Error('down')) : stubLoader(remote, module),
    );
    expect(await screen.findByRole('heading', { name: 'accounting ./CompanySettings' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Module indisponible' })).not.toBeInTheDocument();
  });
});
