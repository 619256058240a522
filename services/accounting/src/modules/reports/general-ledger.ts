import { QueryTypes, type Sequelize } from 'sequelize';
import {
  PAYROLL_MASKED_LABEL,
  inAccountRange,
  type GeneralLedger,
  type GeneralLedgerAccount,
  type GeneralLedgerRow,
} from '@xaalis/contracts';
import { fromCents, toCents } from '@xaalis/domain';
import { addDays } from '../dashboard';
import { payrollEntrySql } from '../entries';
import { carryForwardIds, notCarriedForward } from '../posting';
import { accountTotals, rangePlan, type AccountPeriod } from './totals';

/**
 * The Grand livre: the posted lines of a range of accounts over a period, by
 * account code, then date, entry number and line, each with the account's
 * running balance. Per-account counts and balances come from the monthly
 * balances, so a page only reads its own lines: the accounts before the page
 * are skipped by their counts, and within an account the running balance is
 * a window sum streamed up to the page (index order on (company, account, date)).
 */

interface LineRow {
  entry_id: string;
  number: string;
  journal: string;
  date: string;
  description: string;
  reference: string | null;
  debit: string;
  credit: string;
  running: string;
}

const toRow = (accountCode: string, r: Omit<LineRow, 'running'>, balance: bigint): GeneralLedgerRow => ({
  accountCode,
  entryId: r.entry_id,
  entryNumber: r.number,
  journal: r.journal,
  date: r.date,
  description: r.description,
  reference: r.reference,
  debit: r.debit,
  credit: r.credit,
  balance: fromCents(balance),
});

type BatchRow = Omit<LineRow, 'running'> & { line_no: number };

export interface LedgerRange {
  from: string;
  to: string;
  accountFrom?: string;
  accountTo?: string;
  /**
   * For a role without `payroll`: the lines of payroll entries keep their amounts (the balances
   * stay right) but not their labels, which name the employee (PAYROLL_MASKED_LABEL instead).
   */
  maskPayroll?: boolean;
}

/** The line's label, masked for payroll entries when the range asks for it (replacements maskPayroll, payrollLabel). */
const LINE_LABEL = `CASE WHEN :maskPayroll AND ${payrollEntrySql('e')} THEN :payrollLabel ELSE l.description END`;
const labelReplacements = (range: LedgerRange) => ({ maskPayroll: range.maskPayroll ?? false, payrollLabel: PAYROLL_MASKED_LABEL });

/** The accounts of the range that have a balance or lines in the period, with their totals. */
export async function ledgerAccounts(sequelize: Sequelize, companyId: string, range: LedgerRange): Promise<AccountPeriod[]> {
  const ids = await sequelize.query<{ id: string; code: string }>(
    `SELECT id, code FROM accounting.accounts WHERE company_id = :companyId ${range.accountFrom ? 'AND code >= :accountFrom' : ''} ORDER BY code`,
    { type: QueryTypes.SELECT, replacements: { companyId, accountFrom: range.accountFrom ?? '' } },
  );
  const inRange = ids.filter((a) => inAccountRange(a.code, range.accountFrom, range.accountTo)).map((a) => a.id);
  const totals = await accountTotals(sequelize, companyId, range.from, range.to, inRange);
  return totals.filter((a) => a.lines > 0 || a.opening !== 0n);
}

export const ledgerHeading = (a: AccountPeriod): GeneralLedgerAccount => ({
  accountCode: a.code,
  accountName: a.name,
  openingBalance: fromCents(a.opening),
  periodDebit: fromCents(a.debit),
  periodCredit: fromCents(a.credit),
  closingBalance: fromCents(a.opening + a.debit - a.credit),
  lineCount: a.lines,
});

/**
 * Where the `offset`-th line of an account's period starts: the first day of
 * the month (or of the period's cut head or tail) that holds it, how many
 * lines come before that day, and their net. Whole months are read from the
 * monthly balances, so a deep page only scans its own month's lines.
 */
async function pageStart(sequelize: Sequelize, companyId: string, account: AccountPeriod, range: LedgerRange, offset: number) {
  const start = { date: range.from, before: 0, net: 0n };
  const plan = rangePlan(range.from, range.to);
  if (offset === 0) return start;
  if (plan.fullStart >= plan.fullEnd) return dayStart(sequelize, companyId, account.accountId, start, range.to, offset);
  const segments: { date: string; lines: number; net: bigint }[] = [];
  const cut = async (from: string, to: string) => {
    const [t] = await accountTotals(sequelize, companyId, from, to, [account.accountId]);
    segments.push({ date: from, lines: t.lines, net: t.debit - t.credit });
  };
  if (range.from < plan.fullStart) await cut(range.from, addDays(plan.fullStart, -1));
  const months = await sequelize.query<{ month: string; net: string; lines: number }>(
    `SELECT month::text AS month, (debit - credit)::text AS net, line_count AS lines FROM accounting.account_balances
      WHERE company_id = :companyId AND account_id = :accountId AND month >= :fullStart AND month < :fullEnd ORDER BY month`,
    {
      type: QueryTypes.SELECT,
      replacements: { companyId, accountId: account.accountId, fullStart: plan.fullStart, fullEnd: plan.fullEnd },
    },
  );
  segments.push(...months.map((m) => ({ date: m.month, lines: m.lines, net: toCents(m.net) })));
  if (plan.fullEnd <= range.to) await cut(plan.fullEnd, range.to);
  for (const [i, segment] of segments.entries()) {
    if (start.before + segment.lines > offset) {
      const end = i + 1 < segments.length ? addDays(segments[i + 1].date, -1) : range.to;
      return dayStart(sequelize, companyId, account.accountId, { ...start, date: segment.date }, end, offset);
    }
    start.before += segment.lines;
    start.net += segment.net;
  }
  return start;
}

/**
 * Within a month, the day holding the `offset`-th line: per-day counts and
 * sums from the (company, account, date) index alone, less the drafts' lines.
 */
async function dayStart(
  sequelize: Sequelize,
  companyId: string,
  accountId: string,
  start: { date: string; before: number; net: bigint },
  end: string,
  offset: number,
) {
  const days = await sequelize.query<{ day: string; lines: string; net: string }>(
    `SELECT day::text AS day, sum(lines)::text AS lines, sum(net)::text AS net FROM (
       SELECT l.entry_date AS day, count(*) AS lines, sum(l.debit - l.credit) AS net
         FROM accounting.accounting_entry_lines AS l
        WHERE l.company_id = :companyId AND l.account_id = :accountId AND l.entry_date >= :start AND l.entry_date <= :end
        GROUP BY 1
       UNION ALL
       SELECT l.entry_date, -count(*), -sum(l.debit - l.credit)
         FROM accounting.accounting_entries AS e
         JOIN accounting.accounting_entry_lines AS l ON l.entry_id = e.id
        WHERE e.company_id = :companyId AND e.status = 'draft' AND l.account_id = :accountId AND l.entry_date >= :start AND l.entry_date <= :end
        GROUP BY 1
       UNION ALL
       SELECT l.entry_date, -count(*), -sum(l.debit - l.credit)
         FROM accounting.accounting_entries AS e
         JOIN accounting.accounting_entry_lines AS l ON l.entry_id = e.id
        WHERE e.id IN (${carryForwardIds(':companyId')}) AND e.status <> 'draft'
          AND l.account_id = :accountId AND l.entry_date >= :start AND l.entry_date <= :end
        GROUP BY 1
     ) AS x GROUP BY day ORDER BY day`,
    { type: QueryTypes.SELECT, replacements: { companyId, accountId, start: start.date, end } },
  );
  const at = { ...start };
  for (const d of days) {
    const lines = Number(d.lines);
    if (at.before + lines > offset) return { ...at, date: d.day };
    at.before += lines;
    at.net += toCents(d.net);
  }
  return at;
}

/** `limit` lines of one account from the `offset`-th, with running balances from its opening balance. */
async function accountLines(
  sequelize: Sequelize,
  companyId: string,
  account: AccountPeriod,
  range: LedgerRange,
  offset: number,
  limit: number,
): Promise<GeneralLedgerRow[]> {
  const start = await pageStart(sequelize, companyId, account, range, offset);
  const rows = await sequelize.query<LineRow>(
    `SELECT entry_id, number, journal, date, description, reference, debit, credit, running::text AS running FROM (
       SELECT l.entry_id, e.number, e.journal, l.entry_date::text AS date, ${LINE_LABEL} AS description, e.reference, l.debit, l.credit, l.line_no,
              sum(l.debit - l.credit) OVER (ORDER BY l.entry_date, e.number, l.line_no ROWS UNBOUNDED PRECEDING) AS running
         FROM accounting.accounting_entry_lines AS l
         JOIN accounting.accounting_entries AS e ON e.id = l.entry_id
        WHERE l.company_id = :companyId AND l.account_id = :accountId AND l.entry_date >= :from AND l.entry_date <= :to
          AND e.status <> 'draft' AND ${notCarriedForward('e', ':companyId')}
        ORDER BY l.entry_date, e.number, l.line_no
     ) AS x
     OFFSET :offset LIMIT :limit`,
    {
      type: QueryTypes.SELECT,
      replacements: {
        companyId,
        accountId: account.accountId,
        from: start.date,
        to: range.to,
        offset: offset - start.before,
        limit,
        ...labelReplacements(range),
      },
    },
  );
  return rows.map((r) => toRow(account.code, r, account.opening + start.net + toCents(r.running)));
}

export async function generalLedgerPage(
  sequelize: Sequelize,
  companyId: string,
  range: LedgerRange,
  page: number,
  pageSize: number,
): Promise<GeneralLedger> {
  const accounts = await ledgerAccounts(sequelize, companyId, range);
  const total = accounts.reduce((s, a) => s + a.lines, 0);
  const rows: GeneralLedgerRow[] = [];
  let skip = (page - 1) * pageSize;
  for (const account of accounts) {
    if (rows.length >= pageSize) break;
    if (skip >= account.lines) {
      skip -= account.lines;
      continue;
    }
    rows.push(...(await accountLines(sequelize, companyId, account, range, skip, pageSize - rows.length)));
    skip = 0;
  }
  return {
    from: range.from,
    to: range.to,
    accountFrom: range.accountFrom ?? null,
    accountTo: range.accountTo ?? null,
    page,
    pageSize,
    total,
    accounts: accounts.map(ledgerHeading),
    rows,
  };
}

/**
 * Every line of the range, for an export: per account, in batches located
 * by keyset (date, number, line) rather than by offset, so a long account
 * costs one pass.
 */
export async function* allLedgerRows(
  sequelize: Sequelize,
  companyId: string,
  range: LedgerRange,
  accounts: AccountPeriod[],
  batch = 5000,
): AsyncGenerator<GeneralLedgerRow> {
  for (const account of accounts) {
    let running = account.opening;
    let after: { date: string; number: string; lineNo: number } | null = null;
    for (;;) {
      const rows: BatchRow[] = await sequelize.query<BatchRow>(
        `SELECT l.entry_id, e.number, e.journal, l.entry_date::text AS date, ${LINE_LABEL} AS description, e.reference, l.debit, l.credit, l.line_no
           FROM accounting.accounting_entry_lines AS l
           JOIN accounting.accounting_entries AS e ON e.id = l.entry_id
          WHERE l.company_id = :companyId AND l.account_id = :accountId AND l.entry_date >= :start AND l.entry_date <= :to
            AND e.status <> 'draft' AND ${notCarriedForward('e', ':companyId')}
            ${after ? 'AND (l.entry_date, e.number, l.line_no) > (:afterDate, :afterNumber, :afterLine)' : ''}
          ORDER BY l.entry_date, e.number, l.line_no
          LIMIT :batch`,
        {
          type: QueryTypes.SELECT,
          replacements: {
            companyId,
            accountId: account.accountId,
            start: after ? after.date : range.from,
            to: range.to,
            afterDate: after?.date ?? null,
            afterNumber: after?.number ?? null,
            afterLine: after?.lineNo ?? null,
            batch,
            ...labelReplacements(range),
          },
        },
      );
      for (const r of rows) {
        running += toCents(r.debit) - toCents(r.credit);
        yield toRow(account.code, r, running);
      }
      if (rows.length < batch) break;
      const last = rows[rows.length - 1];
      after = { date: last.date, number: last.number, lineNo: last.line_no };
    }
  }
}
