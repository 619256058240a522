import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_PAYROLL_SETTINGS, PAYROLL_SET_OPTIONS, serviceUnavailableMessage, type PayrollSettings } from '@xaalis/contracts';
import { callsTo, company, COMPANY_ID, mockFetch, renderWithApp, TEST_USER } from '../../test-utils';
import { payrollApi } from './api';
import PayrollSettingsTab from './PayrollSettingsTab';

const BASE = `/api/companies/${COMPANY_ID}`;
const SETTINGS_PATH = `${BASE}/payroll-settings`;

const settings = (overrides: Partial<PayrollSettings> = {}): PayrollSettings => ({
  parameterSetId: 'xaalis',
  accidentRiskClass: 1,
  leaveDaysPerMonth: '2.00',
  sets: PAYROLL_SET_OPTIONS.map((o) => ({ ...o })),
  ...overrides,
});

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${SETTINGS_PATH}`]: { body: settings() },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

const scaleSelect = () => screen.getByLabelText(/^Barème de paie/);
const riskSelect = () => screen.getByLabelText(/^Classe de risque accidents du travail/);
const leaveField = () => screen.getByLabelText(/^Jours de congé acquis par mois/);

beforeEach(() => window.localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe("Paramètres: tab 'Paie' (HR remote)", () => {
  it("loads the company's settings: each scale with its label and effective date, and the risk class", async () => {
    mockFetch(routes({ [`GET ${SETTINGS_PATH}`]: { body: settings({ parameterSetId: 'senegal-official', accidentRiskClass: 2 }) } }));
    renderWithApp(<PayrollSettingsTab />, { route: '/parametres?tab=payroll' });

    await waitFor(() => expect(scaleSelect()).toHaveValue('senegal-official'));
    expect(riskSelect()).toHaveValue('2');
    expect(
      within(scaleSelect())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Barème Xaalis (en vigueur depuis le 01/01/2000)', 'Barème officiel sénégalais (en vigueur depuis le 01/01/2024)']);
    expect(
      within(riskSelect())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Risque faible (1 %)', 'Risque moyen (3 %)', 'Risque élevé (5 %)']);
  });

  it("saves the new choice ('Enregistrer'), confirms it, and 'Nouveau bulletin' reads the new settings", async () => {
    const user = userEvent.setup();
    const saved = settings({ parameterSetId: 'senegal-official', accidentRiskClass: 3 });
    let current = settings();
    const fetchMock = mockFetch(
      routes({
        [`GET ${SETTINGS_PATH}`]: () => ({ body: current }),
        [`PUT ${SETTINGS_PATH}`]: () => {
          current = saved;
          return { body: saved };
        },
      }),
    );
    const { store } = renderWithApp(<PayrollSettingsTab />, { route: '/parametres?tab=payroll' });
    await waitFor(() => expect(scaleSelect()).toHaveValue('xaalis'));

    await user.selectOptions(scaleSelect(), 'senegal-official');
    await user.selectOptions(riskSelect(), '3');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText(MESSAGES_PAYROLL_SETTINGS.saved)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', SETTINGS_PATH).map((c) => c.body)).toEqual([
      { parameterSetId: 'senegal-official', accidentRiskClass: 3, leaveDaysPerMonth: '2.00' },
    ]);
    expect(scaleSelect()).toHaveValue('senegal-official');
    expect(riskSelect()).toHaveValue('3');
    // One endpoint for the tab and the payslip dialog: the dialog's defaults are the saved ones.
    expect(payrollApi.endpoints.getPayrollSettings.select(COMPANY_ID)(store.getState()).data?.parameterSetId).toBe('senegal-official');
  });

  it('shows the leave days earned per month and sends them with the settings, to the hundredth', async () => {
    const user = userEvent.setup();
    let current = settings({ leaveDaysPerMonth: '2.50' });
    const fetchMock = mockFetch(
      routes({
        [`GET ${SETTINGS_PATH}`]: () => ({ body: current }),
        [`PUT ${SETTINGS_PATH}`]: (init: RequestInit | undefined) => {
          current = { ...current, ...(JSON.parse(init?.body as string) as Partial<PayrollSettings>) };
          return { body: current };
        },
      }),
    );
    renderWithApp(<PayrollSettingsTab />, { route: '/parametres?tab=payroll' });
    await waitFor(() => expect(leaveField()).toHaveValue(2.5));
    expect(screen.getByText('2 jours ouvrables par mois selon le Code du travail (art. L.148)')).toBeInTheDocument();

    await user.clear(leaveField());
    await user.type(leaveField(), '1.5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText(MESSAGES_PAYROLL_SETTINGS.saved)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', SETTINGS_PATH).map((c) => c.body)).toEqual([
      { parameterSetId: 'xaalis', accidentRiskClass: 1, leaveDaysPerMonth: '1.50' },
    ]);
    await waitFor(() => expect(leaveField()).toHaveValue(1.5));
  });

  it.each(['10.5', '2.555'])('refuses %s leave days a month with the French message, and saves nothing', async (typed) => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`PUT ${SETTINGS_PATH}`]: { body: settings() } }));
    renderWithApp(<PayrollSettingsTab />, { route: '/parametres?tab=payroll' });
    await waitFor(() => expect(leaveField()).toHaveValue(2));

    await user.clear(leaveField());
    await user.type(leaveField(), typed);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText(MESSAGES_PAYROLL_SETTINGS.leaveDaysInvalid)).toBeInTheDocument();
    expect(leaveField()).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'PUT', SETTINGS_PATH)).toEqual([]);
    expect(screen.queryByText(MESSAGES_PAYROLL_SETTINGS.saved)).not.toBeInTheDocument();
  });

  // A refused save: the server's message as the error toast, or "unavailable" when the gateway answers 502.
  it.each([
    ['shows a French error toast when the save is refused', 500, 'boom', 'boom'],
    [
      'says the payroll service is unavailable when the save gets a 502',
      502,
      '<html>Bad Gateway</html>',
      MESSAGES_PAYROLL_SETTINGS.unavailable,
    ],
  ])('%s', async (_title, status, body, shown) => {
    const user = userEvent.setup();
    mockFetch(routes({ [`PUT ${SETTINGS_PATH}`]: { status, body } }));
    renderWithApp(<PayrollSettingsTab />, { route: '/parametres?tab=payroll' });
    await waitFor(() => expect(scaleSelect()).toHaveValue('xaalis'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it('says the payroll service is unavailable on a 503, with a retry (only this tab: the shell renders the others)', async () => {
    mockFetch(routes({ [`GET ${SETTINGS_PATH}`]: { status: 503, body: { message: serviceUnavailableMessage('hr') } } }));
    renderWithApp(<PayrollSettingsTab />, { route: '/parametres?tab=payroll' });

    expect(await screen.findByText(MESSAGES_PAYROLL_SETTINGS.unavailable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });
});

describe.each(['collaborator', 'reader'] as const)("Paramètres: tab 'Paie' for a %s", (role) => {
  it('shows the payroll settings read-only', async () => {
    mockFetch(routes({ 'GET /api/user': { body: { ...TEST_USER, role } } }));
    renderWithApp(<PayrollSettingsTab />, { route: '/parametres?tab=payroll' });
    const scale = await screen.findByLabelText(/^Barème de paie/);
    await waitFor(() => expect(scale).toHaveValue('xaalis'));
    expect(scale).toBeDisabled();
    expect(riskSelect()).toBeDisabled();
    expect(leaveField()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });
});
