import type { Page } from 'playwright-core';
import { cardAmount, chooseOption, chromiumForTests, newPage, registerViaApi } from './browser';

const browser = chromiumForTests();

async function dashboardFigures(page: Page) {
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Tableau de Bord' }).waitFor();
  await page.getByRole('group', { name: "Chiffre d'Affaires", exact: true }).getByText(/XOF/).waitFor();
  return {
    revenue: await cardAmount(page, "Chiffre d'Affaires"),
    treasury: await cardAmount(page, 'Trésorerie'),
    receivables: await cardAmount(page, 'Créances Clients'),
  };
}

test('sale invoice with a product line and a free line, validated, PDF, Orange Money payment, dashboard follows', async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'service');

  // A client, through Paramètres > Tiers.
  await page.goto('/parametres?tab=third-parties');
  await page.getByRole('button', { name: 'Nouveau Tiers' }).first().click();
  const tp = page.getByRole('dialog', { name: 'Nouveau Tiers' });
  await tp.getByLabel('Type').selectOption({ label: 'Client' });
  await tp.getByLabel('Nom', { exact: true }).fill('Hôtel Téranga');
  await tp.getByRole('button', { name: 'Créer le tiers' }).click();
  await page.getByText('Tiers créé avec succès').waitFor();

  // A product, through Gestion des Stocks.
  await page.goto('/inventaire');
  await page.getByRole('button', { name: 'Nouvel Article' }).first().click();
  const item = page.getByRole('dialog', { name: 'Nouvel Article' });
  await item.getByLabel('Nom', { exact: true }).fill('Bissap 1 L');
  await item.getByLabel('Catégorie').selectOption({ label: 'Boisson' });
  await item.getByLabel('Unité').selectOption({ value: 'pcs' });
  await item.getByLabel('Stock actuel').fill('50');
  await item.getByLabel('Stock minimum').fill('5');
  await item.getByLabel('Coût unitaire').fill('1500');
  await item.getByRole('button', { name: "Créer l'article" }).click();
  await page.getByText('Article créé avec succès').waitFor();

  const before = await dashboardFigures(page);

  // The invoice: line 1 an existing product (price read-only), line 2 free entry.
  await page.goto('/factures');
  await page.getByText('Aucune facture créée').waitFor();
  await page.getByRole('button', { name: 'Nouvelle Facture' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle Facture' });
  await chooseOption(dialog, 'Client', 'Hôtel Téranga');
  await dialog.getByLabel('Produit existant ligne 1', { exact: true }).check();
  await chooseOption(dialog, 'Produit ligne 1', 'Bissap 1 L');
  const price1 = dialog.getByLabel('Prix unitaire ligne 1', { exact: true });
  expect(await price1.inputValue()).toMatch(/^1500(\.00)?$/);
  expect(await price1.getAttribute('readonly')).not.toBeNull();
  expect(await dialog.getByLabel('Description ligne 1', { exact: true }).inputValue()).toBe('Bissap 1 L');
  await dialog.getByLabel('Quantité ligne 1', { exact: true }).fill('20');
  await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await dialog.getByLabel('Description ligne 2', { exact: true }).fill('Livraison Almadies');
  await dialog.getByLabel('Quantité ligne 2', { exact: true }).fill('1');
  await dialog.getByLabel('Prix unitaire ligne 2', { exact: true }).fill('20000');
  // 20 × 1 500 + 20 000 = 50 000 HT; TVA 18 % = 9 000; TTC 59 000.
  await dialog
    .getByTestId('invoice-total')
    .getByText(/59\s?000/)
    .waitFor();
  await dialog.getByRole('button', { name: 'Créer la facture' }).click();
  await page.getByText('Facture créée avec succès').waitFor();

  // Validate it from its view.
  const table = page.getByRole('table', { name: 'Factures' });
  const view = table.getByRole('button', { name: /^Voir la facture / }).first();
  const number = ((await view.getAttribute('aria-label')) ?? '').replace('Voir la facture ', '');
  expect(number).toMatch(/^FV-\d{4}-\d{4}$/);
  await view.click();
  const detail = page.getByRole('dialog', { name: `Facture ${number}` });
  await detail.getByRole('button', { name: 'Valider' }).click();
  await page.getByText('Facture validée avec succès').waitFor();

  // Download its PDF.
  const [download] = await Promise.all([page.waitForEvent('download'), detail.getByRole('button', { name: 'Télécharger le PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = await download.createReadStream().then(async (s) => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Record an Orange Money payment of part of it.
  await detail.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const pay = page.getByRole('dialog', { name: 'Nouveau Paiement' });
  await pay.getByLabel('Montant').fill('40000');
  await pay.getByLabel('Mode de paiement').selectOption({ label: 'Orange Money' });
  await pay.getByLabel('Référence').fill('OM-778899');
  await pay.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await page.getByText('Paiement enregistré avec succès').waitFor();

  // The dashboard follows the ledger: revenue +50 000 HT, receivables +19 000, treasury +40 000.
  const after = await dashboardFigures(page);
  expect(after.revenue - before.revenue).toBe(50000);
  expect(after.receivables - before.receivables).toBe(19000);
  expect(after.treasury - before.treasury).toBe(40000);

  // Stock left: 50 − 20 = 30; an out-movement of 35 takes it below zero → 'Rupture'.
  await page.goto('/inventaire');
  const row = page.getByRole('table', { name: 'Articles en stock' }).getByRole('row', { name: /Bissap 1 L/ });
  await row.getByText(/^30/).first().waitFor();
  await row.getByRole('button', { name: 'Mouvement de stock pour Bissap 1 L' }).click();
  const move = page.getByRole('dialog', { name: 'Mouvement de stock' });
  await move.getByLabel('Sortie').check();
  await move.getByLabel('Quantité').fill('35');
  await move.getByLabel('Motif').fill('Casse lors du transport');
  await move.getByRole('button', { name: 'Enregistrer le mouvement' }).click();
  await page.getByText('Stock mis à jour avec succès').waitFor();
  await row.getByText('Rupture').waitFor();
  await context.close();
});
