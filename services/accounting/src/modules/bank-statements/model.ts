import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type {
  StatementCsvLayout,
  StatementLine,
  StatementLineError,
  StatementSource,
  StatementStatus,
  StatementSummary,
} from '@xaalis/contracts';
import { isZero, sub } from '@xaalis/domain';

/** Row access to accounting.bank_statements and bank_statement_lines (migration 0023); every query is company-scoped. */

interface StatementRow {
  id: string;
  treasury_account_id: string;
  status: StatementStatus;
  source: StatementSource;
  file_name: string;
  line_count: number;
  opening_balance: string | null;
  closing_balance: string | null;
  total: string;
  start_date: string | null;
  end_date: string | null;
  previous_closing_balance: string | null;
  warnings: string[];
  errors: StatementLineError[];
  error_count: number;
  matched_count: number;
  created_at: Date;
  confirmed_at: Date | null;
  layout: StatementCsvLayout | null;
}

const COLUMNS = `s.id, s.treasury_account_id, s.status, s.source, s.file_name, s.line_count, s.opening_balance, s.closing_balance,
  s.total, s.start_date::text AS start_date, s.end_date::text AS end_date, s.previous_closing_balance, s.warnings, s.errors,
  s.error_count, s.created_at, s.confirmed_at, s.layout,
  (SELECT count(*)::int FROM accounting.bank_statement_lines l JOIN accounting.reconciliation_items i ON i.statement_line_id = l.id
    WHERE l.statement_id = s.id) AS matched_count`;

export function toSummary(r: StatementRow): StatementSummary {
  // Opening minus the previous closing: money the statements do not account for (null: none, or nothing to compare).
  const difference =
    r.previous_closing_balance !== null && r.opening_balance !== null ? sub(r.opening_balance, r.previous_closing_balance) : null;
  const gap = difference !== null && !isZero(difference) ? difference : null;
  return {
    id: r.id,
    treasuryAccountId: r.treasury_account_id,
    status: r.status,
    source: r.source,
    fileName: r.file_name,
    lineCount: r.line_count,
    openingBalance: r.opening_balance,
    closingBalance: r.closing_balance,
    total: r.total,
    startDate: r.start_date,
    endDate: r.end_date,
    previousClosingBalance: r.previous_closing_balance,
    gap,
    warnings: r.warnings,
    errors: r.errors,
    errorCount: r.error_count,
    matchedCount: r.matched_count,
    createdAt: r.created_at.toISOString(),
    confirmedAt: r.confirmed_at ? r.confirmed_at.toISOString() : null,
  };
}

export async function findStatement(
  sequelize: Sequelize,
  companyId: string,
  accountId: string,
  id: string,
  transaction?: Transaction,
  lock = false,
): Promise<StatementRow | null> {
  const [row] = await sequelize.query<StatementRow>(
    `SELECT ${COLUMNS} FROM accounting.bank_statements s
      WHERE s.company_id = $1 AND s.treasury_account_id = $2 AND s.id = $3 ${lock ? 'FOR UPDATE OF s' : ''}`,
    { bind: [companyId, accountId, id], type: QueryTypes.SELECT, transaction },
  );
  return row ?? null;
}

export async function listStatements(sequelize: Sequelize, companyId: string, accountId: string, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    sequelize.query<StatementRow>(
      `SELECT ${COLUMNS} FROM accounting.bank_statements s WHERE s.company_id = $1 AND s.treasury_account_id = $2
        ORDER BY s.created_at DESC, s.id LIMIT $3 OFFSET $4`,
      { bind: [companyId, accountId, limit, offset], type: QueryTypes.SELECT },
    ),
    sequelize.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM accounting.bank_statements WHERE company_id = $1 AND treasury_account_id = $2',
      { bind: [companyId, accountId], type: QueryTypes.SELECT },
    ),
  ]);
  return { rows, total: count.n };
}

/** The latest confirmed file statement's closing balance (what the next one should open with). */
export async function previousClosing(sequelize: Sequelize, companyId: string, accountId: string): Promise<string | null> {
  const [row] = await sequelize.query<{ closing_balance: string | null }>(
    `SELECT closing_balance FROM accounting.bank_statements
      WHERE company_id = $1 AND treasury_account_id = $2 AND status = 'confirmed' AND source <> 'manual'
      ORDER BY end_date DESC NULLS LAST, confirmed_at DESC LIMIT 1`,
    { bind: [companyId, accountId], type: QueryTypes.SELECT },
  );
  return row?.closing_balance ?? null;
}

export interface StatementLineRow {
  id: string;
  statement_id: string;
  date: string;
  value_date: string | null;
  label: string;
  reference: string | null;
  amount: string;
  suggested_account_code: string | null;
  reconciliation_id: string | null;
  manual: boolean;
}

/** SQL columns of a StatementLineRow from `l` (bank_statement_lines), `i` (its reconciliation item) and `s` (its statement). */
export const LINE_COLUMNS = `l.id, l.statement_id, l.date::text AS date, l.value_date::text AS value_date, l.label, l.reference, l.amount,
  l.suggested_account_code, i.reconciliation_id, s.source = 'manual' AS manual`;
export const LINE_FROM = `accounting.bank_statement_lines l
  JOIN accounting.bank_statements s ON s.id = l.statement_id
  LEFT JOIN accounting.reconciliation_items i ON i.statement_line_id = l.id`;

export const toLine = (r: StatementLineRow): StatementLine => ({
  id: r.id,
  statementId: r.statement_id,
  date: r.date,
  valueDate: r.value_date,
  label: r.label,
  reference: r.reference,
  amount: r.amount,
  matched: r.reconciliation_id !== null,
  reconciliationId: r.reconciliation_id,
  suggestedAccountCode: r.suggested_account_code,
  manual: r.manual,
});

export async function statementLines(sequelize: Sequelize, companyId: string, statementId: string, limit: number, offset: number) {
  const rows = await sequelize.query<StatementLineRow>(
    `SELECT ${LINE_COLUMNS} FROM ${LINE_FROM} WHERE l.company_id = $1 AND l.statement_id = $2 ORDER BY l.line_no LIMIT $3 OFFSET $4`,
    { bind: [companyId, statementId, limit, offset], type: QueryTypes.SELECT },
  );
  return rows.map(toLine);
}

export interface NewStatementLine {
  date: string;
  valueDate: string | null;
  label: string;
  reference: string | null;
  amount: string;
  suggestedAccountCode: string | null;
}

/** Appends lines to a statement (numbered after its last), in one statement whatever their number. */
export async function insertLines(
  sequelize: Sequelize,
  transaction: Transaction,
  s: { companyId: string; statementId: string; accountId: string; confirmed: boolean; firstLineNo: number },
  lines: readonly NewStatementLine[],
): Promise<string[]> {
  if (lines.length === 0) return [];
  const rows = await sequelize.query<{ id: string }>(
    `INSERT INTO accounting.bank_statement_lines
       (company_id, statement_id, treasury_account_id, line_no, date, value_date, label, reference, amount, suggested_account_code, confirmed)
     SELECT $1, $2, $3, $4 + n - 1, d, vd, lb, rf, am, sg, $5
       FROM unnest($6::date[], $7::date[], $8::text[], $9::text[], $10::numeric[], $11::text[]) WITH ORDINALITY AS x(d, vd, lb, rf, am, sg, n)
     RETURNING id`,
    {
      bind: [
        s.companyId,
        s.statementId,
        s.accountId,
        s.firstLineNo,
        s.confirmed,
        lines.map((l) => l.date),
        lines.map((l) => l.valueDate),
        lines.map((l) => l.label),
        lines.map((l) => l.reference),
        lines.map((l) => l.amount),
        lines.map((l) => l.suggestedAccountCode),
      ],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return rows.map((r) => r.id);
}

/** The company's rules, longest text first (the most specific wins). */
export async function rulesOf(sequelize: Sequelize, companyId: string): Promise<{ contains: string; account_code: string }[]> {
  return sequelize.query<{ contains: string; account_code: string }>(
    'SELECT contains, account_code FROM accounting.statement_rules WHERE company_id = $1 ORDER BY length(contains) DESC, contains',
    { bind: [companyId], type: QueryTypes.SELECT },
  );
}
