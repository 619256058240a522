import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_VAT, vatPeriodLabel, type VatDrillEntry } from '@xaalis/contracts';
import { todayIso } from '@xaalis/web-kit';
import { callsTo, COMPANY_ID, mockFetch, renderWithApp, TEST_USER, type FakeResponse, type FetchHandler } from '../../test-utils';
import { fileThroughDialog, vatPreview, vatReturnSummary } from './fixtures';
import { previousVatPeriod } from './period';
import TaxReturnsPage from './TaxReturnsPage';

const BASE = `/api/companies/${COMPANY_ID}`;
const MONTHLY = { ninea: '005123456', rccm: null, regime: 'reel_normal', vatPeriodicity: 'monthly' };
const QUARTERLY = { ...MONTHLY, regime: 'simplifie', vatPeriodicity: 'quarterly' };
const PERIOD = previousVatPeriod('monthly');
const periodOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('period') ?? '';

const ENTRIES: VatDrillEntry[] = [
  {
    entryId: 'e1',
    number: 'VT-2026-0042',
    date: `${PERIOD}-12`,
    description: 'Facture FV-2026-0042 Sonatel',
    sourceType: 'invoice',
    sourceId: 'i1',
    base: '600000.00',
    vat: '108000.00',
  },
];

function routes(overrides: Record<string, FakeResponse | FetchHandler> = {}): Record<string, FakeResponse | FetchHandler> {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}/tax-settings`]: { body: MONTHLY },
    [`GET ${BASE}/vat-returns/preview`]: (_init, url) => ({ body: vatPreview(periodOf(url)) }),
    [`GET ${BASE}/vat-returns`]: { body: { items: [] } },
    [`GET ${BASE}/vat-returns/entries`]: { body: { items: ENTRIES } },
    ...overrides,
  };
}

function renderPage() {
  return renderWithApp(<TaxReturnsPage />, { route: '/declarations' });
}

afterEach(() => jest.restoreAllMocks());

describe('Déclarations → TVA', () => {
  it('previews the previous month: a mismatch with the ledger, the draft invoices, the lines and the balance; a line opens its entries', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({
        [`GET ${BASE}/vat-returns/preview`]: (_init, url) => ({
          body: vatPreview(periodOf(url), {
            checks: { collectedMatchesLedger: false, deductibleMatchesLedger: true },
            ledger: { collected: '190000.00', deductible: '108000.00' },
            draftInvoices: [{ id: 'd1', number: 'FV-2026-0051', date: `${PERIOD}-28`, total: '118000.00' }],
          }),
        }),
      }),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Déclarations fiscales' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'TVA' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: `Déclaration de TVA — ${vatPeriodLabel(PERIOD)}` })).toBeInTheDocument();
    expect(screen.getByLabelText('Mois')).toHaveValue(PERIOD);

    expect(await screen.findByText(MESSAGES_VAT.mismatch)).toBeInTheDocument();
    expect(screen.getByText('TVA collectée : comptabilité 190 000 XOF, déclaration 200 000 XOF')).toBeInTheDocument();
    expect(screen.queryByText(/^TVA déductible : comptabilité/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Concordance avec la comptabilité/)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES_VAT.draftInvoices)).toBeInTheDocument();
    const drafts = screen.getByRole('list', { name: 'Factures en brouillon' });
    expect(within(drafts).getByRole('listitem')).toHaveTextContent(
      `FV-2026-0051 — 28/${PERIOD.slice(5, 7)}/${PERIOD.slice(0, 4)} — 118 000 XOF`,
    );

    const lines = screen.getByRole('table', { name: 'Lignes de la déclaration' });
    const normal = within(lines).getByRole('row', { name: /taux normal \(18 %\)/ });
    expect(within(normal).getByText('1 000 000 XOF')).toBeInTheDocument();
    expect(within(normal).getByText('180 000 XOF')).toBeInTheDocument();
    const summary = screen.getByRole('group', { name: 'Synthèse de la déclaration' });
    expect(summary).toHaveTextContent('TVA collectée200 000 XOF');
    expect(summary).toHaveTextContent('TVA déductible108 000 XOF');
    expect(summary).toHaveTextContent('TVA retenue à la source5 000 XOF');
    expect(summary).toHaveTextContent('Crédit reporté de la période précédente10 000 XOF');
    expect(within(summary).getByText('TVA due')).toBeInTheDocument();
    expect(within(summary).getByTestId('vat-balance')).toHaveTextContent('77 000 XOF');
    expect(await screen.findByText(MESSAGES_VAT.empty)).toBeInTheDocument();

    await user.click(within(lines).getByRole('button', { name: 'TVA déductible sur achats de biens et services' }));
    const dialog = await screen.findByRole('dialog', { name: 'TVA déductible sur achats de biens et services' });
    const entry = within(await within(dialog).findByRole('table', { name: 'Écritures de la ligne' })).getAllByRole('row')[1];
    expect(entry).toHaveTextContent('VT-2026-0042');
    expect(entry).toHaveTextContent('Facture FV-2026-0042 Sonatel');
    expect(entry).toHaveTextContent('600 000 XOF');
    expect(entry).toHaveTextContent('108 000 XOF');
    expect(callsTo(fetchMock, 'GET', `${BASE}/vat-returns/entries`)[0].url).toContain(`period=${PERIOD}&line=deductible_goods`);
  });

  it("'Déclarer' posts the period, the filing date and reference, shows a refusal in the dialog, then refreshes", async () => {
    const user = userEvent.setup();
    let refused = true;
    const fetchMock = mockFetch(
      routes({
        [`POST ${BASE}/vat-returns`]: () =>
          refused
            ? { status: 409, body: { message: MESSAGES_VAT.alreadyDeclared } }
            : { status: 201, body: { ...vatPreview(PERIOD), ...vatReturnSummary({ period: PERIOD }) } },
      }),
    );
    renderPage();
    expect(await screen.findByText('Concordance avec la comptabilité (comptes 4431, 4452, 4451)')).toBeInTheDocument();
    await fileThroughDialog(user, fetchMock, {
      open: 'Déclarer',
      dialog: `Déclarer la TVA — ${vatPeriodLabel(PERIOD)}`,
      submit: 'Déclarer',
      reference: 'TD-2026-118',
      refusal: MESSAGES_VAT.alreadyDeclared,
      success: MESSAGES_VAT.declared,
      accept: () => (refused = false),
      postUrl: `${BASE}/vat-returns`,
      previewUrl: `${BASE}/vat-returns/preview`,
      body: { period: PERIOD, filedOn: todayIso(), reference: 'TD-2026-118' },
    });
  });

  it('shows a 400 with the messages of its fields', async () => {
    const user = userEvent.setup();
    mockFetch(
      routes({
        [`POST ${BASE}/vat-returns`]: {
          status: 400,
          body: { message: 'Données invalides', issues: [{ path: 'filedOn', message: MESSAGES_VAT.filedOnBeforeEnd }] },
        },
      }),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Déclarer' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Déclarer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Données invalides : ${MESSAGES_VAT.filedOnBeforeEnd}`);
  });

  it('a declared period shows its filing, its version and files; reopening asks first, then posts', async () => {
    const user = userEvent.setup();
    const declared = vatReturnSummary({ period: PERIOD, version: 2, filedOn: '2026-11-14', reference: 'TD-77' });
    const fetchMock = mockFetch(
      routes({
        [`GET ${BASE}/vat-returns/preview`]: (_init, url) => ({ body: vatPreview(periodOf(url), { declared, declarable: false }) }),
        [`GET ${BASE}/vat-returns`]: { body: { items: [declared] } },
        [`POST ${BASE}/vat-returns/${declared.id}/reopen`]: { body: { ...vatPreview(PERIOD), ...declared, status: 'reopened' } },
      }),
    );
    renderPage();
    const status = await screen.findByRole('status', { name: 'Déclaration déposée' });
    expect(within(status).getByText('Déclarée le 14/11/2026 (réf. TD-77)')).toBeInTheDocument();
    expect(within(status).getByText('Rectificative n°2')).toBeInTheDocument();
    expect(within(status).getByRole('button', { name: /^PDF de la déclaration/ })).toBeInTheDocument();
    expect(within(status).getByRole('button', { name: /^XLSX de la déclaration/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Déclarer' })).toBeDisabled();

    await user.click(within(status).getByRole('button', { name: 'Rouvrir pour rectification' }));
    const confirm = await screen.findByRole('dialog', { name: `Rouvrir la déclaration de ${vatPeriodLabel(PERIOD)} ?` });
    await user.click(within(confirm).getByRole('button', { name: 'Rouvrir' }));
    expect(await screen.findByText(MESSAGES_VAT.reopened)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/vat-returns/${declared.id}/reopen`)).toHaveLength(1);
  });

  it('lists the returns on file, and downloads one as PDF', async () => {
    const user = userEvent.setup();
    const first = vatReturnSummary({ period: '2026-09', status: 'superseded' });
    const corrective = vatReturnSummary({ period: '2026-09', version: 2, due: '0.00', creditCarriedForward: '12000.00', reference: null });
    const base = mockFetch(routes({ [`GET ${BASE}/vat-returns`]: { body: { items: [corrective, first] } } }));
    const saved: string[] = [];
    const downloads: string[] = [];
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
    renderPage();
    const table = await screen.findByRole('table', { name: 'Déclarations déposées' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('septembre 2026');
    expect(rows[0]).toHaveTextContent('Rectificative n°2');
    expect(rows[0]).toHaveTextContent('Déclarée');
    expect(rows[0]).toHaveTextContent('14/10/2026');
    expect(rows[0]).toHaveTextContent('12 000 XOF');
    expect(rows[1]).toHaveTextContent('Initiale');
    expect(rows[1]).toHaveTextContent('Remplacée');
    expect(rows[1]).toHaveTextContent('TD-2026-0914');
    await user.click(within(rows[0]).getByRole('button', { name: 'PDF de la déclaration septembre 2026 (Rectificative n°2)' }));
    await waitFor(() => expect(saved).toEqual(['TVA-2026-09-v2.pdf']));
    expect(downloads).toEqual([`${BASE}/vat-returns/${corrective.id}?format=pdf`]);
  });

  it('is read-only for a collaborator: no Déclarer, no reopening, the files still there', async () => {
    const declared = vatReturnSummary({ period: PERIOD });
    mockFetch(
      routes({
        'GET /api/user': { body: { ...TEST_USER, role: 'collaborator' } },
        [`GET ${BASE}/vat-returns/preview`]: (_init, url) => ({ body: vatPreview(periodOf(url), { declared, declarable: false }) }),
        [`GET ${BASE}/vat-returns`]: { body: { items: [declared] } },
      }),
    );
    renderPage();
    const status = await screen.findByRole('status', { name: 'Déclaration déposée' });
    expect(screen.getByText(/^Consultation seule/)).toBeInTheDocument();
    expect(within(status).getByRole('button', { name: /^PDF de la déclaration/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rouvrir pour rectification' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Déclarer' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Lignes de la déclaration' })).toBeInTheDocument();
  });

  it('a quarterly company picks a year and a quarter (the previous one by default)', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`GET ${BASE}/tax-settings`]: { body: QUARTERLY } }));
    renderPage();
    const quarter = previousVatPeriod('quarterly');
    expect(await screen.findByRole('heading', { name: `Déclaration de TVA — ${vatPeriodLabel(quarter)}` })).toBeInTheDocument();
    expect(screen.getByLabelText('Année')).toHaveValue(Number(quarter.slice(0, 4)));
    expect(screen.getByLabelText('Trimestre')).toHaveValue(quarter.slice(-1));
    await user.selectOptions(screen.getByLabelText('Trimestre'), 'T1');
    const year = quarter.slice(0, 4);
    expect(await screen.findByRole('heading', { name: `Déclaration de TVA — 1er trimestre ${year}` })).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `${BASE}/vat-returns/preview`).map((c) => periodOf(c.url))).toContain(`${year}-Q1`),
    );
  });

  it('says when the preview cannot be computed (the server’s reason)', async () => {
    mockFetch(routes({ [`GET ${BASE}/vat-returns/preview`]: { status: 400, body: { message: MESSAGES_VAT.periodMonthly } } }));
    renderPage();
    expect(await screen.findByText('Impossible de calculer la déclaration de TVA')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_VAT.periodMonthly)).toBeInTheDocument();
  });
});
