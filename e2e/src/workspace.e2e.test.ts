import type { Page } from 'playwright-core';
import { MESSAGES_INVOICE, MESSAGES_MEMBERS, MESSAGES_PAYSLIP, roleForbiddenMessage, type User } from '@xaalis/contracts';
import { apiHeaders, chromiumForTests, newPage, registerViaApi, registerViaForm, registration } from './browser';

// Issue 16: one workspace for an accountant's portfolio — register, create a second company from
// the switcher, be invited into a third as 'Lecture seule', accept, switch between the three.

const browser = chromiumForTests();

const sidebar = (page: Page) => page.getByTestId('sidebar');
const switcher = (page: Page) => page.getByRole('button', { name: /^Entreprise actuelle : / });

/** Waits until the top bar names `company` and the dashboard has read that company's figures. */
async function onDashboardOf(page: Page, companyName: string, dashboardRead: Promise<unknown>): Promise<void> {
  await page.getByRole('button', { name: `Entreprise actuelle : ${companyName}` }).waitFor();
  await page.getByRole('heading', { level: 1, name: 'Tableau de Bord' }).waitFor();
  await dashboardRead;
  expect(new URL(page.url()).pathname).toBe('/');
}

/** The dashboard request of a company (proves the page reads the new company, not a cached one). */
const dashboardOf = (page: Page, companyId: string) =>
  page.waitForResponse((r) => r.url().includes(`/api/companies/${companyId}/dashboard`) && r.status() === 200);

async function switchTo(page: Page, companyName: string, companyId: string): Promise<void> {
  await switcher(page).click();
  const read = dashboardOf(page, companyId);
  await page.getByRole('menuitemradio', { name: new RegExp(companyName) }).click();
  await onDashboardOf(page, companyName, read);
}

/** Waits until the sidebar shows exactly these sector pages (their modules are read after a switch). */
async function sidebarShows(page: Page, expected: Record<string, boolean>): Promise<void> {
  for (const [name, shown] of Object.entries(expected))
    await sidebar(page)
      .getByRole('link', { name, exact: true })
      .waitFor({ state: shown ? 'visible' : 'detached' });
}

test('an accountant registers, creates a second company, joins a third as reader, switches between the three', async () => {
  const { context, page } = await newPage(browser());

  // 1. Registration through the form: a restaurant, the accountant its owner.
  const r = registration('restauration');
  await registerViaForm(page, r, 'Restauration');
  await page.getByRole('button', { name: `Entreprise actuelle : ${r.companyName}` }).waitFor();
  const first = (await (await context.request.get('/api/user')).json()) as User;
  expect(first.role).toBe('owner');

  // 2. A second company from the switcher: a hotel. The workspace moves to it.
  const hotelName = `Hôtel Saly ${r.username}`;
  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'Créer une entreprise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Créer une entreprise' });
  await dialog.getByLabel("Nom de l'entreprise").fill(hotelName);
  await dialog.getByLabel("Secteur d'activité").selectOption({ label: 'Hôtellerie' });
  await dialog.getByRole('button', { name: "Créer l'entreprise" }).click();
  await page.getByText(MESSAGES_MEMBERS.companyCreated).first().waitFor();
  await page.getByRole('button', { name: `Entreprise actuelle : ${hotelName}` }).waitFor();
  const second = (await (await context.request.get('/api/user')).json()) as User;
  expect(second.companyId).not.toBe(first.companyId);
  expect(second.role).toBe('owner');
  await sidebar(page).getByRole('link', { name: 'Hôtellerie', exact: true }).waitFor();
  // Its chart was generated with it.
  const accounts = await context.request.get(`/api/companies/${second.companyId}/accounts`, { headers: apiHeaders() });
  expect(((await accounts.json()) as { totalItems: number }).totalItems).toBeGreaterThan(50);

  // 3. The owner of a service firm invites the accountant as 'Lecture seule'.
  const ownerContext = await browser().newContext({ baseURL: new URL(page.url()).origin });
  const firm = await registerViaApi(ownerContext, 'service');
  const firmUser = (await (await ownerContext.request.get('/api/user')).json()) as User;
  const invited = await ownerContext.request.post(`/api/companies/${firmUser.companyId}/invitations`, {
    data: { login: r.email, role: 'reader' },
    headers: apiHeaders(),
  });
  expect(invited.status()).toBe(201);

  // 4. The pending invitation shows in the accountant's workspace: accepted, then switched to.
  await page.reload();
  const invitations = page.getByRole('region', { name: 'Invitations en attente' });
  await invitations.getByText(firm.companyName).waitFor();
  await invitations.getByRole('button', { name: 'Accepter' }).click();
  await page.getByText(MESSAGES_MEMBERS.accepted).first().waitFor();
  const firmRead = dashboardOf(page, firmUser.companyId!);
  await page.getByRole('button', { name: 'Passer à cette entreprise' }).click();
  await onDashboardOf(page, firm.companyName, firmRead);
  await sidebarShows(page, { Services: true, Hôtellerie: false, Restaurant: false, Portefeuille: true });

  // 5. As 'Lecture seule': no 'Nouvelle Facture', and the call forced anyway is refused in French.
  await sidebar(page).getByRole('link', { name: 'Factures', exact: true }).click();
  await page.getByRole('heading', { name: 'Factures' }).first().waitFor();
  await page.getByText(MESSAGES_INVOICE.empty).first().waitFor();
  expect(await page.getByRole('button', { name: 'Nouvelle Facture' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Créer la première facture' }).count()).toBe(0);
  const forced = await context.request.post(`/api/companies/${firmUser.companyId}/invoices`, {
    data: { type: 'sale', date: '2026-03-01', lines: [] },
    headers: apiHeaders(),
  });
  expect(forced.status()).toBe(403);
  expect(((await forced.json()) as { message: string }).message).toBe(roleForbiddenMessage('reader'));
  // Salaries are confidential: the payroll page shows the notice and the payslips call is refused.
  await sidebar(page).getByRole('link', { name: 'Paie', exact: true }).click();
  await page.getByText(MESSAGES_PAYSLIP.restricted).first().waitFor();
  const payslips = await context.request.get(`/api/companies/${firmUser.companyId}/payrolls`, { headers: apiHeaders() });
  expect(payslips.status()).toBe(403);
  // A capital letter does not make a refused write an allowed one: the path is simply not found.
  const shouted = await context.request.post(`/api/companies/${firmUser.companyId}/INVOICES`, {
    data: { type: 'sale', date: '2026-03-01', lines: [] },
    headers: apiHeaders(),
  });
  expect(shouted.status()).toBe(404);

  // 6. Back and forth between the three: the sidebar and the dashboard follow each company.
  await switchTo(page, r.companyName, first.companyId!);
  await sidebarShows(page, { Restaurant: true, Hôtellerie: false, Services: false });
  await sidebar(page).getByRole('link', { name: 'Factures', exact: true }).click();
  await page.getByRole('button', { name: 'Nouvelle Facture' }).first().waitFor(); // owner here
  await switchTo(page, hotelName, second.companyId!);
  await sidebarShows(page, { Restaurant: true, Hôtellerie: true, Services: false });
  await switchTo(page, firm.companyName, firmUser.companyId!);
  await sidebarShows(page, { Restaurant: false, Hôtellerie: false, Services: true });

  // 7. The portfolio lists the three companies with the accountant's role in each.
  await sidebar(page).getByRole('link', { name: 'Portefeuille', exact: true }).click();
  const table = page.getByRole('table');
  for (const name of [r.companyName, hotelName, firm.companyName]) await table.getByText(name).first().waitFor();
  await table.getByText('Lecture seule').first().waitFor();
  // A company opened from its row: the workspace moves to it.
  const hotelRead = dashboardOf(page, second.companyId!);
  await table.getByRole('button', { name: `Ouvrir ${hotelName}` }).click();
  await onDashboardOf(page, hotelName, hotelRead);

  await ownerContext.close();
  await context.close();
});
