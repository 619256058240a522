import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_PAYROLL_DECLARATION, payrollPeriodLabel } from '@xaalis/contracts';
import { todayIso } from '@xaalis/web-kit';
import { callsTo, company, COMPANY_ID, mockFetch, renderWithApp, TEST_USER, type FakeResponse, type FetchHandler } from '../../test-utils';
import { annualDeclaration, declarationPage, declarationSummary, payrollJournal, salaryTaxPreview, socialPreview } from './fixtures';
import { lastYear, previousMonth } from './period';
import { PayrollDeclarationsPanel } from './PayrollDeclarationsPanel';

const BASE = `/api/companies/${COMPANY_ID}`;
const PERIOD = previousMonth();
const LABEL = payrollPeriodLabel(PERIOD);
const paramsOf = (url: string) => new URL(url, 'http://localhost').searchParams;
const periodOf = (url: string) => paramsOf(url).get('period') ?? '';

function routes(overrides: Record<string, FakeResponse | FetchHandler> = {}): Record<string, FakeResponse | FetchHandler> {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/social-declarations/preview`]: (_init, url) => ({ body: socialPreview(periodOf(url)) }),
    [`GET ${BASE}/social-declarations`]: { body: declarationPage([]) },
    [`GET ${BASE}/salary-tax-statements/preview`]: (_init, url) => ({ body: salaryTaxPreview(periodOf(url)) }),
    [`GET ${BASE}/salary-tax-statements`]: { body: declarationPage([]) },
    [`GET ${BASE}/payroll-journal`]: (_init, url) => ({ body: payrollJournal(periodOf(url)) }),
    ...overrides,
  };
}

type User = ReturnType<typeof userEvent.setup>;

/** Shows the 'Déclarations' tab of Gestion de la Paie, on its sub-tab `sub` when given. */
async function openDeclarations(user: User, sub?: string) {
  renderWithApp(<PayrollDeclarationsPanel companyId={COMPANY_ID} />, { route: '/paie' });
  if (sub) await user.click(screen.getByRole('tab', { name: sub }));
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => r.textContent);

/** Records the files downloaded (their URLs) while answering the rest from `base`. */
function recordDownloads(base: jest.Mock) {
  const downloads: string[] = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  (globalThis as { fetch: unknown }).fetch = jest.fn(async (input: string, init?: RequestInit) => {
    if (input.includes('format=')) {
      downloads.push(input);
      return { ok: true, status: 200, blob: async () => new Blob(['%PDF']), headers: new Headers() };
    }
    return base(input, init);
  });
  return downloads;
}

afterEach(() => jest.restoreAllMocks());

describe('Gestion de la Paie → Déclarations → IPRES et CSS', () => {
  it('previews the previous month: every employee, the totals row, what is paid to each fund and the checks', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    await openDeclarations(user);
    expect(screen.getByRole('tab', { name: 'IPRES et CSS' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: `Déclaration sociale IPRES et CSS — ${LABEL}` })).toBeInTheDocument();
    expect(screen.getByLabelText('Périodicité')).toHaveValue('month');
    expect(screen.getByLabelText('Mois')).toHaveValue(PERIOD);

    const table = await screen.findByRole('table', { name: 'Déclaration sociale par salarié' });
    expect(rowTexts(table)).toEqual([
      'MatriculeNomN° IPRESN° CSSJoursBrutBase IPRESIPRES salariéIPRES employeurBase CSSCSS prestations familialesCSS accidents du travail',
      'E001Moussa FallIP-1001CS-200130470 000 XOF360 000 XOF20 160 XOF31 680 XOF63 000 XOF4 410 XOF1 890 XOF',
      'E002Awa Ndiaye--30320 000 XOF320 000 XOF17 920 XOF28 160 XOF63 000 XOF4 410 XOF1 890 XOF',
      'Total (2 salariés)790 000 XOF680 000 XOF38 080 XOF59 840 XOF126 000 XOF8 820 XOF3 780 XOF',
    ]);
    // IPRES: both shares of both employees; CSS: family benefits and work accidents.
    expect(screen.getByTestId('amount-À payer à l’IPRES')).toHaveTextContent('97 920 XOF');
    expect(screen.getByTestId('amount-À payer à la CSS')).toHaveTextContent('12 600 XOF');
    expect(screen.getByText(MESSAGES_PAYROLL_DECLARATION.matchesLedger)).toBeInTheDocument();
    expect(screen.getByText('Moins de 10 salariés : la déclaration peut être trimestrielle')).toBeInTheDocument();
    expect(screen.queryByText(/en brouillon/)).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Déclarer' })).toBeEnabled();
    expect(await screen.findByText(MESSAGES_PAYROLL_DECLARATION.empty)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/social-declarations/preview`).map((c) => periodOf(c.url))).toEqual([PERIOD]);
  });

  it("'Déclarer' posts {period, filedOn, reference}, shows the server's refusal in the dialog, then the success", async () => {
    const user = userEvent.setup();
    let refused = true;
    let filed = false;
    const fetchMock = mockFetch(
      routes({
        [`GET ${BASE}/social-declarations/preview`]: (_init, url) => ({
          body: socialPreview(
            periodOf(url),
            filed ? { declared: declarationSummary({ period: PERIOD, filedOn: '2099-01-15' }), declarable: false } : {},
          ),
        }),
        [`POST ${BASE}/social-declarations`]: () => {
          if (refused) return { status: 409, body: { message: MESSAGES_PAYROLL_DECLARATION.overlap } };
          filed = true;
          return { status: 201, body: { ...declarationSummary({ period: PERIOD }), figures: socialPreview(PERIOD) } };
        },
      }),
    );
    await openDeclarations(user);
    await user.click(await screen.findByRole('button', { name: 'Déclarer' }));
    const dialog = await screen.findByRole('dialog', { name: `Déclarer — ${LABEL}` });
    const filedOn = within(dialog).getByLabelText('Date de dépôt');
    expect(filedOn).toHaveValue(todayIso());
    await user.clear(filedOn);
    await user.type(filedOn, '2099-01-15');
    await user.type(within(dialog).getByLabelText('Référence'), ' IPRES-118 ');
    await user.click(within(dialog).getByRole('button', { name: 'Déclarer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES_PAYROLL_DECLARATION.overlap);
    expect(screen.getByRole('dialog', { name: `Déclarer — ${LABEL}` })).toBeInTheDocument();

    refused = false;
    await user.click(within(dialog).getByRole('button', { name: 'Déclarer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(MESSAGES_PAYROLL_DECLARATION.declared)).toBeInTheDocument();
    const posts = callsTo(fetchMock, 'POST', `${BASE}/social-declarations`);
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toEqual({ period: PERIOD, filedOn: '2099-01-15', reference: 'IPRES-118' });
    // The preview is asked again: the period is now declared.
    const declared = await screen.findByRole('status', { name: 'Déclaration déposée' });
    expect(declared).toHaveTextContent('Déclarée le 15/01/2099 (version 1), réf. IPRES-118');
    expect(screen.getByRole('button', { name: 'Déclarer' })).toBeDisabled();
  });

  it('warns of a mismatch with the ledger (both figures of each account) and of the drafts left out; says when accounting is down', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({
        [`GET ${BASE}/social-declarations/preview`]: (_init, url) => {
          const period = periodOf(url);
          if (period.includes('Q'))
            return { body: socialPreview(period, { checks: { matchesLedger: null, ledger: null, declaration: { '4313': '97920.00' } } }) };
          return {
            body: socialPreview(period, {
              draftPayslips: 2,
              checks: {
                matchesLedger: false,
                ledger: { '4311': '8820.00', '4312': '3780.00', '4313': '90000.00' },
                declaration: { '4311': '8820.00', '4312': '3780.00', '4313': '97920.00' },
              },
            }),
          };
        },
      }),
    );
    await openDeclarations(user);
    const mismatch = (await screen.findByText(MESSAGES_PAYROLL_DECLARATION.mismatchLedger)).closest('[role="alert"]') as HTMLElement;
    expect(
      within(mismatch)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Compte 4313 : comptabilité 90 000 XOF, déclaration 97 920 XOF']);
    expect(screen.queryByText(MESSAGES_PAYROLL_DECLARATION.matchesLedger)).not.toBeInTheDocument();
    expect(screen.getByText('2 bulletins en brouillon non comptés : validez-les pour les inclure')).toBeInTheDocument();

    // A quarter: the period follows (its quarter), the hint for small employers goes.
    await user.selectOptions(screen.getByLabelText('Périodicité'), 'Trimestre');
    const quarter = `${PERIOD.slice(0, 4)}-Q${Math.ceil(Number(PERIOD.slice(5, 7)) / 3)}`;
    expect(await screen.findByText(MESSAGES_PAYROLL_DECLARATION.ledgerUnavailable)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Déclaration sociale IPRES et CSS — ${payrollPeriodLabel(quarter)}` })).toBeInTheDocument();
    expect(screen.getByLabelText('Trimestre')).toHaveValue(quarter.slice(-1));
    expect(callsTo(fetchMock, 'GET', `${BASE}/social-declarations/preview`).map((c) => periodOf(c.url))).toContain(quarter);
    expect(screen.queryByText('Moins de 10 salariés : la déclaration peut être trimestrielle')).not.toBeInTheDocument();
  });

  it("reopens the period's declaration after confirming; lists the declarations filed and downloads them", async () => {
    const user = userEvent.setup();
    let reopened = false;
    const current = declarationSummary({ id: 'decl-2', period: PERIOD, version: 2, reference: null });
    const older = declarationSummary({ id: 'decl-1', period: PERIOD, status: 'superseded', total: '90000.00' });
    const base = mockFetch(
      routes({
        [`GET ${BASE}/social-declarations/preview`]: (_init, url) => ({
          body: socialPreview(periodOf(url), {
            declared: reopened ? { ...current, status: 'reopened' } : current,
            declarable: reopened,
          }),
        }),
        [`GET ${BASE}/social-declarations`]: { body: declarationPage([current, older]) },
        [`POST ${BASE}/social-declarations/decl-2/reopen`]: () => {
          reopened = true;
          return { body: { ...current, status: 'reopened' } };
        },
      }),
    );
    const downloads = recordDownloads(base);
    await openDeclarations(user);
    const status = await screen.findByRole('status', { name: 'Déclaration déposée' });
    expect(status).toHaveTextContent('Déclarée le 10/02/2026 (version 2)');
    expect(await screen.findByRole('button', { name: 'Déclarer' })).toBeDisabled();

    await user.click(await within(status).findByRole('button', { name: 'Rouvrir' }));
    const confirm = await screen.findByRole('dialog', { name: `Rouvrir la déclaration de ${LABEL} ?` });
    await user.click(within(confirm).getByRole('button', { name: 'Rouvrir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(base, 'POST', `${BASE}/social-declarations/decl-2/reopen`)).toHaveLength(1);
    expect(await screen.findAllByText(MESSAGES_PAYROLL_DECLARATION.reopened)).not.toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Déclarer' })).toBeEnabled());
    expect(within(screen.getByRole('status', { name: 'Déclaration déposée' })).queryByRole('button', { name: 'Rouvrir' })).toBeNull();

    const table = screen.getByRole('table', { name: 'Déclarations sociales déposées' });
    expect(rowTexts(table).slice(0, 3)).toEqual([
      'PériodeVersionStatutDéposée leRéférenceTotal IPRES et CSSActions',
      `${LABEL}2Déposée10/02/2026-92 820 XOFPDFXLSX`,
      `${LABEL}1Remplacée10/02/2026IPRES-11890 000 XOFPDFXLSX`,
    ]);
    await user.click(within(table).getByRole('button', { name: `PDF de la déclaration ${LABEL}` }));
    await user.click(screen.getByRole('button', { name: `XLSX de l’aperçu ${LABEL}` }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads).toEqual([
      `${BASE}/social-declarations/decl-1?format=pdf`,
      `${BASE}/social-declarations/preview?period=${PERIOD}&format=xlsx`,
    ]);
  });

  it("says when no slip is validated over the period, and shows the server's message when the preview fails", async () => {
    const user = userEvent.setup();
    let failing = false;
    mockFetch(
      routes({
        [`GET ${BASE}/social-declarations/preview`]: (_init, url) =>
          failing
            ? { status: 503, body: { message: 'Service de paie indisponible' } }
            : { body: socialPreview(periodOf(url), { declarable: false }, []) },
      }),
    );
    await openDeclarations(user);
    expect(await screen.findByText('Aucun bulletin validé sur cette période')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Déclaration sociale par salarié' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Déclarer' })).toBeDisabled();

    failing = true;
    await user.selectOptions(screen.getByLabelText('Périodicité'), 'Trimestre');
    expect(await screen.findByText('Impossible de calculer la déclaration sociale')).toBeInTheDocument();
    expect(screen.getByText('Service de paie indisponible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});

describe('Gestion de la Paie → Déclarations → other tabs', () => {
  it("'Retenues sur salaires': the month's IR, TRIMF and CFCE by employee, and 'Déclarer' posts to the salary-tax statements", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({ [`POST ${BASE}/salary-tax-statements`]: { status: 201, body: declarationSummary({ kind: 'salary-tax', period: PERIOD }) } }),
    );
    await openDeclarations(user, 'Retenues sur salaires');
    expect(await screen.findByRole('heading', { name: `État des retenues sur salaires (IR, TRIMF, CFCE) — ${LABEL}` })).toBeInTheDocument();
    // A month only: no periodicity.
    expect(screen.queryByLabelText('Périodicité')).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Retenues sur salaires par salarié' });
    expect(rowTexts(table)).toEqual([
      'MatriculeNomBrutImposableIRTRIMFCFCETotal',
      'E001Moussa Fall470 000 XOF448 265 XOF81 030 XOF3 000 XOF14 100 XOF98 130 XOF',
      'Total (1 salarié)470 000 XOF448 265 XOF81 030 XOF3 000 XOF14 100 XOF98 130 XOF',
    ]);
    expect(screen.getByTestId('amount-À reverser (IR, TRIMF et CFCE)')).toHaveTextContent('98 130 XOF');
    expect(screen.queryByText('Moins de 10 salariés : la déclaration peut être trimestrielle')).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Déclarer' }));
    const dialog = await screen.findByRole('dialog', { name: `Déclarer — ${LABEL}` });
    await user.click(within(dialog).getByRole('button', { name: 'Déclarer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', `${BASE}/salary-tax-statements`)[0].body).toEqual({
      period: PERIOD,
      filedOn: todayIso(),
      reference: null,
    });
    expect(callsTo(fetchMock, 'POST', `${BASE}/social-declarations`)).toHaveLength(0);
  });

  it("'Livre de paie': a month or a year by employee with its totals, and its files", async () => {
    const user = userEvent.setup();
    const base = mockFetch(routes());
    const downloads = recordDownloads(base);
    await openDeclarations(user, 'Livre de paie');
    const table = await screen.findByRole('table', { name: 'Livre de paie' });
    expect(rowTexts(table)).toEqual([
      'MatriculeNomPosteMoisSalaire de baseIndemnitésHeures supplémentairesBrutCotisations salarialesIRTRIMFNetCotisations patronalesCoût employeur',
      'E001Moussa FallComptable1450 000 XOF20 000 XOF0 XOF470 000 XOF21 735 XOF81 030 XOF3 000 XOF364 235 XOF51 885 XOF521 885 XOF',
      'Total (1 salarié)450 000 XOF20 000 XOF0 XOF470 000 XOF21 735 XOF81 030 XOF3 000 XOF364 235 XOF51 885 XOF521 885 XOF',
    ]);
    await user.selectOptions(screen.getByLabelText('Périodicité'), 'Année');
    const year = PERIOD.slice(0, 4);
    expect(await screen.findByRole('heading', { name: `Livre de paie — année ${year}` })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(base, 'GET', `${BASE}/payroll-journal`).map((c) => periodOf(c.url))).toEqual([PERIOD, year]));
    await user.click(screen.getByRole('button', { name: `XLSX du livre de paie année ${year}` }));
    await waitFor(() => expect(downloads).toEqual([`${BASE}/payroll-journal?period=${year}&format=xlsx`]));
  });

  it("'Déclaration annuelle': last year by default, every employee with the totals and the due date", async () => {
    const user = userEvent.setup();
    const year = lastYear();
    const base = mockFetch(
      routes({
        [`GET ${BASE}/annual-salary-declarations/${year}`]: { body: annualDeclaration(year) },
        [`GET ${BASE}/annual-salary-declarations/${year - 1}`]: { body: { ...annualDeclaration(year - 1), lines: [] } },
      }),
    );
    const downloads = recordDownloads(base);
    await openDeclarations(user, 'Déclaration annuelle');
    expect(screen.getByLabelText('Année')).toHaveValue(String(year));
    const table = await screen.findByRole('table', { name: 'Déclaration annuelle des salaires' });
    expect(rowTexts(table)).toEqual([
      'MatriculeNomPosteSituation familialeEnfantsPartsMoisBrutAvantages en natureIndemnitésImposableIRTRIMFCotisations salarialesNet',
      'E001Moussa FallComptableMarié(e)22,5125 640 000 XOF0 XOF240 000 XOF5 379 180 XOF720 000 XOF36 000 XOF260 820 XOF4 623 180 XOF',
      'Total (1 salarié)5 640 000 XOF0 XOF240 000 XOF5 379 180 XOF720 000 XOF36 000 XOF260 820 XOF4 623 180 XOF',
    ]);
    expect(screen.getByText(`À déposer au plus tard le 31/01/${year + 1}.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `PDF de la déclaration annuelle ${year}` }));
    await waitFor(() => expect(downloads).toEqual([`${BASE}/annual-salary-declarations/${year}?format=pdf`]));

    await user.selectOptions(screen.getByLabelText('Année'), String(year - 1));
    expect(await screen.findByText('Aucun bulletin validé sur cette période')).toBeInTheDocument();
  });
});
