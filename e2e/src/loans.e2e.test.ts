import type { Page } from 'playwright-core';
import { addMonthsKeepingDay } from '@xaalis/domain';
import { cardAmount, chromiumForTests, newPage, registerViaApi } from './browser';

const browser = chromiumForTests();

async function dashboardTreasury(page: Page): Promise<number> {
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Tableau de Bord' }).waitFor();
  await page.getByRole('group', { name: 'Trésorerie', exact: true }).getByText(/XOF/).waitFor();
  return cardAmount(page, 'Trésorerie');
}

test('loan: create it, read its échéancier, pay the first instalment → Payé, remaining balance and treasury down', async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'service');
  const before = await dashboardTreasury(page);

  // 1 200 000 XOF at 12 % over 6 months from today, received on the bank account (521).
  const start = new Date().toISOString().slice(0, 10);
  const end = addMonthsKeepingDay(start, 6);
  await page.goto('/emprunts');
  await page.getByText('Aucun emprunt enregistré').waitFor();
  await page.getByRole('button', { name: 'Nouvel Emprunt' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel Emprunt' });
  await dialog.getByLabel('Prêteur').fill('CBAO');
  await dialog.getByLabel('Montant').fill('1200000');
  await dialog.getByLabel("Taux d'intérêt annuel").fill('12');
  expect(await dialog.getByLabel('Date de début').inputValue()).toBe(start);
  await dialog.getByLabel('Date de fin').fill(end);
  await dialog
    .getByRole('note')
    .getByText(/^6 échéances/)
    .waitFor();
  await dialog.getByRole('button', { name: "Créer l'emprunt" }).click();
  await page.getByText('Emprunt créé avec succès').waitFor();

  const row = page.getByRole('table', { name: 'Emprunts' }).getByRole('row', { name: /CBAO/ });
  await row.getByText('Actif').waitFor();
  await row.getByText('12,00 %').waitFor();
  expect(await cardAmount(page, 'Capital restant dû')).toBe(1200000);

  // The échéancier: 6 constant instalments of 207 058 XOF (A = 1 200 000 × 1 % / (1 − 1.01^−6)).
  await row.getByRole('button', { name: "Voir l'échéancier de CBAO" }).click();
  const panel = page.getByRole('dialog', { name: 'Échéancier — CBAO' });
  const rows = panel.getByRole('table', { name: 'Échéancier' }).getByRole('row');
  expect(await rows.count()).toBe(7);
  const first = rows.nth(1);
  await first.getByText('En attente').waitFor();
  expect((await first.innerText()).replace(/\s|\u202f|\u00a0/g, '')).toContain('195058XOF12000XOF207058XOF');

  // Pay the first instalment through the payment dialog, prefilled.
  await first.getByRole('button', { name: /^Payer l'échéance du / }).click();
  const pay = page.getByRole('dialog', { name: 'Nouveau Paiement' });
  expect(await pay.getByLabel('Type de paiement').inputValue()).toBe('loan_payment');
  expect(Number(await pay.getByLabel('Montant').inputValue())).toBe(207058);
  await pay.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await page.getByText('Paiement enregistré avec succès').waitFor();
  await first.getByText('Payé').waitFor();
  expect(await first.getByRole('button').count()).toBe(0);
  await panel.getByRole('button', { name: 'Fermer' }).click();
  await panel.waitFor({ state: 'hidden' });

  // Remaining balance down by the principal; treasury: + 1 200 000 received − 207 058 paid.
  await page
    .getByRole('group', { name: 'Capital restant dû', exact: true })
    .getByText(/1\s?004\s?942/)
    .waitFor();
  expect(await dashboardTreasury(page)).toBe(before + 1200000 - 207058);

  // The treasury's payments view lists it as 'Emprunt'.
  await page.goto('/tresorerie');
  await page.getByRole('tab', { name: 'Paiements' }).click();
  await page
    .getByRole('table', { name: 'Paiements' })
    .getByRole('row', { name: /Emprunt/ })
    .waitFor();
  await context.close();
});
