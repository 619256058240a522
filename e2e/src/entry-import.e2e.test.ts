import type { BrowserContext, Locator, Page } from 'playwright-core';
import { MESSAGES_ENTRY_IMPORT } from '@xaalis/contracts';
import { chromiumForTests, newPage, registerWithChart } from './browser';

const browser = chromiumForTests();

/** A registered company with its chart of accounts, on the Écritures page. */
async function ledgerReady(page: Page, context: BrowserContext): Promise<void> {
  await registerWithChart(context, 'service');
  await page.goto('/ecritures');
  await page.getByText('Aucune écriture comptable enregistrée').waitFor();
}

async function openImport(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Importer des écritures' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des écritures' });
  await dialog.getByText('Colonnes attendues', { exact: false }).waitFor();
  return dialog;
}

/** Chooses a CSV in the dialog's file input (built in memory) and sends it for analysis. */
async function analyse(dialog: Locator, name: string, csv: string): Promise<void> {
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await dialog.getByText(name, { exact: false }).first().waitFor();
  await dialog.getByRole('button', { name: 'Analyser le fichier' }).click();
}

// Dates of the current fiscal year (calendar year, the default), in French form.
const YEAR = new Date().getUTCFullYear();
const HEADER = 'Date;Journal;N° pièce;Compte;Libellé;Débit;Crédit;Code tiers;Référence';

test('journal import: a CSV with French amounts → preview → imported as validated, with its entries in the list', async () => {
  const { context, page } = await newPage(browser());
  await ledgerReady(page, context);

  // French number formats: spaces, a no-break space (U+00A0) and a narrow one (U+202F) between thousands, decimal commas.
  const csv = [
    HEADER,
    `05/01/${YEAR};VT;F001;411;Prestation conseil janvier;1 234 567,50;;;FAC-001`,
    `05/01/${YEAR};VT;F001;706;Prestation conseil janvier;;1 234 567,50;;FAC-001`,
    `10/01/${YEAR};OD;L001;622;Loyer bureau janvier;250\u00a0000;;;BAIL-01`,
    `10/01/${YEAR};OD;L001;521;Loyer bureau janvier;;150\u202f000;;BAIL-01`,
    `10/01/${YEAR};OD;L001;521;Loyer bureau janvier (solde);;100000.00;;BAIL-01`,
  ].join('\r\n');

  const dialog = await openImport(page);
  await analyse(dialog, `journal-${YEAR}.csv`, csv);

  // The preview: counts, totals in XOF, the entries with their lines.
  const counter = (label: string) => dialog.getByRole('group', { name: label, exact: true });
  await counter('Écritures').getByText('2', { exact: true }).waitFor();
  await counter('Lignes').getByText('5', { exact: true }).waitFor();
  await counter('Total débit').getByText('1 484 568 XOF', { exact: true }).waitFor();
  await counter('Total crédit').getByText('1 484 568 XOF', { exact: true }).waitFor();
  const previewTable = dialog.getByRole('table', { name: 'Écritures du fichier' });
  await previewTable.getByText('Prestation conseil janvier').first().waitFor();
  await previewTable.getByText('Pièce L001', { exact: false }).waitFor();
  expect(await dialog.getByRole('region', { name: 'Erreurs du fichier' }).count()).toBe(0);

  // Import as validated entries; the job's progress, then its result.
  await dialog.getByRole('radio', { name: 'Valider les écritures' }).check();
  await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
  await dialog.getByText(MESSAGES_ENTRY_IMPORT.imported(2), { exact: false }).waitFor({ timeout: 20_000 });
  const result = (await dialog.getByText(MESSAGES_ENTRY_IMPORT.imported(2), { exact: false }).textContent()) ?? '';
  expect(result).toMatch(/de (VT|OD)-\d{4}-\d{5} à (VT|OD)-\d{4}-\d{5}/);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // The list was read again: both entries, validated, numbered through the counters.
  const table = page.getByRole('table', { name: 'Écritures comptables' });
  await table.getByText(`VT-${YEAR}-00001`, { exact: true }).waitFor();
  await table.getByText(`OD-${YEAR}-00001`, { exact: true }).waitFor();
  const rows = table.getByRole('row');
  expect(await rows.count()).toBe(3);
  expect(await table.getByText('Validée', { exact: true }).count()).toBe(2);
  await table.getByText('1 234 568 XOF', { exact: true }).waitFor();
  await table.getByText('250 000 XOF', { exact: true }).waitFor();
  await page.getByRole('group', { name: 'Écritures validées' }).getByText('2', { exact: true }).waitFor();

  // The same file again is refused at upload, with a clear message.
  const again = await openImport(page);
  await analyse(again, `journal-${YEAR}.csv`, csv);
  await again.getByText(MESSAGES_ENTRY_IMPORT.alreadyImported).waitFor();
  await context.close();
});

test('journal import: an unbalanced entry shows its French error per line and the import stays disabled', async () => {
  const { context, page } = await newPage(browser());
  await ledgerReady(page, context);

  const csv = [
    HEADER,
    `05/02/${YEAR};AC;A001;605;Fournitures février;75 000;;;`,
    `05/02/${YEAR};AC;A001;521;Fournitures février;;70 000;;`,
    `06/02/${YEAR};OD;X001;9999;Compte inconnu;1000;;;`,
    `06/02/${YEAR};OD;X001;521;Compte inconnu;;1000;;`,
  ].join('\n');

  const dialog = await openImport(page);
  await analyse(dialog, 'desequilibre.csv', csv);

  const errors = dialog.getByRole('region', { name: 'Erreurs du fichier' });
  await errors.waitFor();
  // 75 000,00 ≠ 70 000,00, reported on the entry's first line (the header is line 1).
  const unbalanced = MESSAGES_ENTRY_IMPORT.unbalanced(`AC A001 du 05/02/${YEAR}`, 7_500_000n, 7_000_000n);
  await errors.getByText(unbalanced, { exact: false }).waitFor();
  await errors.getByText('2 erreurs dans le fichier').waitFor();
  expect(await errors.getByRole('listitem').allTextContents()).toEqual([
    `Ligne 2 : ${unbalanced}`,
    `Ligne 4 : ${MESSAGES_ENTRY_IMPORT.unknownAccount('9999')}`,
  ]);
  await dialog.getByText('Import impossible', { exact: false }).waitFor();
  expect(await dialog.getByRole('button', { name: 'Importer', exact: true }).isDisabled()).toBe(true);

  // Nothing was written.
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await page.getByText('Aucune écriture comptable enregistrée').waitFor();
  await context.close();
});

test('journal import: a large file shows the lines done / total while the job runs, then the result', async () => {
  const { context, page } = await newPage(browser());
  await ledgerReady(page, context);

  // 10 000 two-line entries (20 000 lines) over the year's first days.
  const ENTRIES = 10_000;
  const lines = [HEADER];
  for (let i = 1; i <= ENTRIES; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const amount = `${1 + (i % 97)} ${String(i % 1000).padStart(3, '0')},${String(i % 100).padStart(2, '0')}`;
    lines.push(`${day}/01/${YEAR};CA;P${i};571;Recette ${i};${amount};;;`, `${day}/01/${YEAR};CA;P${i};706;Recette ${i};;${amount};;`);
  }
  const dialog = await openImport(page);
  await analyse(dialog, 'caisse-janvier.csv', lines.join('\n'));
  await dialog.getByRole('group', { name: 'Lignes', exact: true }).getByText('20 000', { exact: true }).waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Importer', exact: true }).click();

  // Never a blank: the bar and its figures show as soon as the job is started.
  await dialog.getByRole('progressbar', { name: 'Lignes importées' }).waitFor();
  await dialog.getByText(/^Lignes importées : [\d ]+ \/ 20 000$/).waitFor();
  await dialog.getByText(MESSAGES_ENTRY_IMPORT.imported(ENTRIES), { exact: false }).waitFor({ timeout: 45_000 });
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  // Kept as drafts (the default choice).
  await page.getByRole('group', { name: 'Brouillons' }).getByText(String(ENTRIES), { exact: true }).waitFor();
  await context.close();
});
