import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_THIRD_PARTY } from '@xaalis/contracts';
import { callsTo, COMPANY_ID, mockFetch, renderWithApp, thirdParty } from '../../test-utils';
import { ThirdPartyDialog } from './ThirdPartyDialog';

const BASE = `/api/companies/${COMPANY_ID}`;

afterEach(() => jest.restoreAllMocks());

describe('ThirdPartyDialog', () => {
  it("validates ('Nom requis', 'Email invalide'), then posts with 30 days of payment terms by default", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ [`POST ${BASE}/third-parties`]: { status: 201, body: thirdParty('SENELEC') } });
    const onClose = jest.fn();
    renderWithApp(<ThirdPartyDialog open onClose={onClose} companyId={COMPANY_ID} />);
    expect(screen.getByRole('dialog', { name: 'Nouveau Tiers' })).toBeInTheDocument();
    expect(screen.getByLabelText('Délai de paiement (jours)')).toHaveValue(30);
    await user.type(screen.getByLabelText('Email'), 'faux');
    await user.click(screen.getByRole('button', { name: 'Créer le tiers' }));
    expect(await screen.findByText(MESSAGES_THIRD_PARTY.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_THIRD_PARTY.emailInvalid)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Type'), 'Fournisseur');
    await user.type(screen.getByLabelText(/^Nom/), 'SENELEC');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Code'), 'F001');
    await user.click(screen.getByRole('button', { name: 'Créer le tiers' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST', `${BASE}/third-parties`)[0].body).toEqual({
      type: 'supplier',
      name: 'SENELEC',
      code: 'F001',
      address: null,
      phone: null,
      email: null,
      taxNumber: null,
      withholdingRate: null,
      paymentTerms: 30,
    });
    expect(await screen.findByText(MESSAGES_THIRD_PARTY.created)).toBeInTheDocument();
  });

  it("shows 'Erreur' and 'Erreur lors de la création du tiers' when the save fails", async () => {
    const user = userEvent.setup();
    mockFetch({ [`POST ${BASE}/third-parties`]: { status: 500 } });
    renderWithApp(<ThirdPartyDialog open onClose={jest.fn()} companyId={COMPANY_ID} />);
    await user.type(screen.getByLabelText(/^Nom/), 'SENELEC');
    await user.click(screen.getByRole('button', { name: 'Créer le tiers' }));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_THIRD_PARTY.createError)).toBeInTheDocument();
  });
});
