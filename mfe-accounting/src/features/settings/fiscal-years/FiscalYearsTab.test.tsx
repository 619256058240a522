import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_FISCAL_YEAR as M, type FiscalYearJobStatus } from '@xaalis/contracts';
import { callsTo, company, COMPANY_ID, mockFetch, renderWithApp, TEST_USER } from '../../../test-utils';
import { fiscalYear as year } from './fixtures';
import SettingsPage from '../FiscalYearsSettings'; // the tab as the shell loads it (Paramètres is the shell's)

const BASE = `/api/companies/${COMPANY_ID}`;
const YEARS = `${BASE}/fiscal-years`;
const JOB_ID = `fiscal-year-${COMPANY_ID}-2025-01-01-1`;

const years = () => ({
  items: [
    year('2026-01-01', { entryCount: 2 }),
    year('2025-01-01', { result: '300000.00', entryCount: 12, draftCount: 1, canClose: true }),
    year('2024-01-01', { status: 'closed', result: '-100000.00', closedAt: '2025-02-01T10:00:00.000Z', canReopen: true }),
  ],
});

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${YEARS}`]: { body: years() },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

const row = (start: string) => screen.getByTestId(`fiscal-year-${start}`);

afterEach(() => jest.restoreAllMocks());

describe("Paramètres: tab 'Exercices'", () => {
  it('lists the years with status, period and result, the actions each allows, and the integrity check below', async () => {
    mockFetch(routes());
    renderWithApp(<SettingsPage />, { route: '/parametres?tab=fiscal-years' });
    await screen.findByTestId('fiscal-year-2025-01-01');
    expect(within(row('2025-01-01')).getByText('Exercice 2025')).toBeInTheDocument();
    expect(within(row('2025-01-01')).getByText('du 01/01/2025 au 31/12/2025')).toBeInTheDocument();
    expect(within(row('2025-01-01')).getByText('Ouvert')).toBeInTheDocument();
    expect(within(row('2025-01-01')).getByText(/^Bénéfice 300\s000 XOF$/)).toBeInTheDocument();
    expect(within(row('2025-01-01')).getByRole('button', { name: M.close })).toBeInTheDocument();
    expect(within(row('2024-01-01')).getByText('Clôturé')).toBeInTheDocument();
    expect(within(row('2024-01-01')).getByText(/^Perte 100\s000 XOF$/)).toBeInTheDocument();
    expect(within(row('2024-01-01')).getByRole('button', { name: M.reopen })).toBeInTheDocument();
    expect(within(row('2026-01-01')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Vérifier l.intégrité$/ })).toBeInTheDocument();
  });

  it('closes a year: confirmation, progress of the job, then the entries it wrote; the list is read again', async () => {
    const user = userEvent.setup();
    const reads: FiscalYearJobStatus[] = [
      { state: 'running', done: 50, total: 100 },
      {
        state: 'completed',
        done: 100,
        total: 100,
        result: {
          start: '2025-01-01',
          applied: true,
          closingEntryNumber: 'OD-2025-00042',
          openingEntryNumber: 'AN-2026-00001',
          result: '300000.00',
        },
      },
    ];
    const fetchMock = mockFetch(
      routes({
        [`POST ${YEARS}/2025-01-01/close`]: { status: 202, body: { jobId: JOB_ID } },
        [`GET ${YEARS}/jobs/${JOB_ID}`]: () => ({ body: reads.length > 1 ? reads.shift() : reads[0] }),
      }),
    );
    renderWithApp(<SettingsPage />, { route: '/parametres?tab=fiscal-years' });
    await user.click(await within(await screen.findByTestId('fiscal-year-2025-01-01')).findByRole('button', { name: M.close }));
    const dialog = screen.getByRole('dialog', { name: M.closeConfirmTitle('2025') });
    expect(within(dialog).getByText(M.closeConfirmText)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: M.close }));
    expect(
      await within(dialog).findByText(/Écriture de clôture : OD-2025-00042\. À-nouveaux : AN-2026-00001\./, undefined, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${YEARS}/2025-01-01/close`)).toHaveLength(1);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', YEARS).length).toBeGreaterThan(1));
  });

  it('a refused closing shows the reason and the drafts dated in the year', async () => {
    const user = userEvent.setup();
    mockFetch(
      routes({
        [`POST ${YEARS}/2025-01-01/close`]: {
          status: 409,
          body: {
            message: M.drafts('2025', 1),
            drafts: [{ id: 'd1', number: 'OD-BROUILLON-1', date: '2025-08-01', description: 'Loyer août' }],
          },
        },
      }),
    );
    renderWithApp(<SettingsPage />, { route: '/parametres?tab=fiscal-years' });
    await user.click(await within(await screen.findByTestId('fiscal-year-2025-01-01')).findByRole('button', { name: M.close }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: M.close }));
    expect(await within(dialog).findByText(M.drafts('2025', 1))).toBeInTheDocument();
    const drafts = within(dialog).getByRole('table', { name: M.draftsTitle });
    expect(within(drafts).getByText('OD-BROUILLON-1')).toBeInTheDocument();
    expect(within(drafts).getByText('01/08/2025')).toBeInTheDocument();
    expect(within(drafts).getByText('Loyer août')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: M.close })).not.toBeInTheDocument();
  });

  it('reopens the last closed year, and shows the French refusal when the server refuses', async () => {
    const user = userEvent.setup();
    let answer = { status: 409, body: { message: M.laterEntries('2024') } } as { status: number; body: unknown };
    const fetchMock = mockFetch(routes({ [`POST ${YEARS}/2024-01-01/reopen`]: () => answer }));
    renderWithApp(<SettingsPage />, { route: '/parametres?tab=fiscal-years' });
    await user.click(await within(await screen.findByTestId('fiscal-year-2024-01-01')).findByRole('button', { name: M.reopen }));
    const dialog = screen.getByRole('dialog', { name: M.reopenConfirmTitle('2024') });
    await user.click(within(dialog).getByRole('button', { name: M.reopen }));
    expect(await within(dialog).findByText(M.laterEntries('2024'))).toBeInTheDocument();
    answer = { status: 200, body: year('2024-01-01', { canClose: true }) };
    await user.click(within(dialog).getByRole('button', { name: M.reopen }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', `${YEARS}/2024-01-01/reopen`)).toHaveLength(2);
  });
});
