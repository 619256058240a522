import { type ReportChecks, type ReportLine, type ReportLineAccount } from '@xaalis/contracts';
import { fromCents, toCents } from '@xaalis/domain';
import { isTreasuryCode } from '../dashboard';
import { ASSET_LINES, CASH_FLOW_LAYOUT, INCOME_LINES, INCOME_ORDER, INCOME_TOTALS, LIABILITY_LINES } from './syscohada-layout';

/**
 * The SYSCOHADA statements computed from per-account totals, pure and exact
 * (BigInt cents). Every account lands on exactly one line of each statement
 * (a default line and a warning when the reference names none), so the
 * identities hold by construction; the checks recompute them independently.
 */

/** One account over a period: balance before it (debit − credit), and its movements. In cents. */
export interface AccountTotals {
  code: string;
  name: string;
  opening: bigint;
  debit: bigint;
  credit: bigint;
}

export const closingOf = (a: AccountTotals): bigint => a.opening + a.debit - a.credit;

const matches = (code: string, prefixes: readonly string[] | undefined, except?: readonly string[]): boolean =>
  !!prefixes?.some((p) => code.startsWith(p)) && !except?.some((p) => code.startsWith(p));

const isIncomeCode = (code: string) => code[0] === '6' || code[0] === '7' || code[0] === '8';

const money = (cents: bigint) => fromCents(cents);

function sideAllows(balance: 'debit' | 'credit' | undefined, closing: bigint): boolean {
  if (balance === 'debit') return closing > 0n;
  if (balance === 'credit') return closing < 0n;
  return true;
}

// ─── Compte de résultat ─────────────────────────────────────────────────────

/** The line of a result account: the reference's, or a default one (reported as unmapped). */
export function incomeLineOf(a: { code: string; net: bigint }): { ref: string; mapped: boolean } {
  const line = INCOME_LINES.find((l) => matches(a.code, l.accounts));
  if (line) return { ref: line.ref, mapped: true };
  // A parent account posted to directly ('603'): the first line holding one of its sub-accounts.
  const parent = INCOME_LINES.find((l) => l.accounts.some((p) => p.startsWith(a.code)));
  if (parent) return { ref: parent.ref, mapped: true };
  if (a.code.startsWith('6')) return { ref: 'RJ', mapped: false };
  if (a.code.startsWith('7')) return { ref: 'TH', mapped: false };
  // Class 8: HAO products when in credit over the year, HAO charges otherwise.
  return { ref: a.net < 0n ? 'TO' : 'RP', mapped: false };
}

export interface IncomeResult {
  /** Line and total values by ref, positive in the normal case. */
  values: Map<string, bigint>;
  accounts: Map<string, ReportLineAccount[]>;
  netResult: bigint;
  /** Σ (credit − debit) of the classes 6, 7 and 8 over the year, straight from the ledger. */
  ledgerResult: bigint;
  unmapped: string[];
}

/** One year's Compte de résultat from the year's movements. */
export function incomeStatementOf(accounts: readonly AccountTotals[], column = 'current'): IncomeResult {
  const values = new Map<string, bigint>(INCOME_LINES.map((l) => [l.ref, 0n]));
  const byLine = new Map<string, ReportLineAccount[]>();
  const unmapped: string[] = [];
  let ledgerResult = 0n;
  for (const a of accounts) {
    if (!isIncomeCode(a.code)) continue;
    const net = a.debit - a.credit;
    if (net === 0n && a.debit === 0n) continue;
    ledgerResult -= net;
    const { ref, mapped } = incomeLineOf({ code: a.code, net });
    if (!mapped && net !== 0n) unmapped.push(a.code);
    const sign = INCOME_LINES.find((l) => l.ref === ref)?.sign ?? '-';
    const value = sign === '+' ? -net : net;
    values.set(ref, (values.get(ref) ?? 0n) + value);
    const list = byLine.get(ref) ?? [];
    list.push({ accountCode: a.code, accountName: a.name, amounts: { [column]: money(value) } });
    byLine.set(ref, list);
  }
  for (const total of INCOME_TOTALS) {
    values.set(
      total.ref,
      total.terms.reduce((sum, [sign, ref]) => sum + BigInt(sign) * (values.get(ref) ?? 0n), 0n),
    );
  }
  return { values, accounts: byLine, netResult: values.get('XI') ?? 0n, ledgerResult, unmapped };
}

const INCOME_LABELS = new Map<string, string>([...INCOME_LINES, ...INCOME_TOTALS].map((l) => [l.ref, l.label]));
const INCOME_TOTAL_REFS = new Set(INCOME_TOTALS.map((t) => t.ref));

export function incomeStatementLines(current: IncomeResult, previous: IncomeResult): ReportLine[] {
  return INCOME_ORDER.map((ref) => {
    const isTotal = INCOME_TOTAL_REFS.has(ref);
    const line: ReportLine = {
      ref,
      label: INCOME_LABELS.get(ref) ?? ref,
      kind: isTotal ? 'total' : 'detail',
      amounts: { current: money(current.values.get(ref) ?? 0n), previous: money(previous.values.get(ref) ?? 0n) },
    };
    if (!isTotal) line.accounts = mergeAccounts(current.accounts.get(ref), previous.accounts.get(ref), ['current', 'previous']);
    return line;
  });
}

export function incomeChecks(current: IncomeResult, previous: IncomeResult): ReportChecks {
  return { resultMatchesLedger: current.netResult === current.ledgerResult && previous.netResult === previous.ledgerResult };
}

/** One drill-down list from two columns' lists (accounts present in either, zeros filled in, ordered by code). */
function mergeAccounts(a: ReportLineAccount[] | undefined, b: ReportLineAccount[] | undefined, columns: string[]): ReportLineAccount[] {
  const merged = new Map<string, ReportLineAccount>();
  for (const item of [...(a ?? []), ...(b ?? [])]) {
    const existing = merged.get(item.accountCode) ?? { accountCode: item.accountCode, accountName: item.accountName, amounts: {} };
    for (const [k, v] of Object.entries(item.amounts)) existing.amounts[k] = money(toCents(existing.amounts[k] ?? '0') + toCents(v));
    merged.set(item.accountCode, existing);
  }
  return [...merged.values()]
    .map((item) => ({ ...item, amounts: Object.fromEntries(columns.map((c) => [c, item.amounts[c] ?? '0.00'])) }))
    .sort((x, y) => (x.accountCode < y.accountCode ? -1 : x.accountCode > y.accountCode ? 1 : 0));
}

// ─── Bilan ──────────────────────────────────────────────────────────────────

type Placement = { side: 'actif'; ref: string; part: 'gross' | 'depreciation' } | { side: 'passif'; ref: string };

/**
 * Where a balance-sheet account's closing balance goes. `mapped` is false when
 * the reference names no line for it (a creditor cash account, 585/588 left
 * open, 186–188, a code outside the chart): it then goes to a default line by
 * its side, so the Bilan still balances, and the screen lists it.
 */
export function balanceSheetPlacement(code: string, closing: bigint): Placement & { mapped: boolean } {
  for (const line of ASSET_LINES) {
    if (line.sum) continue;
    if (matches(code, line.gross, line.grossExcept) && sideAllows(line.balance, closing))
      return { side: 'actif', ref: line.ref, part: 'gross', mapped: true };
    if (matches(code, line.depreciation, line.depreciationExcept))
      return { side: 'actif', ref: line.ref, part: 'depreciation', mapped: true };
  }
  for (const line of LIABILITY_LINES) {
    if (line.sum) continue;
    if (matches(code, line.accounts, line.except) && sideAllows(line.balance, closing))
      return { side: 'passif', ref: line.ref, mapped: true };
  }
  // A parent account posted to directly ('21', '281'): the first line holding one of its sub-accounts.
  for (const line of ASSET_LINES) {
    if (line.sum) continue;
    if (line.gross?.some((p) => p.startsWith(code)) && sideAllows(line.balance, closing))
      return { side: 'actif', ref: line.ref, part: 'gross', mapped: true };
    if (line.depreciation?.some((p) => p.startsWith(code))) return { side: 'actif', ref: line.ref, part: 'depreciation', mapped: true };
  }
  if (code.startsWith('5'))
    return closing > 0n ? { side: 'actif', ref: 'BS', part: 'gross', mapped: false } : { side: 'passif', ref: 'DR', mapped: false };
  return closing > 0n ? { side: 'actif', ref: 'BJ', part: 'gross', mapped: false } : { side: 'passif', ref: 'DM', mapped: false };
}

interface BalanceSheetColumn {
  gross: Map<string, bigint>;
  depreciation: Map<string, bigint>;
  passif: Map<string, bigint>;
  accounts: Map<string, ReportLineAccount[]>;
  unmapped: string[];
  /** Σ (credit − debit) of the result accounts before the year: earlier results not yet allocated. */
  earlierResults: bigint;
  /** The account 13 balance at year end (credit − debit). */
  account13: bigint;
}

/** One year-end column: the year's totals (opening = balance at the start of the year) and its net result. */
function balanceSheetColumn(
  accounts: readonly AccountTotals[],
  netResult: bigint,
  keys: { gross: string; dep: string; net: string; passif: string },
) {
  const col: BalanceSheetColumn = {
    gross: new Map(),
    depreciation: new Map(),
    passif: new Map(),
    accounts: new Map(),
    unmapped: [],
    earlierResults: 0n,
    account13: 0n,
  };
  const add = (map: Map<string, bigint>, ref: string, v: bigint) => map.set(ref, (map.get(ref) ?? 0n) + v);
  const drill = (ref: string, item: ReportLineAccount) => {
    const list = col.accounts.get(ref) ?? [];
    list.push(item);
    col.accounts.set(ref, list);
  };
  for (const a of accounts) {
    if (isIncomeCode(a.code)) {
      col.earlierResults -= a.opening;
      continue;
    }
    const closing = closingOf(a);
    if (closing === 0n) continue;
    const place = balanceSheetPlacement(a.code, closing);
    if (!place.mapped) col.unmapped.push(a.code);
    if (place.side === 'actif') {
      const value = place.part === 'gross' ? closing : -closing;
      add(place.part === 'gross' ? col.gross : col.depreciation, place.ref, value);
      const amounts =
        place.part === 'gross'
          ? { [keys.gross]: money(value), [keys.dep]: '0.00', [keys.net]: money(value) }
          : { [keys.gross]: '0.00', [keys.dep]: money(value), [keys.net]: money(-value) };
      drill(place.ref, { accountCode: a.code, accountName: a.name, amounts });
    } else {
      add(col.passif, place.ref, -closing);
      if (a.code.startsWith('13')) col.account13 -= closing;
      drill(place.ref, { accountCode: a.code, accountName: a.name, amounts: { [keys.passif]: money(-closing) } });
    }
  }
  add(col.passif, 'CH', col.earlierResults);
  add(col.passif, 'CJ', netResult);
  return col;
}

function assetValues(col: BalanceSheetColumn) {
  const byRef = new Map(ASSET_LINES.map((l) => [l.ref, l]));
  // Totals may come before their parts (AD above AE…AH): resolved recursively.
  const value = (map: Map<string, bigint>, ref: string): bigint => {
    const line = byRef.get(ref);
    return line?.sum ? line.sum.reduce((s, r) => s + value(map, r), 0n) : (map.get(ref) ?? 0n);
  };
  const gross = new Map(ASSET_LINES.map((l) => [l.ref, value(col.gross, l.ref)]));
  const dep = new Map(ASSET_LINES.map((l) => [l.ref, value(col.depreciation, l.ref)]));
  return { gross, dep };
}

function liabilityValues(col: BalanceSheetColumn) {
  const values = new Map<string, bigint>();
  for (const line of LIABILITY_LINES) {
    values.set(line.ref, line.sum ? line.sum.reduce((s, r) => s + (values.get(r) ?? 0n), 0n) : (col.passif.get(line.ref) ?? 0n));
  }
  return values;
}

export interface BalanceSheetResult {
  actif: ReportLine[];
  passif: ReportLine[];
  checks: ReportChecks;
  unmapped: string[];
  totalAssets: bigint;
  totalLiabilities: bigint;
}

/**
 * The Bilan at the end of year N, with N−1's net column. `current`/`previous`
 * are each year's totals (opening = balance at the year's start), so the
 * closing balance is the year-end balance; the result accounts' balances
 * before the year are earlier results not yet allocated (in "Report à
 * nouveau"), the year's own result goes in CJ.
 */
export function balanceSheetOf(
  current: readonly AccountTotals[],
  previous: readonly AccountTotals[],
  netResult: { current: bigint; previous: bigint },
): BalanceSheetResult {
  const n = balanceSheetColumn(current, netResult.current, { gross: 'gross', dep: 'depreciation', net: 'net', passif: 'current' });
  const p = balanceSheetColumn(previous, netResult.previous, {
    gross: 'previousGross',
    dep: 'previousDepreciation',
    net: 'previousNet',
    passif: 'previous',
  });
  const an = assetValues(n);
  const ap = assetValues(p);
  const ln = liabilityValues(n);
  const lp = liabilityValues(p);

  const actif: ReportLine[] = ASSET_LINES.map((line) => {
    const gross = an.gross.get(line.ref) ?? 0n;
    const dep = an.dep.get(line.ref) ?? 0n;
    const out: ReportLine = {
      ref: line.ref,
      label: line.label,
      kind: line.sum ? 'total' : 'detail',
      amounts: {
        gross: money(gross),
        depreciation: money(dep),
        net: money(gross - dep),
        previousNet: money((ap.gross.get(line.ref) ?? 0n) - (ap.dep.get(line.ref) ?? 0n)),
      },
    };
    if (!line.sum) {
      out.accounts = mergeAccounts(n.accounts.get(line.ref), p.accounts.get(line.ref), ['gross', 'depreciation', 'net', 'previousNet']);
    }
    return out;
  });
  const passif: ReportLine[] = LIABILITY_LINES.map((line) => {
    const out: ReportLine = {
      ref: line.ref,
      label: line.label,
      kind: line.sum ? 'total' : 'detail',
      amounts: { current: money(ln.get(line.ref) ?? 0n), previous: money(lp.get(line.ref) ?? 0n) },
    };
    if (!line.sum) out.accounts = mergeAccounts(n.accounts.get(line.ref), p.accounts.get(line.ref), ['current', 'previous']);
    return out;
  });

  const net = (a: ReturnType<typeof assetValues>, ref: string) => (a.gross.get(ref) ?? 0n) - (a.dep.get(ref) ?? 0n);
  const totalAssets = net(an, 'BZ');
  const totalLiabilities = ln.get('DZ') ?? 0n;
  // The result the Bilan implies: what CJ must hold for actif = passif, less the 13 balance.
  const impliedResult = totalAssets - (totalLiabilities - (ln.get('CJ') ?? 0n)) - n.account13;
  return {
    actif,
    passif,
    checks: {
      assetsEqualLiabilities: totalAssets === totalLiabilities,
      previousAssetsEqualLiabilities: net(ap, 'BZ') === (lp.get('DZ') ?? 0n),
      resultMatchesIncomeStatement: impliedResult === netResult.current,
    },
    unmapped: [...new Set([...n.unmapped, ...p.unmapped])].sort(),
    totalAssets,
    totalLiabilities,
  };
}

// ─── Tableau des flux de trésorerie ─────────────────────────────────────────

/**
 * The flow line of an account's movement over the year. Every non-treasury
 * account's movement (credit − debit: what it brought into the treasury)
 * lands on exactly one line, so the flows add up to the change in treasury
 * exactly (the ledger balances). The lines follow the reference: the CAFG
 * takes the result accounts less the calculated items (depreciation and
 * provisions, whose counterparts 28/29/39/49/59/19/15 are put beside them so
 * they cancel out) and less the disposals; working capital (FB–FE), then
 * investment, equity and borrowing flows by account.
 *
 * `side` is the movement's direction: a few accounts split by it (28:
 * depreciation charged vs. written off on disposal; 16: new borrowing vs.
 * repayment; 27: loans granted vs. repaid; 465 and 4619).
 */
export function cashFlowLineOf(code: string, side: 'debit' | 'credit', closing: bigint): string {
  const p = (...prefixes: string[]) => prefixes.some((x) => code.startsWith(x));
  const workingCapital = () => (closing > 0n ? 'FD' : 'FE');
  switch (code[0]) {
    case '6':
    case '7':
    case '8':
      if (p('654', '812', '81')) return p('811') ? 'FF' : p('816') ? 'FH' : 'FG';
      if (p('754', '821', '822')) return 'FI';
      if (p('826')) return 'FJ';
      if (p('82')) return 'FI';
      if (p('799')) return 'FL';
      return 'FA';
    case '1':
      if (p('106')) return 'FG';
      if (p('14')) return 'FL';
      if (p('15', '19')) return 'FA';
      if (p('16')) return side === 'debit' ? 'FQ' : p('161', '162', '1661', '1662') ? 'FO' : 'FP';
      if (p('17')) return 'FG';
      if (p('181', '182', '183')) return side === 'debit' ? 'FQ' : 'FP';
      if (p('184')) return 'FP';
      if (p('185', '186', '187', '188')) return workingCapital();
      return 'FK';
    case '2':
      if (p('28')) return side === 'credit' ? 'FA' : p('281') ? 'FF' : 'FG';
      if (p('29')) return 'FA';
      if (p('20', '21', '251')) return 'FF';
      if (p('26')) return 'FH';
      if (p('27')) return side === 'debit' ? 'FH' : 'FJ';
      return 'FG';
    case '3':
      return p('39') ? 'FA' : 'FC';
    case '4':
      if (p('404', '481', '482')) return 'FG';
      if (p('465')) return side === 'debit' ? 'FN' : 'FK';
      if (p('4619')) return side === 'debit' ? 'FM' : 'FK';
      if (p('461', '467')) return 'FK';
      if (p('4494', '4582')) return 'FL';
      if (p('4856')) return 'FJ';
      if (p('485', '414')) return 'FI';
      if (p('488')) return 'FB';
      if (p('49')) return 'FA';
      if (p('409')) return 'FD';
      if (p('419')) return 'FE';
      if (p('41')) return 'FD';
      if (p('40')) return 'FE';
      return workingCapital();
    case '5':
      return p('59') ? 'FA' : workingCapital();
    default:
      return 'FA';
  }
}

export interface CashFlowResult {
  values: Map<string, bigint>;
  accounts: Map<string, ReportLineAccount[]>;
  opening: bigint;
  closing: bigint;
  /** Σ debit − credit of the treasury accounts at year end (the dashboard's definition). */
  treasuryAtEnd: bigint;
}

const FLOW_TOTALS: [string, string[]][] = [
  ['ZB', ['FA', 'FB', 'FC', 'FD', 'FE']],
  ['ZC', ['FF', 'FG', 'FH', 'FI', 'FJ']],
  ['ZD', ['FK', 'FL', 'FM', 'FN']],
  ['ZE', ['FO', 'FP', 'FQ']],
];

/** One year's flows from the year's totals. */
export function cashFlowOf(accounts: readonly AccountTotals[], column = 'current'): CashFlowResult {
  const values = new Map<string, bigint>();
  const byLine = new Map<string, Map<string, ReportLineAccount & { cents: bigint }>>();
  let opening = 0n;
  let treasuryAtEnd = 0n;
  const add = (ref: string, a: AccountTotals, cents: bigint) => {
    if (cents === 0n) return;
    values.set(ref, (values.get(ref) ?? 0n) + cents);
    const lines = byLine.get(ref) ?? new Map<string, ReportLineAccount & { cents: bigint }>();
    const item = lines.get(a.code) ?? { accountCode: a.code, accountName: a.name, amounts: {}, cents: 0n };
    item.cents += cents;
    item.amounts = { [column]: money(item.cents) };
    lines.set(a.code, item);
    byLine.set(ref, lines);
  };
  for (const a of accounts) {
    if (isTreasuryCode(a.code)) {
      opening += a.opening;
      treasuryAtEnd += closingOf(a);
      continue;
    }
    const closing = closingOf(a);
    const debitLine = cashFlowLineOf(a.code, 'debit', closing);
    const creditLine = cashFlowLineOf(a.code, 'credit', closing);
    if (debitLine === creditLine) add(debitLine, a, a.credit - a.debit);
    else {
      add(creditLine, a, a.credit);
      add(debitLine, a, -a.debit);
    }
  }
  const get = (ref: string) => values.get(ref) ?? 0n;
  values.set('BF', get('FB') + get('FC') + get('FD') + get('FE'));
  for (const [ref, parts] of FLOW_TOTALS)
    values.set(
      ref,
      parts.reduce((s, r) => s + get(r), 0n),
    );
  values.set('ZF', get('ZD') + get('ZE'));
  values.set('ZG', get('ZB') + get('ZC') + get('ZF'));
  values.set('ZA', opening);
  values.set('ZH', opening + get('ZG'));
  const drill = new Map([...byLine].map(([ref, m]) => [ref, [...m.values()].map(({ cents: _cents, ...rest }) => rest)]));
  return { values, accounts: drill, opening, closing: opening + get('ZG'), treasuryAtEnd };
}

export function cashFlowLines(current: CashFlowResult, previous: CashFlowResult): ReportLine[] {
  return CASH_FLOW_LAYOUT.map((line) => {
    const key = line.ref ?? (line.kind === 'total' ? 'BF' : null);
    if (line.kind === 'title' || !key) return { ref: line.ref, label: line.label, kind: 'title', amounts: {} };
    const out: ReportLine = {
      ref: line.ref,
      label: line.label,
      kind: line.kind,
      amounts: { current: money(current.values.get(key) ?? 0n), previous: money(previous.values.get(key) ?? 0n) },
    };
    if (line.kind === 'detail')
      out.accounts = mergeAccounts(current.accounts.get(key), previous.accounts.get(key), ['current', 'previous']);
    return out;
  });
}

export function cashFlowChecks(current: CashFlowResult, previous: CashFlowResult): ReportChecks {
  const flows = (r: CashFlowResult) =>
    ['FA', 'FB', 'FC', 'FD', 'FE', 'FF', 'FG', 'FH', 'FI', 'FJ', 'FK', 'FL', 'FM', 'FN', 'FO', 'FP', 'FQ'].reduce(
      (s, ref) => s + (r.values.get(ref) ?? 0n),
      0n,
    );
  return {
    flowsReconcile: [current, previous].every((r) => r.values.get('ZH') === r.opening + flows(r)),
    closingMatchesTreasury: [current, previous].every((r) => r.closing === r.treasuryAtEnd),
  };
}

// ─── Balance ────────────────────────────────────────────────────────────────

/** A signed balance on its side: [debit, credit]. */
export const sides = (balance: bigint): [bigint, bigint] => (balance >= 0n ? [balance, 0n] : [0n, -balance]);
