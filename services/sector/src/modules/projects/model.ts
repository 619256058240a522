import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { CompanyWhere, pageWindow, foldedPattern, foldedSql } from '@xaalis/service-kit';
import type { InternalInvoiceInput, ProjectStatus, ProjectValues, TimesheetListQuery, TimesheetStatus } from '@xaalis/contracts';

/** Row-level access to the services tables (schema "sector"); every query names the company. */

export interface ProjectDbRow {
  id: string;
  company_id: string;
  name: string;
  description: string | null;
  client_id: string;
  start_date: string;
  end_date: string | null;
  budget: string;
  hourly_rate: string;
  status: ProjectStatus;
  created_at: Date;
  updated_at: Date;
  total_cost: string;
  total_hours: string;
  unbilled_cost: string;
  unbilled_hours: string;
  billing_pending: boolean;
}

export interface TimesheetDbRow {
  id: string;
  company_id: string;
  employee_id: string;
  project_id: string | null;
  project_name: string | null;
  date: string;
  start_time: string;
  end_time: string;
  break_minutes: number;
  hours_worked: string;
  description: string | null;
  hourly_rate: string;
  total_cost: string;
  status: TimesheetStatus;
  invoice_id: string | null;
  invoice_number: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface BillingDbRow {
  id: string;
  company_id: string;
  project_id: string;
  status: 'pending' | 'billed';
  request: InternalInvoiceInput | null;
  invoice_id: string | null;
  invoice_number: string | null;
}

type Opts = { transaction?: Transaction };

// Aggregates in SQL: one pass over the company's timesheets grouped by project.
const PROJECT_SELECT = `
  SELECT p.id, p.company_id, p.name, p.description, p.client_id, to_char(p.start_date, 'YYYY-MM-DD') AS start_date,
         to_char(p.end_date, 'YYYY-MM-DD') AS end_date, p.budget, p.hourly_rate, p.status, p.created_at, p.updated_at,
         COALESCE(a.total_cost, 0)::numeric(15,2)::text AS total_cost,
         COALESCE(a.total_hours, 0)::numeric(12,2)::text AS total_hours,
         COALESCE(a.unbilled_cost, 0)::numeric(15,2)::text AS unbilled_cost,
         COALESCE(a.unbilled_hours, 0)::numeric(12,2)::text AS unbilled_hours,
         EXISTS (SELECT 1 FROM sector.project_billings b WHERE b.project_id = p.id AND b.status = 'pending') AS billing_pending
    FROM sector.projects p
    LEFT JOIN (
      SELECT t.project_id, sum(t.total_cost) AS total_cost, sum(t.hours_worked) AS total_hours,
             sum(t.total_cost) FILTER (WHERE t.status = 'pending') AS unbilled_cost,
             sum(t.hours_worked) FILTER (WHERE t.status = 'pending') AS unbilled_hours
        FROM sector.timesheets t
       WHERE t.company_id = $1 AND t.project_id IS NOT NULL
       GROUP BY t.project_id
    ) a ON a.project_id = p.id`;

export interface ProjectFilter {
  id?: string;
  status?: ProjectStatus;
  /** Name contains. */
  search?: string;
}

function projectWhere(companyId: string, filter: ProjectFilter): CompanyWhere {
  const where = new CompanyWhere(companyId, 'p.');
  if (filter.id) where.and('p.id = ?', filter.id);
  if (filter.status) where.and('p.status = ?', filter.status);
  if (filter.search) where.and(`${foldedSql('p.name')} LIKE ?`, foldedPattern(filter.search));
  return where;
}

/** Newest first; one page of them with `page`. */
export async function findProjects(
  sequelize: Sequelize,
  companyId: string,
  filter: ProjectFilter = {},
  page?: { page: number; pageSize: number },
): Promise<ProjectDbRow[]> {
  const where = projectWhere(companyId, filter);
  const window = page ? pageWindow(page) : null;
  return sequelize.query<ProjectDbRow>(
    `${PROJECT_SELECT} WHERE ${where.sql} ORDER BY p.created_at DESC, p.id DESC${window ? ` LIMIT ${window.limit} OFFSET ${window.offset}` : ''}`,
    { bind: where.bind, type: QueryTypes.SELECT },
  );
}

/** How many projects match the filter, and the company's active projects (all). */
export async function countProjects(
  sequelize: Sequelize,
  companyId: string,
  filter: ProjectFilter,
): Promise<{ total: number; active: number }> {
  const where = projectWhere(companyId, filter);
  const [row] = await sequelize.query<{ total: number; active: number }>(
    `SELECT count(*) FILTER (WHERE ${where.sql})::int AS total, count(*) FILTER (WHERE p.status = 'active')::int AS active
       FROM sector.projects p WHERE p.company_id = $1`,
    { bind: where.bind, type: QueryTypes.SELECT },
  );
  return row;
}

/** The project's own columns (no aggregates), optionally locked. */
export async function findProjectRow(
  sequelize: Sequelize,
  companyId: string,
  id: string,
  opts: Opts & { lock?: boolean } = {},
): Promise<{ id: string; name: string; client_id: string; hourly_rate: string; status: ProjectStatus } | null> {
  const [row] = await sequelize.query<{ id: string; name: string; client_id: string; hourly_rate: string; status: ProjectStatus }>(
    `SELECT id, name, client_id, hourly_rate, status FROM sector.projects WHERE company_id = $1 AND id = $2${opts.lock ? ' FOR UPDATE' : ''}`,
    { bind: [companyId, id], type: QueryTypes.SELECT, transaction: opts.transaction },
  );
  return row ?? null;
}

export async function insertProject(sequelize: Sequelize, companyId: string, v: ProjectValues): Promise<string> {
  const [row] = await sequelize.query<{ id: string }>(
    `INSERT INTO sector.projects (company_id, name, description, client_id, start_date, end_date, budget, hourly_rate, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    {
      bind: [companyId, v.name, v.description, v.clientId.toLowerCase(), v.startDate, v.endDate, v.budget, v.hourlyRate, v.status],
      type: QueryTypes.SELECT,
    },
  );
  return row.id;
}

export async function updateProject(sequelize: Sequelize, companyId: string, id: string, v: ProjectValues): Promise<boolean> {
  const rows = await sequelize.query(
    `UPDATE sector.projects SET name = $3, description = $4, client_id = $5, start_date = $6, end_date = $7, budget = $8,
            hourly_rate = $9, status = $10, updated_at = now()
      WHERE company_id = $1 AND id = $2 RETURNING id`,
    {
      bind: [companyId, id, v.name, v.description, v.clientId.toLowerCase(), v.startDate, v.endDate, v.budget, v.hourlyRate, v.status],
      type: QueryTypes.SELECT,
    },
  );
  return rows.length > 0;
}

/** The cards: project counts and budgets, hours of the current month (UTC = Dakar). */
export async function servicesSummary(
  sequelize: Sequelize,
  companyId: string,
): Promise<{ active: number; completed: number; total_value: string; hours: string }> {
  const [row] = await sequelize.query<{ active: number; completed: number; total_value: string; hours: string }>(
    `SELECT (SELECT count(*) FILTER (WHERE status = 'active') FROM sector.projects WHERE company_id = $1)::int AS active,
            (SELECT count(*) FILTER (WHERE status = 'completed') FROM sector.projects WHERE company_id = $1)::int AS completed,
            (SELECT COALESCE(sum(budget), 0) FROM sector.projects WHERE company_id = $1)::numeric(17,2)::text AS total_value,
            (SELECT COALESCE(sum(hours_worked), 0) FROM sector.timesheets
              WHERE company_id = $1 AND date >= date_trunc('month', now() AT TIME ZONE 'UTC')::date
                AND date < (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month')::date)::numeric(12,2)::text AS hours`,
    { bind: [companyId], type: QueryTypes.SELECT },
  );
  return row;
}

// --- Timesheets ------------------------------------------------------------

const TIMESHEET_COLUMNS = `t.id, t.company_id, t.employee_id, t.project_id, p.name AS project_name, to_char(t.date, 'YYYY-MM-DD') AS date,
  to_char(t.start_time, 'HH24:MI') AS start_time, to_char(t.end_time, 'HH24:MI') AS end_time, t.break_minutes, t.hours_worked,
  t.description, t.hourly_rate, t.total_cost, t.status, t.invoice_id, t.invoice_number, t.created_at, t.updated_at`;
const TIMESHEET_ORDER = 't.date DESC, t.start_time DESC, t.created_at DESC, t.id DESC';
const TIMESHEET_FROM = 'sector.timesheets t LEFT JOIN sector.projects p ON p.company_id = t.company_id AND p.id = t.project_id';

/** One page, newest date first, and the total count under the same filters. */
export async function findTimesheetPage(
  sequelize: Sequelize,
  companyId: string,
  q: Required<Pick<TimesheetListQuery, 'page' | 'pageSize'>> & Omit<TimesheetListQuery, 'page' | 'pageSize'>,
): Promise<{ rows: TimesheetDbRow[]; total: number }> {
  const filter = new CompanyWhere(companyId, 't.');
  if (q.projectId) filter.and('t.project_id = ?', q.projectId.toLowerCase());
  if (q.employeeId) filter.and('t.employee_id = ?', q.employeeId.toLowerCase());
  if (q.status) filter.and('t.status = ?', q.status);
  if (q.search) {
    filter.and(
      `(${foldedSql('t.description')} LIKE ? OR EXISTS (SELECT 1 FROM sector.projects sp WHERE sp.company_id = t.company_id AND sp.id = t.project_id AND ${foldedSql('sp.name')} LIKE ?))`,
      foldedPattern(q.search),
    );
  }
  if (q.month) {
    filter.and("t.date >= to_date(?, 'YYYY-MM')", q.month);
    filter.and("t.date < to_date(?, 'YYYY-MM') + interval '1 month'", q.month);
  }
  const { sql: where, bind } = filter;
  const [{ total }] = await sequelize.query<{ total: number }>(`SELECT count(*)::int AS total FROM sector.timesheets t WHERE ${where}`, {
    bind,
    type: QueryTypes.SELECT,
  });
  const page = Number(q.page);
  const size = Number(q.pageSize);
  const rows = await sequelize.query<TimesheetDbRow>(
    // The page is cut on the timesheets alone (index order), then only its rows are joined to their project.
    `SELECT ${TIMESHEET_COLUMNS}
       FROM (SELECT * FROM sector.timesheets t WHERE ${where} ORDER BY ${TIMESHEET_ORDER} LIMIT ${size} OFFSET ${(page - 1) * size}) t
       LEFT JOIN sector.projects p ON p.company_id = t.company_id AND p.id = t.project_id
      ORDER BY ${TIMESHEET_ORDER}`,
    { bind, type: QueryTypes.SELECT },
  );
  return { rows, total };
}

export async function findTimesheet(sequelize: Sequelize, companyId: string, id: string): Promise<TimesheetDbRow | null> {
  const [row] = await sequelize.query<TimesheetDbRow>(
    `SELECT ${TIMESHEET_COLUMNS} FROM ${TIMESHEET_FROM} WHERE t.company_id = $1 AND t.id = $2`,
    {
      bind: [companyId, id],
      type: QueryTypes.SELECT,
    },
  );
  return row ?? null;
}

export interface TimesheetFields {
  employeeId: string;
  projectId: string | null;
  date: string;
  startTime: string;
  endTime: string;
  breakMinutes: number;
  hoursWorked: string;
  description: string | null;
  hourlyRate: string;
  totalCost: string;
}

/** Inserts a timesheet; with a project, only while that project is still active (locked: no status change in between). */
export async function insertTimesheet(sequelize: Sequelize, companyId: string, f: TimesheetFields): Promise<string | null> {
  const [row] = await sequelize.query<{ id: string }>(
    `INSERT INTO sector.timesheets (company_id, employee_id, project_id, date, start_time, end_time, break_minutes, hours_worked,
                                    description, hourly_rate, total_cost)
     SELECT $1, $2, $3::uuid, $4, $5, $6, $7, $8, $9, $10, $11
      WHERE $3::uuid IS NULL
         OR EXISTS (SELECT 1 FROM sector.projects WHERE company_id = $1 AND id = $3::uuid AND status = 'active' FOR SHARE)
     RETURNING id`,
    {
      bind: [
        companyId,
        f.employeeId,
        f.projectId,
        f.date,
        f.startTime,
        f.endTime,
        f.breakMinutes,
        f.hoursWorked,
        f.description,
        f.hourlyRate,
        f.totalCost,
      ],
      type: QueryTypes.SELECT,
    },
  );
  return row?.id ?? null;
}

// --- Billings ---------------------------------------------------------------

export interface ClaimedTimesheet {
  id: string;
  employee_id: string;
  hours_worked: string;
  hourly_rate: string;
  total_cost: string;
}

/**
 * Opens a billing of the project's unbilled timesheets in one transaction:
 * the billing row (the partial unique index allows one pending per project)
 * and the timesheets moved to 'billing' (the UPDATE locks them). Null when a
 * billing is already pending; an empty list when nothing was unbilled (then
 * nothing is kept).
 */
export async function claimBilling(
  sequelize: Sequelize,
  companyId: string,
  projectId: string,
): Promise<{ billingId: string; timesheets: ClaimedTimesheet[] } | null> {
  return sequelize.transaction(async (transaction) => {
    const [billing] = await sequelize.query<{ id: string }>(
      `INSERT INTO sector.project_billings (company_id, project_id) VALUES ($1, $2)
       ON CONFLICT (project_id, company_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
      { bind: [companyId, projectId], type: QueryTypes.SELECT, transaction },
    );
    if (!billing) return null;
    const timesheets = await sequelize.query<ClaimedTimesheet>(
      `UPDATE sector.timesheets SET status = 'billing', billing_id = $3, updated_at = now()
        WHERE company_id = $1 AND project_id = $2 AND status = 'pending'
        RETURNING id, employee_id, hours_worked, hourly_rate, total_cost`,
      { bind: [companyId, projectId, billing.id], type: QueryTypes.SELECT, transaction },
    );
    if (!timesheets.length) {
      await sequelize.query('DELETE FROM sector.project_billings WHERE id = $1', { bind: [billing.id], transaction });
    }
    return { billingId: billing.id, timesheets };
  });
}

export async function setBillingRequest(sequelize: Sequelize, billingId: string, request: InternalInvoiceInput): Promise<void> {
  await sequelize.query('UPDATE sector.project_billings SET request = $2::jsonb WHERE id = $1', {
    bind: [billingId, JSON.stringify(request)],
  });
}

/** The invoice exists: the billing and its timesheets become billed. */
export async function completeBilling(sequelize: Sequelize, billingId: string, invoice: { id: string; number: string }): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    await sequelize.query(
      `UPDATE sector.project_billings SET status = 'billed', invoice_id = $2, invoice_number = $3, settled_at = now()
        WHERE id = $1 AND status = 'pending'`,
      { bind: [billingId, invoice.id, invoice.number], transaction },
    );
    await sequelize.query(
      `UPDATE sector.timesheets SET status = 'billed', invoice_id = $2, invoice_number = $3, updated_at = now()
        WHERE billing_id = $1 AND status = 'billing'`,
      { bind: [billingId, invoice.id, invoice.number], transaction },
    );
  });
}

/** Nothing was invoiced: the timesheets are unbilled again and the billing disappears. */
export async function dropBilling(sequelize: Sequelize, billingId: string): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    await sequelize.query(
      `UPDATE sector.timesheets SET status = 'pending', billing_id = NULL, updated_at = now() WHERE billing_id = $1 AND status = 'billing'`,
      { bind: [billingId], transaction },
    );
    await sequelize.query(`DELETE FROM sector.project_billings WHERE id = $1 AND status = 'pending'`, { bind: [billingId], transaction });
  });
}

/**
 * Pending billings older than `olderThanMs`: those with a request (their
 * invoice call's outcome is unknown) and those without one for 5 minutes (the
 * process stopped before the call: nothing was sent).
 */
export async function findPendingBillings(sequelize: Sequelize, olderThanMs: number, limit: number): Promise<BillingDbRow[]> {
  return sequelize.query<BillingDbRow>(
    `SELECT id, company_id, project_id, status, request, invoice_id, invoice_number FROM sector.project_billings
      WHERE status = 'pending'
        AND created_at < now() - make_interval(secs => CASE WHEN request IS NULL THEN greatest($1, 300) ELSE $1 END)
      ORDER BY created_at LIMIT $2`,
    { bind: [olderThanMs / 1000, limit], type: QueryTypes.SELECT },
  );
}
