import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_WITHHOLDING, vatPeriodLabel } from '@xaalis/contracts';
import { todayIso } from '@xaalis/web-kit';
import { callsTo, COMPANY_ID, mockFetch, renderWithApp, TEST_USER, type FakeResponse, type FetchHandler } from '../../test-utils';
import { fileThroughDialog, vatPreview, withholdingPreview, withholdingSummary } from './fixtures';
import { periodIn, previousVatPeriod } from './period';
import TaxReturnsPage from './TaxReturnsPage';

const BASE = `/api/companies/${COMPANY_ID}`;
const PERIOD = previousVatPeriod('monthly');
const periodOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('period') ?? '';

function routes(overrides: Record<string, FakeResponse | FetchHandler> = {}): Record<string, FakeResponse | FetchHandler> {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}/tax-settings`]: { body: { ninea: null, rccm: null, regime: 'reel_normal', vatPeriodicity: 'monthly' } },
    [`GET ${BASE}/vat-returns/preview`]: (_init, url) => ({ body: vatPreview(periodOf(url)) }),
    [`GET ${BASE}/vat-returns`]: { body: { items: [] } },
    [`GET ${BASE}/withholding-statements/preview`]: (_init, url) => ({ body: withholdingPreview(periodOf(url)) }),
    [`GET ${BASE}/withholding-statements`]: { body: { items: [], page: 1, pageSize: 200, totalItems: 0 } },
    ...overrides,
  };
}

async function openTab(user: ReturnType<typeof userEvent.setup>) {
  renderWithApp(<TaxReturnsPage />, { route: '/declarations' });
  await user.click(screen.getByRole('tab', { name: 'Retenues à la source' }));
  expect(screen.getByRole('tab', { name: 'Retenues à la source' })).toHaveAttribute('aria-selected', 'true');
}

afterEach(() => jest.restoreAllMocks());

describe('Déclarations → Retenues à la source', () => {
  it('previews the previous month: the beneficiaries and their total; a quarter can be chosen instead', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    await openTab(user);
    expect(
      await screen.findByRole('heading', { name: `Bordereau des retenues à la source — ${vatPeriodLabel(PERIOD)}` }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Périodicité')).toHaveValue('monthly');
    expect(screen.getByLabelText('Mois')).toHaveValue(PERIOD);

    const table = await screen.findByRole('table', { name: 'Bénéficiaires des retenues' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('BénéficiaireNINEAPaiementsMontant brut payéRetenue');
    expect(rows[1]).toHaveTextContent('Awa Ndiaye (consultante)0076543212250 000 XOF12 500 XOF');
    expect(rows[2]).toHaveTextContent('Ibrahima Sarr-1100 000 XOF5 000 XOF');
    expect(rows[3]).toHaveTextContent('Total350 000 XOF17 500 XOF');
    expect(screen.getByRole('button', { name: 'Déposer le bordereau' })).toBeEnabled();
    expect(await screen.findByText(MESSAGES_WITHHOLDING.empty)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/withholding-statements/preview`).map((c) => periodOf(c.url))).toEqual([PERIOD]);

    await user.selectOptions(screen.getByLabelText('Périodicité'), 'Trimestre');
    const quarter = periodIn(PERIOD, 'quarterly');
    expect(
      await screen.findByRole('heading', { name: `Bordereau des retenues à la source — ${vatPeriodLabel(quarter)}` }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Trimestre')).toHaveValue(quarter.slice(-1));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `${BASE}/withholding-statements/preview`).map((c) => periodOf(c.url))).toContain(quarter),
    );
  });

  it('says when the period has no withholding', async () => {
    const user = userEvent.setup();
    mockFetch(
      routes({
        [`GET ${BASE}/withholding-statements/preview`]: (_init, url) => ({
          body: withholdingPreview(periodOf(url), { beneficiaries: [], totalGross: '0.00', totalWithheld: '0.00' }),
        }),
      }),
    );
    await openTab(user);
    expect(await screen.findByText(MESSAGES_WITHHOLDING.nothing)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Bénéficiaires des retenues' })).not.toBeInTheDocument();
  });

  it("'Déposer le bordereau' posts the period, the filing date and reference, shows a refusal in the dialog, then succeeds", async () => {
    const user = userEvent.setup();
    let refused = true;
    const fetchMock = mockFetch(
      routes({
        [`POST ${BASE}/withholding-statements`]: () =>
          refused
            ? { status: 409, body: { message: MESSAGES_WITHHOLDING.overlaps } }
            : { status: 201, body: { ...withholdingPreview(PERIOD), ...withholdingSummary({ period: PERIOD }), ninea: null } },
      }),
    );
    await openTab(user);
    await fileThroughDialog(user, fetchMock, {
      open: 'Déposer le bordereau',
      dialog: `Déposer le bordereau — ${vatPeriodLabel(PERIOD)}`,
      submit: 'Déposer',
      reference: 'BRS-118',
      refusal: MESSAGES_WITHHOLDING.overlaps,
      success: MESSAGES_WITHHOLDING.declared,
      accept: () => (refused = false),
      postUrl: `${BASE}/withholding-statements`,
      previewUrl: `${BASE}/withholding-statements/preview`,
      body: { period: PERIOD, filedOn: todayIso(), reference: 'BRS-118' },
    });
  });

  it('a filed period shows its filing and files; the bordereaux on file are listed and download', async () => {
    const user = userEvent.setup();
    const declared = withholdingSummary({ period: PERIOD, filedOn: '2026-11-14', reference: 'BRS-77' });
    const older = withholdingSummary({ period: '2026-Q2', reference: null, totalGross: '90000.00', totalWithheld: '4500.00' });
    const base = mockFetch(
      routes({
        [`GET ${BASE}/withholding-statements/preview`]: (_init, url) => ({
          body: withholdingPreview(periodOf(url), { declared, declarable: false }),
        }),
        [`GET ${BASE}/withholding-statements`]: { body: { items: [declared, older], page: 1, pageSize: 200, totalItems: 2 } },
      }),
    );
    const downloads: string[] = [];
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    (globalThis as { fetch: unknown }).fetch = jest.fn(async (input: string, init?: RequestInit) => {
      if (input.includes('format=')) {
        downloads.push(input);
        return { ok: true, status: 200, blob: async () => new Blob(['%PDF']), headers: new Headers() } as unknown as Response;
      }
      return base(input, init);
    });
    await openTab(user);
    const status = await screen.findByRole('status', { name: 'Bordereau déposé' });
    expect(within(status).getByText('Déposé le 14/11/2026 (réf. BRS-77)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Déposer le bordereau' })).toBeDisabled();
    await user.click(within(status).getByRole('button', { name: `XLSX du bordereau ${vatPeriodLabel(PERIOD)}` }));
    await waitFor(() => expect(saved).toEqual([`bordereau-retenues-${PERIOD}.xlsx`]));

    const table = await screen.findByRole('table', { name: 'Bordereaux déposés' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('PériodeDéposé leRéférenceMontant brutRetenue');
    expect(rows[2]).toHaveTextContent('2e trimestre 202614/10/2026-90 000 XOF4 500 XOF');
    await user.click(within(rows[2]).getByRole('button', { name: 'PDF du bordereau 2e trimestre 2026' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(downloads).toEqual([
      `${BASE}/withholding-statements/${declared.id}?format=xlsx`,
      `${BASE}/withholding-statements/${older.id}?format=pdf`,
    ]);
  });

  it('is read-only for a collaborator: no Déposer, the preview and the files still there', async () => {
    const user = userEvent.setup();
    const declared = withholdingSummary({ period: PERIOD });
    mockFetch(
      routes({
        'GET /api/user': { body: { ...TEST_USER, role: 'collaborator' } },
        [`GET ${BASE}/withholding-statements/preview`]: (_init, url) => ({
          body: withholdingPreview(periodOf(url), { declared, declarable: false }),
        }),
      }),
    );
    await openTab(user);
    const status = await screen.findByRole('status', { name: 'Bordereau déposé' });
    expect(screen.getByText(/^Consultation seule/)).toBeInTheDocument();
    expect(within(status).getByRole('button', { name: /^PDF du bordereau/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Bénéficiaires des retenues' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Déposer le bordereau' })).not.toBeInTheDocument();
  });
});
