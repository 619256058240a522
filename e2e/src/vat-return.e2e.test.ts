import type { Invoice, VatReturnPreview } from '@xaalis/contracts';
import type { Locator } from 'playwright-core';
import { apiGet, apiHeaders, apiPost, chooseOption, chromiumForTests, newPage, registerWithChart } from './browser';

const browser = chromiumForTests();

/** Chooses the option of a native select whose text matches `text` (rates print with a no-break space). */
async function selectByText(select: Locator, text: RegExp): Promise<void> {
  const options = await select
    .locator('option')
    .evaluateAll((els) => els.map((e) => ({ value: (e as HTMLOptionElement).value, text: e.textContent ?? '' })));
  const found = options.find((o) => text.test(o.text.replace(/\u202f|\u00a0/g, ' ')));
  if (!found) throw new Error(`no option ${String(text)} in ${JSON.stringify(options)}`);
  await select.selectOption(found.value);
}

test('invoices at 10 % and 18 % → the VAT return → Déclarer → the period is locked', async () => {
  const { context, page } = await newPage(browser());
  const base = await registerWithChart(context, 'restauration');
  const client = await apiPost<{ id: string }>(context, `${base}/third-parties`, { type: 'client', name: 'Hôtel Lamantin' });
  // Last month: the page proposes it, and it is over.
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString().slice(0, 10);
  const period = month.slice(0, 7);

  // A sale of meals (10 %) and drinks (18 %), entered and validated in the invoice dialog.
  await page.goto('/factures');
  await page.getByRole('button', { name: 'Nouvelle Facture' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle Facture' });
  await chooseOption(dialog, 'Client', 'Hôtel Lamantin');
  await dialog.getByLabel('Date', { exact: true }).fill(month);
  await dialog.getByLabel('Description ligne 1', { exact: true }).fill('Thiéboudienne (plat)');
  await dialog.getByLabel('Quantité ligne 1', { exact: true }).fill('10');
  await dialog.getByLabel('Prix unitaire ligne 1', { exact: true }).fill('3500');
  await selectByText(dialog.getByLabel('TVA ligne 1', { exact: true }), /^10 %$/);
  await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await dialog.getByLabel('Description ligne 2', { exact: true }).fill('Bissap');
  await dialog.getByLabel('Quantité ligne 2', { exact: true }).fill('10');
  await dialog.getByLabel('Prix unitaire ligne 2', { exact: true }).fill('1000');
  // 35 000 at 10 % (3 500) + 10 000 at 18 % (1 800): TTC 50 300.
  await dialog
    .getByTestId('invoice-total')
    .getByText(/50\s?300/)
    .waitFor();
  await dialog.getByRole('button', { name: 'Créer la facture' }).click();
  await page.getByText('Facture créée avec succès').waitFor();
  const view = page
    .getByRole('table', { name: 'Factures' })
    .getByRole('button', { name: /^Voir la facture / })
    .first();
  const number = ((await view.getAttribute('aria-label')) ?? '').replace('Voir la facture ', '');
  await view.click();
  const detail = page.getByRole('dialog', { name: `Facture ${number}` });
  await detail.getByRole('button', { name: 'Valider' }).click();
  await page.getByText('Facture validée avec succès').waitFor();

  // The return of last month: the two rates, the VAT due, in line with the ledger.
  await page.goto('/declarations');
  const lines = page.getByRole('table', { name: 'Lignes de la déclaration' });
  await lines.getByRole('row', { name: /taux réduit \(10 %\).*35\s000.*3\s500/ }).waitFor();
  await lines.getByRole('row', { name: /taux normal \(18 %\).*10\s000.*1\s800/ }).waitFor();
  await page
    .getByTestId('vat-balance')
    .getByText(/5\s300/)
    .waitFor();
  await page.getByText(/Concordance avec la comptabilité/).waitFor();

  // Déclarer: filed today, with its reference.
  await page.getByRole('button', { name: 'Déclarer', exact: true }).click();
  const declare = page.getByRole('dialog', { name: /^Déclarer la TVA/ });
  await declare.getByLabel('Référence de dépôt').fill('DGID-E2E-1');
  await declare.getByRole('button', { name: 'Déclarer', exact: true }).click();
  await page.getByText('Déclaration de TVA enregistrée et écriture de liquidation passée').first().waitFor();
  await page.getByRole('table', { name: 'Déclarations déposées' }).getByText('DGID-E2E-1').waitFor();
  const preview = await apiGet<VatReturnPreview>(context, `${base}/vat-returns/preview?period=${period}`);
  expect(preview.declared).toMatchObject({ status: 'declared', due: '5300.00', reference: 'DGID-E2E-1' });

  // The period is locked: another invoice of last month cannot be validated (the database refuses it).
  const draft = await apiPost<Invoice>(context, `${base}/invoices`, {
    invoice: { type: 'sale', number: 'FV-LATE-1', thirdPartyId: client.id, date: month, paymentMethod: 'cash', vatRate: '18' },
    lines: [{ description: 'Oubli', quantity: '1', unitPrice: '1000' }],
  });
  const validated = await context.request.patch(`/api/invoices/${draft.id}/validate`, { headers: apiHeaders() });
  expect(validated.status()).toBe(409);
  expect(((await validated.json()) as { message: string }).message).toMatch(/^La période de TVA \d{4}-\d{2} est déclarée/);
  await context.close();
});
