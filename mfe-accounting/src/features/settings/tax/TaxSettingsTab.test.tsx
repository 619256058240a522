import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, company, COMPANY_ID, mockFetch, renderWithApp, TEST_USER } from '../../../test-utils';
import TaxSettings from '../TaxSettings'; // the tab as the shell loads it

const BASE = `/api/companies/${COMPANY_ID}`;
const SAVED = { ninea: '005123456', rccm: null, regime: 'reel_normal', vatPeriodicity: 'monthly' };

afterEach(() => jest.restoreAllMocks());

describe("Paramètres: tab 'Fiscalité'", () => {
  it('shows the NINEA and the regime, moves the VAT periodicity with the regime, and saves', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/user': { body: TEST_USER },
      [`GET ${BASE}`]: { body: company() },
      [`GET ${BASE}/tax-settings`]: { body: SAVED },
      [`PUT ${BASE}/tax-settings`]: { body: { ...SAVED, regime: 'simplifie', vatPeriodicity: 'quarterly', rccm: 'SN-DKR-1' } },
    });
    renderWithApp(<TaxSettings />, { route: '/parametres?tab=fiscalite' });
    expect(await screen.findByLabelText('NINEA')).toHaveValue('005123456');
    await user.type(screen.getByLabelText('RCCM'), 'SN-DKR-1');
    await user.click(screen.getByRole('combobox', { name: 'Régime fiscal' }));
    await user.click(await screen.findByRole('option', { name: 'Simplifié' }));
    expect(screen.getByRole('combobox', { name: 'Périodicité de la TVA' })).toHaveTextContent('Trimestrielle');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paramètres fiscaux enregistrés')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', `${BASE}/tax-settings`)[0].body).toEqual({
      ninea: '005123456',
      rccm: 'SN-DKR-1',
      regime: 'simplifie',
      vatPeriodicity: 'quarterly',
    });
  });

  it('is read-only for a collaborator (no save button)', async () => {
    mockFetch({
      'GET /api/user': { body: { ...TEST_USER, role: 'collaborator' } },
      [`GET ${BASE}`]: { body: company() },
      [`GET ${BASE}/tax-settings`]: { body: SAVED },
    });
    renderWithApp(<TaxSettings />, { route: '/parametres?tab=fiscalite' });
    expect(await screen.findByLabelText('NINEA')).toBeDisabled();
    expect(screen.getByText(/^Consultation seule/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });
});
