import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_ANNUAL } from '@xaalis/contracts';
import { todayIso } from '@xaalis/web-kit';
import { callsTo, COMPANY_ID, mockFetch, renderWithApp, TEST_USER, type FakeResponse, type FetchHandler } from '../../test-utils';
import { DSF_DESCRIPTION } from './AnnualTab';
import { sumsPaidStatement, vatPreview } from './fixtures';
import { previousVatPeriod } from './period';
import TaxReturnsPage from './TaxReturnsPage';

const BASE = `/api/companies/${COMPANY_ID}`;
const THIS_YEAR = Number(todayIso().slice(0, 4));
const LAST_YEAR = THIS_YEAR - 1;
const yearOf = (url: string) => Number(new URL(url, 'http://localhost').searchParams.get('year'));

function routes(overrides: Record<string, FakeResponse | FetchHandler> = {}): Record<string, FakeResponse | FetchHandler> {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}/tax-settings`]: { body: { ninea: null, rccm: null, regime: 'reel_normal', vatPeriodicity: 'monthly' } },
    [`GET ${BASE}/vat-returns/preview`]: { body: vatPreview(previousVatPeriod('monthly')) },
    [`GET ${BASE}/vat-returns`]: { body: { items: [] } },
    [`GET ${BASE}/annual-statements/sums-paid`]: (_init, url) => ({ body: sumsPaidStatement(yearOf(url)) }),
    ...overrides,
  };
}

async function openTab(user: ReturnType<typeof userEvent.setup>) {
  renderWithApp(<TaxReturnsPage />, { route: '/declarations' });
  await user.click(screen.getByRole('tab', { name: 'Annuel' }));
}

afterEach(() => jest.restoreAllMocks());

describe('Déclarations → Annuel', () => {
  it('shows last year’s état des sommes versées (natures, totals, threshold, charges without a third party) and the DSF card', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    await openTab(user);
    const year = screen.getByLabelText('Année');
    expect(year).toHaveValue(String(LAST_YEAR));
    expect(
      within(year)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([0, 1, 2, 3, 4].map((back) => String(THIS_YEAR - back)));

    const statement = await screen.findByRole('region', { name: 'État des sommes versées à des tiers' });
    const table = await within(statement).findByRole('table', { name: 'État des sommes versées à des tiers' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('BénéficiaireNINEAAdresseLoyersCommissions et courtagesHonoraires et autres rémunérationsTotal');
    expect(rows[1]).toHaveTextContent('SCI Les Almadies004561237Route des Almadies, Dakar3 600 000 XOF0 XOF0 XOF3 600 000 XOF');
    expect(rows[2]).toHaveTextContent('Cabinet Diop & Associés--0 XOF150 000 XOF850 000 XOF1 000 000 XOF');
    expect(rows[3]).toHaveTextContent('Total3 600 000 XOF150 000 XOF850 000 XOF4 600 000 XOF');
    expect(within(statement).getByText(/au-delà de 300 000 XOF sur l’année/)).toBeInTheDocument();
    expect(within(statement).getByText('Charges sans tiers identifié (non reprises) : 45 000 XOF')).toBeInTheDocument();
    expect(within(statement).getByRole('button', { name: `PDF de l’état des sommes versées ${LAST_YEAR}` })).toBeInTheDocument();
    expect(within(statement).getByRole('button', { name: `XLSX de l’état des sommes versées ${LAST_YEAR}` })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/annual-statements/sums-paid`).map((c) => yearOf(c.url))).toEqual([LAST_YEAR]);

    const dsf = screen.getByRole('region', { name: 'Liasse fiscale (DSF)' });
    expect(within(dsf).getByText(DSF_DESCRIPTION)).toBeInTheDocument();
    expect(within(dsf).getByRole('button', { name: 'Télécharger la liasse (PDF)' })).toBeInTheDocument();

    await user.selectOptions(year, String(THIS_YEAR - 3));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `${BASE}/annual-statements/sums-paid`).map((c) => yearOf(c.url))).toContain(THIS_YEAR - 3),
    );
  });

  it('says when no beneficiary is above the threshold, with no alert when every charge has its third party', async () => {
    const user = userEvent.setup();
    mockFetch(
      routes({
        [`GET ${BASE}/annual-statements/sums-paid`]: (_init, url) => ({
          body: sumsPaidStatement(yearOf(url), {
            beneficiaries: [],
            totals: { rents: '0.00', commissions: '0.00', fees: '0.00', total: '0.00' },
            unassigned: '0.00',
          }),
        }),
      }),
    );
    await openTab(user);
    expect(await screen.findByText(MESSAGES_ANNUAL.none)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'État des sommes versées à des tiers' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Charges sans tiers identifié/)).not.toBeInTheDocument();
  });

  it('downloads the statement and the DSF pack of the year, for a collaborator too', async () => {
    const user = userEvent.setup();
    const base = mockFetch(routes({ 'GET /api/user': { body: { ...TEST_USER, role: 'collaborator' } } }));
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
    await screen.findByRole('table', { name: 'État des sommes versées à des tiers' });
    expect(screen.queryByText(/^Consultation seule/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `XLSX de l’état des sommes versées ${LAST_YEAR}` }));
    await waitFor(() => expect(saved).toEqual([`etat-sommes-versees-${LAST_YEAR}.xlsx`]));
    await user.click(screen.getByRole('button', { name: 'Télécharger la liasse (PDF)' }));
    await waitFor(() => expect(saved).toEqual([`etat-sommes-versees-${LAST_YEAR}.xlsx`, `liasse-dsf-${LAST_YEAR}.pdf`]));
    expect(downloads).toEqual([
      `${BASE}/annual-statements/sums-paid?year=${LAST_YEAR}&format=xlsx`,
      `${BASE}/annual-statements/dsf?year=${LAST_YEAR}&format=pdf`,
    ]);
  });
});
