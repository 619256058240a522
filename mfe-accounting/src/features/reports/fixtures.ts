// Report answers for the component tests (shaped like the accounting service's).
import type {
  BalanceSheet,
  CashFlowStatement,
  GeneralLedger,
  IncomeStatement,
  ReportLine,
  ReportYears,
  TrialBalance,
  TrialBalanceRow,
} from '@xaalis/contracts';

export const YEARS: ReportYears = {
  years: [
    { year: 2026, label: '2026', start: '2026-01-01', end: '2026-12-31' },
    { year: 2025, label: '2025', start: '2025-01-01', end: '2025-12-31' },
  ],
};

const FY = { label: '2026', start: '2026-01-01', end: '2026-12-31' };
const PREV = { label: '2025', start: '2025-01-01', end: '2025-12-31' };

const actif = (gross: string, depreciation: string, net: string, previousNet: string) => ({ gross, depreciation, net, previousNet });
const passif = (current: string, previous: string) => ({ current, previous });

const title = (label: string, ref: string | null = null): ReportLine => ({ ref, label, kind: 'title', amounts: {} });

export function balanceSheet(overrides: Partial<BalanceSheet> = {}): BalanceSheet {
  return {
    year: 2026,
    fiscalYear: FY,
    previousFiscalYear: PREV,
    checks: { assetsEqualLiabilities: true, resultMatchesIncomeStatement: true },
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
      title('ACTIF CIRCULANT'),
      {
        ref: 'BI',
        label: 'Clients',
        kind: 'detail',
        amounts: actif('1180000.00', '0.00', '1180000.00', '0.00'),
        accounts: [{ accountCode: '4111', accountName: 'Clients', amounts: actif('1180000.00', '0.00', '1180000.00', '0.00') }],
      },
      {
        ref: 'BS',
        label: 'Banques, chèques postaux, caisse et assimilés',
        kind: 'detail',
        amounts: actif('-25000.00', '0.00', '-25000.00', '0.00'),
        accounts: [{ accountCode: '521', accountName: 'Banques locales', amounts: actif('-25000.00', '0.00', '-25000.00', '0.00') }],
      },
      { ref: 'BZ', label: 'TOTAL GÉNÉRAL', kind: 'total', amounts: actif('1155000.00', '0.00', '1155000.00', '0.00') },
    ],
    passif: [
      { ref: 'CJ', label: 'Résultat net de l’exercice', kind: 'detail', amounts: passif('975000.00', '0.00'), accounts: [] },
      {
        ref: 'DK',
        label: 'Dettes fiscales et sociales',
        kind: 'detail',
        amounts: passif('180000.00', '0.00'),
        accounts: [{ accountCode: '4431', accountName: 'TVA facturée sur ventes', amounts: passif('180000.00', '0.00') }],
      },
      { ref: 'DZ', label: 'TOTAL GÉNÉRAL', kind: 'total', amounts: passif('1155000.00', '0.00') },
    ],
    ...overrides,
  };
}

const nN1 = [
  { key: 'current', label: 'Exercice N' },
  { key: 'previous', label: 'Exercice N-1' },
];

export function incomeStatement(overrides: Partial<IncomeStatement> = {}): IncomeStatement {
  return {
    year: 2026,
    fiscalYear: FY,
    previousFiscalYear: PREV,
    checks: { resultMatchesLedger: true },
    unmappedAccounts: [],
    columns: nN1,
    lines: [
      {
        ref: 'TC',
        label: 'Travaux, services vendus',
        kind: 'detail',
        amounts: passif('1000000.00', '0.00'),
        accounts: [{ accountCode: '706', accountName: 'Services vendus', amounts: passif('1000000.00', '0.00') }],
      },
      { ref: 'XB', label: "CHIFFRE D'AFFAIRES (A + B + C + D)", kind: 'total', amounts: passif('1000000.00', '0.00') },
      { ref: 'XI', label: 'RÉSULTAT NET (XG+XH+RQ+RS)', kind: 'total', amounts: passif('975000.00', '0.00') },
    ],
    netResult: '975000.00',
    ...overrides,
  };
}

export function cashFlowStatement(overrides: Partial<CashFlowStatement> = {}): CashFlowStatement {
  return {
    year: 2026,
    fiscalYear: FY,
    previousFiscalYear: PREV,
    checks: { flowsReconcile: true, closingMatchesTreasury: true },
    unmappedAccounts: [],
    columns: nN1,
    lines: [
      { ref: 'ZA', label: 'Trésorerie nette au 1er janvier', kind: 'total', amounts: passif('0.00', '0.00') },
      title('Flux de trésorerie provenant des activités opérationnelles'),
      { ref: 'FA', label: "Capacité d'Autofinancement Globale (CAFG)", kind: 'detail', amounts: passif('975000.00', '0.00') },
      { ref: 'ZH', label: 'Trésorerie nette au 31 décembre', kind: 'total', amounts: passif('-25000.00', '0.00') },
    ],
    ...overrides,
  };
}

const zeros = {
  openingDebit: '0.00',
  openingCredit: '0.00',
  periodDebit: '0.00',
  periodCredit: '0.00',
  closingDebit: '0.00',
  closingCredit: '0.00',
};

export function trialRow(accountCode: string, accountName: string, amounts: Partial<typeof zeros> = {}): TrialBalanceRow {
  return { accountCode, accountName, ...zeros, ...amounts };
}

export function trialBalance(overrides: Partial<TrialBalance> = {}): TrialBalance {
  return {
    from: '2026-01-01',
    to: '2026-12-31',
    rows: [
      trialRow('101', 'Capital social'),
      trialRow('4111', 'Clients', { periodDebit: '1180000.00', closingDebit: '1180000.00' }),
      trialRow('706', 'Services vendus', { periodCredit: '1000000.00', closingCredit: '1000000.00' }),
      trialRow('4431', 'TVA facturée sur ventes', { periodCredit: '180000.00', closingCredit: '180000.00' }),
    ],
    totals: { ...zeros, periodDebit: '1180000.00', periodCredit: '1180000.00', closingDebit: '1180000.00', closingCredit: '1180000.00' },
    checks: { balanced: true },
    ...overrides,
  };
}

export function ledgerRow(n: number, overrides: Partial<GeneralLedger['rows'][number]> = {}): GeneralLedger['rows'][number] {
  return {
    accountCode: '4111',
    entryId: `entry-${n}`,
    entryNumber: `VT-2026-${String(n).padStart(5, '0')}`,
    journal: 'VT',
    date: '2026-03-15',
    description: `Facture FV-2026-${String(n).padStart(4, '0')}`,
    reference: null,
    debit: '100000.00',
    credit: '0.00',
    balance: `${n * 100000}.00`,
    ...overrides,
  };
}

export function generalLedger(overrides: Partial<GeneralLedger> = {}): GeneralLedger {
  return {
    from: '2026-01-01',
    to: '2026-12-31',
    accountFrom: null,
    accountTo: null,
    page: 1,
    pageSize: 100,
    total: 2,
    accounts: [
      {
        accountCode: '4111',
        accountName: 'Clients',
        openingBalance: '0.00',
        periodDebit: '200000.00',
        periodCredit: '0.00',
        closingBalance: '200000.00',
        lineCount: 2,
      },
    ],
    rows: [ledgerRow(1), ledgerRow(2)],
    ...overrides,
  };
}
