import { QueryTypes, type Sequelize } from 'sequelize';
import { toCents } from '@xaalis/domain';
import { addDays, addMonths, monthStart } from '../dashboard';
import type { AccountTotals } from './statements';

/**
 * Per-account totals over a date range, read from the monthly balances
 * (0008's account_balances) for the whole months of the range and everything
 * before it, and from the daily balances (0020's account_day_balances) only
 * for the days of the months the range cuts (its first and last month when it
 * does not start on the 1st or end on a month's last day). No line is read:
 * the cost is the number of accounts × months and days, whatever the number
 * of lines.
 */

export interface AccountPeriod extends AccountTotals {
  accountId: string;
  /** Posted lines of the account within the range. */
  lines: number;
}

interface Row {
  account_id: string;
  code: string;
  name: string;
  opening: string;
  debit: string;
  credit: string;
  lines: string;
}

/** The whole months of [from, to] as [start, endExclusive) of month starts, and the day ranges of lines to read. */
export function rangePlan(from: string, to: string) {
  const fromMonth = monthStart(from);
  const fullStart = from === fromMonth ? from : addMonths(fromMonth, 1);
  const fullEnd = monthStart(addDays(to, 1)); // exclusive: to + 1 day is a month start iff to ends its month
  const lineRanges: [string, string][] = []; // [start, endExclusive)
  if (fullStart < fullEnd) {
    if (fromMonth < fullStart) lineRanges.push([fromMonth, fullStart]);
    if (fullEnd <= to) lineRanges.push([fullEnd, addDays(to, 1)]);
    return { openingMonthsBefore: fromMonth, fullStart, fullEnd, lineRanges };
  }
  // No whole month inside: the lines from the start of from's month to the end.
  lineRanges.push([fromMonth, addDays(to, 1)]);
  return { openingMonthsBefore: fromMonth, fullStart: fromMonth, fullEnd: fromMonth, lineRanges };
}

/** Days between two dates 'YYYY-MM-DD' (b − a). */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/**
 * The reading plan of accountTotals: rangePlan's, but a range ending inside a month (its tail from
 * the month's 1st to `to`) reads that month's total from the monthly balances less the days after
 * `to` (sign −1) when they are fewer than the tail's: a Balance to date reads at most about half a
 * month of daily rows per account. Ranges (`lineRanges`: days of the cut months) are
 * [start, endExclusive), disjoint.
 */
export function totalsPlan(from: string, to: string) {
  const plan = rangePlan(from, to);
  const lineRanges: { start: string; end: string; sign: 1 | -1 }[] = plan.lineRanges.map(([start, end]) => ({ start, end, sign: 1 }));
  const from1st = from === plan.openingMonthsBefore;
  // The tail: a cut last month after whole months, or a range within one month from its 1st.
  const tailStart = plan.fullStart < plan.fullEnd || from1st ? plan.fullEnd : null;
  const next = addDays(to, 1);
  if (tailStart !== null && tailStart <= to) {
    const monthEnd = addMonths(tailStart, 1);
    if (daysBetween(next, monthEnd) < daysBetween(tailStart, next)) {
      const tail = lineRanges.findIndex((r) => r.start === tailStart && r.end === next);
      lineRanges.splice(tail, 1, { start: next, end: monthEnd, sign: -1 });
      return { ...plan, fullStart: plan.fullStart < plan.fullEnd ? plan.fullStart : tailStart, fullEnd: monthEnd, lineRanges };
    }
  }
  return { ...plan, lineRanges };
}

/**
 * Every account of the company (ordered by code) with its balance before
 * `from` (debit − credit), its debits, credits and line count over [from, to].
 * `accountIds` restricts it to some accounts (the Grand livre's range).
 *
 * The balances hold movements only (no carry-forward entry, migration 0021).
 * After a closed year, the balance before `from` starts from that year's AN
 * entry: the AN lines plus the movements from the next year's first day (the
 * cut) to `from`; what came before the cut (the closed years, whose results
 * the AN carried to 130) is not read. Without a closed year before `from`, it
 * is every movement before `from`.
 */
export async function accountTotals(
  sequelize: Sequelize,
  companyId: string,
  from: string,
  to: string,
  accountIds?: string[],
): Promise<AccountPeriod[]> {
  const plan = totalsPlan(from, to);
  const replacements: Record<string, unknown> = {
    companyId,
    from,
    openingBefore: plan.openingMonthsBefore,
    fullStart: plan.fullStart,
    fullEnd: plan.fullEnd,
    ids: accountIds ?? [],
  };
  const onlyIds = accountIds ? 'AND a.id IN (:ids)' : '';
  // Days of the cut months, from the daily balances (0020): posted lines only, at most a month of rows per account.
  const ranges = plan.lineRanges.map(({ start, end }, i) => {
    replacements[`r${i}s`] = start;
    replacements[`r${i}e`] = end;
    return `(d.day >= :r${i}s AND d.day < :r${i}e)`;
  });
  // +1 for a range of days to add, −1 for the days after `to` taken off their month's total.
  const subtracted = plan.lineRanges.flatMap((r, i) => (r.sign < 0 ? [ranges[i]] : []));
  const sign = subtracted.length ? `CASE WHEN ${subtracted.join(' OR ')} THEN -1 ELSE 1 END` : '1';
  const partial = ranges.length
    ? `, p AS (
        SELECT d.account_id,
               sum(${sign} * CASE WHEN d.day < :from THEN d.debit - d.credit ELSE 0 END) AS opening,
               sum(${sign} * CASE WHEN d.day >= :from THEN d.debit ELSE 0 END) AS debit,
               sum(${sign} * CASE WHEN d.day >= :from THEN d.credit ELSE 0 END) AS credit,
               sum(${sign} * CASE WHEN d.day >= :from THEN d.line_count ELSE 0 END) AS lines
          FROM accounting.account_day_balances AS d
         WHERE d.company_id = :companyId AND (${ranges.join(' OR ')}) ${accountIds ? 'AND d.account_id IN (:ids)' : ''}
         GROUP BY d.account_id)`
    : '';
  if (accountIds && accountIds.length === 0) return [];
  const [rows, carried] = await Promise.all([
    sequelize.query<Row>(
      `WITH m AS (
        SELECT b.account_id,
               sum(b.debit - b.credit) FILTER (WHERE b.month < :openingBefore) AS opening,
               sum(b.debit) FILTER (WHERE b.month >= :fullStart) AS debit,
               sum(b.credit) FILTER (WHERE b.month >= :fullStart) AS credit,
               sum(b.line_count) FILTER (WHERE b.month >= :fullStart) AS lines
          FROM accounting.account_balances AS b
         WHERE b.company_id = :companyId AND (b.month < :openingBefore OR (b.month >= :fullStart AND b.month < :fullEnd))
         GROUP BY b.account_id)${partial}
     SELECT a.id AS account_id, a.code, a.name,
            (coalesce(m.opening, 0) ${partial ? '+ coalesce(p.opening, 0)' : ''})::text AS opening,
            (coalesce(m.debit, 0) ${partial ? '+ coalesce(p.debit, 0)' : ''})::text AS debit,
            (coalesce(m.credit, 0) ${partial ? '+ coalesce(p.credit, 0)' : ''})::text AS credit,
            (coalesce(m.lines, 0) ${partial ? '+ coalesce(p.lines, 0)' : ''})::text AS lines
       FROM accounting.accounts AS a
       LEFT JOIN m ON m.account_id = a.id
       ${partial ? 'LEFT JOIN p ON p.account_id = a.id' : ''}
      WHERE a.company_id = :companyId ${onlyIds}
      ORDER BY a.code`,
      { type: QueryTypes.SELECT, replacements },
    ),
    carriedForward(sequelize, companyId, from, accountIds),
  ]);
  return rows.map((r) => ({
    accountId: r.account_id,
    code: r.code,
    name: r.name,
    opening: toCents(r.opening) + (carried.get(r.account_id) ?? 0n),
    debit: toCents(r.debit),
    credit: toCents(r.credit),
    lines: Number(r.lines),
  }));
}

/**
 * What the last fiscal year closed before `from` changes in the balances before
 * `from`, per account: + its AN entry's lines − every movement before the cut
 * (the AN's date, the next year's first day). Empty without such a year.
 */
async function carriedForward(sequelize: Sequelize, companyId: string, from: string, accountIds?: string[]): Promise<Map<string, bigint>> {
  const [year] = await sequelize.query<{ cut: string; opening_entry_id: string | null }>(
    `SELECT to_char(end_date + 1, 'YYYY-MM-DD') AS cut, opening_entry_id FROM accounting.fiscal_years
      WHERE company_id = :companyId AND status = 'closed' AND end_date < :from
      ORDER BY end_date DESC LIMIT 1`,
    { type: QueryTypes.SELECT, replacements: { companyId, from } },
  );
  if (!year) return new Map();
  const ids = (column: string) => (accountIds ? `AND ${column} IN (:ids)` : '');
  const rows = await sequelize.query<{ account_id: string; amount: string }>(
    `SELECT account_id, sum(amount)::text AS amount FROM (
        SELECT l.account_id, l.debit - l.credit AS amount FROM accounting.accounting_entry_lines AS l
         WHERE l.entry_id = :an AND l.company_id = :companyId ${ids('l.account_id')}
        UNION ALL
        SELECT b.account_id, b.credit - b.debit FROM accounting.account_balances AS b
         WHERE b.company_id = :companyId AND b.month < :cutMonth ${ids('b.account_id')}
        UNION ALL
        SELECT d.account_id, d.credit - d.debit FROM accounting.account_day_balances AS d
         WHERE d.company_id = :companyId AND d.day >= :cutMonth AND d.day < :cut ${ids('d.account_id')}
      ) AS x
      GROUP BY account_id`,
    {
      type: QueryTypes.SELECT,
      replacements: { companyId, an: year.opening_entry_id, cut: year.cut, cutMonth: monthStart(year.cut), ids: accountIds ?? [] },
    },
  );
  return new Map(rows.map((r) => [r.account_id, toCents(r.amount)]));
}

/** First and last month holding posted lines, or null when the ledger is empty. */
export async function postedMonths(sequelize: Sequelize, companyId: string): Promise<{ first: string; last: string } | null> {
  const [row] = await sequelize.query<{ first: string | null; last: string | null }>(
    `SELECT min(month)::text AS first, max(month)::text AS last FROM accounting.account_balances WHERE company_id = :companyId`,
    { type: QueryTypes.SELECT, replacements: { companyId } },
  );
  return row.first && row.last ? { first: row.first, last: row.last } : null;
}
