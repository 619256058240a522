import type { Page } from 'playwright-core';
import { MESSAGES_SECTOR_MODULES, type User } from '@xaalis/contracts';
import { baseUrl, chromiumForTests, newPage, registerViaApi } from './browser';

const browser = chromiumForTests();

const sidebar = (page: Page) => page.getByTestId('sidebar');

/** Saves the Modules tab and waits for the confirmation. */
async function saveModules(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText(MESSAGES_SECTOR_MODULES.saved).first().waitFor();
}

test('Paramètres → Modules: Hôtellerie switched on appears in the sidebar without a reload; switched off, /hotel shows the notice', async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'commerce');
  const user = (await (await context.request.get('/api/user')).json()) as User;
  const rooms = `/api/companies/${user.companyId}/rooms`;
  const headers = { Origin: baseUrl(), 'X-Requested-With': 'XMLHttpRequest' };

  // A commerce company starts with no sector module: /hotel is the notice, and the service refuses.
  await page.goto('/hotel');
  await page.getByRole('heading', { name: 'Module non activé' }).waitFor();
  const refused = await context.request.get(rooms, { headers });
  expect(refused.status()).toBe(404);
  expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES_SECTOR_MODULES.notEnabled);

  // The notice's link opens Paramètres on the Modules tab.
  await page.getByRole('link', { name: MESSAGES_SECTOR_MODULES.disabledLink }).click();
  await page.waitForURL(/\/parametres\?tab=modules$/);
  const hotel = page.getByRole('switch', { name: 'Hôtellerie' });
  await hotel.waitFor();
  expect(await hotel.isChecked()).toBe(false);
  expect(await sidebar(page).getByRole('link', { name: 'Hôtellerie' }).count()).toBe(0);

  // Marks this document: a reload would lose the mark.
  await page.evaluate(() => {
    (globalThis as unknown as { noReload: boolean }).noReload = true;
  });
  await hotel.check();
  await saveModules(page);
  await sidebar(page).getByRole('link', { name: 'Hôtellerie' }).waitFor();
  await sidebar(page).getByText('Modules Sectoriels').waitFor();
  expect(await sidebar(page).getByRole('link', { name: 'Restaurant' }).count()).toBe(0);
  expect(await page.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);
  // The service lets the module's calls through now (no rooms route yet: its generic answer, not the refusal).
  const allowed = await context.request.get(rooms, { headers });
  expect(allowed.status()).toBeLessThan(500);
  expect(((await allowed.json()) as { message?: string }).message).not.toBe(MESSAGES_SECTOR_MODULES.notEnabled);

  // Through the sidebar, the module's page itself (no notice).
  await sidebar(page).getByRole('link', { name: 'Hôtellerie' }).click();
  await page.waitForURL(/\/hotel$/);
  await page.getByRole('heading', { name: 'Gestion Hôtelière' }).first().waitFor();
  expect(await page.getByRole('heading', { name: 'Module non activé' }).count()).toBe(0);

  // Switched off again: gone from the sidebar at once, and the URL shows the notice.
  await sidebar(page).getByRole('link', { name: 'Paramètres' }).click();
  await page.getByRole('tab', { name: 'Modules' }).click();
  await page.getByRole('switch', { name: 'Hôtellerie' }).uncheck();
  await saveModules(page);
  await sidebar(page).getByRole('link', { name: 'Hôtellerie' }).waitFor({ state: 'detached' });
  expect(await page.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);
  await page.goto('/hotel');
  await page.getByRole('heading', { name: 'Module non activé' }).waitFor();
  expect(await page.getByRole('link', { name: MESSAGES_SECTOR_MODULES.disabledLink }).getAttribute('href')).toBe('/parametres?tab=modules');
  expect((await context.request.get(rooms, { headers })).status()).toBe(404);
  await context.close();
});

test("a hotel company's defaults: Hôtellerie and Restaurant on, Production and Services off", async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'hotel');
  await page.goto('/parametres?tab=modules');
  await page.getByRole('switch', { name: 'Hôtellerie' }).waitFor();
  expect(await page.getByRole('switch', { name: 'Hôtellerie' }).isChecked()).toBe(true);
  expect(await page.getByRole('switch', { name: 'Restaurant' }).isChecked()).toBe(true);
  expect(await page.getByRole('switch', { name: 'Production' }).isChecked()).toBe(false);
  expect(await page.getByRole('switch', { name: 'Services' }).isChecked()).toBe(false);
  await page.goto('/services');
  await page.getByRole('heading', { name: 'Module non activé' }).waitFor();
  await context.close();
});
