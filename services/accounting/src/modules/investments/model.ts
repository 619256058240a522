import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  type DepreciationMethod,
  type DepreciationSchedule,
  type Investment,
  type InvestmentCategory,
  type PlanStatus,
} from '@xaalis/contracts';
import { fiscalYearLabel, type PlannedDepreciation } from '@xaalis/domain';
import { CompanyWhere, pageWindow, foldedPattern, foldedSql } from '@xaalis/service-kit';
import { columnArrays } from '../../model-support';

/** Row-level access to `investments` and `depreciation_schedules` (plain SQL: explicit locks, multi-row inserts). */
export interface InvestmentDbRow {
  id: string;
  company_id: string;
  name: string;
  category: InvestmentCategory;
  purchase_date: string;
  purchase_price: string;
  depreciation_method: DepreciationMethod;
  depreciation_rate: string;
  useful_life: number;
  residual_value: string;
  current_value: string;
  account_id: string;
  account_code: string;
  account_name: string;
  entry_id: string | null;
  revision: number;
  plan_status: PlanStatus;
  recorded_count: number;
  fiscal_year: string;
  created_at: Date;
  updated_at: Date;
}

export interface ScheduleDbRow {
  id: string;
  company_id: string;
  investment_id: string;
  row_no: number;
  year: number;
  period_start: string;
  period_end: string;
  beginning_value: string;
  depreciation_amount: string;
  ending_value: string;
  is_recorded: boolean;
  entry_id: string | null;
  recorded_at: Date | null;
}

const COLUMNS = `i.id, i.company_id, i.name, i.category, i.purchase_date, i.purchase_price, i.depreciation_method, i.depreciation_rate,
  i.useful_life, i.residual_value, i.current_value, i.account_id, a.code AS account_code, a.name AS account_name, i.entry_id,
  i.revision, i.plan_status, c.fiscal_year,
  (SELECT count(*)::int FROM accounting.depreciation_schedules d WHERE d.investment_id = i.id AND d.is_recorded) AS recorded_count,
  i.created_at, i.updated_at`;
const FROM = `accounting.investments i
  JOIN accounting.accounts a ON a.company_id = i.company_id AND a.id = i.account_id
  JOIN accounting.companies c ON c.id = i.company_id`;

export function toInvestment(row: InvestmentDbRow, schedules?: ScheduleDbRow[]): Investment {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    purchaseDate: row.purchase_date,
    purchasePrice: row.purchase_price,
    depreciationMethod: row.depreciation_method,
    depreciationRate: row.depreciation_rate,
    usefulLife: row.useful_life,
    residualValue: row.residual_value,
    currentValue: row.current_value,
    accountId: row.account_id,
    accountCode: row.account_code,
    accountName: row.account_name,
    entryId: row.entry_id,
    planStatus: row.plan_status,
    recordedCount: row.recorded_count,
    companyId: row.company_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...(schedules ? { depreciationSchedules: schedules.map((s) => toSchedule(s, row.fiscal_year)) } : {}),
  };
}

export function toSchedule(row: ScheduleDbRow, fiscalYear: string): DepreciationSchedule {
  return {
    id: row.id,
    investmentId: row.investment_id,
    rowNo: row.row_no,
    year: row.year,
    label: fiscalYearLabel(fiscalYear, row.year),
    periodStart: row.period_start,
    periodEnd: row.period_end,
    beginningValue: row.beginning_value,
    depreciationAmount: row.depreciation_amount,
    endingValue: row.ending_value,
    isRecorded: row.is_recorded,
    entryId: row.entry_id,
    recordedAt: row.recorded_at ? row.recorded_at.toISOString() : null,
  };
}

/**
 * One page of the company's investments, newest purchase first (the (company_id, purchase_date,
 * created_at) index), `search` in the name or the asset account's code or name, and the
 * matching count with the company's totals (whatever the filters) in one scan of its rows.
 */
export async function pageInvestments(
  sequelize: Sequelize,
  companyId: string,
  q: { page: number; pageSize: number; search?: string; category?: InvestmentCategory },
): Promise<{ rows: InvestmentDbRow[]; matching: number; count: number; purchase: string; current: string }> {
  const where = new CompanyWhere(companyId, 'i.');
  if (q.search)
    where.and(`(${foldedSql('i.name')} LIKE ? OR a.code LIKE substr(?, 2) OR ${foldedSql('a.name')} LIKE ?)`, foldedPattern(q.search));
  if (q.category) where.and('i.category = ?', q.category);
  const { limit, offset } = pageWindow(q);
  const [rows, [totals]] = await Promise.all([
    sequelize.query<InvestmentDbRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where.sql}
        ORDER BY i.purchase_date DESC, i.created_at DESC, i.id LIMIT ${limit} OFFSET ${offset}`,
      { bind: where.bind, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ matching: number; count: number; purchase: string; current: string }>(
      `SELECT count(*) FILTER (WHERE ${where.sql})::int AS matching, count(*)::int AS count,
              coalesce(sum(i.purchase_price), 0)::text AS purchase, coalesce(sum(i.current_value), 0)::text AS current
         FROM accounting.investments i JOIN accounting.accounts a ON a.company_id = i.company_id AND a.id = i.account_id
        WHERE i.company_id = $1`,
      { bind: where.bind, type: QueryTypes.SELECT },
    ),
  ]);
  return { rows, ...totals };
}

/** One investment of the company (null otherwise); `lock` takes the row FOR UPDATE (edits, recording, the plan job). */
export async function findInvestment(
  sequelize: Sequelize,
  companyId: string,
  id: string,
  opts: { transaction?: Transaction; lock?: boolean } = {},
): Promise<InvestmentDbRow | null> {
  if (opts.lock) {
    // Lock the investment row alone (not the joined account and company), then read it whole.
    const locked = await sequelize.query(`SELECT id FROM accounting.investments WHERE company_id = $1 AND id = $2 FOR UPDATE`, {
      bind: [companyId, id],
      type: QueryTypes.SELECT,
      transaction: opts.transaction,
    });
    if (!locked.length) return null;
  }
  const rows = await sequelize.query<InvestmentDbRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE i.company_id = $1 AND i.id = $2`, {
    bind: [companyId, id],
    type: QueryTypes.SELECT,
    transaction: opts.transaction,
  });
  return rows[0] ?? null;
}

export async function findSchedules(sequelize: Sequelize, investmentId: string, transaction?: Transaction): Promise<ScheduleDbRow[]> {
  return sequelize.query<ScheduleDbRow>(
    `SELECT id, company_id, investment_id, row_no, year, period_start, period_end, beginning_value, depreciation_amount,
            ending_value, is_recorded, entry_id, recorded_at
       FROM accounting.depreciation_schedules WHERE investment_id = $1 ORDER BY row_no`,
    { bind: [investmentId], type: QueryTypes.SELECT, transaction },
  );
}

/**
 * The plan job's read, in ONE statement: the investment locked (its row alone, FOR UPDATE OF i) and
 * read whole, with whether it has plan rows already (a re-plan deletes them first) and whether
 * other plans of the company wait to be computed (a batch then takes them: lockPendingPlans).
 * Null when absent.
 */
export async function lockForPlan(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  id: string,
): Promise<(InvestmentDbRow & { has_schedules: boolean; others_pending: boolean }) | null> {
  const rows = await sequelize.query<InvestmentDbRow & { has_schedules: boolean; others_pending: boolean }>(
    `SELECT ${COLUMNS}, EXISTS (SELECT 1 FROM accounting.depreciation_schedules d WHERE d.investment_id = i.id) AS has_schedules,
            EXISTS (SELECT 1 FROM accounting.investments p
                     WHERE p.company_id = i.company_id AND p.plan_status = 'computing' AND p.id <> i.id) AS others_pending
       FROM ${FROM} WHERE i.company_id = $1 AND i.id = $2 FOR UPDATE OF i`,
    { bind: [companyId, id], type: QueryTypes.SELECT, transaction },
  );
  return rows[0] ?? null;
}

/**
 * The plan job's first read, without a transaction: the investment's revision and plan status
 * as committed (null when absent, or not committed yet).
 */
export async function planState(
  sequelize: Sequelize,
  companyId: string,
  id: string,
): Promise<{ revision: number; plan_status: PlanStatus } | null> {
  const rows = await sequelize.query<{ revision: number; plan_status: PlanStatus }>(
    'SELECT revision, plan_status FROM accounting.investments WHERE company_id = $1 AND id = $2',
    { bind: [companyId, id], type: QueryTypes.SELECT },
  );
  return rows[0] ?? null;
}

/** An investment whose plan is to be computed: its parameters, its company's fiscal year, whether it has plan rows already. */
export type PlanSource = Pick<
  InvestmentDbRow,
  | 'id'
  | 'revision'
  | 'category'
  | 'purchase_date'
  | 'purchase_price'
  | 'residual_value'
  | 'depreciation_method'
  | 'depreciation_rate'
  | 'useful_life'
  | 'fiscal_year'
> & { has_schedules: boolean };

/**
 * Up to `limit` more of the company's plans waiting to be computed (plan_status 'computing'),
 * `except` left out, newest first: the queue delivers the jobs oldest first, so these are the
 * plans whose jobs come last, and the jobs about to start do not wait on their locks. Locked FOR
 * UPDATE SKIP LOCKED: the rows another plan job or an edit holds are left to them, so the call
 * never waits. Committed rows alone are seen: an investment whose creation has not committed yet
 * is left to its own job. Read through investments_company_date_idx (the company's rows): a
 * partial index of the pending plans was measured slower (bench: about half the plans/s).
 */
export async function lockPendingPlans(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  except: string,
  limit: number,
): Promise<PlanSource[]> {
  return sequelize.query<PlanSource>(
    `SELECT i.id, i.revision, i.category, i.purchase_date, i.purchase_price, i.residual_value, i.depreciation_method, i.depreciation_rate,
            i.useful_life, c.fiscal_year,
            EXISTS (SELECT 1 FROM accounting.depreciation_schedules d WHERE d.investment_id = i.id) AS has_schedules
       FROM accounting.investments i JOIN accounting.companies c ON c.id = i.company_id
      WHERE i.company_id = $1 AND i.plan_status = 'computing' AND i.id <> $2
      ORDER BY i.created_at DESC, i.id DESC
      LIMIT $3
        FOR UPDATE OF i SKIP LOCKED`,
    { bind: [companyId, except, limit], type: QueryTypes.SELECT, transaction },
  );
}

/**
 * Stores computed plans (several investments of the company) and marks them 'ready' in ONE
 * statement: every plan row in one multi-row INSERT (unnest of column arrays), the statuses in
 * one UPDATE (the insert and the update touch different tables). The investments are locked and
 * have no plan rows (see lockForPlan, lockPendingPlans, deleteSchedules).
 */
export async function storePlans(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  plans: readonly { investmentId: string; rows: readonly PlannedDepreciation[] }[],
): Promise<void> {
  const rows = plans.flatMap((p) => p.rows.map((r) => ({ ...r, investmentId: p.investmentId })));
  await sequelize.query(
    `WITH stored AS (
       INSERT INTO accounting.depreciation_schedules
         (company_id, investment_id, row_no, year, period_start, period_end, beginning_value, depreciation_amount, ending_value)
       SELECT $1, r.investment_id, r.row_no, r.year, r.period_start, r.period_end, r.beginning_value, r.depreciation_amount,
              r.ending_value
         FROM unnest($3::uuid[], $4::int[], $5::int[], $6::date[], $7::date[], $8::numeric[], $9::numeric[], $10::numeric[])
           AS r(investment_id, row_no, year, period_start, period_end, beginning_value, depreciation_amount, ending_value)
       RETURNING 1)
     UPDATE accounting.investments SET plan_status = 'ready' WHERE company_id = $1 AND id = ANY($2::uuid[])`,
    {
      bind: [
        companyId,
        plans.map((p) => p.investmentId),
        ...columnArrays(rows, [
          'investmentId',
          'rowNo',
          'year',
          'periodStart',
          'periodEnd',
          'beginningValue',
          'depreciationAmount',
          'endingValue',
        ]),
      ],
      transaction,
    },
  );
}

/** Deletes the plan rows of investments being re-planned (the guard refuses deleting recorded rows). */
export async function deleteSchedules(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  investmentIds: readonly string[],
): Promise<void> {
  await sequelize.query('DELETE FROM accounting.depreciation_schedules WHERE company_id = $1 AND investment_id = ANY($2::uuid[])', {
    bind: [companyId, investmentIds],
    transaction,
  });
}

/** Replaces a plan that has nothing recorded (the guard refuses deleting recorded rows). */
export async function replaceSchedules(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  investmentId: string,
  rows: PlannedDepreciation[],
): Promise<void> {
  await sequelize.query('DELETE FROM accounting.depreciation_schedules WHERE investment_id = $1', { bind: [investmentId], transaction });
  if (!rows.length) return;
  await sequelize.query(
    `INSERT INTO accounting.depreciation_schedules
       (company_id, investment_id, row_no, year, period_start, period_end, beginning_value, depreciation_amount, ending_value)
     SELECT $1, $2, r.row_no, r.year, r.period_start, r.period_end, r.beginning_value, r.depreciation_amount, r.ending_value
       FROM unnest($3::int[], $4::int[], $5::date[], $6::date[], $7::numeric[], $8::numeric[], $9::numeric[])
         AS r(row_no, year, period_start, period_end, beginning_value, depreciation_amount, ending_value)`,
    {
      bind: [
        companyId,
        investmentId,
        ...columnArrays(rows, ['rowNo', 'year', 'periodStart', 'periodEnd', 'beginningValue', 'depreciationAmount', 'endingValue']),
      ],
      transaction,
    },
  );
}
