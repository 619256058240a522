import {
  billedHoursLine,
  hoursBilled,
  MESSAGES_SERVICES,
  type EmployeeInput,
  type Invoice,
  type InvoiceListResponse,
  type ThirdPartyInput,
} from '@xaalis/contracts';
import { apiGet, apiPost, chooseOption, chromiumForTests, newPage, registerViaApi } from './browser';

const browser = chromiumForTests();

test('services: a project for a client, a timesheet for an employee, "Facturer les heures" → a draft invoice with those hours in Factures', async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'service');
  const { companyId } = await apiGet<{ companyId: string }>(context, '/api/user');
  const base = `/api/companies/${companyId}`;

  // The client (accounting) and the employee (HR), through their public routes.
  await apiPost(context, `${base}/third-parties`, { type: 'client', name: 'Cabinet Diallo' } satisfies ThirdPartyInput);
  await apiPost(context, `${base}/employees`, {
    employeeNumber: 'S001',
    firstName: 'Awa',
    lastName: 'Ndiaye',
    position: 'Consultante',
    hireDate: '2025-01-06',
    salary: '400000',
  } satisfies EmployeeInput);

  // 1. 'Nouveau projet' for the client, active so that it takes timesheets.
  await page.goto('/services');
  await page.getByRole('heading', { level: 1, name: 'Gestion des Services' }).waitFor();
  await page.getByText(MESSAGES_SERVICES.emptyProjects).waitFor();
  await page.getByRole('button', { name: 'Nouveau projet', exact: true }).click();
  const projectDialog = page.getByRole('dialog', { name: 'Nouveau projet' });
  await projectDialog.getByLabel(/^Nom du projet/).fill('Audit fiscal');
  await chooseOption(projectDialog, /^Client/, 'Cabinet Diallo');
  await projectDialog.getByLabel('Budget (XOF)', { exact: true }).fill('1000000');
  await projectDialog.getByLabel('Taux horaire (XOF)', { exact: true }).fill('15000');
  await projectDialog.getByLabel('Statut', { exact: true }).selectOption({ label: 'Actif' });
  await projectDialog.getByRole('button', { name: 'Créer le projet' }).click();
  await page.getByText(MESSAGES_SERVICES.projectCreated, { exact: true }).first().waitFor();
  await projectDialog.waitFor({ state: 'hidden' });
  const card = page.getByRole('article', { name: 'Audit fiscal' });
  const fact = (label: string) => card.locator(`dd[aria-label="${label}"]`);
  await fact('Client').getByText('Cabinet Diallo', { exact: true }).waitFor();
  await card.getByText('Actif', { exact: true }).waitFor();

  // 2. A timesheet: 08:30–17:00 with a 45 min break = 7.75 h at the project's 15 000 XOF = 116 250 XOF.
  await page.getByRole('tab', { name: 'Feuilles de temps' }).click();
  await page.getByText(MESSAGES_SERVICES.emptyTimesheets).waitFor();
  await page.getByRole('button', { name: 'Nouvelle feuille de temps', exact: true }).click();
  const sheetDialog = page.getByRole('dialog', { name: 'Nouvelle feuille de temps' });
  await chooseOption(sheetDialog, /^Employé/, 'Awa Ndiaye — Consultante', 'Awa');
  await chooseOption(sheetDialog, 'Projet', 'Audit fiscal');
  expect(Number(await sheetDialog.getByLabel('Taux horaire (XOF)', { exact: true }).inputValue())).toBe(15000);
  await sheetDialog.getByLabel(/^Heure de début/).fill('08:30');
  await sheetDialog.getByLabel(/^Heure de fin/).fill('17:00');
  await sheetDialog.getByLabel('Pause (minutes)', { exact: true }).fill('45');
  expect(await sheetDialog.getByLabel('Heures travaillées', { exact: true }).inputValue()).toBe('7.75');
  await sheetDialog.getByLabel('Total calculé').getByText('Total : 116 250 XOF').waitFor();
  await sheetDialog.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText(MESSAGES_SERVICES.timesheetCreated, { exact: true }).first().waitFor();
  await sheetDialog.waitFor({ state: 'hidden' });
  const row = page.getByRole('table', { name: 'Feuilles de temps' }).getByRole('row', { name: /Awa Ndiaye/ });
  await row.getByText('7,75 h', { exact: true }).waitFor();
  await row.getByText('116 250 XOF', { exact: true }).waitFor();
  await row.getByText('Audit fiscal', { exact: true }).waitFor();
  await row.getByText('Non facturée', { exact: true }).waitFor();

  // 3. 'Facturer les heures' on the project: a draft FS invoice; nothing is billed twice.
  await page.getByRole('tab', { name: 'Projets' }).click();
  await fact('Heures non facturées').getByText('7,75 h (116 250 XOF)', { exact: true }).waitFor();
  await card.getByRole('button', { name: MESSAGES_SERVICES.billAction }).click();
  const toast = page.getByText(/^Heures facturées : facture N° FS-\d{4}-\d{4}$/).first();
  await toast.waitFor();
  const number = ((await toast.innerText()).match(/FS-\d{4}-\d{4}/) ?? [''])[0];
  expect(await toast.innerText()).toBe(hoursBilled(number));
  await fact('Heures non facturées').getByText('0 h (0 XOF)', { exact: true }).waitFor();
  await card.getByRole('button', { name: MESSAGES_SERVICES.billAction }).click();
  await page.getByText(MESSAGES_SERVICES.nothingToBill, { exact: true }).first().waitFor();

  await page.getByRole('tab', { name: 'Feuilles de temps' }).click();
  await page
    .getByRole('table', { name: 'Feuilles de temps' })
    .getByRole('row', { name: /Awa Ndiaye/ })
    .getByText(`Facturée (${number})`, { exact: true })
    .waitFor();

  // 4. Factures: the draft invoice to the client, its one line the employee's hours at the project's rate.
  await page.goto('/factures');
  const invoiceRow = page.getByRole('table', { name: 'Factures' }).getByRole('row', { name: new RegExp(number) });
  await invoiceRow.getByText('Cabinet Diallo', { exact: true }).waitFor();
  await invoiceRow.getByText('Brouillon', { exact: true }).waitFor();
  await invoiceRow.getByRole('button', { name: `Voir la facture ${number}` }).click();
  const detail = page.getByRole('dialog', { name: `Facture ${number}` });
  await detail.getByText(billedHoursLine('Awa Ndiaye', '7.75'), { exact: true }).waitFor();

  const list = await apiGet<InvoiceListResponse>(context, `${base}/invoices?type=service`);
  const summary = list.items.find((i) => i.number === number);
  if (!summary) throw new Error(`invoice ${number} not listed`);
  const invoice = await apiGet<Invoice>(context, `/api/invoices/${summary.id}`);
  expect(invoice.status).toBe('draft');
  expect(invoice.type).toBe('service');
  expect(invoice.subtotal).toBe('116250.00');
  expect(invoice.lines?.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, total: l.total }))).toEqual(
    [{ description: 'Awa Ndiaye — 7,75 h', quantity: '7.750', unitPrice: '15000.00', total: '116250.00' }],
  );
  await context.close();
});
