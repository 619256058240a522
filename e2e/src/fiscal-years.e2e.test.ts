import { MAX_ACCOUNTS_PAGE_SIZE, MESSAGES_FISCAL_YEAR, type AccountListResponse, type AccountingEntry } from '@xaalis/contracts';
import { apiGet, apiHeaders, chromiumForTests, newPage, registerWithChart } from './browser';

const browser = chromiumForTests();

// Last year (calendar fiscal year, the default): ended, so it can be closed.
const YEAR = new Date().getUTCFullYear();
const LAST = YEAR - 1;

test('fiscal-year closing: Paramètres → Exercices closes last year, the AN entry is in the journal, the year refuses new entries', async () => {
  const { context, page } = await newPage(browser());
  const base = await registerWithChart(context, 'service');
  // The whole chart in one page (the largest page of the accounts list).
  const { items: accounts } = await apiGet<AccountListResponse>(context, `${base}/accounts?pageSize=${MAX_ACCOUNTS_PAGE_SIZE}`);
  const byPrefix = (prefix: string) => {
    const found = accounts.find((a) => a.code.startsWith(prefix));
    if (!found) throw new Error(`no account ${prefix}…`);
    return found.id;
  };
  const entry = (date: string, number: string) => ({
    entry: { number, journal: 'OD', date, description: `Vente ${date}` },
    lines: [
      { accountId: byPrefix('521'), description: 'Banque', debit: '150000.00', credit: '0.00' },
      { accountId: byPrefix('70'), description: 'Vente', debit: '0.00', credit: '150000.00' },
    ],
  });

  // One validated sale last year.
  const created = await context.request.post(`${base}/accounting-entries`, {
    data: entry(`${LAST}-03-01`, 'E2E-1'),
    headers: apiHeaders(),
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as AccountingEntry;
  const validated = await context.request.patch(`/api/accounting-entries/${id}/validate`, { headers: apiHeaders() });
  expect(validated.status()).toBe(200);

  // Paramètres → Exercices: close last year, follow the job to its end.
  await page.goto('/parametres?tab=fiscal-years');
  const row = page.getByTestId(`fiscal-year-${LAST}-01-01`);
  await row.getByText(`Exercice ${LAST}`).waitFor();
  await row.getByText('Bénéfice 150 000 XOF').waitFor();
  await row.getByRole('button', { name: MESSAGES_FISCAL_YEAR.close }).click();
  const dialog = page.getByRole('dialog', { name: MESSAGES_FISCAL_YEAR.closeConfirmTitle(String(LAST)) });
  await dialog.getByRole('button', { name: MESSAGES_FISCAL_YEAR.close }).click();
  await dialog.getByText(MESSAGES_FISCAL_YEAR.closed(String(LAST)), { exact: false }).waitFor({ timeout: 20_000 });
  await dialog.getByText(`AN-${YEAR}-00001`, { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await row.getByText('Clôturé', { exact: true }).waitFor();
  await row.getByRole('button', { name: MESSAGES_FISCAL_YEAR.reopen }).waitFor();

  // The opening entry is in the journal.
  await page.goto('/ecritures');
  const table = page.getByRole('table', { name: 'Écritures comptables' });
  await table.getByText(`AN-${YEAR}-00001`, { exact: true }).waitFor();
  await table.getByText(`OD-${LAST}-00001`, { exact: true }).waitFor();

  // An entry forced into the closed year through the API: the database refuses it, in French.
  const forced = await context.request.post(`${base}/accounting-entries`, { data: entry(`${LAST}-06-01`, 'E2E-2'), headers: apiHeaders() });
  expect(forced.status()).toBe(409);
  expect(((await forced.json()) as { message: string }).message).toBe(MESSAGES_FISCAL_YEAR.closedYear(String(LAST)));
  await context.close();
});
