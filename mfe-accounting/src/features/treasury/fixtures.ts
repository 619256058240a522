// Fixtures of the treasury accounts and reconciliation tests. Not part of the bundle.
import type { LedgerLine, MatchLinesPage, ReconciliationReport, StatementLine, StatementPreview, TreasuryAccount } from '@xaalis/contracts';
import { sum } from '@xaalis/domain';
import { COMPANY_ID, testUuid } from '@xaalis/web-kit/src/testing/app';

export const BASE = `/api/companies/${COMPANY_ID}`;
export const BANK_ID = testUuid(2801);
export const WAVE_ID = testUuid(2802);
export const CASH_ID = testUuid(2803);

export function treasuryAccount(overrides: Partial<TreasuryAccount> = {}): TreasuryAccount {
  return {
    id: BANK_ID,
    kind: 'bank',
    name: 'CBAO courant',
    accountCode: '521',
    accountId: testUuid(2901),
    journal: 'BQ',
    balance: '1250000.00',
    bankName: 'CBAO',
    accountHolder: 'Teranga SARL',
    iban: 'SN08SN0100152000048500003035',
    provider: null,
    walletNumber: null,
    currency: 'XOF',
    isDefault: true,
    lastStatementDate: '2026-03-31',
    lastStatementBalance: '1180000.00',
    unmatchedStatementLines: 3,
    unmatchedLedgerLines: 1,
    ...overrides,
  };
}

export const ACCOUNTS: TreasuryAccount[] = [
  treasuryAccount(),
  treasuryAccount({
    id: WAVE_ID,
    kind: 'mobile_money',
    name: 'Wave Business',
    accountCode: '5521',
    journal: 'MM2',
    balance: '-15000.00',
    bankName: null,
    accountHolder: null,
    iban: null,
    provider: 'wave',
    walletNumber: '+221 77 123 45 67',
    isDefault: false,
    lastStatementDate: null,
    lastStatementBalance: null,
    unmatchedStatementLines: 0,
    unmatchedLedgerLines: 0,
  }),
  treasuryAccount({
    id: CASH_ID,
    kind: 'cash',
    name: 'Caisse',
    accountCode: '571',
    journal: 'CA',
    balance: '80000.00',
    bankName: null,
    accountHolder: null,
    iban: null,
    lastStatementDate: null,
    lastStatementBalance: null,
    unmatchedStatementLines: 1,
    unmatchedLedgerLines: 2,
  }),
];

export const accountsPage = (items: TreasuryAccount[] = ACCOUNTS) => ({ items, page: 1, pageSize: 50, totalItems: items.length });

export function statementLine(n: number, overrides: Partial<StatementLine> = {}): StatementLine {
  return {
    id: testUuid(3000 + n),
    statementId: testUuid(3900),
    date: '2026-03-10',
    valueDate: null,
    label: `Opération ${n}`,
    reference: null,
    amount: '-1000.00',
    matched: false,
    reconciliationId: null,
    suggestedAccountCode: null,
    manual: false,
    ...overrides,
  };
}

export function ledgerLine(n: number, overrides: Partial<LedgerLine> = {}): LedgerLine {
  return {
    id: testUuid(4000 + n),
    entryId: testUuid(4500 + n),
    entryNumber: `BQ-2026-${String(n).padStart(4, '0')}`,
    journal: 'BQ',
    date: '2026-03-09',
    label: `Écriture ${n}`,
    reference: null,
    amount: '-1000.00',
    matched: false,
    reconciliationId: null,
    ...overrides,
  };
}

export function linesPage<T extends { amount: string }>(items: T[]): MatchLinesPage<T> {
  return { items, page: 1, pageSize: 25, totalItems: items.length, totalAmount: sum(items.map((i) => i.amount)) };
}

export function statementPreview(overrides: Partial<StatementPreview> = {}): StatementPreview {
  return {
    id: testUuid(3901),
    treasuryAccountId: BANK_ID,
    status: 'preview',
    source: 'csv',
    fileName: 'releve-avril.csv',
    lineCount: 42,
    openingBalance: '1175000.00',
    closingBalance: '1300000.00',
    total: '125000.00',
    startDate: '2026-04-01',
    endDate: '2026-04-30',
    previousClosingBalance: '1180000.00',
    gap: '-5000.00',
    warnings: ["Le solde d'ouverture (1 175 000 XOF) ne suit pas le solde de clôture du relevé précédent (1 180 000 XOF)"],
    errors: [
      { line: 7, message: 'Date « 31/02/2026 » invalide (format attendu JJ/MM/AAAA ou AAAA-MM-JJ)' },
      { line: 12, message: 'Montant manquant' },
    ],
    errorCount: 2,
    matchedCount: 0,
    createdAt: '2026-05-02T09:00:00.000Z',
    confirmedAt: null,
    layout: {
      separator: ';',
      headers: ['Date opération', 'Libellé', 'Débit', 'Crédit', 'Solde'],
      mapping: { date: 0, label: 1, debit: 2, credit: 3, balance: 4 },
      dateOrder: 'dmy',
    },
    preview: [
      { line: 2, date: '2026-04-02', label: 'VIR SONATEL', reference: 'VIR-778', amount: '150000.00' },
      { line: 3, date: '2026-04-03', label: 'FRAIS TENUE DE COMPTE', reference: null, amount: '-25000.00' },
    ],
    ...overrides,
  };
}

export function reconciliationReport(overrides: Partial<ReconciliationReport> = {}): ReconciliationReport {
  return {
    date: '2026-04-30',
    account: { id: BANK_ID, name: 'CBAO courant', accountCode: '521', kind: 'bank' },
    statementBalance: '1300000.00',
    ledgerBalance: '1250000.00',
    unmatchedStatementLines: [statementLine(1, { label: 'FRAIS TENUE DE COMPTE', amount: '-25000.00' })],
    unmatchedLedgerLines: [ledgerLine(1, { label: 'Chèque 000123 non encaissé', amount: '-75000.00' })],
    unmatchedStatementTotal: '-25000.00',
    unmatchedLedgerTotal: '-75000.00',
    statementReconciled: '1325000.00',
    ledgerReconciled: '1325000.00',
    difference: '0.00',
    ties: true,
    lastStatementDate: '2026-04-30',
    ...overrides,
  };
}
