import { type GeneralLedger, type GeneralLedgerAccount, type GeneralLedgerRow } from '@xaalis/contracts';
import { add, sub } from '@xaalis/domain';

/** One account's lines on a page of the Grand livre. */
export interface LedgerGroup {
  account: GeneralLedgerAccount;
  rows: GeneralLedgerRow[];
  /** The account's lines began on an earlier page: its heading carries the balance brought forward. */
  carried: boolean;
  /** The balance before the group's first line (the opening balance when the account starts on this page). */
  balanceBefore: string;
  /** The account's last line is on this page (or it has none): its totals follow. */
  ends: boolean;
}

function balanceBefore(row: GeneralLedgerRow): string {
  try {
    return add(sub(row.balance, row.debit), row.credit);
  } catch {
    return row.balance;
  }
}

/**
 * The page's lines grouped by account. The server lists every account of the
 * range with its line count, in the order of the lines (by code): an account's
 * place in the whole ledger tells whether it began on an earlier page, ends on
 * this one, and where an account with an opening balance but no line shows
 * (once, on the page where its place falls).
 */
export function ledgerGroups(ledger: GeneralLedger): LedgerGroup[] {
  const byCode = new Map<string, GeneralLedgerRow[]>();
  for (const row of ledger.rows) byCode.set(row.accountCode, [...(byCode.get(row.accountCode) ?? []), row]);
  const listed = new Set(ledger.accounts.map((a) => a.accountCode));
  if (ledger.rows.some((r) => !listed.has(r.accountCode))) return groupsByRows(ledger);

  const first = (ledger.page - 1) * ledger.pageSize;
  const end = first + ledger.rows.length;
  const lastPage = ledger.page * ledger.pageSize >= ledger.total;
  const groups: LedgerGroup[] = [];
  let start = 0;
  for (const account of ledger.accounts) {
    const count = account.lineCount;
    const rows = byCode.get(account.accountCode) ?? [];
    if (count === 0) {
      if ((start >= first && start < end) || (lastPage && start === end))
        groups.push({ account, rows: [], carried: false, balanceBefore: account.openingBalance, ends: true });
    } else if (rows.length > 0) {
      const carried = start < first;
      groups.push({
        account,
        rows,
        carried,
        balanceBefore: carried ? balanceBefore(rows[0]) : account.openingBalance,
        ends: start + count <= end,
      });
    }
    start += count;
  }
  return groups;
}

/** Without the accounts' places: consecutive lines of an account form a group; only the page's edges may continue. */
function groupsByRows(ledger: GeneralLedger): LedgerGroup[] {
  const accounts = new Map(ledger.accounts.map((a) => [a.accountCode, a]));
  const groups: LedgerGroup[] = [];
  for (const row of ledger.rows) {
    const last = groups.at(-1);
    if (last && last.account.accountCode === row.accountCode) {
      last.rows.push(row);
      continue;
    }
    const account = accounts.get(row.accountCode) ?? {
      accountCode: row.accountCode,
      accountName: '',
      openingBalance: balanceBefore(row),
      periodDebit: '0.00',
      periodCredit: '0.00',
      closingBalance: row.balance,
      lineCount: 0,
    };
    const carried = groups.length === 0 && ledger.page > 1;
    groups.push({ account, rows: [row], carried, balanceBefore: carried ? balanceBefore(row) : account.openingBalance, ends: true });
  }
  const tail = groups.at(-1);
  if (tail && ledger.page * ledger.pageSize < ledger.total) tail.ends = false;
  return groups;
}
