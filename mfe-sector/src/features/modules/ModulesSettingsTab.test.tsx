import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyModules } from '@xaalis/contracts';
import { callsTo, company, COMPANY_ID, mockFetch, renderWithApp, TEST_USER } from '../../test-utils';
import ModulesSettingsTab, { ModulesTab } from './ModulesSettingsTab';

const PATH = `/api/companies/${COMPANY_ID}/modules`;
const switchOf = (name: string) => screen.getByRole('switch', { name });

afterEach(() => jest.restoreAllMocks());

describe("Paramètres: tab 'Modules' (sector remote)", () => {
  it("shows the session's company (the tab the shell opens at /parametres?tab=modules, the 'Module non activé' link)", async () => {
    mockFetch({
      'GET /api/user': { body: TEST_USER },
      [`GET /api/companies/${COMPANY_ID}`]: { body: company() },
      [`GET ${PATH}`]: { body: { modules: ['services'], customized: false } },
    });
    renderWithApp(<ModulesSettingsTab />, { route: '/parametres?tab=modules' });
    await waitFor(() => expect(switchOf('Services')).toBeChecked());
  });

  it("shows the four modules with the company's current choice (its sector's by default)", async () => {
    mockFetch({ 'GET /api/user': { body: TEST_USER }, [`GET ${PATH}`]: { body: { modules: ['hotel', 'restaurant'], customized: false } } });
    renderWithApp(<ModulesTab companyId={COMPANY_ID} />);
    await waitFor(() => expect(switchOf('Hôtellerie')).toBeChecked());
    expect(switchOf('Restaurant')).toBeChecked();
    expect(switchOf('Production')).not.toBeChecked();
    expect(switchOf('Services')).not.toBeChecked();
    expect(screen.getByText(/Par défaut, ce sont ceux de votre secteur d'activité/)).toBeInTheDocument();
  });

  it("saves the switches ('Enregistrer': PUT {modules}) and confirms 'Modules enregistrés'", async () => {
    const user = userEvent.setup();
    let current: CompanyModules = { modules: ['restaurant'], customized: false };
    const fetchMock = mockFetch({
      'GET /api/user': { body: TEST_USER },
      [`GET ${PATH}`]: () => ({ body: current }),
      [`PUT ${PATH}`]: (init) => {
        current = { modules: (JSON.parse(init?.body as string) as CompanyModules).modules, customized: true };
        return { body: current };
      },
    });
    renderWithApp(<ModulesTab companyId={COMPANY_ID} />);
    await waitFor(() => expect(switchOf('Restaurant')).toBeChecked());
    await screen.findByRole('button', { name: 'Enregistrer' }); // the role is known: the switches are enabled
    await user.click(switchOf('Restaurant'));
    await user.click(switchOf('Services'));
    await user.click(switchOf('Hôtellerie'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Modules enregistrés')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', PATH).map((c) => c.body)).toEqual([{ modules: ['hotel', 'services'] }]);
    expect(switchOf('Hôtellerie')).toBeChecked();
    expect(switchOf('Restaurant')).not.toBeChecked();
  });

  it("shows the server's French message when the save is refused", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/user': { body: TEST_USER },
      [`GET ${PATH}`]: { body: { modules: [], customized: true } },
      [`PUT ${PATH}`]: { status: 400, body: { message: 'Module inconnu (restaurant, transformation, hotel ou services)' } },
    });
    renderWithApp(<ModulesTab companyId={COMPANY_ID} />);
    await screen.findByRole('button', { name: 'Enregistrer' }); // the role is known: the switches are enabled
    await user.click(screen.getByRole('switch', { name: 'Production' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Module inconnu (restaurant, transformation, hotel ou services)')).toBeInTheDocument();
  });

  it('says so in French when the sector service is down, and retries', async () => {
    const user = userEvent.setup();
    let down = true;
    mockFetch({
      [`GET ${PATH}`]: () =>
        down
          ? { status: 503, body: { message: 'Service modules sectoriels indisponible' } }
          : { body: { modules: ['services'], customized: true } },
    });
    renderWithApp(<ModulesTab companyId={COMPANY_ID} />);
    expect(await screen.findByText('Le service des modules sectoriels est momentanément indisponible.')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(switchOf('Services')).toBeChecked());
  });

  it('asks for the company first when there is none', () => {
    mockFetch({});
    renderWithApp(<ModulesTab companyId={null} />);
    expect(screen.getByText('Aucune entreprise')).toBeInTheDocument();
  });
});

describe.each(['collaborator', 'reader'] as const)("Paramètres: tab 'Modules' for a %s", (role) => {
  it('shows the modules read-only', async () => {
    mockFetch({
      'GET /api/user': { body: { ...TEST_USER, role } },
      [`GET /api/companies/${COMPANY_ID}`]: { body: company() },
      [`GET ${PATH}`]: { body: { modules: ['services'], customized: false } },
    });
    renderWithApp(<ModulesSettingsTab />, { route: '/parametres?tab=modules' });
    const services = await screen.findByRole('switch', { name: 'Services' });
    await waitFor(() => expect(services).toBeChecked());
    expect(services).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });
});
