import type { AgedBalance, Invoice } from '@xaalis/contracts';
import { apiGet, apiPost, chromiumForTests, newPage, registerWithChart } from './browser';

const browser = chromiumForTests();

test('quote → invoice → partial credit note → payment of the rest → lettered → nothing in the aged balance', async () => {
  const { context, page } = await newPage(browser());
  const base = await registerWithChart(context, 'service');
  const id = base.split('/').pop() ?? '';
  const client = await apiPost<{ id: string }>(context, `/api/companies/${id}/third-parties`, {
    type: 'client',
    name: 'Keur Massar Services',
  });
  expect(client.id).toBeTruthy();

  // Devis: a new quote, sent, accepted, converted into an invoice.
  await page.goto('/factures?onglet=devis');
  await page.getByRole('button', { name: 'Nouveau devis' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau devis' });
  await dialog.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: 'Keur Massar Services' }).click();
  await dialog.getByLabel('Description 1').fill('Maintenance annuelle');
  await dialog.getByLabel('Prix unitaire').fill('200000');
  await dialog.getByText('TTC 236 000').waitFor();
  await dialog.getByRole('button', { name: 'Créer le devis' }).click();
  await page
    .getByText(/Devis créé/)
    .first()
    .waitFor();
  const quotes = page.getByRole('table', { name: 'Devis' });
  const number =
    (await quotes
      .getByText(/^DV-\d{4}-\d{4}$/)
      .first()
      .textContent()) ?? '';
  await quotes.getByRole('button', { name: `Envoyer le devis ${number}` }).click();
  await quotes.getByRole('button', { name: `Accepter le devis ${number}` }).click();
  await quotes.getByRole('button', { name: `Convertir en facture le devis ${number}` }).click();
  await page.getByText('Facture créée à partir du devis').first().waitFor();

  // Factures: the draft invoice, validated, then a partial credit note of 36 000.
  await page.getByRole('tab', { name: 'Factures' }).click();
  const invoices = page.getByRole('table', { name: 'Factures' });
  const view = invoices.getByRole('button', { name: /^Voir la facture FV-/ }).first();
  const invoiceNumber = ((await view.getAttribute('aria-label')) ?? '').replace('Voir la facture ', '');
  await view.click();
  const detail = page.getByRole('dialog', { name: `Facture ${invoiceNumber}` });
  await detail.getByRole('button', { name: 'Valider' }).click();
  await page.getByText('Facture validée avec succès').first().waitFor();
  await detail.getByRole('button', { name: 'Créer un avoir' }).click();
  const credit = page.getByRole('dialog', { name: `Créer un avoir — facture ${invoiceNumber}` });
  await credit.getByLabel("Motif de l'avoir").fill('Remise commerciale');
  await credit.getByRole('radio', { name: 'Un montant TTC' }).check();
  await credit.getByLabel('Montant TTC', { exact: true }).fill('36000');
  await credit.getByRole('button', { name: "Créer l'avoir" }).click();
  await page
    .getByText(/^Avoir AV-\d{4}-\d{4} créé$/)
    .first()
    .waitFor();
  await detail.getByText('Avoir partiel').waitFor();
  await detail
    .getByTestId('invoice-balance-due')
    .getByText(/200\s000/)
    .waitFor();

  // The rest paid: the invoice is paid, its client lines lettered in full.
  await detail.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const pay = page.getByRole('dialog', { name: 'Nouveau Paiement' });
  await pay.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await page.getByText('Paiement enregistré avec succès').first().waitFor();

  const { items } = await apiGet<{ items: Invoice[] }>(context, `/api/companies/${id}/invoices?search=${invoiceNumber}`);
  expect(items[0]).toMatchObject({ status: 'paid', balanceDue: '0.00', creditStatus: 'partial' });
  const entry = await apiGet<{ lines: { account: { code: string }; letteringCode: string | null }[] }>(
    context,
    `/api/accounting-entries/${items[0].entryId}`,
  );
  expect(entry.lines.find((l) => l.account.code === '4111')?.letteringCode).toMatch(/^[A-Z]{2,}$/);
  const aged = await apiGet<AgedBalance>(context, `/api/companies/${id}/reports/aged-balance?type=receivable`);
  expect(aged.rows.filter((r) => r.thirdPartyId === client.id)).toEqual([]);

  // Relevé et lettrage: the client's statement shows the code on its three lines; délettré, then lettered again by hand.
  const code = entry.lines.find((l) => l.account.code === '4111')?.letteringCode ?? '';
  await page.goto(`/factures?onglet=lettrage&tiers=${client.id}`);
  const statement = page.getByRole('table', { name: 'Relevé de compte' });
  const coded = statement.getByRole('cell', { name: code, exact: true });
  await coded.nth(2).waitFor();
  expect(await coded.count()).toBe(3);
  await statement
    .getByRole('button', { name: `Délettrer ${code}` })
    .first()
    .click();
  await page.getByText('Lettrage supprimé').first().waitFor();
  const boxes = statement.getByRole('checkbox');
  await boxes.nth(2).waitFor();
  expect(await boxes.count()).toBe(3);
  for (const box of await boxes.all()) await box.check();
  await page
    .getByRole('group', { name: 'Lignes choisies' })
    .getByText(/écart 0 XOF/)
    .waitFor();
  await page.getByRole('button', { name: 'Lettrer', exact: true }).click();
  await page
    .getByText(/^Lignes lettrées \([A-Z]{2,}\)$/)
    .first()
    .waitFor();
  await boxes.first().waitFor({ state: 'detached' });
  await context.close();
});
