import type { Page } from 'playwright-core';
import { MESSAGES_RECONCILIATION, MESSAGES_STATEMENT } from '@xaalis/contracts';
import { apiHeaders, chromiumForTests, newPage, registerWithChart } from './browser';

const browser = chromiumForTests();

// January of the current fiscal year (the default: the calendar year).
const YEAR = new Date().getUTCFullYear();

/** A bank statement as the bank exports it: a preamble, French amounts, a running balance. */
const STATEMENT = [
  'Relevé de compte — Banque',
  '',
  'Date;Libellé;Référence;Montant;Solde',
  `06/01/${YEAR};PRLV SENELEC;;-25 000,00;-25 000,00`,
  `11/01/${YEAR};LOYER BUREAU JANVIER;BAIL-01;-40 000,00;-65 000,00`,
  `15/01/${YEAR};FRAIS TENUE DE COMPTE;;-2 500,00;-67 500,00`,
].join('\r\n');

async function dialogNamed(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}

test('bank reconciliation: import a statement → automatic matching → the missing bank fee created from its line → the état de rapprochement ties', async () => {
  const { context, page } = await newPage(browser());
  const base = await registerWithChart(context, 'service');
  const companyId = base.split('/').pop() ?? '';
  // Two expenses paid from the bank, as the statement reports them.
  for (const [amount, date, notes] of [
    ['25000', `${YEAR}-01-05`, 'Senelec'],
    ['40000', `${YEAR}-01-10`, 'Loyer bureau janvier'],
  ]) {
    const res = await context.request.post('/api/payments', {
      data: { companyId, type: 'expense', amount, date, method: 'bank', notes, reference: notes === 'Senelec' ? null : 'BAIL-01' },
      headers: apiHeaders(),
    });
    expect(res.status()).toBe(201);
  }

  // Trésorerie: the bank's card; import its statement (preview, then confirmation).
  await page.goto('/tresorerie');
  await page.getByRole('button', { name: 'Importer un relevé — Banque' }).click();
  const importDialog = await dialogNamed(page, 'Importer un relevé — Banque');
  await importDialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'releve-janvier.csv', mimeType: 'text/csv', buffer: Buffer.from(STATEMENT) });
  await importDialog.getByRole('button', { name: 'Analyser le relevé' }).click();
  await importDialog.getByText('PRLV SENELEC').first().waitFor();
  await importDialog.getByRole('button', { name: "Confirmer l'import" }).click();
  await page.getByText(MESSAGES_STATEMENT.confirmed(3)).first().waitFor();
  await importDialog.waitFor({ state: 'hidden' });

  // The matching screen: the automatic matching ties the two payments; the fee is left.
  await page
    .getByRole('link', { name: 'Rapprocher — Banque' })
    .or(page.getByRole('button', { name: 'Rapprocher — Banque' }))
    .click();
  const screen = page.getByRole('region', { name: 'Rapprochement bancaire' });
  await screen.getByRole('table', { name: 'Lignes du relevé' }).getByText('FRAIS TENUE DE COMPTE').waitFor();
  await screen.getByRole('button', { name: 'Rapprochement automatique' }).click();
  await page.getByText(MESSAGES_RECONCILIATION.autoDone(2)).first().waitFor();
  const statementPane = screen.getByRole('table', { name: 'Lignes du relevé' });
  await statementPane.getByText('PRLV SENELEC').waitFor({ state: 'detached' });

  // The fee the ledger lacks: created from its line (D 631 / C 521), matched at once.
  await statementPane
    .getByRole('row', { name: /FRAIS TENUE DE COMPTE/ })
    .getByRole('button', { name: "Créer l'écriture" })
    .click();
  const create = await dialogNamed(page, "Créer l'écriture");
  await create.getByRole('radio', { name: 'Frais bancaires' }).check();
  await create.getByRole('button', { name: 'Créer et rapprocher' }).click();
  await page.getByText(MESSAGES_RECONCILIATION.entryCreated).first().waitFor();
  await screen.getByText('Aucune opération du relevé à rapprocher').waitFor();

  // The état de rapprochement ties.
  await screen.getByRole('button', { name: 'État de rapprochement' }).click();
  const report = await dialogNamed(page, 'État de rapprochement — Banque');
  await report.getByText(MESSAGES_RECONCILIATION.ties).waitFor();
  await context.close();
});
