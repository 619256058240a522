import type { BalanceSheet, GeneralLedgerAccount, GeneralLedgerRow, IncomeStatement, ReportLine, TrialBalance } from '@xaalis/contracts';
import type { ReportHeader } from '../modules/reports/exports/header';

/** Small reports built by hand for the export tests. */

export const header: ReportHeader = {
  company: {
    name: 'Teranga Conseil SARL',
    address: 'Rue 10, Dakar',
    phone: null,
    email: 'contact@teranga.sn',
    taxNumber: '009876543 2V2',
    registrationNumber: 'SN-DKR-2024-B-1234',
  },
  title: 'Bilan',
  period: 'Exercice 2026 (01/01/2026 – 31/12/2026)',
  generatedAt: new Date('2027-02-03T10:15:00Z'),
};

const fiscalYear = (y: number) => ({ label: String(y), start: `${y}-01-01`, end: `${y}-12-31` });

const line = (ref: string | null, label: string, kind: ReportLine['kind'], amounts: Record<string, string> = {}): ReportLine => ({
  ref,
  label,
  kind,
  amounts,
});

export function balanceSheet(checks: Record<string, boolean> = { assetsEqualLiabilities: true }): BalanceSheet {
  return {
    year: 2026,
    fiscalYear: fiscalYear(2026),
    previousFiscalYear: fiscalYear(2025),
    checks,
    unmappedAccounts: [],
    actifColumns: [
      { key: 'gross', label: 'Brut' },
      { key: 'depreciation', label: 'Amort. et dépréc.' },
      { key: 'net', label: 'Net' },
      { key: 'previousNet', label: 'Net N-1' },
    ],
    passifColumns: [
      { key: 'current', label: 'Exercice N' },
      { key: 'previous', label: 'Exercice N-1' },
    ],
    actif: [
      line(null, 'ACTIF IMMOBILISÉ', 'title'),
      line('AJ', 'Matériel, mobilier et actifs biologiques', 'detail', {
        gross: '2500000.00',
        depreciation: '500000.00',
        net: '2000000.00',
        previousNet: '0.00',
      }),
      line('BI', 'Clients', 'detail', { gross: '1234567.40', depreciation: '0.00', net: '1234567.40', previousNet: '98765.00' }),
      line('BZ', 'TOTAL GÉNÉRAL', 'total', { gross: '3734567.40', depreciation: '500000.00', net: '3234567.40', previousNet: '98765.00' }),
    ],
    passif: [
      line(null, 'CAPITAUX PROPRES ET RESSOURCES ASSIMILÉES', 'title'),
      line('CA', 'Capital', 'detail', { current: '4000000.00', previous: '100000.00' }),
      line('CJ', 'Résultat net de l’exercice', 'detail', { current: '-765432.60', previous: '-1235.00' }),
      line('DZ', 'TOTAL GÉNÉRAL', 'total', { current: '3234567.40', previous: '98765.00' }),
    ],
  };
}

export function incomeStatement(): IncomeStatement {
  return {
    year: 2026,
    fiscalYear: fiscalYear(2026),
    previousFiscalYear: fiscalYear(2025),
    checks: { resultMatchesLedger: true },
    unmappedAccounts: ['4711'],
    columns: [
      { key: 'current', label: 'Exercice N' },
      { key: 'previous', label: 'Exercice N-1' },
    ],
    lines: [
      line('TA', 'Ventes de marchandises', 'detail', { current: '1500000.00', previous: '0.00' }),
      line('RA', 'Achats de marchandises', 'detail', { current: '-900000.00', previous: '0.00' }),
      line('XA', 'MARGE COMMERCIALE', 'total', { current: '600000.00', previous: '0.00' }),
    ],
    netResult: '600000.00',
  };
}

export function trialBalance(): TrialBalance {
  const row = (accountCode: string, accountName: string, d: string, c: string) => ({
    accountCode,
    accountName,
    openingDebit: '0.00',
    openingCredit: '0.00',
    periodDebit: d,
    periodCredit: c,
    closingDebit: d,
    closingCredit: c,
  });
  return {
    from: '2026-01-01',
    to: '2026-12-31',
    rows: [row('411000', 'Clients', '1180000.00', '0.00'), row('701000', 'Ventes de marchandises', '0.00', '1180000.00')],
    totals: {
      openingDebit: '0.00',
      openingCredit: '0.00',
      periodDebit: '1180000.00',
      periodCredit: '1180000.00',
      closingDebit: '1180000.00',
      closingCredit: '1180000.00',
    },
    checks: { balanced: true },
  };
}

/** The lines of a Grand livre of two accounts, `perAccount` lines each: 521 takes 1 000.50 a line, 701 gives it. */
export function* ledgerRows(perAccount: number): Generator<GeneralLedgerRow> {
  for (const [code, sign] of [
    ['521000', 1n],
    ['701000', -1n],
  ] as const) {
    let balance = sign * 5_000_00n;
    for (let i = 1; i <= perAccount; i++) {
      balance += sign * 1_000_50n;
      const day = String((i % 28) + 1).padStart(2, '0');
      yield {
        accountCode: code,
        entryId: `e${i}`,
        entryNumber: `VE-2026-${String(i).padStart(5, '0')}`,
        journal: 'VE',
        date: `2026-03-${day}`,
        description: `Vente comptant n° ${i}`,
        reference: i === 1 ? 'TICKET-1' : null,
        debit: sign > 0n ? '1000.50' : '0.00',
        credit: sign > 0n ? '0.00' : '1000.50',
        balance: cents(balance),
      };
    }
  }
}

export function ledgerAccounts(perAccount: number): GeneralLedgerAccount[] {
  const movement = cents(BigInt(perAccount) * 1_000_50n);
  return [
    {
      accountCode: '521000',
      accountName: 'Banque',
      openingBalance: '5000.00',
      periodDebit: movement,
      periodCredit: '0.00',
      closingBalance: cents(5_000_00n + BigInt(perAccount) * 1_000_50n),
      lineCount: perAccount,
    },
    {
      accountCode: '701000',
      accountName: 'Ventes de marchandises',
      openingBalance: '-5000.00',
      periodDebit: '0.00',
      periodCredit: movement,
      closingBalance: cents(-5_000_00n - BigInt(perAccount) * 1_000_50n),
      lineCount: perAccount,
    },
  ];
}

function cents(c: bigint): string {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

// The PDF text reader lives with the renderer (shared with the HR payslip tests).
/** An account with an opening balance and no line in the period. */
export const dormantAccount: GeneralLedgerAccount = {
  accountCode: '999000',
  accountName: 'Compte dormant',
  openingBalance: '42.00',
  periodDebit: '0.00',
  periodCredit: '0.00',
  closingBalance: '42.00',
  lineCount: 0,
};

export { pdfPageCount, pdfText } from '@xaalis/service-kit';
