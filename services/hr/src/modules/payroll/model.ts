import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type {
  PaymentMethod,
  PayrollSetId,
  Payslip,
  PayslipBreakdown,
  PayslipListQuery,
  PayslipListTotals,
  PayslipPostingEvent,
  PayslipStatus,
} from '@xaalis/contracts';
import { CompanyWhere, pageWindow, foldedPattern, foldedSql } from '@xaalis/service-kit';

/** Row-level access to `hr.payslips`: every statement is scoped by the company. */
export interface PayslipDbRow {
  id: string;
  company_id: string;
  employee_id: string;
  period: string;
  parameter_set_id: PayrollSetId;
  base_salary: string;
  allowances: string;
  overtime_pay: string;
  gross_salary: string;
  social_charges: string;
  employer_contributions: string;
  income_tax: string;
  trimf: string;
  other_deductions: string;
  net_salary: string;
  employer_cost: string;
  breakdown: PayslipBreakdown;
  status: PayslipStatus;
  payment_date: string | null;
  payment_method: PaymentMethod | null;
  treasury_account_id: string | null;
  cancelled_on: string | null;
  validated_by: string | null;
  paid_by: string | null;
  cancelled_by: string | null;
  posted_entry_number: string | null;
  payment_entry_number: string | null;
  unposted_events: PayslipPostingEvent[];
  created_at: Date;
  // The employee, joined.
  first_name: string;
  last_name: string;
  employee_number: string;
  position: string;
}

const SELECT = `SELECT p.*, e.first_name, e.last_name, e.employee_number, e.position
  FROM hr.payslips p JOIN hr.employees e ON e.company_id = p.company_id AND e.id = p.employee_id`;

export function toPayslip(row: PayslipDbRow): Payslip {
  return {
    id: row.id,
    employeeId: row.employee_id,
    employee: {
      id: row.employee_id,
      firstName: row.first_name,
      lastName: row.last_name,
      employeeNumber: row.employee_number,
      position: row.position,
    },
    period: row.period,
    parameterSetId: row.parameter_set_id,
    baseSalary: row.base_salary,
    allowances: row.allowances,
    overtimePay: row.overtime_pay,
    grossSalary: row.gross_salary,
    socialCharges: row.social_charges,
    employerContributions: row.employer_contributions,
    incomeTax: row.income_tax,
    trimf: row.trimf,
    otherDeductions: row.other_deductions,
    netSalary: row.net_salary,
    employerCost: row.employer_cost,
    breakdown: row.breakdown,
    status: row.status,
    paymentDate: row.payment_date,
    paymentMethod: row.payment_method,
    treasuryAccountId: row.treasury_account_id,
    postedEntryNumber: row.posted_entry_number,
    paymentEntryNumber: row.payment_entry_number,
    postingPending: row.unposted_events.length > 0,
    createdAt: row.created_at.toISOString(),
  };
}

/** The company's payslips, newest period first, then by employee name; optionally one period. */
export async function listPayslips(sequelize: Sequelize, companyId: string, period?: string): Promise<PayslipDbRow[]> {
  return sequelize.query<PayslipDbRow>(
    `${SELECT} WHERE p.company_id = $1 AND ($2::text IS NULL OR p.period = $2)
      ORDER BY p.period DESC, e.last_name, e.first_name, e.employee_number, p.id`,
    { bind: [companyId, period ?? null], type: QueryTypes.SELECT },
  );
}

/** The list's order: newest period first, then by the employee's name. */
const LIST_ORDER = 'p.period DESC, e.last_name, e.first_name, e.employee_number, p.id';

/**
 * One page of the company's payslips (`?search=` on the employee's name or matricule, `?period=`,
 * `?year=`, `?employeeId=`, `?status=`) and, from ONE aggregate run beside it, the number of
 * slips matching the filters and their totals (cancelled slips left out of the sums; exact
 * numeric sums). The page takes the ids first (deferred join: OFFSET skips narrow rows, not
 * whole slips with their breakdown), then only those slips.
 */
export async function pagePayslips(
  sequelize: Sequelize,
  companyId: string,
  q: PayslipListQuery,
): Promise<{ rows: PayslipDbRow[]; totalItems: number; totals: PayslipListTotals }> {
  const where = new CompanyWhere(companyId, 'p.');
  if (q.period) where.and('p.period = ?', q.period);
  if (q.year) where.and(`p.period BETWEEN ?::text || '-01' AND ?::text || '-12'`, q.year);
  if (q.employeeId) where.and('p.employee_id = ?', q.employeeId);
  if (q.status) where.and('p.status = ?', q.status);
  if (q.search)
    where.and(
      `(${foldedSql("e.first_name || ' ' || e.last_name")} LIKE ? OR ${foldedSql("e.last_name || ' ' || e.first_name")} LIKE ? OR ${foldedSql('e.employee_number')} LIKE ?)`,
      foldedPattern(q.search),
    );
  const { limit, offset } = pageWindow(q);
  const n = where.bind.length;
  const from = 'hr.payslips p JOIN hr.employees e ON e.company_id = p.company_id AND e.id = p.employee_id';
  const sum = (expr: string) => `COALESCE(SUM(${expr}) FILTER (WHERE p.status <> 'cancelled'), 0)::numeric(20,2)::text`;
  const [rows, [agg]] = await Promise.all([
    sequelize.query<PayslipDbRow>(
      `${SELECT}
         JOIN (SELECT p.id FROM ${from} WHERE ${where.sql} ORDER BY ${LIST_ORDER} LIMIT $${n + 1} OFFSET $${n + 2}) page ON page.id = p.id
        ORDER BY ${LIST_ORDER}`,
      { bind: [...where.bind, limit, offset], type: QueryTypes.SELECT },
    ),
    sequelize.query<PayslipListTotals & { matching: number }>(
      `SELECT count(*)::int AS matching,
              ${sum('p.gross_salary')} AS gross,
              ${sum('p.social_charges + p.employer_contributions')} AS charges,
              ${sum('p.income_tax + p.trimf')} AS tax,
              ${sum('p.net_salary')} AS net
         FROM ${from} WHERE ${where.sql}`,
      { bind: where.bind, type: QueryTypes.SELECT },
    ),
  ]);
  const { matching, ...totals } = agg;
  return { rows, totalItems: matching, totals };
}

/** One payslip of the company (a valid uuid), locked for the transaction when asked; null otherwise. */
export async function findPayslip(
  sequelize: Sequelize,
  companyId: string,
  id: string,
  opts: { transaction?: Transaction; lock?: boolean } = {},
): Promise<PayslipDbRow | null> {
  const rows = await sequelize.query<PayslipDbRow>(
    `${SELECT} WHERE p.company_id = $1 AND p.id = $2${opts.lock ? ' FOR UPDATE OF p' : ''}`,
    {
      bind: [companyId, id],
      type: QueryTypes.SELECT,
      transaction: opts.transaction,
    },
  );
  return rows[0] ?? null;
}

/** The stored figures of a new draft: the contract's payslip fields the calculator fills. */
export type PayslipFigures = Pick<
  Payslip,
  | 'employeeId'
  | 'period'
  | 'parameterSetId'
  | 'baseSalary'
  | 'allowances'
  | 'overtimePay'
  | 'grossSalary'
  | 'socialCharges'
  | 'employerContributions'
  | 'incomeTax'
  | 'trimf'
  | 'netSalary'
  | 'employerCost'
  | 'breakdown'
>;

/** Inserts a draft; returns its id. A second slip of the employee for the period violates payslips_employee_period_key. */
export async function insertPayslip(
  sequelize: Sequelize,
  companyId: string,
  f: PayslipFigures,
  createdBy: string | null,
  transaction?: Transaction,
): Promise<string> {
  const rows = await sequelize.query<{ id: string }>(
    `INSERT INTO hr.payslips (company_id, created_by, employee_id, period, parameter_set_id, base_salary, allowances, overtime_pay,
       gross_salary, social_charges, employer_contributions, income_tax, trimf, net_salary, employer_cost, breakdown)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb) RETURNING id`,
    {
      bind: [
        companyId,
        createdBy,
        f.employeeId,
        f.period,
        f.parameterSetId,
        f.baseSalary,
        f.allowances,
        f.overtimePay,
        f.grossSalary,
        f.socialCharges,
        f.employerContributions,
        f.incomeTax,
        f.trimf,
        f.netSalary,
        f.employerCost,
        JSON.stringify(f.breakdown),
      ],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return rows[0].id;
}

/**
 * Inserts many drafts of the company in ONE statement (one array per column, unnested), skipping
 * the employees that already have a slip for the period (payslips_employee_period_key: a form or
 * a concurrent run got there first). Returns how many were inserted.
 */
export async function insertPayslips(
  sequelize: Sequelize,
  companyId: string,
  drafts: readonly PayslipFigures[],
  createdBy: string | null,
): Promise<number> {
  if (drafts.length === 0) return 0;
  const column = <T>(pick: (f: PayslipFigures) => T) => drafts.map(pick);
  const rows = await sequelize.query<{ id: string }>(
    `INSERT INTO hr.payslips (company_id, created_by, employee_id, period, parameter_set_id, base_salary, allowances, overtime_pay,
       gross_salary, social_charges, employer_contributions, income_tax, trimf, net_salary, employer_cost, breakdown)
     SELECT $1, $2, d.* FROM unnest($3::uuid[], $4::text[], $5::text[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[],
       $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[], $14::numeric[], $15::numeric[], $16::jsonb[]) AS d
     ON CONFLICT ON CONSTRAINT payslips_employee_period_key DO NOTHING RETURNING id`,
    {
      bind: [
        companyId,
        createdBy,
        column((f) => f.employeeId),
        column((f) => f.period),
        column((f) => f.parameterSetId),
        column((f) => f.baseSalary),
        column((f) => f.allowances),
        column((f) => f.overtimePay),
        column((f) => f.grossSalary),
        column((f) => f.socialCharges),
        column((f) => f.employerContributions),
        column((f) => f.incomeTax),
        column((f) => f.trimf),
        column((f) => f.netSalary),
        column((f) => f.employerCost),
        column((f) => JSON.stringify(f.breakdown)),
      ],
      type: QueryTypes.SELECT,
    },
  );
  return rows.length;
}

/** The slips with a posting left to enqueue or to confirm since before `olderThan` (the sweep), oldest first. */
export async function findUnposted(sequelize: Sequelize, olderThan: Date, limit: number): Promise<PayslipDbRow[]> {
  return sequelize.query<PayslipDbRow>(
    `${SELECT} WHERE p.unposted_events <> '{}' AND p.unposted_since < $1 ORDER BY p.unposted_since LIMIT $2`,
    { bind: [olderThan, limit], type: QueryTypes.SELECT },
  );
}

/** The entry of an event exists (or, for a cancellation, '' when there was nothing to reverse): store its number and take the event out of the outbox. Idempotent; false when no such slip. */
export async function recordPosting(
  sequelize: Sequelize,
  companyId: string,
  id: string,
  event: PayslipPostingEvent,
  entryNumber: string,
): Promise<boolean> {
  const column = { validated: 'posted_entry_number', paid: 'payment_entry_number', cancelled: 'cancellation_entry_number' }[event];
  const rows = await sequelize.query<{ id: string }>(
    `UPDATE hr.payslips SET ${column} = NULLIF($4, ''), unposted_events = array_remove(unposted_events, $3::text),
       unposted_since = CASE WHEN array_remove(unposted_events, $3::text) = '{}' THEN NULL ELSE unposted_since END,
       updated_at = now()
     WHERE company_id = $1 AND id = $2 RETURNING id`,
    { bind: [companyId, id, event, entryNumber], type: QueryTypes.SELECT },
  );
  return rows.length > 0;
}

/**
 * The employee's cumulative gross, income tax and TRIMF of the calendar year of
 * `slip.period`, January to that period included: the slips that count (validated
 * or paid; drafts may still change and cancelled ones were never paid) plus the
 * slip itself whatever its status, so a draft's bulletin shows the cumulative
 * figures it would make. Sums in SQL on the numeric columns (exact).
 */
export async function yearToDate(
  sequelize: Sequelize,
  companyId: string,
  slip: { id: string; employeeId: string; period: string },
): Promise<{ gross: string; incomeTax: string; trimf: string }> {
  const rows = await sequelize.query<{ gross: string; income_tax: string; trimf: string }>(
    `SELECT COALESCE(SUM(gross_salary), 0)::numeric(20,2)::text AS gross,
            COALESCE(SUM(income_tax), 0)::numeric(20,2)::text AS income_tax,
            COALESCE(SUM(trimf), 0)::numeric(20,2)::text AS trimf
       FROM hr.payslips
      WHERE company_id = $1 AND employee_id = $2
        AND period >= left($3, 4) || '-01' AND period <= $3
        AND (status IN ('validated', 'paid') OR id = $4)`,
    { bind: [companyId, slip.employeeId, slip.period, slip.id], type: QueryTypes.SELECT },
  );
  const r = rows[0];
  return { gross: r.gross, incomeTax: r.income_tax, trimf: r.trimf };
}
