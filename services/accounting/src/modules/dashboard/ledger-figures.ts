import { QueryTypes, type Sequelize } from 'sequelize';
import { PAYROLL_MASKED_LABEL, type TreasuryAccountKind } from '@xaalis/contracts';
import { neg, sub, sum } from '@xaalis/domain';
import { payrollEntrySql } from '../entries';
import { carryForwardIds, notCarriedForward } from '../posting';

/**
 * The figures of the dashboard and the treasury screen, read from the ledger
 * (the single source of truth, DESIGN.md §6) with aggregate SQL: every sum is
 * computed by Postgres in `numeric` and comes back as a decimal string; the
 * service never adds amounts in JavaScript floats.
 *
 * Which lines count
 *   Lines of validated and cancelled entries (and of their reversals, which
 *   are validated entries): a cancellation is a reversal dated the day it was
 *   made, so the ledger nets the cancelled entry out from that day on, and a
 *   report over a period shows both movements. Drafts are not in the ledger.
 *
 * Which accounts are "treasury"
 *   Class 5 (trésorerie), except 58 (régies d'avances, accréditifs et virements
 *   internes: money in transit between two of the company's own treasury
 *   accounts) and 59 (dépréciations et provisions). So 50 titres de placement,
 *   51 valeurs à encaisser (513 chèques), 52 banques, 53 établissements
 *   financiers, 54 instruments de trésorerie, 55 monnaie électronique (552
 *   Orange Money), 56 crédits de trésorerie (a credit balance: it lowers the
 *   net treasury) and 57 caisse. Balance = debit − credit.
 *
 * Cash movements are netted per entry: an entry that moves money between two
 * treasury accounts (D 571 caisse / C 521 banque) is neither an inflow nor an
 * outflow, and an entry that touches treasury accounts on both sides counts
 * once, by its net amount.
 *
 * How the SQL is shaped
 *   The accounts of each kind are resolved first (one small query on the
 *   company's chart) and the figures then filter lines by `account_id =
 *   ANY($ids)`: the planner estimates those from the column's statistics
 *   (lines concentrate on a few accounts: 521, 4111, 706…), where a join on
 *   `code LIKE …` would be estimated as an average account and planned badly.
 *   Lines are read from accounting_entry_lines_account_amounts_idx (company,
 *   account → entry, debit, credit: index-only), entries from
 *   accounting_entries_list_idx (company, date → id, status: index-only).
 *   Balances over the whole history are the sum of every line of the accounts
 *   less the lines outside the ledger at that date (drafts and entries dated
 *   later, found by index, normally few), so they need no join with the
 *   entries; figures over a period join the entries of that period.
 */

/** Predicates on an account code: the kinds read here. */
export const isTreasuryCode = (code: string) => code.startsWith('5') && !code.startsWith('58') && !code.startsWith('59');
/** Class 70: ventes (chiffre d'affaires), credit − debit. */
export const isRevenueCode = (code: string) => code.startsWith('70');
/** 411 clients (4111…), debit − credit. */
export const isReceivableCode = (code: string) => code.startsWith('411');
/** 401 fournisseurs (4011…), credit − debit. */
export const isPayableCode = (code: string) => code.startsWith('401');

/**
 * Entries that count in the figures (alias `e`, the company as $1): posted, and
 * not a carry-forward entry of a closing (it restates balances already counted).
 */
export const IN_LEDGER = `e.status <> 'draft' AND ${notCarriedForward('e', '$1')}`;

/** The treasury screen's kind of an account, by code: 52 banques, 57 caisse, 552 mobile money, 513/514 chèques. */
export function treasuryKind(code: string): TreasuryAccountKind {
  if (code.startsWith('52')) return 'bank';
  if (code.startsWith('57')) return 'cash';
  if (code.startsWith('552')) return 'mobile';
  if (code.startsWith('513') || code.startsWith('514')) return 'cheque';
  return 'other';
}

export interface ChartAccount {
  id: string;
  code: string;
  name: string;
}

export interface AccountSets {
  treasury: ChartAccount[];
  revenue: ChartAccount[];
  receivable: ChartAccount[];
  payable: ChartAccount[];
}

const ids = (accounts: ChartAccount[]) => accounts.map((a) => a.id);

/** The company's accounts of each kind read by the reports (by code, in code order). */
export async function accountSets(sequelize: Sequelize, companyId: string): Promise<AccountSets> {
  const rows = await sequelize.query<ChartAccount>(
    `SELECT id, code, name FROM accounting.accounts
      WHERE company_id = $1 AND (code LIKE '5%' OR code LIKE '70%' OR code LIKE '411%' OR code LIKE '401%')
      ORDER BY code`,
    { bind: [companyId], type: QueryTypes.SELECT },
  );
  return {
    treasury: rows.filter((a) => isTreasuryCode(a.code)),
    revenue: rows.filter((a) => isRevenueCode(a.code)),
    receivable: rows.filter((a) => isReceivableCode(a.code)),
    payable: rows.filter((a) => isPayableCode(a.code)),
  };
}

export interface AccountBalance {
  accountId: string;
  /** debit − credit, two decimals. */
  balance: string;
  /** Ledger lines on the account up to the date (0: never moved). */
  lines: number;
}

/**
 * The balance (debit − credit) of each account at the end of `date`: all its
 * lines less those of drafts, of entries dated after `date` and of the
 * carry-forward entries (each set found by index).
 */
export async function balancesAt(sequelize: Sequelize, companyId: string, accountIds: string[], date: string): Promise<AccountBalance[]> {
  if (!accountIds.length) return [];
  return sequelize.query<AccountBalance>(
    `WITH b AS (
       SELECT l.account_id, sum(l.debit - l.credit) AS balance, count(*) AS n
         FROM accounting.accounting_entry_lines l
        WHERE l.company_id = $1 AND l.account_id = ANY($2::uuid[])
        GROUP BY l.account_id
       UNION ALL
       SELECT l.account_id, -sum(l.debit - l.credit), -count(*)
         FROM accounting.accounting_entries e
         JOIN accounting.accounting_entry_lines l ON l.entry_id = e.id
        WHERE e.company_id = $1 AND (e.status = 'draft' OR e.date > $3::date) AND l.account_id = ANY($2::uuid[])
        GROUP BY l.account_id
       UNION ALL
       SELECT l.account_id, -sum(l.debit - l.credit), -count(*)
         FROM accounting.accounting_entries e
         JOIN accounting.accounting_entry_lines l ON l.entry_id = e.id
        WHERE e.id IN (${carryForwardIds('$1')}) AND e.status <> 'draft' AND e.date <= $3::date AND l.account_id = ANY($2::uuid[])
        GROUP BY l.account_id
     )
     SELECT account_id AS "accountId", round(sum(balance), 2)::text AS balance, sum(n)::int AS lines
       FROM b GROUP BY account_id`,
    { bind: [companyId, accountIds, date], type: QueryTypes.SELECT },
  );
}

/** Σ(debit − credit) of the lines of `accountIds` in the ledger's entries dated in [from, to]. */
export async function movementBetween(
  sequelize: Sequelize,
  companyId: string,
  accountIds: string[],
  from: string,
  to: string,
): Promise<string> {
  if (!accountIds.length) return '0.00';
  const [row] = await sequelize.query<{ net: string }>(
    `SELECT round(coalesce(sum(l.debit - l.credit), 0), 2)::text AS net
       FROM accounting.accounting_entries e
       JOIN accounting.accounting_entry_lines l ON l.entry_id = e.id
      WHERE e.company_id = $1 AND ${IN_LEDGER} AND e.date BETWEEN $3::date AND $4::date
        AND l.company_id = $1 AND l.account_id = ANY($2::uuid[])`,
    { bind: [companyId, accountIds, from, to], type: QueryTypes.SELECT },
  );
  return row.net;
}

/**
 * Revenue (credit − debit) of `accountIds` per account over two periods at
 * once, [currentFrom, currentTo] and [previousFrom, previousTo] (either may be
 * empty), in one pass over the entries of their span.
 */
export async function revenueByAccount(
  sequelize: Sequelize,
  companyId: string,
  accountIds: string[],
  p: { currentFrom: string; currentTo: string; previousFrom: string; previousTo: string },
): Promise<{ accountId: string; current: string; previous: string }[]> {
  if (!accountIds.length) return [];
  return sequelize.query<{ accountId: string; current: string; previous: string }>(
    `SELECT l.account_id AS "accountId",
            round(coalesce(sum(l.credit - l.debit) FILTER (WHERE e.date BETWEEN $3::date AND $4::date), 0), 2)::text AS current,
            round(coalesce(sum(l.credit - l.debit) FILTER (WHERE e.date BETWEEN $5::date AND $6::date), 0), 2)::text AS previous
       FROM accounting.accounting_entry_lines l
       JOIN accounting.accounting_entries e ON e.id = l.entry_id
      WHERE l.company_id = $1 AND l.account_id = ANY($2::uuid[])
        AND e.company_id = $1 AND ${IN_LEDGER} AND e.date BETWEEN least($3::date, $5::date) AND greatest($4::date, $6::date)
        AND (e.date BETWEEN $3::date AND $4::date OR e.date BETWEEN $5::date AND $6::date)
      GROUP BY l.account_id`,
    { bind: [companyId, accountIds, p.currentFrom, p.currentTo, p.previousFrom, p.previousTo], type: QueryTypes.SELECT },
  );
}

export interface LedgerTotals {
  revenue: string;
  revenuePrevious: string;
  treasury: string;
  treasuryPrevious: string;
  receivables: string;
  payables: string;
}

/**
 * The dashboard's balances: revenue over [fyStart, today] and over
 * [prevStart, prevEnd]; treasury, receivables and payables at today; treasury
 * at `treasuryBefore` (today's less the movements since). Three statements,
 * run concurrently on the pool.
 */
export async function ledgerTotals(
  sequelize: Sequelize,
  companyId: string,
  sets: AccountSets,
  p: { today: string; fyStart: string; prevStart: string; prevEnd: string; treasuryBefore: string },
): Promise<LedgerTotals> {
  const [balances, revenue, sinceBefore] = await Promise.all([
    balancesAt(sequelize, companyId, [...ids(sets.treasury), ...ids(sets.receivable), ...ids(sets.payable)], p.today),
    revenueByAccount(sequelize, companyId, ids(sets.revenue), {
      currentFrom: p.fyStart,
      currentTo: p.today,
      previousFrom: p.prevStart,
      previousTo: p.prevEnd,
    }),
    movementBetween(sequelize, companyId, ids(sets.treasury), addOneDay(p.treasuryBefore), p.today),
  ]);
  const byId = new Map(balances.map((b) => [b.accountId, b.balance]));
  const total = (accounts: ChartAccount[]) => sum(accounts.map((a) => byId.get(a.id) ?? '0'));
  const treasury = total(sets.treasury);
  return {
    revenue: sum(revenue.map((r) => r.current)),
    revenuePrevious: sum(revenue.map((r) => r.previous)),
    treasury,
    treasuryPrevious: sub(treasury, sinceBefore),
    receivables: total(sets.receivable),
    payables: neg(total(sets.payable)),
  };
}

const addOneDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export interface TreasuryMovement {
  id: string;
  date: string;
  description: string;
  /** Net of the entry's treasury lines: > 0 money in, < 0 money out. */
  net: string;
}

/**
 * The latest entries (date, then number, descending) that move money, up to
 * `today`: walks the entries newest first along their list index and stops
 * after `limit` hits, each entry netting its own treasury lines (a transfer
 * between two treasury accounts nets to zero and is skipped).
 */
export async function latestTreasuryMovements(
  sequelize: Sequelize,
  companyId: string,
  treasuryIds: string[],
  today: string,
  limit: number,
  maskPayroll: boolean,
): Promise<TreasuryMovement[]> {
  if (!treasuryIds.length) return [];
  // A payslip's payment names the employee and their net pay: a role without `payroll` sees the
  // movement (treasury must add up) under a masked label.
  const description = maskPayroll ? `CASE WHEN ${payrollEntrySql('e')} THEN $5 ELSE e.description END` : 'e.description';
  return sequelize.query<TreasuryMovement>(
    `SELECT e.id, e.date::text AS date, ${description} AS description, round(t.net, 2)::text AS net
       FROM accounting.accounting_entries e
      CROSS JOIN LATERAL (
        SELECT sum(l.debit - l.credit) AS net
          FROM accounting.accounting_entry_lines l
         WHERE l.entry_id = e.id AND l.account_id = ANY($2::uuid[])
      ) t
      WHERE e.company_id = $1 AND ${IN_LEDGER} AND e.date <= $3::date AND t.net <> 0
      ORDER BY e.date DESC, e.number DESC
      LIMIT $4`,
    { bind: [companyId, treasuryIds, today, limit, ...(maskPayroll ? [PAYROLL_MASKED_LABEL] : [])], type: QueryTypes.SELECT },
  );
}

export interface CashFlowBucket {
  start: string;
  end: string;
  inflow: string;
  outflow: string;
  net: string;
}

/**
 * Money in and out of the treasury accounts per bucket: ISO weeks or calendar
 * months from the one starting at `first` to the one starting at `lastStart`
 * (ending on `last`), empty ones included (generate_series). Each entry's
 * treasury lines are netted; a positive net is an inflow, a negative one an
 * outflow. Entries fall into their bucket by date_trunc, an equality join.
 */
export async function cashFlowBuckets(
  sequelize: Sequelize,
  companyId: string,
  treasuryIds: string[],
  p: { first: string; lastStart: string; last: string; unit: 'week' | 'month' },
): Promise<CashFlowBucket[]> {
  return sequelize.query<CashFlowBucket>(
    `WITH mv AS (
       SELECT date_trunc($5, e.date::timestamp)::date AS bucket, sum(l.debit - l.credit) AS net
         FROM accounting.accounting_entry_lines l
         JOIN accounting.accounting_entries e ON e.id = l.entry_id
        WHERE l.company_id = $1 AND l.account_id = ANY($6::uuid[])
          AND e.company_id = $1 AND ${IN_LEDGER} AND e.date BETWEEN $2::date AND $4::date
        GROUP BY e.id, 1
     ), s AS (
       SELECT bucket,
              coalesce(sum(net) FILTER (WHERE net > 0), 0) AS inflow,
              coalesce(-sum(net) FILTER (WHERE net < 0), 0) AS outflow
         FROM mv GROUP BY bucket
     )
     SELECT g::date::text AS start, (g + ('1 ' || $5)::interval - interval '1 day')::date::text AS "end",
            round(coalesce(s.inflow, 0), 2)::text AS inflow,
            round(coalesce(s.outflow, 0), 2)::text AS outflow,
            round(coalesce(s.inflow - s.outflow, 0), 2)::text AS net
       FROM generate_series($2::timestamp, $3::timestamp, ('1 ' || $5)::interval) AS g
       LEFT JOIN s ON s.bucket = g::date
      ORDER BY g`,
    { bind: [companyId, p.first, p.lastStart, p.last, p.unit, treasuryIds], type: QueryTypes.SELECT },
  );
}
