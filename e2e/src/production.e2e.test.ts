import type { Page } from 'playwright-core';
import type { FinishedProductList, ProductionOrderList, RawMaterialList } from '@xaalis/contracts';
import { apiGet, chooseOption, chromiumForTests, newPage, registerViaApi } from './browser';

const browser = chromiumForTests();

const ordersTable = (page: Page) => page.getByRole('table', { name: 'Ordres de production' });

/** 'Nouvel ordre de production' for the only finished product (preselected): returns its OP-YYYY-NNNN number. */
async function createOrder(page: Page, quantity: string, known: readonly string[]): Promise<string> {
  await page.getByRole('button', { name: 'Nouvel ordre de production', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel ordre de production' });
  await dialog.getByLabel(/^Quantité à produire/).fill(quantity);
  await dialog.getByRole('button', { name: "Créer l'ordre" }).click();
  await page.getByText('Ordre de production créé', { exact: true }).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  const table = ordersTable(page);
  await table
    .getByText(/^OP-\d{4}-\d{4}$/)
    .nth(known.length)
    .waitFor();
  const numbers = await table.getByText(/^OP-\d{4}-\d{4}$/).allInnerTexts();
  const created = numbers.find((n) => !known.includes(n));
  if (!created) throw new Error(`no new order number in ${numbers.join(', ')}`);
  return created;
}

test('production: a raw material, a finished product with its bill of materials, an order started and completed → the stocks move', async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'transformation');

  // 1. The raw material: 20 kg of flour at 600 XOF/kg, minimum 2 kg.
  await page.goto('/transformation');
  await page.getByRole('heading', { level: 1, name: 'Gestion Production' }).waitFor();
  await page.getByText('Aucune matière première enregistrée').waitFor();
  await page.getByRole('button', { name: 'Nouvelle matière première', exact: true }).click();
  const materialDialog = page.getByRole('dialog', { name: 'Nouvelle matière première' });
  await materialDialog.getByLabel(/^Nom/).fill('Farine');
  await materialDialog.getByLabel(/^Unité/).selectOption('kg');
  await materialDialog.getByLabel(/^Coût unitaire/).fill('600');
  await materialDialog.getByLabel('Stock actuel', { exact: true }).fill('20');
  await materialDialog.getByLabel('Stock minimum', { exact: true }).fill('2');
  await materialDialog.getByRole('button', { name: 'Ajouter' }).click();
  await page.getByText('Matière première ajoutée', { exact: true }).first().waitFor();
  await materialDialog.waitFor({ state: 'hidden' });
  const materials = page.getByRole('table', { name: 'Matières premières' });
  const farine = materials.getByRole('row', { name: /^Farine/ });
  await farine.getByText('20 kg', { exact: true }).waitFor();
  await farine.getByText('600 XOF', { exact: true }).waitFor();

  // 2. The finished product, with its bill of materials: 0.5 kg of flour per loaf.
  await page.getByRole('tab', { name: 'Produits finis' }).click();
  await page.getByText('Aucun produit fini enregistré').waitFor();
  // No finished product yet: no order can be created.
  await page.getByRole('tab', { name: 'Ordres de production' }).click();
  expect(await page.getByRole('button', { name: 'Nouvel ordre de production', exact: true }).isDisabled()).toBe(true);
  await page.getByRole('tab', { name: 'Produits finis' }).click();
  await page.getByRole('button', { name: 'Nouveau produit fini', exact: true }).click();
  const productDialog = page.getByRole('dialog', { name: 'Nouveau produit fini' });
  await productDialog.getByLabel(/^Nom/).fill('Pain');
  await productDialog.getByLabel('Prix de vente', { exact: true }).fill('500');
  await chooseOption(productDialog, 'Matière première 1', 'Farine (kg)', 'Farine');
  await productDialog.getByLabel('Quantité 1', { exact: true }).fill('0.5');
  await productDialog.getByText('Coût matières estimé : 300 XOF par unité').waitFor();
  await productDialog.getByRole('button', { name: 'Créer le produit' }).click();
  await page.getByText('Produit fini créé', { exact: true }).first().waitFor();
  await productDialog.waitFor({ state: 'hidden' });
  const pain = page.getByRole('article', { name: 'Pain' });
  await pain.getByText('Farine : 0,5 kg', { exact: true }).waitFor();
  await pain.getByText('0 pièce', { exact: true }).first().waitFor();

  // 3. An order of 10 loaves: created pending, started, then completed with the planned quantity.
  await page.getByRole('tab', { name: 'Ordres de production' }).click();
  const number = await createOrder(page, '10', []);
  const row = ordersTable(page).getByRole('row', { name: new RegExp(`^${number}`) });
  await row.getByText('En Attente', { exact: true }).waitFor();
  await row.getByRole('button', { name: `Démarrer ${number}` }).click();
  await page.getByText('Ordre de production démarré', { exact: true }).first().waitFor();
  await row.getByText('En Cours', { exact: true }).waitFor();
  await row.getByRole('button', { name: `Terminer ${number}` }).click();
  const complete = page.getByRole('dialog', { name: `Terminer l'ordre ${number}` });
  expect(Number(await complete.getByLabel(/^Quantité produite/).inputValue())).toBe(10);
  await complete.getByRole('button', { name: 'Terminer', exact: true }).click();
  await page.getByText('Ordre terminé : stocks mis à jour', { exact: true }).first().waitFor();
  await complete.waitFor({ state: 'hidden' });
  await row.getByText('Terminé', { exact: true }).waitFor();
  // 10 × 0.5 kg × 600 XOF.
  await row.getByText('3 000 XOF', { exact: true }).waitFor();

  // 4. The stocks moved, on screen: flour 20 → 15 kg, loaves 0 → 10.
  await page.getByRole('tab', { name: 'Matières premières' }).click();
  await farine.getByText('15 kg', { exact: true }).waitFor();
  await page.getByRole('tab', { name: 'Produits finis' }).click();
  await pain.getByText('10 pièce', { exact: true }).waitFor();
  await pain.getByText('300 XOF', { exact: true }).first().waitFor();

  // 5. An order the flour cannot cover (100 loaves need 50 kg): refused with the server's French message, nothing moves.
  await page.getByRole('tab', { name: 'Ordres de production' }).click();
  const big = await createOrder(page, '100', [number]);
  await ordersTable(page)
    .getByRole('row', { name: new RegExp(`^${big}`) })
    .getByRole('button', { name: `Terminer ${big}` })
    .click();
  const refused = page.getByRole('dialog', { name: `Terminer l'ordre ${big}` });
  await refused.getByRole('button', { name: 'Terminer', exact: true }).click();
  await page
    .getByText(/Stock insuffisant pour Farine/)
    .first()
    .waitFor();
  await refused.getByRole('button', { name: 'Annuler' }).click();
  await refused.waitFor({ state: 'hidden' });

  // The server agrees with the screen.
  const { companyId } = await apiGet<{ companyId: string }>(context, '/api/user');
  const {
    items: [material],
  } = await apiGet<RawMaterialList>(context, `/api/companies/${companyId}/raw-materials`);
  const {
    items: [product],
  } = await apiGet<FinishedProductList>(context, `/api/companies/${companyId}/finished-products`);
  expect(material.currentStock).toBe('15.000');
  expect(product.currentStock).toBe('10.000');
  const { items: orders } = await apiGet<ProductionOrderList>(context, `/api/companies/${companyId}/production-orders`);
  const done = orders.find((o) => o.orderNumber === number);
  expect(done?.status).toBe('completed');
  expect(done?.totalCost).toBe('3000.00');
  expect(orders.find((o) => o.orderNumber === big)?.status).toBe('pending');
  await context.close();
});
