import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_REPORTS, type GeneralLedgerExportStatus } from '@xaalis/contracts';
import { callsTo, company, COMPANY_ID, mockFetch, renderWithApp, TEST_USER } from '../../test-utils';
import { balanceSheet, generalLedger, YEARS } from './fixtures';
import { LedgerExportStatus } from './LedgerExport';
import ReportsPage from './ReportsPage';

const BASE = `/api/companies/${COMPANY_ID}`;
const R = `${BASE}/reports`;
const EXPORTS = `${R}/general-ledger/exports`;
const ID = '7f1c9a52-3d2e-4b1f-9a0c-2b6d8e4f1a33';

const status = (over: Partial<GeneralLedgerExportStatus>): GeneralLedgerExportStatus => ({
  id: ID,
  format: 'pdf',
  state: 'running',
  done: 0,
  total: 0,
  ...over,
});

/** Answers each status read with the next of `answers` (the last one repeated). */
function statusSequence(answers: GeneralLedgerExportStatus[]) {
  let i = 0;
  return () => ({ body: answers[Math.min(i++, answers.length - 1)] });
}

const STARTED = { id: ID, format: 'pdf' as const, from: '2026-01-01', to: '2026-12-31' };

afterEach(() => jest.restoreAllMocks());

describe('LedgerExportStatus', () => {
  it("shows 'Préparation du document… 42 %' with a bar while the job runs, then 'Télécharger' the file", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/user': { body: TEST_USER },
      [`GET ${EXPORTS}/${ID}`]: statusSequence([
        status({ done: 4_200, total: 10_000 }),
        status({ done: 4_200, total: 10_000 }),
        status({ state: 'completed', done: 10_000, total: 10_000, result: { fileName: 'general-ledger-2026-01-01-2026-12-31.pdf' } }),
      ]),
    });
    renderWithApp(<LedgerExportStatus companyId={COMPANY_ID} started={STARTED} />);
    expect(await screen.findByText(`${MESSAGES_REPORTS.exportPreparing} 42 %`)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: MESSAGES_REPORTS.exportPreparing })).toHaveAttribute('aria-valuenow', '42');

    const download = await screen.findByRole('button', { name: MESSAGES_REPORTS.exportDownload }, { timeout: 5_000 });
    expect(screen.getByText(`${MESSAGES_REPORTS.exportReady} : general-ledger-2026-01-01-2026-12-31.pdf`)).toBeInTheDocument();
    // The file: fetched as a blob and saved under the server's name.
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const files: string[] = [];
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/file')) {
        files.push(url);
        return {
          ok: true,
          status: 200,
          blob: async () => new Blob(['%PDF']),
          headers: new Headers({ 'Content-Disposition': 'attachment; filename="general-ledger-2026-01-01-2026-12-31.pdf"' }),
        } as unknown as Response;
      }
      return base(input, init);
    });
    await user.click(download);
    await waitFor(() => expect(saved).toEqual(['general-ledger-2026-01-01-2026-12-31.pdf']));
    expect(files).toEqual([`${EXPORTS}/${ID}/file`]);
  });

  it('shows the French error of a failed export', async () => {
    mockFetch({
      'GET /api/user': { body: TEST_USER },
      [`GET ${EXPORTS}/${ID}`]: { body: status({ state: 'failed', error: MESSAGES_REPORTS.ledgerTooLongForExportPdf }) },
    });
    renderWithApp(<LedgerExportStatus companyId={COMPANY_ID} started={STARTED} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${MESSAGES_REPORTS.exportFailed} : ${MESSAGES_REPORTS.ledgerTooLongForExportPdf}`,
    );
  });
});

describe('Grand livre tab exports', () => {
  it("'Exporter PDF' starts the export job with the tab's filters and shows its progress", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/user': { body: TEST_USER },
      [`GET ${BASE}`]: { body: company() },
      [`GET ${R}/years`]: { body: YEARS },
      [`GET ${R}/balance-sheet`]: { body: balanceSheet() },
      [`GET ${R}/general-ledger`]: { body: generalLedger() },
      [`POST ${EXPORTS}`]: { status: 202, body: { id: ID, state: 'queued' } },
      [`GET ${EXPORTS}/${ID}`]: { body: status({ done: 500, total: 2_000 }) },
    });
    renderWithApp(<ReportsPage />, { route: '/rapports' });
    await user.click(await screen.findByRole('tab', { name: 'Grand Livre' }));
    await screen.findByRole('table', { name: 'Grand Livre' });
    await user.click(screen.getByRole('button', { name: 'Exporter PDF' }));
    expect(await screen.findByText(`${MESSAGES_REPORTS.exportPreparing} 25 %`)).toBeInTheDocument();
    const posts = callsTo(fetchMock, 'POST', EXPORTS);
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ from: '2026-01-01', to: '2026-12-31', format: 'pdf' });
    // No direct download of the Grand livre.
    expect(callsTo(fetchMock, 'GET', `${R}/general-ledger`).some((c) => c.url.includes('format='))).toBe(false);
  });
});
