import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_STATEMENT } from '@xaalis/contracts';
import { callsTo, COMPANY_ID, mockFetch, renderWithApp } from '../../test-utils';
import { BANK_ID, BASE, statementPreview, treasuryAccount } from './fixtures';
import { StatementImportDialog } from './StatementImportDialog';

afterEach(() => jest.restoreAllMocks());

const UPLOAD = `${BASE}/treasury-accounts/${BANK_ID}/statements`;
const PREVIEW = statementPreview();
const CLEAN = statementPreview({ id: '00000000-0000-4000-8000-000000003999', errors: [], errorCount: 0, gap: null, warnings: [] });
const CONFIRM = `${UPLOAD}/${CLEAN.id}/confirm`;

function renderDialog() {
  const onClose = jest.fn();
  renderWithApp(<StatementImportDialog open onClose={onClose} companyId={COMPANY_ID} account={treasuryAccount()} />);
  return { onClose };
}

async function chooseAndAnalyse(user: ReturnType<typeof userEvent.setup>) {
  const file = new File(['Date opération;Libellé;Débit;Crédit;Solde\n'], 'releve-avril.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('Fichier du relevé'), file);
  await user.click(screen.getByRole('button', { name: 'Analyser le relevé' }));
}

describe('StatementImportDialog', () => {
  it('shows the preview: the gap prominently, the warnings, the errors per line and the first lines; confirming is blocked', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ [`POST ${UPLOAD}`]: { status: 201, body: PREVIEW } });
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Importer un relevé — CBAO courant' })).toBeInTheDocument();
    await chooseAndAnalyse(user);

    const gap = await screen.findByText('Écart de -5 000 XOF avec le relevé précédent');
    expect(gap.closest('[role="alert"]')).toHaveTextContent(
      "Solde de clôture du relevé précédent : 1 180 000 XOF ; solde d'ouverture de ce relevé : 1 175 000 XOF",
    );
    expect(within(screen.getByRole('list', { name: 'Avertissements' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('releve-avril.csv · du 01/04/2026 au 30/04/2026')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByText('125 000 XOF')).toBeInTheDocument();
    expect(screen.getByText('1 300 000 XOF')).toBeInTheDocument();

    const errors = within(screen.getByRole('table', { name: 'Erreurs par ligne' })).getAllByRole('row');
    expect(errors.map((row) => row.textContent)).toEqual([
      'LigneMessage',
      '7Date « 31/02/2026 » invalide (format attendu JJ/MM/AAAA ou AAAA-MM-JJ)',
      '12Montant manquant',
    ]);
    expect(screen.getByText('2 erreurs dans le fichier')).toBeInTheDocument();
    const lines = within(screen.getByRole('table', { name: 'Opérations du relevé' })).getAllByRole('row');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toHaveTextContent('FRAIS TENUE DE COMPTE');
    expect(lines[2]).toHaveTextContent('-25 000 XOF');

    expect(screen.getByRole('button', { name: "Confirmer l'import" })).toBeDisabled();
    const [upload] = callsTo(fetchMock, 'POST', UPLOAD);
    expect(upload.url).toBe(`${UPLOAD}?fileName=releve-avril.csv`);
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/octet-stream');
    expect(init.body).toBeInstanceOf(File);
  });

  it("re-reads the file with the column mapping and date order chosen, then confirms: 'Relevé importé'", async () => {
    const user = userEvent.setup();
    let uploads = 0;
    const fetchMock = mockFetch({
      [`POST ${UPLOAD}`]: () => {
        uploads += 1;
        return { status: 201, body: uploads === 1 ? PREVIEW : CLEAN };
      },
      [`POST ${CONFIRM}`]: { body: { ...CLEAN, status: 'confirmed' } },
    });
    const { onClose } = renderDialog();
    await chooseAndAnalyse(user);
    const mapping = await screen.findByRole('region', { name: 'Correspondance des colonnes' });
    // One select per statement column, listing the file's headers.
    expect(within(mapping).getByLabelText('Libellé')).toHaveValue('1');
    expect(
      within(within(mapping).getByLabelText('Référence'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['— Aucune —', 'Date opération', 'Libellé', 'Débit', 'Crédit', 'Solde']);
    await user.selectOptions(within(mapping).getByLabelText('Solde'), '— Aucune —');
    await user.selectOptions(within(mapping).getByLabelText('Montant'), 'Crédit');
    await user.selectOptions(within(mapping).getByLabelText('Crédit'), '— Aucune —');
    await user.selectOptions(within(mapping).getByLabelText('Ordre des dates'), 'Mois/Jour/Année (12/31/2026)');
    await user.click(within(mapping).getByRole('button', { name: 'Relire avec cette correspondance' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', UPLOAD)).toHaveLength(2));
    const url = new URL(callsTo(fetchMock, 'POST', UPLOAD)[1].url, 'http://localhost');
    expect(url.searchParams.get('dateOrder')).toBe('mdy');
    expect(JSON.parse(url.searchParams.get('mapping') ?? '')).toEqual({ date: 0, label: 1, debit: 2, amount: 3 });

    const confirm = await screen.findByRole('button', { name: "Confirmer l'import" });
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(screen.queryByText(/avec le relevé précédent/)).not.toBeInTheDocument();
    await user.click(confirm);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST', CONFIRM)).toHaveLength(1);
    expect(await screen.findByText(MESSAGES_STATEMENT.confirmed(42))).toBeInTheDocument();
  });

  it("shows a file-level refusal as the server's French message, and checks an empty file before sending", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ [`POST ${UPLOAD}`]: { status: 415, body: { message: MESSAGES_STATEMENT.notStatement } } });
    renderDialog();
    await user.upload(screen.getByLabelText('Fichier du relevé'), new File([], 'vide.csv'));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES_STATEMENT.empty);
    await user.click(screen.getByRole('button', { name: 'Analyser le relevé' }));
    expect(callsTo(fetchMock, 'POST', UPLOAD)).toHaveLength(0);

    await chooseAndAnalyse(user);
    expect(await screen.findByText(MESSAGES_STATEMENT.notStatement)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Confirmer l'import" })).not.toBeInTheDocument();
  });
});
