import type { BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl, chromiumForTests, newPage, registerViaApi } from './browser';

const browser = chromiumForTests();

/** Digits of an amount ("1 180 000 XOF" → 1180000, "-25 000 XOF" → -25000). */
function amountOf(text: string): number {
  const m = /(-?\d+)XOF/.exec(text.replace(/\s|\u202f|\u00a0/g, ''));
  if (!m) throw new Error(`no amount in ${text}`);
  return Number(m[1]);
}

/** The amount in the `index`-th cell of a table row. */
async function cellAmount(row: Locator, index: number): Promise<number> {
  return amountOf(await row.getByRole('cell').nth(index).innerText());
}

async function api(context: BrowserContext, method: 'GET' | 'POST' | 'PATCH', url: string, data?: unknown): Promise<unknown> {
  const res = await context.request.fetch(url, { method, data, headers: { Origin: baseUrl(), 'X-Requested-With': 'XMLHttpRequest' } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** A validated service invoice of 1 000 000 XOF HT (TVA 18 %): D 4111 1 180 000 / C 706 1 000 000 / C 4431 180 000. */
async function postServiceInvoice(context: BrowserContext): Promise<string> {
  const { companyId } = (await api(context, 'GET', '/api/user')) as { companyId: string };
  const client = (await api(context, 'POST', `/api/companies/${companyId}/third-parties`, { type: 'client', name: 'Hôtel Téranga' })) as {
    id: string;
  };
  const today = new Date().toISOString().slice(0, 10);
  const { number } = (await api(context, 'GET', `/api/companies/${companyId}/invoices/next-number?type=service&date=${today}`)) as {
    number: string;
  };
  const invoice = (await api(context, 'POST', `/api/companies/${companyId}/invoices`, {
    invoice: { type: 'service', number, thirdPartyId: client.id, date: today, paymentMethod: 'bank', vatRate: '18' },
    lines: [{ description: 'Audit comptable', quantity: '1', unitPrice: '1000000' }],
  })) as { id: string };
  await api(context, 'PATCH', `/api/invoices/${invoice.id}/validate`);
  return number;
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

test('rapports: Bilan balanced, revenue in the Compte de résultat, Balance, Grand livre of 411 down to the entry, PDF export', async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'service');
  await postServiceInvoice(context);

  await page.goto('/rapports');
  await page.getByRole('heading', { level: 1, name: 'Rapports Financiers' }).waitFor();
  const year = String(new Date().getUTCFullYear());
  expect(await page.getByLabel('Exercice', { exact: true }).inputValue()).toBe(year);

  // Bilan: TOTAL GÉNÉRAL actif (net) = passif (N) = the receivable of 1 180 000.
  const actif = page.getByRole('table', { name: 'Bilan — ACTIF' });
  const passif = page.getByRole('table', { name: 'Bilan — PASSIF' });
  const totalActif = actif.getByRole('row').filter({ hasText: 'TOTAL GÉNÉRAL' });
  const totalPassif = passif.getByRole('row').filter({ hasText: 'TOTAL GÉNÉRAL' });
  await totalActif.waitFor();
  const netActif = await cellAmount(totalActif, 4);
  expect(netActif).toBe(1180000);
  expect(await cellAmount(totalPassif, 2)).toBe(netActif);
  expect(await page.getByText('Contrôle de cohérence non vérifié').count()).toBe(0);

  // Drill-down: the Clients line shows account 4111.
  await actif.getByRole('button', { name: 'Comptes du poste BI' }).click();
  await actif.getByRole('button', { name: 'Grand livre du compte 4111' }).waitFor();

  // 'Exporter PDF' answers a PDF.
  const [pdf] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/reports/balance-sheet?') && r.url().includes('format=pdf')),
    page.getByRole('button', { name: 'Exporter PDF' }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  // The same address fetched again with the session: a real PDF document.
  const file = await context.request.get(pdf.url());
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="balance-sheet-\d{4}(-\d{4})?\.pdf"$/);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Compte de résultat: the revenue (services sold, chiffre d'affaires) and the net result.
  await openTab(page, 'Compte de Résultat');
  const income = page.getByRole('table', { name: 'Compte de Résultat' });
  const services = income.getByRole('row').filter({ has: page.getByRole('button', { name: 'Comptes du poste TC' }) });
  await services.waitFor();
  expect(await cellAmount(services, 2)).toBe(1000000);
  expect(await cellAmount(income.getByRole('row').filter({ has: page.getByRole('cell', { name: 'XB', exact: true }) }), 2)).toBe(1000000);
  expect(await cellAmount(income.getByRole('row').filter({ has: page.getByRole('cell', { name: 'XI', exact: true }) }), 2)).toBe(1000000);

  // Balance: the three accounts the invoice moved, balanced totals.
  await openTab(page, 'Balance');
  const balance = page.getByRole('table', { name: 'Balance' });
  await balance.waitFor();
  const codes = await balance.getByRole('button', { name: /^Grand livre du compte/ }).allInnerTexts();
  expect(codes).toEqual(expect.arrayContaining(['4111', '706', '4431']));
  const totals = balance.getByRole('row').filter({ hasText: 'Totaux' });
  expect(await cellAmount(totals, 3)).toBe(1180000);
  expect(await cellAmount(totals, 4)).toBe(1180000);

  // Grand livre of 411 (and its sub-accounts): the invoice's line, then its entry.
  await openTab(page, 'Grand Livre');
  const ledger = page.getByRole('table', { name: 'Grand Livre' });
  await ledger.waitFor();
  const filtered = page.waitForResponse(
    (r) => r.url().includes('/reports/general-ledger?') && r.url().includes('accountFrom=411&accountTo=411'),
  );
  await page.getByLabel('Du compte', { exact: true }).fill('411');
  await page.getByLabel('Au compte', { exact: true }).fill('411');
  expect((await filtered).status()).toBe(200);
  await ledger.getByRole('rowheader', { name: /^706 — / }).waitFor({ state: 'detached' });
  expect(await ledger.getByRole('rowheader').allInnerTexts()).toEqual([expect.stringMatching(/^4111 — /)]);
  const line = ledger.getByRole('row').filter({ hasText: 'Hôtel Téranga' });
  await line.waitFor();
  expect(await ledger.getByRole('row').filter({ hasText: 'Hôtel Téranga' }).count()).toBe(1);
  expect(await cellAmount(line, 4)).toBe(1180000);
  expect(await cellAmount(line, 6)).toBe(1180000);
  const entryButton = line.getByRole('button', { name: /^Voir l'écriture / });
  const entryNumber = await entryButton.innerText();
  expect(entryNumber).toMatch(/^VT-\d{4}-\d+$/);
  await entryButton.click();
  await page.getByRole('dialog', { name: `Écriture ${entryNumber}` }).waitFor();
  await context.close();
});
