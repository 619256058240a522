import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerIntegrityReport } from '@xaalis/contracts';
import { callsTo, COMPANY_ID, mockFetch, renderWithApp, type FakeResponse } from '../../../test-utils';
import { IntegrityPanel } from '.';

const PATH = `/api/companies/${COMPANY_ID}/ledger-integrity`;
const button = () => screen.getByRole('button', { name: 'Vérifier l’intégrité' });

afterEach(() => jest.restoreAllMocks());

describe('IntegrityPanel', () => {
  it('checks on click, shows the progress, then the count of entries of an intact chain; a second click checks again', async () => {
    let release: (r: FakeResponse) => void = () => undefined;
    const ok: LedgerIntegrityReport = { ok: true, checked: 1234, headHash: 'ab'.repeat(32) };
    const fetch = mockFetch({ [`GET ${PATH}`]: () => new Promise<FakeResponse>((r) => (release = r)) });
    renderWithApp(<IntegrityPanel companyId={COMPANY_ID} />);
    expect(callsTo(fetch, 'GET', PATH)).toHaveLength(0);

    await userEvent.click(button());
    expect(await screen.findByRole('status')).toHaveTextContent('Vérification en cours…');
    expect(button()).toBeDisabled();
    release({ body: ok });

    // "1 234": the French thousands separator.
    expect(await screen.findByText(/^Intégrité vérifiée : 1\s234 écritures, chaîne intacte\.$/)).toBeInTheDocument();
    expect(screen.getByText(/Empreinte de la dernière écriture/)).toHaveTextContent('ab'.repeat(32));
    expect(button()).toBeEnabled();

    await userEvent.click(button());
    release({ body: { ok: true, checked: 1, headHash: 'cd'.repeat(32) } });
    expect(await screen.findByText('Intégrité vérifiée : 1 écriture, chaîne intacte.')).toBeInTheDocument();
    expect(callsTo(fetch, 'GET', PATH)).toHaveLength(2);
  });

  it('names the entry number and date where the chain breaks', async () => {
    const broken: LedgerIntegrityReport = {
      ok: false,
      checked: 11,
      headHash: null,
      firstBroken: { id: 'e1', number: 'OD-2026-00012', date: '2026-03-14', seq: 12, reason: 'content' },
    };
    mockFetch({ [`GET ${PATH}`]: { body: broken } });
    renderWithApp(<IntegrityPanel companyId={COMPANY_ID} />);
    await userEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Chaîne rompue à l’écriture OD-2026-00012 du 14/03/2026 : son contenu ne correspond plus à celui enregistré à la validation.',
    );
  });

  it('says when the check itself fails, with the server message', async () => {
    mockFetch({ [`GET ${PATH}`]: { status: 503, body: { message: 'Service comptabilité indisponible, réessayez dans un instant' } } });
    renderWithApp(<IntegrityPanel companyId={COMPANY_ID} />);
    await userEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent('Service comptabilité indisponible, réessayez dans un instant');
  });
});
