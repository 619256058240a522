import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ENTRY_IMPORT_MAX_BYTES,
  MESSAGES_ENTRY_IMPORT,
  type EntryImportJobStatus,
  type EntryImportPreview,
  type EntryImportStatus,
  type JobState,
  type EntryListResponse,
  XLSX_CONTENT_TYPE,
} from '@xaalis/contracts';
import { callsTo, company, COMPANY_ID, mockFetch, renderWithApp, TEST_USER } from '../../../test-utils';
import EntriesPage from '../EntriesPage';
import { IMPORT_UI } from './importFile';

const BASE = `/api/companies/${COMPANY_ID}`;
const IMPORT_ID = 'imp-1';

const EMPTY_LIST: EntryListResponse = {
  items: [],
  page: 1,
  pageSize: 25,
  totalItems: 0,
  counters: { total: 0, validated: 0, draft: 0, cancelled: 0, totalAmount: '0.00' },
};

function preview(overrides: Partial<EntryImportPreview> = {}): EntryImportPreview {
  return {
    id: IMPORT_ID,
    kind: 'entries',
    fileName: 'journal-2026.csv',
    status: 'ready',
    entryCount: 2,
    lineCount: 4,
    totalDebit: '1234567.50',
    totalCredit: '1234567.50',
    errorCount: 0,
    validate: null,
    progress: { done: 0, total: 4 },
    firstNumber: null,
    lastNumber: null,
    message: null,
    createdBy: 'u1',
    createdAt: '2026-03-01T10:00:00.000Z',
    finishedAt: null,
    entries: [
      {
        journal: 'VT',
        date: '2026-03-02',
        key: 'F001',
        description: 'Vente comptoir',
        reference: 'FAC-1',
        totalDebit: '1234567.50',
        totalCredit: '1234567.50',
        balanced: true,
        lineCount: 3,
        lines: [
          {
            line: 2,
            accountCode: '411',
            accountName: 'Clients',
            label: 'Vente',
            debit: '1234567.50',
            credit: '0.00',
            thirdPartyCode: 'C001',
          },
          {
            line: 3,
            accountCode: '701',
            accountName: 'Ventes de marchandises',
            label: 'Vente',
            debit: '0.00',
            credit: '1234567.50',
            thirdPartyCode: null,
          },
        ],
      },
    ],
    errors: [],
    ...overrides,
  };
}

const JOB_STATE: Record<EntryImportStatus, JobState> = {
  ready: 'queued',
  queued: 'queued',
  running: 'running',
  imported: 'completed',
  failed: 'failed',
  invalid: 'failed',
};

/** GET …/entry-imports/:id as the service answers it: the one job-status shape, the import as its result. */
function job(status: EntryImportStatus, done: number, extra: Partial<EntryImportPreview> = {}): EntryImportJobStatus {
  const result = preview({ status, progress: { done, total: 4 }, validate: true, ...extra });
  return { state: JOB_STATE[status], done, total: 4, result, ...(result.message ? { error: result.message } : {}) };
}

function routes(overrides: Parameters<typeof mockFetch>[0] = {}): Parameters<typeof mockFetch>[0] {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/accounting-entries`]: { body: EMPTY_LIST },
    ...overrides,
  };
}

const csv = (name = 'journal-2026.csv', text = 'date;journal;numero;compte;libelle;debit;credit\n') =>
  new File([text], name, { type: 'text/csv' });

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  renderWithApp(<EntriesPage />, { route: '/ecritures' });
  const button = await screen.findByRole('button', { name: IMPORT_UI.button });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.findByRole('dialog', { name: 'Importer des écritures' });
}

afterEach(() => jest.restoreAllMocks());

describe('ImportEntriesDialog', () => {
  it('checks the file before sending it: none chosen, wrong extension, too large', async () => {
    // applyAccept off: the browser would let a user pick "Tous les fichiers" anyway.
    const user = userEvent.setup({ applyAccept: false });
    const fetchMock = mockFetch(routes());
    const dialog = await openDialog(user);
    expect(within(dialog).getByText(/Date \(obligatoire\)/)).toBeInTheDocument();
    expect(within(dialog).getByText(/numéro ou clé de regroupement/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(IMPORT_UI.fileInput)).toHaveAttribute('accept', expect.stringContaining('.csv'));

    await user.click(within(dialog).getByRole('button', { name: IMPORT_UI.analyse }));
    expect(await within(dialog).findByText(IMPORT_UI.fileMissing)).toBeInTheDocument();

    await user.upload(within(dialog).getByLabelText(IMPORT_UI.fileInput), new File(['%PDF'], 'releve.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText(MESSAGES_ENTRY_IMPORT.notCsvOrXlsx)).toBeInTheDocument();

    const big = csv('gros.csv');
    Object.defineProperty(big, 'size', { value: ENTRY_IMPORT_MAX_BYTES + 1 });
    await user.upload(within(dialog).getByLabelText(IMPORT_UI.fileInput), big);
    expect(await within(dialog).findByText(MESSAGES_ENTRY_IMPORT.tooLarge)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: IMPORT_UI.analyse }));
    expect(within(dialog).getByText(MESSAGES_ENTRY_IMPORT.tooLarge)).toBeInTheDocument();

    expect(callsTo(fetchMock, 'POST', `${BASE}/entry-imports`)).toHaveLength(0);
  });

  it('shows the errors per line and keeps the import disabled when the file has errors', async () => {
    const user = userEvent.setup();
    const unbalanced = MESSAGES_ENTRY_IMPORT.unbalanced('F002', 1000000n, 900000n);
    const fetchMock = mockFetch(
      routes({
        [`POST ${BASE}/entry-imports`]: {
          status: 201,
          body: preview({
            status: 'invalid',
            errorCount: 203,
            errors: [
              { line: 5, message: MESSAGES_ENTRY_IMPORT.unknownAccount('4711') },
              { line: 7, message: unbalanced },
              { line: 9, message: MESSAGES_ENTRY_IMPORT.amountMalformed('12,3,4') },
            ],
          }),
        },
      }),
    );
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText(IMPORT_UI.fileInput), csv());
    expect(within(dialog).getByText(/journal-2026\.csv/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: IMPORT_UI.analyse }));

    const errors = await within(dialog).findByRole('region', { name: 'Erreurs du fichier' });
    expect(within(errors).getByText('203 erreurs dans le fichier')).toBeInTheDocument();
    const items = within(errors)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      `Ligne 5 : ${MESSAGES_ENTRY_IMPORT.unknownAccount('4711')}`,
      `Ligne 7 : ${unbalanced}`,
      `Ligne 9 : ${MESSAGES_ENTRY_IMPORT.amountMalformed('12,3,4')}`,
    ]);
    expect(within(errors).getByText(MESSAGES_ENTRY_IMPORT.moreErrors(200))).toBeInTheDocument();
    expect(within(dialog).getByText(IMPORT_UI.blocked)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: IMPORT_UI.import })).toBeDisabled();
    expect(within(dialog).queryByRole('radio', { name: IMPORT_UI.validate })).not.toBeInTheDocument();

    // The upload: the raw file, its type, its name, the CSRF header.
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') as [string, RequestInit];
    expect(url).toBe(`${BASE}/entry-imports?kind=entries&fileName=journal-2026.csv`);
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'text/csv' });
    expect(init.body).toBeInstanceOf(File);
    expect(callsTo(fetchMock, 'POST', `${BASE}/entry-imports/${IMPORT_ID}/run`)).toHaveLength(0);
  });

  it('previews, imports as validated entries with the progress shown, then the result and the list read again', async () => {
    const user = userEvent.setup();
    let polls = 0;
    const fetchMock = mockFetch(
      routes({
        [`POST ${BASE}/entry-imports`]: { status: 201, body: preview() },
        [`POST ${BASE}/entry-imports/${IMPORT_ID}/run`]: { status: 202, body: { id: IMPORT_ID, status: 'queued' } },
        [`GET ${BASE}/entry-imports/${IMPORT_ID}`]: () => {
          polls += 1;
          if (polls === 1) return { body: job('queued', 0) };
          if (polls < 4) return { body: job('running', 2) };
          return { body: job('imported', 4, { firstNumber: 'VT-2026-00001', lastNumber: 'VT-2026-00002' }) };
        },
      }),
    );
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText(IMPORT_UI.fileInput), csv());
    await user.click(within(dialog).getByRole('button', { name: IMPORT_UI.analyse }));

    expect(await within(dialog).findByRole('table', { name: 'Écritures du fichier' })).toBeInTheDocument();
    expect(within(within(dialog).getByRole('group', { name: 'Écritures' })).getByText('2')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('group', { name: 'Lignes' })).getByText('4')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('group', { name: 'Total débit' })).getByText('1 234 568 XOF')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('group', { name: 'Total crédit' })).getByText('1 234 568 XOF')).toBeInTheDocument();
    expect(within(dialog).getByText(/Pièce F001/)).toBeInTheDocument();
    expect(within(dialog).getByText('Ventes de marchandises', { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByText('… et 1 autre ligne')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: IMPORT_UI.validate }));
    await user.click(within(dialog).getByRole('button', { name: IMPORT_UI.import }));
    expect(callsTo(fetchMock, 'POST', `${BASE}/entry-imports/${IMPORT_ID}/run`)[0].body).toEqual({ validate: true });

    // Never a blank: the bar and the figures from the start.
    expect(await within(dialog).findByText(`${IMPORT_UI.progress} : 2 / 4`)).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: IMPORT_UI.progress })).toBeInTheDocument();

    expect(
      await within(dialog).findByText(`${MESSAGES_ENTRY_IMPORT.imported(2)} : de VT-2026-00001 à VT-2026-00002`, {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    // Polling stopped at the end, and the entries list was read again.
    const pollsAtEnd = polls;
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/accounting-entries`).length).toBeGreaterThanOrEqual(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(polls).toBe(pollsAtEnd);
    await user.click(within(dialog).getByRole('button', { name: IMPORT_UI.close }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Importer des écritures' })).not.toBeInTheDocument());
  });

  it("shows the job's French message when the import fails, and nothing else", async () => {
    const user = userEvent.setup();
    let uploads = 0;
    const fetchMock = mockFetch(
      routes({
        [`POST ${BASE}/entry-imports`]: () => ({ status: 201, body: ++uploads === 1 ? preview() : preview({ id: 'imp-2' }) }),
        [`POST ${BASE}/entry-imports/${IMPORT_ID}/run`]: { status: 202, body: { id: IMPORT_ID, status: 'queued' } },
        [`GET ${BASE}/entry-imports/${IMPORT_ID}`]: {
          body: job('failed', 0, { message: MESSAGES_ENTRY_IMPORT.jobFailed, validate: false }),
        },
        [`POST ${BASE}/entry-imports/imp-2/run`]: { status: 202, body: { id: 'imp-2', status: 'queued' } },
        [`GET ${BASE}/entry-imports/imp-2`]: () => ({ body: job('running', 1, { id: 'imp-2' }) }),
      }),
    );
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText(IMPORT_UI.fileInput), csv());
    await user.click(within(dialog).getByRole('button', { name: IMPORT_UI.analyse }));
    await user.click(await within(dialog).findByRole('button', { name: IMPORT_UI.import }));
    expect(callsTo(fetchMock, 'POST', `${BASE}/entry-imports/${IMPORT_ID}/run`)[0].body).toEqual({ validate: false });
    expect(await within(dialog).findByText(MESSAGES_ENTRY_IMPORT.jobFailed)).toBeInTheDocument();
    expect(within(dialog).queryByText(MESSAGES_ENTRY_IMPORT.imported(2))).not.toBeInTheDocument();
    // Another file can be tried.
    await user.click(within(dialog).getByRole('button', { name: IMPORT_UI.otherFile }));
    expect(within(dialog).getByText(IMPORT_UI.noFile)).toBeInTheDocument();
    // The new run follows its own import, not the failed one.
    await user.upload(within(dialog).getByLabelText(IMPORT_UI.fileInput), csv('journal-2026-corrige.csv'));
    await user.click(within(dialog).getByRole('button', { name: IMPORT_UI.analyse }));
    await user.click(await within(dialog).findByRole('button', { name: IMPORT_UI.import }));
    expect(await within(dialog).findByText(`${IMPORT_UI.progress} : 1 / 4`)).toBeInTheDocument();
    expect(within(dialog).queryByText(MESSAGES_ENTRY_IMPORT.jobFailed)).not.toBeInTheDocument();
  });

  it("shows the server's refusal at upload (file already imported, too large for the proxy)", async () => {
    const user = userEvent.setup();
    let answer = { status: 409, body: { message: MESSAGES_ENTRY_IMPORT.alreadyImported } as unknown };
    const fetchMock = mockFetch(routes({ [`POST ${BASE}/entry-imports`]: () => answer }));
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: /À-nouveaux/ }));
    expect(within(dialog).getByLabelText(IMPORT_UI.openingDate)).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText(IMPORT_UI.fileInput), csv('an-2026.xlsx', 'PK'));
    await user.click(within(dialog).getByRole('button', { name: IMPORT_UI.analyse }));
    expect(await within(dialog).findByText(MESSAGES_ENTRY_IMPORT.alreadyImported)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') as [string, RequestInit];
    expect(url).toBe(`${BASE}/entry-imports?kind=opening&fileName=an-2026.xlsx`);
    expect(init.headers).toMatchObject({ 'Content-Type': XLSX_CONTENT_TYPE });
    expect(within(dialog).getByRole('button', { name: IMPORT_UI.analyse })).toBeEnabled();

    answer = { status: 413, body: '<html><body>413 Request Entity Too Large</body></html>' };
    await user.click(within(dialog).getByRole('button', { name: IMPORT_UI.analyse }));
    expect(await within(dialog).findByText(MESSAGES_ENTRY_IMPORT.tooLarge)).toBeInTheDocument();
  });
});
