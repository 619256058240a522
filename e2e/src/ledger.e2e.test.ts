import type { Page } from 'playwright-core';
import { chromiumForTests, newPage, registerViaApi } from './browser';

const browser = chromiumForTests();

/** Picks an account in the line's searchable select (options live in the listbox). */
async function chooseAccount(page: Page, line: number, code: string) {
  const combo = page.getByRole('combobox', { name: `Compte ligne ${line}`, exact: true });
  await combo.click();
  await combo.fill(code);
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(`^${code}\\b`) })
    .first()
    .click();
}

test('settings then ledger: company, chart, account, supplier, entry, validate, cancel with reversal', async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'service');

  // Complete the company.
  await page.goto('/parametres?tab=company&welcome=true');
  await page.getByText('Bienvenue sur Xaalis !').waitFor();
  await page.waitForURL((url) => url.pathname === '/parametres' && !url.searchParams.has('welcome'));
  const companyForm = page.getByRole('form', { name: "Informations de l'entreprise" });
  await companyForm.getByLabel('Numéro RCCM').fill('SN-DKR-2026-B-12345');
  await companyForm.getByLabel('NINEA').fill('0123456789');
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await page.getByText("Informations de l'entreprise sauvegardées").waitFor();

  // Generate the chart of accounts (a BullMQ job).
  await page.getByRole('button', { name: 'Générer Plan Comptable' }).first().click();
  await page.getByText("Plan comptable généré automatiquement selon votre secteur d'activité").waitFor();

  // Add an account.
  await page.getByRole('tab', { name: 'Plan Comptable' }).click();
  // The chart is paged on the server (50 accounts a page, in code order): the search finds 521.
  await page.getByRole('table', { name: 'Plan comptable' }).getByText('101', { exact: true }).first().waitFor();
  await page.getByLabel('Rechercher un compte').fill('521');
  await page.getByRole('table', { name: 'Plan comptable' }).getByText('521', { exact: true }).first().waitFor();
  await page.getByRole('button', { name: 'Nouveau Compte' }).click();
  const accountDialog = page.getByRole('dialog', { name: 'Nouveau Compte' });
  await accountDialog.getByLabel('Code', { exact: true }).fill('52110');
  await accountDialog.getByLabel('Nom du compte').fill('Banque Atlantique Dakar');
  await accountDialog.getByRole('button', { name: 'Créer le compte' }).click();
  await page.getByText('Compte créé avec succès').waitFor();

  // Add a supplier.
  await page.getByRole('tab', { name: 'Tiers' }).click();
  await page.getByText('Aucun tiers configuré').waitFor();
  await page.getByRole('button', { name: 'Nouveau Tiers' }).first().click();
  const tpDialog = page.getByRole('dialog', { name: 'Nouveau Tiers' });
  await tpDialog
    .getByLabel('Type')
    .selectOption({ label: 'Fournisseur' })
    .catch(async () => {
      await tpDialog.getByLabel('Type').click();
      await page.getByRole('option', { name: 'Fournisseur', exact: true }).click();
    });
  await tpDialog.getByLabel('Nom', { exact: true }).fill('SENELEC');
  await tpDialog.getByRole('button', { name: 'Créer le tiers' }).click();
  await page.getByText('Tiers créé avec succès').waitFor();
  await page.getByRole('table', { name: 'Tiers' }).getByText('SENELEC').waitFor();

  // Write an entry: unbalanced first, then balanced.
  await page.goto('/ecritures');
  await page.getByText('Aucune écriture comptable enregistrée').waitFor();
  await page.getByRole('button', { name: 'Nouvelle Écriture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle Écriture Comptable' });
  await dialog.getByLabel('Description', { exact: true }).fill("Facture d'électricité novembre");
  await chooseAccount(page, 1, '605');
  await dialog.getByLabel('Débit ligne 1', { exact: true }).fill('75000');
  await chooseAccount(page, 2, '52110');
  await dialog.getByLabel('Crédit ligne 2', { exact: true }).fill('70000');
  await dialog.getByText('Déséquilibrée').waitFor();
  expect(await dialog.getByRole('button', { name: 'Enregistrer' }).isDisabled()).toBe(true);
  await dialog.getByLabel('Crédit ligne 2', { exact: true }).fill('75000');
  await dialog.getByText('Équilibrée', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText('Écriture comptable créée avec succès').waitFor();

  // Validate it.
  const table = page.getByRole('table', { name: 'Écritures comptables' });
  const validate = table.getByRole('button', { name: /^Valider l'écriture / });
  const number = ((await validate.getAttribute('aria-label')) ?? '').replace("Valider l'écriture ", '');
  expect(number).toMatch(/^OD-\d{4}-\d{5}$/);
  await validate.click();
  await page.getByText('Écriture validée avec succès').waitFor();

  // Cancel it: a reversal entry appears.
  await table.getByRole('button', { name: `Annuler l'écriture ${number}` }).click();
  await page
    .getByRole('alertdialog', { name: `Annuler l'écriture ${number}` })
    .getByRole('button', { name: "Confirmer l'annulation" })
    .click();
  await page.getByText('Écriture annulée : contre-passation créée').waitFor();
  const reversal = page.getByRole('dialog', { name: /^Écriture OD-/ });
  await reversal.getByText(`Contre-passation de ${number}`, { exact: false }).first().waitFor();
  await reversal.getByRole('button', { name: 'Fermer' }).click();
  await table.getByText('Annulée').first().waitFor();
  await table.getByText('Contre-passation', { exact: true }).first().waitFor();
  await context.close();
});
