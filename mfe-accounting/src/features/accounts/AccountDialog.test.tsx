import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_ACCOUNT } from '@xaalis/contracts';
import { account, callsTo, COMPANY_ID, listPage, mockFetch, renderWithApp } from '../../test-utils';
import { AccountDialog } from './AccountDialog';

const BASE = `/api/companies/${COMPANY_ID}`;
const PURCHASES = account('601', 'Achats de marchandises', { type: 'expense', category: 'charge' });
const CLASS6 = account('60', 'Achats et variations de stocks', { type: 'expense', category: 'charge' });

afterEach(() => jest.restoreAllMocks());

function renderDialog(onClose = jest.fn()) {
  renderWithApp(<AccountDialog open onClose={onClose} companyId={COMPANY_ID} />);
  return onClose;
}

describe('AccountDialog', () => {
  it("shows the specification's messages", async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Nouveau Compte' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByText(MESSAGES_ACCOUNT.codeRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_ACCOUNT.nameRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Code/), '6011');
    await user.type(screen.getByLabelText(/^Nom du compte/), 'Achats au Sénégal');
    await user.clear(screen.getByLabelText('Niveau'));
    await user.type(screen.getByLabelText('Niveau'), '9');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByText(MESSAGES_ACCOUNT.levelRange)).toBeInTheDocument();
  });

  it('suggests category, level and parent, posts the account and toasts', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      [`GET ${BASE}/accounts`]: { body: listPage([CLASS6, PURCHASES], { counters: { total: 2 } }) },
      [`POST ${BASE}/accounts`]: { status: 201, body: account('6011', 'Achats au Sénégal') },
    });
    const onClose = renderDialog();
    await user.type(screen.getByLabelText(/^Code/), '6011');
    await user.type(screen.getByLabelText(/^Nom du compte/), 'Achats au Sénégal');
    await user.selectOptions(screen.getByLabelText('Type'), 'Charge');
    expect(screen.getByLabelText('Catégorie')).toHaveValue('charge');
    expect(screen.getByLabelText('Niveau')).toHaveValue(4);
    await waitFor(() => expect(screen.getByLabelText('Compte parent')).toHaveValue('601 — Achats de marchandises'));
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST', `${BASE}/accounts`)[0].body).toEqual({
      code: '6011',
      name: 'Achats au Sénégal',
      type: 'expense',
      category: 'charge',
      level: 4,
      parentAccountId: PURCHASES.id,
    });
    expect(await screen.findByText(MESSAGES_ACCOUNT.created)).toBeInTheDocument();
  });

  it("shows 'Erreur' and the server's message on a duplicate code", async () => {
    const user = userEvent.setup();
    mockFetch({ [`POST ${BASE}/accounts`]: { status: 409, body: { message: MESSAGES_ACCOUNT.duplicateCode } } });
    const onClose = renderDialog();
    await user.type(screen.getByLabelText(/^Code/), '601');
    await user.type(screen.getByLabelText(/^Nom du compte/), 'Doublon');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    // In the toast and under the code field.
    expect(screen.getAllByText(MESSAGES_ACCOUNT.duplicateCode)).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
  });
});
