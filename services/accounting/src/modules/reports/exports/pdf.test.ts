import { MESSAGES_REPORTS, REPORT_CHECK_LABELS, REPORT_DOCUMENT_TITLES } from '@xaalis/contracts';
import {
  balanceSheet,
  dormantAccount,
  header,
  incomeStatement,
  ledgerAccounts,
  ledgerRows,
  pdfPageCount,
  pdfText,
  trialBalance,
} from '../../../test-support/report-fixtures';
import { balanceSheetPdf, cashFlowPdf, generalLedgerPdf, incomeStatementPdf, trialBalancePdf } from './pdf';

const isPdf = (pdf: Buffer) => {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.subarray(-6).toString()).toContain('%%EOF');
};

/** Checks that the document is a PDF that shows each of `texts`; returns its text. */
const pdfShowing = (pdf: Buffer, texts: string[]) => {
  isPdf(pdf);
  const text = pdfText(pdf);
  for (const expected of texts) expect(text).toContain(expected);
  return text;
};

describe('Bilan PDF', () => {
  it('prints the company header, title, period, both tables with signed amounts and page numbers', async () => {
    const pdf = await balanceSheetPdf(header, balanceSheet());
    const text = pdfShowing(pdf, [
      'Teranga Conseil SARL',
      'Rue 10, Dakar',
      'RCCM : SN-DKR-2024-B-1234',
      'NINEA : 009876543 2V2',
      'Bilan',
      'Exercice 2026 (01/01/2026 – 31/12/2026)',
      'Édité le 03/02/2027 à 10:15',
      'Actif',
      'Passif',
      'Brut',
      'Amort. et dépréc.',
      'Exercice N-1',
      'ACTIF IMMOBILISÉ',
      'Matériel, mobilier et actifs biologiques',
      '2 500 000',
      '1 234 567',
      '3 234 567',
      '-765 433',
      '-1 235',
      'TOTAL GÉNÉRAL',
      'Résultat net de l’exercice',
    ]);
    // Actif then passif on its own page.
    expect(pdfPageCount(pdf)).toBe(2);
    expect(text).toContain('Page 1 / 2');
    expect(text).toContain('Page 2 / 2');
    // Zero amounts print as a dash, not as "0".
    expect(text.split('\n')).toContain('-');
    expect(text).not.toContain(MESSAGES_REPORTS.checkFailed);
  });

  it('says which checks failed', async () => {
    const text = pdfText(
      await balanceSheetPdf(header, balanceSheet({ assetsEqualLiabilities: false, resultMatchesIncomeStatement: true })),
    );
    expect(text).toContain(`${MESSAGES_REPORTS.checkFailed} : ${REPORT_CHECK_LABELS.assetsEqualLiabilities}`);
    expect(text).not.toContain(REPORT_CHECK_LABELS.resultMatchesIncomeStatement);
  });
});

describe('Compte de résultat and TFT PDF', () => {
  it('prints the lines, the columns and the unmapped accounts', async () => {
    const report = incomeStatement();
    const text = pdfText(await incomeStatementPdf({ ...header, title: REPORT_DOCUMENT_TITLES['income-statement'] }, report));
    for (const expected of [
      'Compte de résultat',
      'Exercice N',
      'Ventes de marchandises',
      '1 500 000',
      '-900 000',
      'MARGE COMMERCIALE',
      '600 000',
      `${MESSAGES_REPORTS.unmappedAccounts} : 4711`,
      'Page 1 / 1',
    ]) {
      expect(text).toContain(expected);
    }
    const tft = pdfText(await cashFlowPdf({ ...header, title: REPORT_DOCUMENT_TITLES['cash-flow-statement'] }, report));
    expect(tft).toContain('Tableau des flux de trésorerie');
    expect(tft).toContain('MARGE COMMERCIALE');
  });
});

describe('Balance PDF', () => {
  it('prints the six amount columns, blank zeros and the grand total', async () => {
    const pdf = await trialBalancePdf({ ...header, title: REPORT_DOCUMENT_TITLES['trial-balance'] }, trialBalance());
    const text = pdfShowing(pdf, [
      'Balance générale des comptes',
      "Solde d'ouverture",
      'Mouvements de la période',
      'Solde de clôture',
      'Débit',
      'Crédit',
      '411000',
      'Ventes de marchandises',
      '1 180 000',
      'Total général',
    ]);
    // 2 rows × 2 non-zero amounts + the totals' 4.
    expect(text.split('\n').filter((t) => t === '1 180 000')).toHaveLength(8);
    expect(text.split('\n')).not.toContain('0');
  });
});

describe('Grand livre PDF', () => {
  it('prints each account with its heading, lines, totals, and the grand total', async () => {
    const pdf = await generalLedgerPdf({ ...header, title: REPORT_DOCUMENT_TITLES['general-ledger'] }, ledgerAccounts(3), [
      ...ledgerRows(3),
    ]);
    pdfShowing(pdf, [
      'Grand livre des comptes',
      '521000 — Banque',
      '701000 — Ventes de marchandises',
      "Solde d'ouverture",
      '5 000',
      '-5 000',
      '02/03/2026',
      'VE-2026-00001',
      'Vente comptant n° 1 (TICKET-1)',
      '1 001',
      '6 001',
      '8 002',
      '-8 002',
      'Total 521000',
      'Total 701000',
      '3 002',
      'Total général',
    ]);
  });

  it('shows an account that has no lines in the period, and lines of an account the headings lack', async () => {
    const accounts = [...ledgerAccounts(2), dormantAccount];
    const text = pdfText(await generalLedgerPdf(header, accounts.slice(1), [...ledgerRows(2)]));
    expect(text).toContain('Compte dormant');
    expect(text).toContain('Total 999000');
    // 521000 comes from its lines only: its totals are the lines' sums.
    expect(text).toContain('Total 521000');
    expect(text).toContain('2 001');
  });

  it('paginates a long ledger with the column headers on every page', async () => {
    const pdf = await generalLedgerPdf(header, ledgerAccounts(1000), [...ledgerRows(1000)]);
    isPdf(pdf);
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(30);
    const text = pdfText(pdf);
    expect(text).toContain(`Page ${pages} / ${pages}`);
    expect(text).toContain('VE-2026-01000');
    // The header row repeats on each page of an account's table.
    expect(text.split('\n').filter((t) => t === 'Pièce').length).toBeGreaterThanOrEqual(pages);
  });
});
