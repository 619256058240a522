import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { FiscalYearDraft } from '@xaalis/contracts';
import { CLOSING_SOURCE, OPENING_SOURCE } from '../posting';

/** A row of accounting.fiscal_years (a year closed at least once). */
export interface FiscalYearRow {
  id: string;
  start_date: string;
  end_date: string;
  status: 'open' | 'closed';
  result: string | null;
  closed_at: Date | null;
  closed_by: string | null;
  closing_entry_id: string | null;
  closing_entry_number: string | null;
  opening_entry_id: string | null;
  opening_entry_number: string | null;
  reopened_at: Date | null;
  reopened_by: string | null;
  closing_count: number;
}

const ROW_COLUMNS = `f.id, to_char(f.start_date, 'YYYY-MM-DD') AS start_date, to_char(f.end_date, 'YYYY-MM-DD') AS end_date,
  f.status, f.result, f.closed_at, f.closed_by, f.closing_entry_id, ce.number AS closing_entry_number,
  f.opening_entry_id, oe.number AS opening_entry_number, f.reopened_at, f.reopened_by, f.closing_count`;
const ROW_FROM = `accounting.fiscal_years f
  LEFT JOIN accounting.accounting_entries ce ON ce.id = f.closing_entry_id
  LEFT JOIN accounting.accounting_entries oe ON oe.id = f.opening_entry_id`;

export { CLOSING_SOURCE, OPENING_SOURCE };

export async function listRows(sequelize: Sequelize, companyId: string): Promise<FiscalYearRow[]> {
  return sequelize.query<FiscalYearRow>(`SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE f.company_id = $1 ORDER BY f.start_date`, {
    bind: [companyId],
    type: QueryTypes.SELECT,
  });
}

/** The year's row, created open when missing, locked until the transaction ends. */
export async function lockRow(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  start: string,
  end: string,
): Promise<FiscalYearRow> {
  await sequelize.query(
    `INSERT INTO accounting.fiscal_years (company_id, start_date, end_date, status) VALUES ($1, $2, $3, 'open')
     ON CONFLICT (company_id, start_date) DO NOTHING`,
    { bind: [companyId, start, end], transaction },
  );
  await sequelize.query('SELECT 1 FROM accounting.fiscal_years WHERE company_id = $1 AND start_date = $2 FOR UPDATE', {
    bind: [companyId, start],
    type: QueryTypes.SELECT,
    transaction,
  });
  const [row] = await sequelize.query<FiscalYearRow>(
    `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE f.company_id = $1 AND f.start_date = $2`,
    {
      bind: [companyId, start],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return row;
}

/** Per fiscal year of the given ranges: validated (or cancelled) entries, drafts, and the result (classes 6–8, credit − debit). */
export async function yearFigures(
  sequelize: Sequelize,
  companyId: string,
  ranges: { start: string; end: string }[],
): Promise<Map<string, { entries: number; drafts: number; result: string }>> {
  const out = new Map<string, { entries: number; drafts: number; result: string }>();
  if (!ranges.length) return out;
  const rows = await sequelize.query<{ start: string; entries: string; drafts: string; result: string }>(
    `SELECT r.start,
            (SELECT count(*) FROM accounting.accounting_entries e
              WHERE e.company_id = $1 AND e.date BETWEEN r.s AND r.e AND e.status <> 'draft') AS entries,
            (SELECT count(*) FROM accounting.accounting_entries e
              WHERE e.company_id = $1 AND e.date BETWEEN r.s AND r.e AND e.status = 'draft') AS drafts,
            (SELECT coalesce(sum(l.credit - l.debit), 0)
               FROM accounting.accounting_entry_lines l
               JOIN accounting.accounting_entries e ON e.id = l.entry_id
               JOIN accounting.accounts a ON a.id = l.account_id
              WHERE l.company_id = $1 AND l.entry_date BETWEEN r.s AND r.e AND e.status <> 'draft'
                AND left(a.code, 1) IN ('6', '7', '8')
                AND e.source_type IS DISTINCT FROM '${CLOSING_SOURCE}'
                AND NOT EXISTS (SELECT 1 FROM accounting.accounting_entries o
                                 WHERE o.id = e.reversal_of_id AND o.source_type = '${CLOSING_SOURCE}')) AS result
       FROM (SELECT x->>'start' AS start, (x->>'start')::date AS s, (x->>'end')::date AS e
               FROM jsonb_array_elements($2::jsonb) x) r`,
    { bind: [companyId, JSON.stringify(ranges)], type: QueryTypes.SELECT },
  );
  for (const r of rows) out.set(r.start, { entries: Number(r.entries), drafts: Number(r.drafts), result: r.result });
  return out;
}

/** The first and last entry dates of the company (any status), or null. */
export async function entryDateRange(sequelize: Sequelize, companyId: string): Promise<{ first: string; last: string } | null> {
  const [row] = await sequelize.query<{ first: string | null; last: string | null }>(
    `SELECT to_char(min(date), 'YYYY-MM-DD') AS first, to_char(max(date), 'YYYY-MM-DD') AS last
       FROM accounting.accounting_entries WHERE company_id = $1`,
    { bind: [companyId], type: QueryTypes.SELECT },
  );
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}

/** The drafts dated in [start, end] (the first 100, by date and number). */
export async function draftsIn(
  sequelize: Sequelize,
  companyId: string,
  start: string,
  end: string,
  transaction?: Transaction,
): Promise<FiscalYearDraft[]> {
  return sequelize.query<FiscalYearDraft>(
    `SELECT id, number, to_char(date, 'YYYY-MM-DD') AS date, description FROM accounting.accounting_entries
      WHERE company_id = $1 AND status = 'draft' AND date BETWEEN $2 AND $3 ORDER BY date, number LIMIT 100`,
    { bind: [companyId, start, end], type: QueryTypes.SELECT, transaction },
  );
}

/** The first date, before `start`, of an entry in a year that is not closed (years close in order). */
export async function earlierOpenDate(
  sequelize: Sequelize,
  companyId: string,
  start: string,
  transaction?: Transaction,
): Promise<string | null> {
  const [row] = await sequelize.query<{ date: string | null }>(
    `SELECT to_char(min(e.date), 'YYYY-MM-DD') AS date FROM accounting.accounting_entries e
      WHERE e.company_id = $1 AND e.date < $2
        AND NOT EXISTS (SELECT 1 FROM accounting.fiscal_years f
                         WHERE f.company_id = e.company_id AND f.status = 'closed' AND e.date BETWEEN f.start_date AND f.end_date)`,
    { bind: [companyId, start], type: QueryTypes.SELECT, transaction },
  );
  return row?.date ?? null;
}

/** A posted entry dated after `end` other than the opening entries of closings (and their reversals): blocks a reopening. */
export async function laterPostedEntry(
  sequelize: Sequelize,
  companyId: string,
  end: string,
  transaction?: Transaction,
): Promise<string | null> {
  const [row] = await sequelize.query<{ number: string }>(
    `SELECT e.number FROM accounting.accounting_entries e
       LEFT JOIN accounting.accounting_entries o ON o.id = e.reversal_of_id
      WHERE e.company_id = $1 AND e.date > $2 AND e.status <> 'draft'
        AND coalesce(o.source_type, e.source_type, '') <> '${OPENING_SOURCE}'
      LIMIT 1`,
    { bind: [companyId, end], type: QueryTypes.SELECT, transaction },
  );
  return row?.number ?? null;
}

/** Balances (debit − credit, non-zero) of the posted lines dated in [start, end], per account and third party. */
export async function balancesIn(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  start: string,
  end: string,
): Promise<{ account_id: string; code: string; third_party_id: string | null; balance: string }[]> {
  return sequelize.query(
    `SELECT l.account_id, a.code, l.third_party_id, sum(l.debit) - sum(l.credit) AS balance
       FROM accounting.accounting_entry_lines l
       JOIN accounting.accounting_entries e ON e.id = l.entry_id
       JOIN accounting.accounts a ON a.id = l.account_id
      WHERE l.company_id = $1 AND l.entry_date BETWEEN $2 AND $3 AND e.status <> 'draft'
      GROUP BY l.account_id, a.code, l.third_party_id
     HAVING sum(l.debit) <> sum(l.credit)
      ORDER BY a.code, l.third_party_id NULLS FIRST`,
    { bind: [companyId, start, end], type: QueryTypes.SELECT, transaction },
  );
}
