import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_VAT } from '@xaalis/contracts';
import { callsTo, company, COMPANY_ID, mockFetch, renderWithApp, TEST_USER, VAT_CODES } from '../../../test-utils';
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
      [`GET ${BASE}/vat-codes`]: { body: VAT_CODES },
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

  it('is read-only for a collaborator (no save button, no new VAT code)', async () => {
    mockFetch({
      'GET /api/user': { body: { ...TEST_USER, role: 'collaborator' } },
      [`GET ${BASE}`]: { body: company() },
      [`GET ${BASE}/tax-settings`]: { body: SAVED },
      [`GET ${BASE}/vat-codes`]: { body: VAT_CODES },
    });
    renderWithApp(<TaxSettings />, { route: '/parametres?tab=fiscalite' });
    expect(await screen.findByLabelText('NINEA')).toBeDisabled();
    expect(screen.getByText(/^Consultation seule/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Codes TVA' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau code TVA' })).not.toBeInTheDocument();
  });
});

describe("Paramètres → Fiscalité: 'Codes TVA'", () => {
  it('lists the codes with their rate, nature and accounts', async () => {
    mockFetch({
      'GET /api/user': { body: TEST_USER },
      [`GET ${BASE}`]: { body: company() },
      [`GET ${BASE}/tax-settings`]: { body: SAVED },
      [`GET ${BASE}/vat-codes`]: { body: VAT_CODES },
    });
    renderWithApp(<TaxSettings />, { route: '/parametres?tab=fiscalite' });
    const table = await screen.findByRole('table', { name: 'Codes TVA' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Code', 'Libellé', 'Taux', 'Nature', 'Compte collecte', 'Compte déductible', 'Compte immobilisations']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['18 %', '10 %', '0 %', '0 %', '0 %']);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('TVA18');
    expect(rows[0]).toHaveTextContent('Taux normal 18 %');
    expect(rows[0]).toHaveTextContent('4431');
    expect(rows[0]).toHaveTextContent('4452');
    expect(rows[0]).toHaveTextContent('4451');
    expect(rows[2]).toHaveTextContent('Exportation');
    expect(rows[3]).toHaveTextContent('Exonéré');
    expect(rows[4]).toHaveTextContent('Non imposable');
  });

  it('says when there is no code, and when the codes cannot be read', async () => {
    const routes = {
      'GET /api/user': { body: TEST_USER },
      [`GET ${BASE}`]: { body: company() },
      [`GET ${BASE}/tax-settings`]: { body: SAVED },
    };
    mockFetch({ ...routes, [`GET ${BASE}/vat-codes`]: { body: [] } });
    const { unmount } = renderWithApp(<TaxSettings />, { route: '/parametres?tab=fiscalite' });
    expect(await screen.findByText('Aucun code TVA')).toBeInTheDocument();
    unmount();
    mockFetch({ ...routes, [`GET ${BASE}/vat-codes`]: { status: 500, body: { message: 'Erreur interne' } } });
    renderWithApp(<TaxSettings />, { route: '/parametres?tab=fiscalite' });
    expect(await screen.findByText('Impossible de charger les codes TVA')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it("'Nouveau code TVA' checks the fields, posts the code and shows a refusal under the code", async () => {
    const user = userEvent.setup();
    let taken = true;
    const fetchMock = mockFetch({
      'GET /api/user': { body: TEST_USER },
      [`GET ${BASE}`]: { body: company() },
      [`GET ${BASE}/tax-settings`]: { body: SAVED },
      [`GET ${BASE}/vat-codes`]: { body: VAT_CODES },
      [`POST ${BASE}/vat-codes`]: () =>
        taken
          ? { status: 409, body: { message: MESSAGES_VAT.rateTaken } }
          : { status: 201, body: { ...VAT_CODES[0], id: 'new', code: 'TVA5', label: 'Taux spécial 5 %', rate: '5.00' } },
    });
    renderWithApp(<TaxSettings />, { route: '/parametres?tab=fiscalite' });
    await user.click(await screen.findByRole('button', { name: 'Nouveau code TVA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau code TVA' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer le code' }));
    expect(await within(dialog).findByText(MESSAGES_VAT.codeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_VAT.labelRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_VAT.rateInvalid)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Code'), 'tva5');
    await user.type(within(dialog).getByLabelText('Libellé'), 'Taux spécial 5 %');
    await user.type(within(dialog).getByLabelText('Taux (%)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le code' }));
    expect(await within(dialog).findByText(MESSAGES_VAT.rateTaken)).toBeInTheDocument();

    taken = false;
    await user.click(within(dialog).getByRole('button', { name: 'Créer le code' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouveau code TVA' })).not.toBeInTheDocument());
    expect(await screen.findByText(MESSAGES_VAT.codeCreated)).toBeInTheDocument();
    const posts = callsTo(fetchMock, 'POST', `${BASE}/vat-codes`);
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toEqual({ code: 'TVA5', label: 'Taux spécial 5 %', rate: '5', kind: 'taxable' });
  });

  it('a non-taxable nature puts the rate at 0 %', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/user': { body: TEST_USER },
      [`GET ${BASE}`]: { body: company() },
      [`GET ${BASE}/tax-settings`]: { body: SAVED },
      [`GET ${BASE}/vat-codes`]: { body: VAT_CODES },
      [`POST ${BASE}/vat-codes`]: { status: 201, body: { ...VAT_CODES[3], id: 'new', code: 'EXO-ART', label: 'Exonéré article' } },
    });
    renderWithApp(<TaxSettings />, { route: '/parametres?tab=fiscalite' });
    await user.click(await screen.findByRole('button', { name: 'Nouveau code TVA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau code TVA' });
    await user.type(within(dialog).getByLabelText('Code'), 'EXO-ART');
    await user.type(within(dialog).getByLabelText('Libellé'), 'Exonéré article');
    await user.selectOptions(within(dialog).getByLabelText('Nature'), 'Exonéré');
    expect(within(dialog).getByLabelText('Taux (%)')).toHaveValue(0);
    expect(within(dialog).getByLabelText('Taux (%)')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Créer le code' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${BASE}/vat-codes`)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', `${BASE}/vat-codes`)[0].body).toEqual({
      code: 'EXO-ART',
      label: 'Exonéré article',
      rate: '0',
      kind: 'exempt',
    });
  });
});
