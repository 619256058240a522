import type { Page } from 'playwright-core';
import { chromiumForTests, newPage, registerViaApi } from './browser';

const browser = chromiumForTests();

const sidebar = (page: Page) => page.getByTestId('sidebar');

async function sidebarFor(sector: string) {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, sector);
  await page.goto('/factures');
  await page.getByRole('heading', { name: 'Factures' }).waitFor();
  // The company (and so the sector) is loaded after the user: wait for the group list to settle.
  await sidebar(page).getByText('Administration').waitFor();
  return { context, page };
}

test('hotel company: Modules Sectoriels lists Hôtellerie and Restaurant', async () => {
  const { context, page } = await sidebarFor('hotel');
  await sidebar(page).getByText('Modules Sectoriels').waitFor();
  await sidebar(page).getByRole('link', { name: 'Hôtellerie' }).waitFor();
  await sidebar(page).getByRole('link', { name: 'Restaurant' }).waitFor();
  expect(await sidebar(page).getByRole('link', { name: 'Production' }).count()).toBe(0);
  expect(await sidebar(page).getByRole('link', { name: 'Services' }).count()).toBe(0);
  for (const label of ['Comptabilité', 'Ressources Humaines', 'Administration'])
    await sidebar(page).getByText(label, { exact: true }).waitFor();
  await context.close();
});

test('service company: Modules Sectoriels lists Services only', async () => {
  const { context, page } = await sidebarFor('service');
  await sidebar(page).getByRole('link', { name: 'Services' }).waitFor();
  expect(await sidebar(page).getByRole('link', { name: 'Restaurant' }).count()).toBe(0);
  expect(await sidebar(page).getByRole('link', { name: 'Hôtellerie' }).count()).toBe(0);
  await context.close();
});

test('commerce company: no Modules Sectoriels group', async () => {
  const { context, page } = await sidebarFor('commerce');
  await sidebar(page).getByRole('link', { name: 'Paramètres' }).waitFor();
  expect(await sidebar(page).getByText('Modules Sectoriels').count()).toBe(0);
  await context.close();
});

test('signed in: unknown path shows the 404 page', async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'service');
  await page.goto('/pas-de-page-ici');
  await page.getByText('Page Not Found').waitFor();
  await context.close();
});

test("with the HR remote's files unreachable, its pages show 'Module indisponible' and the others work", async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'service');
  await context.route('**/remotes/hr/**', (route) => route.abort());
  await page.goto('/employes');
  await page.getByText('Module indisponible').waitFor();
  await page.getByRole('button', { name: 'Réessayer' }).waitFor();
  // The sidebar still works and the accounting remote still loads.
  await sidebar(page).getByRole('link', { name: 'Factures' }).click();
  await page.getByRole('heading', { name: 'Factures' }).waitFor();
  await sidebar(page).getByRole('link', { name: 'Paie' }).click();
  await page.getByText('Module indisponible').waitFor();
  await context.close();
});
