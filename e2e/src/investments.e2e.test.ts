import { chromiumForTests, newPage, registerViaApi, uniqueName } from './browser';

const browser = chromiumForTests();

test('investments: create → the plan computed by the worker appears; record a year → Enregistré and the entry in Écritures', async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'service');
  const name = uniqueName('Serveur ');
  const year = new Date().getFullYear();

  await page.goto('/investissements');
  await page.getByText('Aucun investissement enregistré').waitFor();
  await page.getByRole('button', { name: 'Nouvel Investissement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel Investissement' });
  await dialog.getByLabel('Nom').fill(name);
  await dialog.getByLabel("Date d'achat").fill(`${year}-01-01`);
  await dialog.getByLabel("Prix d'achat").fill('1200000');
  await dialog.getByLabel("Durée d'utilité (années)").fill('4');
  // The rate follows the life, the plan is previewed before saving.
  expect(await dialog.getByLabel("Taux d'amortissement (%)").inputValue()).toBe('25.00');
  await dialog
    .getByRole('table', { name: "Aperçu du plan d'amortissement" })
    .getByText(String(year + 3))
    .waitFor();
  await dialog.getByRole('button', { name: "Créer l'investissement" }).click();
  await page.getByText('Investissement créé avec succès').waitFor();

  // The plan: computed by the accounting worker (BullMQ), polled by the panel.
  await page.getByRole('button', { name: `Plan d'amortissement de ${name}` }).click();
  const panel = page.getByRole('dialog', { name: /Plan d'Amortissement/ });
  const plan = panel.getByRole('table', { name: `Plan d'amortissement de ${name}` });
  await plan.waitFor();
  expect(await plan.getByText('En attente').count()).toBe(4);

  // Record the first year.
  await plan.getByRole('button', { name: 'Enregistrer la dotation' }).click();
  await page.getByText('Dotation enregistrée avec succès').waitFor();
  await plan.getByText('Enregistré', { exact: true }).waitFor();
  await panel.getByRole('button', { name: 'Fermer' }).click();
  await page.getByRole('table', { name: 'Investissements' }).getByText('900 000').waitFor();

  // The OD entries in the journal: the acquisition and the depreciation.
  await page.goto('/ecritures');
  const entries = page.getByRole('table', { name: 'Écritures comptables' });
  await entries.getByText(`Dotation aux amortissements ${year} — ${name}`).waitFor();
  await entries.getByText(`Acquisition d'immobilisation — ${name}`).waitFor();
  await context.close();
});
