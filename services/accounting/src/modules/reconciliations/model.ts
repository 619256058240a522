import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { LedgerLine, MatchLinesPage, MatchLinesQuery, StatementLine } from '@xaalis/contracts';
import { money, sub } from '@xaalis/domain';
import { foldedPattern, foldedSql } from '@xaalis/service-kit';
import { LINE_COLUMNS, LINE_FROM, toLine, type StatementLineRow } from '../bank-statements';
import { CLOSING_SOURCE, OPENING_SOURCE, carryForwardIds } from '../posting';
import type { Match, MatchLine } from './matching';

/**
 * Row access for the matching: the two sides of a treasury account (its
 * confirmed statement lines; the lines of validated entries on its chart
 * account, reversals and carry-forward entries left out) and the
 * reconciliations tying them. Every query is company-scoped: `$1` is the
 * company, `$2` the treasury account (statement side) or its chart account
 * (ledger side).
 */

export const LEDGER_FROM = `accounting.accounting_entry_lines el
  JOIN accounting.accounting_entries e ON e.id = el.entry_id
  LEFT JOIN accounting.reconciliation_items i ON i.entry_line_id = el.id`;
// Carry-forward entries by their source (their reversals are reversals: left out already).
export const LEDGER_WHERE = `el.company_id = $1 AND el.account_id = $2 AND e.status = 'validated' AND e.reversal_of_id IS NULL
  AND (e.source_type IS NULL OR e.source_type NOT IN ('${CLOSING_SOURCE}', '${OPENING_SOURCE}'))`;
export const LEDGER_COLUMNS = `el.id, e.id AS entry_id, e.number AS entry_number, e.journal, e.date::text AS date, el.description AS label,
  e.reference, (el.debit - el.credit)::numeric(15,2)::text AS amount, i.reconciliation_id`;
export const STATEMENT_WHERE = 'l.company_id = $1 AND l.treasury_account_id = $2 AND l.confirmed';

export interface LedgerRow {
  id: string;
  entry_id: string;
  entry_number: string;
  journal: LedgerLine['journal'];
  date: string;
  label: string;
  reference: string | null;
  amount: string;
  reconciliation_id: string | null;
}

export const toLedgerLine = (r: LedgerRow): LedgerLine => ({
  id: r.id,
  entryId: r.entry_id,
  entryNumber: r.entry_number,
  journal: r.journal,
  date: r.date,
  label: r.label,
  reference: r.reference,
  amount: r.amount,
  matched: r.reconciliation_id !== null,
  reconciliationId: r.reconciliation_id,
});

type Side = 'statement' | 'ledger';

/** The pane's WHERE and its binds, after `$1` (company) and `$2` (account). */
function paneWhere(side: Side, q: Partial<MatchLinesQuery>, companyId: string, key: string) {
  const bind: unknown[] = [companyId, key];
  const next = (v: unknown) => {
    bind.push(v);
    return `$${bind.length}`;
  };
  const and: string[] = [side === 'statement' ? STATEMENT_WHERE : LEDGER_WHERE];
  const date = side === 'statement' ? 'l.date' : 'e.date';
  // (NOT) EXISTS rather than the joined item's column: the planner then estimates an anti-join.
  const item = side === 'statement' ? 'x.statement_line_id = l.id' : 'x.entry_line_id = el.id';
  if (q.status === 'unmatched') and.push(`NOT EXISTS (SELECT 1 FROM accounting.reconciliation_items x WHERE ${item})`);
  if (q.status === 'matched') and.push(`EXISTS (SELECT 1 FROM accounting.reconciliation_items x WHERE ${item})`);
  if (q.from) and.push(`${date} >= ${next(q.from)}::date`);
  if (q.to) and.push(`${date} <= ${next(q.to)}::date`);
  if (q.amount) {
    const a = next(q.amount.replace(/^-/, ''));
    and.push(side === 'statement' ? `abs(l.amount) = ${a}::numeric` : `(el.debit = ${a}::numeric OR el.credit = ${a}::numeric)`);
  }
  if (q.search) {
    const p = next(foldedPattern(q.search));
    and.push(
      side === 'statement'
        ? `(${foldedSql('l.label')} LIKE ${p} OR ${foldedSql("coalesce(l.reference, '')")} LIKE ${p})`
        : `(${foldedSql('el.description')} LIKE ${p} OR ${foldedSql("coalesce(e.reference, '')")} LIKE ${p} OR e.number LIKE ${p})`,
    );
  }
  return { sql: and.join(' AND '), bind };
}

/** One page of a treasury account's statement lines, oldest first, with the count and sum of all that match. */
export async function statementLinesPage(
  sequelize: Sequelize,
  companyId: string,
  treasuryAccountId: string,
  q: MatchLinesQuery,
): Promise<MatchLinesPage<StatementLine>> {
  const w = paneWhere('statement', q, companyId, treasuryAccountId);
  const offset = (q.page - 1) * q.pageSize;
  const [rows, [agg]] = await Promise.all([
    sequelize.query<StatementLineRow>(
      `SELECT ${LINE_COLUMNS} FROM ${LINE_FROM} WHERE ${w.sql} ORDER BY l.date, l.id LIMIT ${q.pageSize} OFFSET ${offset}`,
      { bind: w.bind, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ n: number; total: string }>(
      `SELECT count(*)::int AS n, COALESCE(sum(l.amount), 0)::numeric(15,2)::text AS total
         FROM accounting.bank_statement_lines l LEFT JOIN accounting.reconciliation_items i ON i.statement_line_id = l.id WHERE ${w.sql}`,
      { bind: w.bind, type: QueryTypes.SELECT },
    ),
  ]);
  return { items: rows.map(toLine), page: q.page, pageSize: q.pageSize, totalItems: agg.n, totalAmount: agg.total };
}

/**
 * The count and sum of a ledger pane without filters, from the account's
 * monthly balances rather than its 100 000 lines: every posted line (the
 * balances leave carry-forward entries out) less those of cancelled entries
 * and of reversals (which cancel each other out), and less the matched ones
 * (their count and sum kept on each reconciliation).
 */
async function ledgerTotals(
  sequelize: Sequelize,
  companyId: string,
  account: { id: string; accountId: string },
  status: MatchLinesQuery['status'],
): Promise<{ n: number; total: string }> {
  const [row] = await sequelize.query<{
    posted_n: number;
    posted: string;
    excluded_n: number;
    excluded: string;
    matched_n: number;
    matched: string;
  }>(
    `SELECT (SELECT COALESCE(sum(line_count), 0)::int FROM accounting.account_balances WHERE company_id = $1 AND account_id = $2) AS posted_n,
            (SELECT COALESCE(sum(debit - credit), 0) FROM accounting.account_balances WHERE company_id = $1 AND account_id = $2) AS posted,
            x.n AS excluded_n, x.total AS excluded, m.n AS matched_n, m.total AS matched
       FROM (SELECT count(*)::int AS n, COALESCE(sum(el.debit - el.credit), 0) AS total
               FROM accounting.accounting_entries e JOIN accounting.accounting_entry_lines el ON el.entry_id = e.id
              WHERE e.company_id = $1 AND (e.status = 'cancelled' OR e.reversal_of_id IS NOT NULL) AND el.account_id = $2
                AND e.id NOT IN (${carryForwardIds('$1')})) x,
            (SELECT COALESCE(sum(r.entry_line_count), 0)::int AS n, COALESCE(sum(r.amount), 0) AS total
               FROM accounting.reconciliations r
              WHERE r.company_id = $1 AND r.treasury_account_id = $3) m`,
    { bind: [companyId, account.accountId, account.id], type: QueryTypes.SELECT },
  );
  if (status === 'matched') return { n: row.matched_n, total: money(row.matched) };
  const n = row.posted_n - row.excluded_n;
  const total = sub(row.posted, row.excluded);
  return status === 'all' ? { n, total } : { n: n - row.matched_n, total: sub(total, row.matched) };
}

/** One page of a treasury account's ledger lines, oldest first, with the count and sum of all that match. */
export async function ledgerLinesPage(
  sequelize: Sequelize,
  companyId: string,
  account: { id: string; accountId: string },
  q: MatchLinesQuery,
): Promise<MatchLinesPage<LedgerLine>> {
  const w = paneWhere('ledger', q, companyId, account.accountId);
  const offset = (q.page - 1) * q.pageSize;
  const unfiltered = !q.search && !q.from && !q.to && !q.amount;
  const [rows, agg] = await Promise.all([
    // Ordered as the entries' list index: the first page is read from it, not sorted from every line.
    sequelize.query<LedgerRow>(
      `SELECT ${LEDGER_COLUMNS} FROM ${LEDGER_FROM} WHERE ${w.sql} ORDER BY e.date, e.number, el.line_no LIMIT ${q.pageSize} OFFSET ${offset}`,
      { bind: w.bind, type: QueryTypes.SELECT },
    ),
    unfiltered
      ? ledgerTotals(sequelize, companyId, account, q.status)
      : sequelize
          .query<{ n: number; total: string }>(
            `SELECT count(*)::int AS n, COALESCE(sum(el.debit - el.credit), 0)::numeric(15,2)::text AS total FROM ${LEDGER_FROM} WHERE ${w.sql}`,
            { bind: w.bind, type: QueryTypes.SELECT },
          )
          .then(([r]) => r),
  ]);
  return { items: rows.map(toLedgerLine), page: q.page, pageSize: q.pageSize, totalItems: agg.n, totalAmount: agg.total };
}

/** Every unmatched line of both sides, as the matching reads them (inside the job's transaction). */
export async function unmatchedLines(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  account: { id: string; account_id: string },
): Promise<{ statement: MatchLine[]; ledger: MatchLine[] }> {
  const [statement, ledger] = await Promise.all([
    sequelize.query<MatchLine>(
      `SELECT l.id, l.date::text AS date, l.amount::text AS amount, l.label, l.reference
         FROM accounting.bank_statement_lines l LEFT JOIN accounting.reconciliation_items i ON i.statement_line_id = l.id
        WHERE ${STATEMENT_WHERE} AND i.reconciliation_id IS NULL`,
      { bind: [companyId, account.id], type: QueryTypes.SELECT, transaction },
    ),
    sequelize.query<MatchLine>(
      `SELECT el.id, e.date::text AS date, (el.debit - el.credit)::numeric(15,2)::text AS amount,
              el.description || ' ' || e.number AS label, e.reference
         FROM ${LEDGER_FROM} WHERE ${LEDGER_WHERE} AND i.reconciliation_id IS NULL`,
      { bind: [companyId, account.account_id], type: QueryTypes.SELECT, transaction },
    ),
  ]);
  return { statement, ledger };
}

/**
 * Writes reconciliations and all their items in two statements (the database
 * checks every reconciliation the items statement touched); answers their ids.
 */
export async function insertReconciliations(
  sequelize: Sequelize,
  transaction: Transaction,
  r: { companyId: string; treasuryAccountId: string; auto: boolean; userId: string | null },
  matches: readonly Match[],
): Promise<string[]> {
  if (matches.length === 0) return [];
  const ids = matches.map(() => randomUUID());
  await sequelize.query(
    `INSERT INTO accounting.reconciliations (id, company_id, treasury_account_id, auto, created_by)
     SELECT id, $1, $2, $3, $4 FROM unnest($5::uuid[]) AS x(id)`,
    { bind: [r.companyId, r.treasuryAccountId, r.auto, r.userId, ids], transaction },
  );
  const recIds: string[] = [];
  const statementIds: (string | null)[] = [];
  const entryIds: (string | null)[] = [];
  matches.forEach((m, n) => {
    for (const s of m.statementLineIds) {
      recIds.push(ids[n]);
      statementIds.push(s);
      entryIds.push(null);
    }
    for (const e of m.entryLineIds) {
      recIds.push(ids[n]);
      statementIds.push(null);
      entryIds.push(e);
    }
  });
  await sequelize.query(
    `INSERT INTO accounting.reconciliation_items (reconciliation_id, company_id, statement_line_id, entry_line_id)
     SELECT r, $1, s, e FROM unnest($2::uuid[], $3::uuid[], $4::uuid[]) AS x(r, s, e)`,
    { bind: [r.companyId, recIds, statementIds, entryIds], transaction },
  );
  return ids;
}

/** Serialises the matching of one treasury account (manual and automatic) for the transaction. */
export async function lockAccountMatching(sequelize: Sequelize, transaction: Transaction, treasuryAccountId: string): Promise<void> {
  await sequelize.query(`SELECT pg_advisory_xact_lock(hashtext('reconcile:' || $1))`, { bind: [treasuryAccountId], transaction });
}
