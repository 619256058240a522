import type { Page } from 'playwright-core';
import { type InventoryListResponse } from '@xaalis/contracts';
import { recipeMargin } from '@xaalis/domain';
import { apiGet, chooseOption, chromiumForTests, newPage, registerViaApi } from './browser';

const browser = chromiumForTests();

/** 'Nouvel article' in the Inventaire tab: the item is created by the accounting service. */
async function createItem(page: Page, item: { name: string; unit: string; unitCost: string; stock: string; min: string }) {
  await page.getByRole('button', { name: 'Nouvel article', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel article' });
  await dialog.getByLabel(/^Nom/).fill(item.name);
  await dialog.getByLabel(/^Catégorie/).selectOption({ label: 'Ingrédient' });
  await dialog.getByLabel(/^Unité/).selectOption(item.unit);
  await dialog.getByLabel(/^Coût unitaire/).fill(item.unitCost);
  await dialog.getByLabel('Stock actuel', { exact: true }).fill(item.stock);
  await dialog.getByLabel('Stock minimum', { exact: true }).fill(item.min);
  await dialog.getByRole('button', { name: "Créer l'article" }).click();
  await page.getByText('Article créé', { exact: true }).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page
    .getByRole('table', { name: "Articles d'inventaire" })
    .getByRole('row', { name: new RegExp(`^${item.name}`) })
    .waitFor();
}

test('restaurant: two items, a recipe costed from them (cost and margin), on a menu, served → the stock goes down', async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'restauration');

  // 1. Inventaire: rice (10 kg at 600 XOF/kg) and oil (5 l at 1 200 XOF/l, minimum 5 → in the low-stock alert).
  await page.goto('/restaurant');
  await page.getByRole('heading', { level: 1, name: 'Gestion Restaurant' }).waitFor();
  await page.getByText("Aucun article d'inventaire").waitFor();
  await createItem(page, { name: 'Riz brisé', unit: 'kg', unitCost: '600', stock: '10', min: '2' });
  await createItem(page, { name: 'Huile', unit: 'l', unitCost: '1200', stock: '5', min: '5' });
  const alert = page.getByRole('alert', { name: 'Articles en stock faible' });
  await alert.getByText('Huile : 5 litre (minimum 5)').waitFor();
  expect(await alert.getByText(/Riz brisé/).count()).toBe(0);

  // 2. Recettes: 4 servings of 0.5 kg rice + 20 cl oil, sold 8 000 XOF.
  // Cost = 0.5 × 600 + 0.2 × 1 200 = 540; per serving 135; margin (8 000 − 540) / 8 000.
  await page.getByRole('tab', { name: 'Recettes' }).click();
  await page.getByText('Aucune recette enregistrée').waitFor();
  await page.getByRole('button', { name: 'Nouvelle recette', exact: true }).click();
  const recipeDialog = page.getByRole('dialog', { name: 'Nouvelle recette' });
  await recipeDialog.getByLabel(/^Nom/).fill('Thieboudienne');
  await recipeDialog.getByLabel('Portions', { exact: true }).fill('4');
  await recipeDialog.getByLabel('Préparation (min)', { exact: true }).fill('30');
  await recipeDialog.getByLabel('Cuisson (min)', { exact: true }).fill('45');
  await recipeDialog.getByLabel('Prix de vente', { exact: true }).fill('8000');
  const first = recipeDialog.getByRole('group', { name: 'Ingrédient 1' });
  await chooseOption(first, 'Article', 'Riz brisé (kg)', 'Riz');
  await first.getByLabel('Quantité', { exact: true }).fill('0.5');
  await recipeDialog.getByRole('button', { name: 'Ajouter un ingrédient' }).click();
  const second = recipeDialog.getByRole('group', { name: 'Ingrédient 2' });
  await chooseOption(second, 'Article', 'Huile (litre)', 'Huile');
  await second.getByLabel('Unité', { exact: true }).selectOption('cl');
  await second.getByLabel('Quantité', { exact: true }).fill('20');
  await recipeDialog.getByRole('button', { name: 'Créer la recette' }).click();
  await page.getByText('Recette créée', { exact: true }).first().waitFor();
  await recipeDialog.waitFor({ state: 'hidden' });

  const margin = recipeMargin('8000.00', '540.00');
  expect(margin).toBe('93.3');
  const card = page.getByRole('article', { name: 'Thieboudienne' });
  const fact = (label: string) => card.locator(`dd[aria-label="${label}"]`);
  await fact('Coût total').getByText('540 XOF', { exact: true }).waitFor();
  expect(await fact('Coût par portion').innerText()).toBe('135 XOF');
  expect(await fact('Marge').innerText()).toBe('93,3 %');
  expect(await fact('Temps').innerText()).toBe('75 min');
  await card.getByText('Riz brisé — 0,5 kg (300 XOF)').waitFor();
  await card.getByText('Huile — 20 cl (240 XOF)').waitFor();

  // 3. Menus: the recipe on a lunch menu (name and price taken from the recipe).
  await page.getByRole('tab', { name: 'Menus' }).click();
  await page.getByText('Aucun menu enregistré').waitFor();
  await page.getByRole('button', { name: 'Nouveau menu', exact: true }).click();
  const menuDialog = page.getByRole('dialog', { name: 'Nouveau menu' });
  await menuDialog.getByLabel(/^Nom du menu/).fill('Menu du midi');
  const line = menuDialog.getByRole('group', { name: 'Article 1' });
  await chooseOption(line, 'Recette', 'Thieboudienne');
  expect(await line.getByLabel("Nom de l'article", { exact: true }).inputValue()).toBe('Thieboudienne');
  await menuDialog.getByRole('button', { name: 'Créer le menu' }).click();
  await page.getByText('Menu créé', { exact: true }).first().waitFor();
  await menuDialog.waitFor({ state: 'hidden' });
  const menuCard = page.getByRole('article', { name: 'Menu du midi' });
  await menuCard.getByText('Actif', { exact: true }).waitFor();
  const dish = menuCard.getByRole('listitem', { name: 'Thieboudienne' });
  await dish.getByText('8 000 XOF', { exact: true }).waitFor();
  await dish.getByText('Disponible', { exact: true }).waitFor();

  // 4. Servir 2 portions: rice 0.5 × 2 / 4 = 0.25 kg and oil 0.2 × 2 / 4 = 0.1 l leave the stock.
  await page.getByRole('tab', { name: 'Recettes' }).click();
  await page.getByRole('button', { name: 'Servir Thieboudienne' }).click();
  const serveDialog = page.getByRole('dialog', { name: 'Servir — Thieboudienne' });
  await serveDialog.getByLabel(/^Portions servies/).fill('2');
  await serveDialog.getByRole('button', { name: 'Servir', exact: true }).click();
  await page.getByText('Recette servie : stock mis à jour', { exact: true }).first().waitFor();
  await serveDialog.waitFor({ state: 'hidden' });

  await page.getByRole('tab', { name: 'Inventaire' }).click();
  const table = page.getByRole('table', { name: "Articles d'inventaire" });
  await table
    .getByRole('row', { name: /^Riz brisé/ })
    .getByText('9,75 kg', { exact: true })
    .waitFor();
  await table
    .getByRole('row', { name: /^Huile/ })
    .getByText('4,9 litre', { exact: true })
    .waitFor();

  // The same items, moved by the accounting service (stock movements of reason "Consommation recette …").
  const { companyId } = await apiGet<{ companyId: string }>(context, '/api/user');
  const { items } = await apiGet<InventoryListResponse>(context, `/api/companies/${companyId}/inventory`);
  const stock = Object.fromEntries(items.map((i) => [i.name, i.currentStock]));
  expect(stock).toEqual({ 'Riz brisé': '9.750', Huile: '4.900' });
  await context.close();
});
