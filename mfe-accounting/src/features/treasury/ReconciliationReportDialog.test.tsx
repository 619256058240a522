import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_RECONCILIATION } from '@xaalis/contracts';
import { callsTo, COMPANY_ID, mockFetch, renderWithApp } from '../../test-utils';
import { BANK_ID, BASE, reconciliationReport, treasuryAccount } from './fixtures';
import { ReconciliationReportDialog } from './ReconciliationReportDialog';

afterEach(() => jest.restoreAllMocks());

const REPORT = `${BASE}/treasury-accounts/${BANK_ID}/reconciliation`;
const TODAY = new Date().toISOString().slice(0, 10);

function renderDialog() {
  renderWithApp(<ReconciliationReportDialog open onClose={jest.fn()} companyId={COMPANY_ID} account={treasuryAccount()} />);
}

describe('ReconciliationReportDialog', () => {
  it("reads the report at today's date: both balances, the unmatched lines with their totals, the equation; it ties", async () => {
    const fetchMock = mockFetch({ [`GET ${REPORT}`]: { body: reconciliationReport() } });
    renderDialog();
    expect(await screen.findByText(MESSAGES_RECONCILIATION.ties)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', REPORT)[0].url).toBe(`${REPORT}?date=${TODAY}`);
    expect(screen.getByText('Solde du relevé : 1 300 000 XOF')).toBeInTheDocument();
    expect(screen.getByText('Solde comptable : 1 250 000 XOF')).toBeInTheDocument();
    const statement = screen.getByRole('table', { name: 'Opérations du relevé non rapprochées' });
    expect(within(statement).getByText('FRAIS TENUE DE COMPTE')).toBeInTheDocument();
    expect(within(statement).getAllByText('-25 000 XOF')).toHaveLength(2);
    const ledger = screen.getByRole('table', { name: 'Lignes du grand livre non rapprochées' });
    expect(within(ledger).getByText('Chèque 000123 non encaissé')).toBeInTheDocument();
    const equation = screen.getByRole('group', { name: 'Équation du rapprochement' });
    expect(equation).toHaveTextContent('Solde du relevé 1 300 000 XOF − non rapproché -25 000 XOF = 1 325 000 XOF');
    expect(equation).toHaveTextContent('Solde comptable 1 250 000 XOF − non rapproché -75 000 XOF = 1 325 000 XOF');
    expect(screen.queryByText(/ne tombe pas juste/)).not.toBeInTheDocument();
  });

  it('warns when it does not tie, and reads the report again for another date', async () => {
    const fetchMock = mockFetch({
      [`GET ${REPORT}`]: (_init, url) =>
        url.includes('date=2026-03-31')
          ? { body: reconciliationReport({ date: '2026-03-31', ties: false, difference: '12500.00', ledgerReconciled: '1312500.00' }) }
          : { body: reconciliationReport() },
    });
    renderDialog();
    await screen.findByText(MESSAGES_RECONCILIATION.ties);
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-03-31' } });
    expect(await screen.findByText(MESSAGES_RECONCILIATION.doesNotTie('12 500 XOF'))).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES_RECONCILIATION.ties)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', REPORT).map((c) => c.url)).toContain(`${REPORT}?date=2026-03-31`);
  });

  it("downloads the PDF and the Excel file of the date's report", async () => {
    const user = userEvent.setup();
    const base = mockFetch({ [`GET ${REPORT}`]: { body: reconciliationReport() } });
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const downloads: string[] = [];
    (globalThis as { fetch: unknown }).fetch = jest.fn(async (input: string, init?: RequestInit) => {
      if (input.includes('format=')) {
        downloads.push(input);
        return { ok: true, status: 200, blob: async () => new Blob(['%PDF']), headers: new Headers() } as unknown as Response;
      }
      return base(input, init);
    });
    renderDialog();
    await screen.findByText(MESSAGES_RECONCILIATION.ties);
    await user.click(screen.getByRole('button', { name: 'PDF' }));
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(saved).toEqual([`etat-rapprochement-521-${TODAY}.pdf`, `etat-rapprochement-521-${TODAY}.xlsx`]));
    expect(downloads).toEqual([`${REPORT}?date=${TODAY}&format=pdf`, `${REPORT}?date=${TODAY}&format=xlsx`]);
  });
});
