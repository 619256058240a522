import { MAX_ACCOUNTS_PAGE_SIZE, type AccountListResponse, type AccountingEntry } from '@xaalis/contracts';
import { apiGet, apiHeaders, chromiumForTests, newPage, registerViaApi, registerWithChart } from './browser';

const browser = chromiumForTests();

test("audit trail: the entry's detail panel shows who created, edited and validated it (through the gateway)", async () => {
  const { context, page } = await newPage(browser());
  const base = await registerWithChart(context, 'service');
  // The whole chart in one page (the largest page of the accounts list).
  const { items: accounts } = await apiGet<AccountListResponse>(context, `${base}/accounts?pageSize=${MAX_ACCOUNTS_PAGE_SIZE}`);
  const id = (code: string) => accounts.find((a) => a.code === code)?.id;
  const today = new Date().toISOString().slice(0, 10);
  const body = (description: string) => ({
    entry: { number: 'E2E-AUDIT-1', journal: 'OD', date: today, description },
    lines: [
      { accountId: id('6222'), description: 'Loyer', debit: '90000.00', credit: '0.00' },
      { accountId: id('521'), description: 'Banque', debit: '0.00', credit: '90000.00' },
    ],
  });
  const created = await context.request.post(`${base}/accounting-entries`, { data: body('Loyer'), headers: apiHeaders() });
  expect(created.status()).toBe(201);
  const entry = (await created.json()) as AccountingEntry;
  expect(
    (await context.request.put(`/api/accounting-entries/${entry.id}`, { data: body('Loyer du bureau'), headers: apiHeaders() })).status(),
  ).toBe(200);
  expect((await context.request.patch(`/api/accounting-entries/${entry.id}/validate`, { headers: apiHeaders() })).status()).toBe(200);
  const { number } = await apiGet<AccountingEntry>(context, `/api/accounting-entries/${entry.id}`);

  await page.goto('/ecritures');
  await page
    .getByRole('table', { name: 'Écritures comptables' })
    .getByRole('button', { name: `Voir l'écriture ${number}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Écriture ${number}` });
  const history = dialog.getByRole('list', { name: 'Historique des actions' });
  await history.getByText('Validée', { exact: true }).waitFor();
  const items = await history.getByRole('listitem').allTextContents();
  expect(items.map((t) => t.split(/Awa Diop/)[0])).toEqual(['Créée', 'Modifiée', 'Validée']);
  // Who, with their role in the company, and when.
  expect(items.every((t) => /Awa Diop \(Propriétaire\) · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/.test(t))).toBe(true);

  // Another company's user cannot read it (the route is company-scoped).
  const { context: other } = await newPage(browser());
  await registerViaApi(other, 'service');
  const foreign = await other.request.get(`${base}/audit-events?objectType=entry&objectId=${entry.id}`, { headers: apiHeaders() });
  expect(foreign.status()).toBe(404);
  await other.close();
  await context.close();
});
