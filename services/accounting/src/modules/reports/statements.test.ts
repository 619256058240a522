import { SYSCOHADA_ACCOUNTS } from '../chart';
import { balanceSheetPlacement, cashFlowLineOf, incomeLineOf } from './statements';

// The reference chart's own accounts (the ones a generated chart holds): each
// finds a SYSCOHADA line, on either side of its balance, but for the few the
// official tables leave without one (DESIGN: listed as unmapped on screen).
const CODES = SYSCOHADA_ACCOUNTS.map(([code]) => code);
const WITHOUT_LINE =
  /^(10$|11$|108|13$|18$|186|187|188|2$|20|219[2-7]|239$|24$|25$|28$|29$|40$|47$|48$|483|486|487|49$|5$|56$|562|563|58$|585|586|588|59$)/;

describe('balance-sheet placement', () => {
  // Debit: bank credit lines (561, 566) only have a creditor line (DR). Credit:
  // a creditor cash box, mobile money or transit account is an anomaly the
  // reference gives no line (only 52/53 have DR).
  const NO_LINE = { debit: /^(561|566)/, credit: /^(54|55|57|581|582)/ };
  it.each(['debit', 'credit'] as const)('places every reference account of classes 1 to 5 with a %s balance', (side) => {
    const unplaced = CODES.filter((c) => /^[1-5]/.test(c))
      .filter((c) => !balanceSheetPlacement(c, side === 'debit' ? 100n : -100n).mapped)
      .filter((c) => !WITHOUT_LINE.test(c) && !NO_LINE[side].test(c));
    expect(unplaced).toEqual([]);
  });

  it('follows the balance side where the reference says so', () => {
    expect(balanceSheetPlacement('4452', 100n)).toMatchObject({ side: 'actif', ref: 'BJ' });
    expect(balanceSheetPlacement('4452', -100n)).toMatchObject({ side: 'passif', ref: 'DK' });
    expect(balanceSheetPlacement('521', 100n)).toMatchObject({ side: 'actif', ref: 'BS' });
    expect(balanceSheetPlacement('521', -100n)).toMatchObject({ side: 'passif', ref: 'DR' });
    expect(balanceSheetPlacement('2845', -100n)).toMatchObject({ side: 'actif', ref: 'AN', part: 'depreciation' });
    expect(balanceSheetPlacement('2918', -100n)).toMatchObject({ side: 'actif', ref: 'AH', part: 'depreciation' });
    // A creditor cash box has no line: a default one, flagged.
    expect(balanceSheetPlacement('571', -100n)).toEqual({ side: 'passif', ref: 'DR', mapped: false });
  });
});

describe('income statement lines', () => {
  it('puts every result account of the reference chart on a line', () => {
    const unmapped = CODES.filter((c) => /^[678]/.test(c) && c.length >= 3)
      .filter((c) => !incomeLineOf({ code: c, net: 100n }).mapped)
      .filter((c) => !/^(603[4-9]|60[679]|68[2-9]|69[2-6]|69[89]|708|709|74|76|78[2-68]|79[2-6])/.test(c));
    expect(unmapped).toEqual([]);
    expect(incomeLineOf({ code: '6712', net: 100n })).toEqual({ ref: 'RM', mapped: true });
    expect(incomeLineOf({ code: '609', net: -100n })).toEqual({ ref: 'RJ', mapped: false });
  });
});

describe('cash-flow lines', () => {
  it('splits the accounts whose direction matters', () => {
    expect(cashFlowLineOf('2845', 'credit', -1n)).toBe('FA'); // depreciation charged: with its 681 in the CAFG
    expect(cashFlowLineOf('2845', 'debit', -1n)).toBe('FG'); // written off on disposal: with the asset
    expect(cashFlowLineOf('162', 'credit', -1n)).toBe('FO');
    expect(cashFlowLineOf('162', 'debit', -1n)).toBe('FQ');
    expect(cashFlowLineOf('465', 'debit', 0n)).toBe('FN');
    expect(cashFlowLineOf('6813', 'debit', 1n)).toBe('FA');
    expect(cashFlowLineOf('812', 'debit', 1n)).toBe('FG');
    expect(cashFlowLineOf('4431', 'credit', -1n)).toBe('FE');
    expect(cashFlowLineOf('4452', 'debit', 1n)).toBe('FD');
  });
});
