import ExcelJS from 'exceljs';
import { MESSAGES_REPORTS, REPORT_CHECK_LABELS, type GeneralLedgerRow } from '@xaalis/contracts';
import { XOF_FORMAT } from '../../spreadsheet';
import { workbookOf } from '../../../test-support';
import {
  balanceSheet,
  dormantAccount,
  header,
  incomeStatement,
  ledgerAccounts,
  ledgerRows,
  trialBalance,
} from '../../../test-support/report-fixtures';
import { balanceSheetXlsx, cashFlowXlsx, generalLedgerXlsx, incomeStatementXlsx, trialBalanceXlsx } from './xlsx';

/** The sheet's rows as arrays of values (index 0 = column A). */
function values(sheet: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    out[n - 1] = (row.values as unknown[]).slice(1);
  });
  return out;
}

/** The 1-based number of the first row whose cell A (or `col`) is `text`. */
function rowOf(sheet: ExcelJS.Worksheet, text: string, col = 1): number {
  for (let r = 1; r <= sheet.rowCount; r++) if (sheet.getRow(r).getCell(col).value === text) return r;
  throw new Error(`No row with ${text}`);
}

describe('Bilan XLSX', () => {
  it('writes the header block, the frozen table header, numeric amounts in XOF format and bold totals, actif and passif', async () => {
    const workbook = await workbookOf(balanceSheetXlsx(header, balanceSheet()));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Actif', 'Passif']);
    const actif = workbook.getWorksheet('Actif')!;
    const rows = values(actif);
    expect(rows[0][0]).toBe('Teranga Conseil SARL');
    expect(actif.getCell('A1').font.bold).toBe(true);
    expect(rows[1][0]).toBe('Rue 10, Dakar · contact@teranga.sn · NINEA : 009876543 2V2 · RCCM : SN-DKR-2024-B-1234');
    expect(rows[2][0]).toBe('Bilan');
    expect(rows[3][0]).toBe('Exercice 2026 (01/01/2026 – 31/12/2026)');
    expect(rows[4][0]).toBe('Édité le 03/02/2027 à 10:15');

    const head = rowOf(actif, 'Réf.');
    expect(actif.views[0]).toMatchObject({ state: 'frozen', ySplit: head });
    expect(values(actif)[head - 1]).toEqual(['Réf.', 'Libellé', 'Brut', 'Amort. et dépréc.', 'Net', 'Net N-1']);
    expect(actif.getRow(head).getCell(1).font.bold).toBe(true);

    const title = actif.getRow(head + 1);
    expect(title.getCell(2).value).toBe('ACTIF IMMOBILISÉ');
    expect(title.getCell(2).font.bold).toBe(true);
    expect(title.getCell(3).value).toBeNull();

    const clients = actif.getRow(rowOf(actif, 'BI'));
    expect([3, 4, 5, 6].map((c) => clients.getCell(c).value)).toEqual([1234567.4, 0, 1234567.4, 98765]);
    expect(clients.getCell(3).numFmt).toBe(XOF_FORMAT);
    expect(clients.getCell(3).font?.bold).toBeFalsy();

    const total = actif.getRow(rowOf(actif, 'BZ'));
    expect(total.getCell(2).value).toBe('TOTAL GÉNÉRAL');
    expect([3, 4, 5, 6].map((c) => total.getCell(c).value)).toEqual([3734567.4, 500000, 3234567.4, 98765]);
    for (const c of [1, 2, 3, 6]) expect(total.getCell(c).font.bold).toBe(true);
    expect(total.getCell(5).numFmt).toBe(XOF_FORMAT);

    const passif = workbook.getWorksheet('Passif')!;
    const result = passif.getRow(rowOf(passif, 'CJ'));
    expect(result.getCell(3).value).toBe(-765432.6);
    expect(result.getCell(4).value).toBe(-1235);
    expect(values(passif)[rowOf(passif, 'Réf.') - 1]).toEqual(['Réf.', 'Libellé', 'Exercice N', 'Exercice N-1']);
  });

  it('writes failed checks in the header block', async () => {
    const sheet = (await workbookOf(balanceSheetXlsx(header, balanceSheet({ assetsEqualLiabilities: false })))).worksheets[0];
    const warning = `${MESSAGES_REPORTS.checkFailed} : ${REPORT_CHECK_LABELS.assetsEqualLiabilities}`;
    expect(rowOf(sheet, warning)).toBeLessThan(rowOf(sheet, 'Réf.'));
  });
});

describe('Compte de résultat and TFT XLSX', () => {
  it('writes the lines with their columns', async () => {
    for (const render of [incomeStatementXlsx, cashFlowXlsx]) {
      const sheet = (await workbookOf(render(header, incomeStatement()))).worksheets[0];
      expect(sheet.getRow(rowOf(sheet, 'RA')).getCell(3).value).toBe(-900000);
      const margin = sheet.getRow(rowOf(sheet, 'XA'));
      expect(margin.getCell(3).value).toBe(600000);
      expect(margin.getCell(3).font.bold).toBe(true);
      expect(rowOf(sheet, `${MESSAGES_REPORTS.unmappedAccounts} : 4711`)).toBeLessThan(rowOf(sheet, 'Réf.'));
    }
  });
});

describe('Balance XLSX', () => {
  it('writes one row per account, blank zeros, and a bold grand total', async () => {
    const sheet = (await workbookOf(trialBalanceXlsx(header, trialBalance()))).worksheets[0];
    const head = rowOf(sheet, 'Compte');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: head });
    expect(values(sheet)[head - 1]).toEqual([
      'Compte',
      'Intitulé',
      "Solde d'ouverture — Débit",
      "Solde d'ouverture — Crédit",
      'Mouvements de la période — Débit',
      'Mouvements de la période — Crédit',
      'Solde de clôture — Débit',
      'Solde de clôture — Crédit',
    ]);
    const clients = values(sheet)[rowOf(sheet, '411000') - 1];
    expect(clients.slice(0, 2)).toEqual(['411000', 'Clients']);
    expect(clients[4]).toBe(1180000);
    expect(clients[6]).toBe(1180000);
    expect(clients[5] ?? null).toBeNull();
    const total = sheet.getRow(rowOf(sheet, 'Total général'));
    expect([5, 6, 7, 8].map((c) => total.getCell(c).value)).toEqual([1180000, 1180000, 1180000, 1180000]);
    expect(total.getCell(5).font.bold).toBe(true);
    expect(total.getCell(5).numFmt).toBe(XOF_FORMAT);
  });
});

describe('Grand livre XLSX', () => {
  it('writes each account: heading with the opening balance, lines with dates and running balances, totals', async () => {
    const accounts = [...ledgerAccounts(3), dormantAccount];
    const sheet = (await workbookOf(generalLedgerXlsx(header, accounts, ledgerRows(3)))).worksheets[0];
    const head = rowOf(sheet, 'Compte');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: head });
    const table = values(sheet).slice(head);
    const row = (i: number) => Array.from(table[i], (v) => v ?? null);
    expect(row(0)).toEqual(['521000', null, null, null, "521000 Banque — Solde d'ouverture", null, null, null, 5000]);
    expect(sheet.getRow(head + 1).getCell(5).font.bold).toBe(true);
    expect(row(1)).toEqual([
      '521000',
      new Date(Date.UTC(2026, 2, 2)),
      'VE-2026-00001',
      'VE',
      'Vente comptant n° 1',
      'TICKET-1',
      1000.5,
      null,
      6000.5,
    ]);
    expect(sheet.getRow(head + 2).getCell(2).numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getRow(head + 2).getCell(9).numFmt).toBe(XOF_FORMAT);
    expect(row(3)[8]).toBe(8001.5);
    expect(row(4)).toEqual(['521000', null, null, null, 'Total 521000 Banque', null, 3001.5, 0, 8001.5]);
    expect(sheet.getRow(head + 5).getCell(7).font.bold).toBe(true);
    expect(row(5)[4]).toBe("701000 Ventes de marchandises — Solde d'ouverture");
    expect(row(6)[7]).toBe(1000.5);
    expect(row(9)).toEqual(['701000', null, null, null, 'Total 701000 Ventes de marchandises', null, 0, 3001.5, -8001.5]);
    expect(row(10)).toEqual(['999000', null, null, null, "999000 Compte dormant — Solde d'ouverture", null, null, null, 42]);
    expect(row(11)).toEqual(['999000', null, null, null, 'Total 999000 Compte dormant', null, 0, 0, 42]);
    expect(row(12)).toEqual(['Total général', null, null, null, null, null, 3001.5, 3001.5]);
    expect(table).toHaveLength(13);
  });

  it('streams 10 000 lines from an async generator', async () => {
    async function* rows(): AsyncGenerator<GeneralLedgerRow> {
      let i = 0;
      for (const r of ledgerRows(5000)) {
        if (++i % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
        yield r;
      }
    }
    const sheet = (await workbookOf(generalLedgerXlsx(header, ledgerAccounts(5000), rows()))).worksheets[0];
    const head = rowOf(sheet, 'Compte');
    // 2 accounts × (heading + 5 000 lines + total) + the grand total.
    expect(sheet.rowCount - head).toBe(2 * 5002 + 1);
    const bankTotal = sheet.getRow(rowOf(sheet, 'Total 521000 Banque', 5));
    expect(bankTotal.getCell(7).value).toBe(5002500);
    expect(bankTotal.getCell(9).value).toBe(5007500);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total général');
    expect([last.getCell(7).value, last.getCell(8).value]).toEqual([5002500, 5002500]);
    const salesTotal = rowOf(sheet, 'Total 701000 Ventes de marchandises', 5);
    expect(sheet.getRow(salesTotal - 1).getCell(3).value).toBe('VE-2026-05000');
    expect(sheet.getRow(salesTotal - 1).getCell(9).value).toBe(-5007500);
  });

  it('gives lines of an account the headings lack their own section and totals', async () => {
    const sheet = (await workbookOf(generalLedgerXlsx(header, ledgerAccounts(2).slice(1), ledgerRows(2)))).worksheets[0];
    const total = sheet.getRow(rowOf(sheet, 'Total 521000', 5));
    expect([total.getCell(7).value, total.getCell(8).value, total.getCell(9).value]).toEqual([2001, 0, 7001]);
    const last = sheet.getRow(sheet.rowCount);
    expect([last.getCell(7).value, last.getCell(8).value]).toEqual([2001, 2001]);
  });
});
