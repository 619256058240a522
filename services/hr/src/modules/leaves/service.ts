import { QueryTypes, type Sequelize } from 'sequelize';
import { MESSAGES_EMPLOYEE, MESSAGES_LEAVE, type Leave, type LeaveBalance, type LeaveKind, type Paged } from '@xaalis/contracts';
import { addMonthsToPeriod, firstDayOfMonth, lastDayOfMonth, mul, sub, workingDaysBetween, type PayslipAbsences } from '@xaalis/domain';
import { HttpError, isUuid, notFound, pagedOf } from '@xaalis/service-kit';

interface LeaveRow {
  id: string;
  employee_id: string;
  kind: LeaveKind;
  start_date: string;
  end_date: string;
  days: string;
  note: string | null;
  created_at: Date;
  first_name: string;
  last_name: string;
  employee_number: string;
}

const toLeave = (r: LeaveRow): Leave => ({
  id: r.id,
  employeeId: r.employee_id,
  employee: { firstName: r.first_name, lastName: r.last_name, employeeNumber: r.employee_number },
  kind: r.kind,
  startDate: r.start_date,
  endDate: r.end_date,
  days: r.days,
  note: r.note,
  createdAt: r.created_at.toISOString(),
});

const SELECT = `SELECT l.id, l.employee_id, l.kind, l.start_date::text AS start_date, l.end_date::text AS end_date, l.days::text AS days,
    l.note, l.created_at, e.first_name, e.last_name, e.employee_number
  FROM hr.leaves l JOIN hr.employees e ON e.company_id = l.company_id AND e.id = l.employee_id`;

/** A validated or paid slip of the employee in one of the months: its absences are settled. */
const COUNTED_SLIP_SQL = `SELECT 1 FROM hr.payslips WHERE employee_id = $1 AND period = ANY($2::text[]) AND status IN ('validated', 'paid') LIMIT 1`;

/** The months 'YYYY-MM' a date range touches. */
function monthsOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let m = start.slice(0, 7); m <= end.slice(0, 7); m = addMonthsToPeriod(m, 1)) out.push(m);
  return out;
}

/**
 * Leave and absences of one company's employees (issue 31). Recording or deleting an absence in a
 * month whose slip is validated or paid is refused (the slip was computed without it: cancel it
 * first); two absences of an employee never overlap (checked under a per-employee lock).
 */
export function leavesService(sequelize: Sequelize) {
  return {
    async list(companyId: string, q: { page: number; pageSize: number; employeeId?: string }): Promise<Paged<Leave>> {
      const bind = [companyId, q.employeeId ?? null];
      const where = `l.company_id = $1 AND ($2::uuid IS NULL OR l.employee_id = $2)`;
      const [rows, [count]] = await Promise.all([
        sequelize.query<LeaveRow>(`${SELECT} WHERE ${where} ORDER BY l.start_date DESC, l.id LIMIT $3 OFFSET $4`, {
          bind: [...bind, q.pageSize, (q.page - 1) * q.pageSize],
          type: QueryTypes.SELECT,
        }),
        sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM hr.leaves l WHERE ${where}`, { bind, type: QueryTypes.SELECT }),
      ]);
      return pagedOf(rows.map(toLeave), q, count?.n ?? 0);
    },

    async create(
      companyId: string,
      v: { employeeId: string; kind: LeaveKind; startDate: string; endDate: string; note?: string | null },
      userId: string | null,
    ): Promise<Leave> {
      const days = workingDaysBetween(v.startDate, v.endDate);
      if (days === 0) throw new HttpError(400, MESSAGES_LEAVE.noWorkingDay);
      const id = await sequelize.transaction(async (transaction) => {
        const [employee] = await sequelize.query<{ id: string }>(
          `SELECT id FROM hr.employees WHERE company_id = $1 AND id = $2 FOR UPDATE`,
          {
            bind: [companyId, v.employeeId.toLowerCase()],
            type: QueryTypes.SELECT,
            transaction,
          },
        );
        if (!employee) throw notFound(MESSAGES_EMPLOYEE.notFound);
        const [clash] = await sequelize.query(
          `SELECT 1 FROM hr.leaves WHERE employee_id = $1 AND start_date <= $3 AND end_date >= $2 LIMIT 1`,
          { bind: [employee.id, v.startDate, v.endDate], type: QueryTypes.SELECT, transaction },
        );
        if (clash) throw new HttpError(409, MESSAGES_LEAVE.overlap);
        const [counted] = await sequelize.query(COUNTED_SLIP_SQL, {
          bind: [employee.id, monthsOf(v.startDate, v.endDate)],
          type: QueryTypes.SELECT,
          transaction,
        });
        if (counted) throw new HttpError(409, MESSAGES_LEAVE.slipCounted);
        const [row] = await sequelize.query<{ id: string }>(
          `INSERT INTO hr.leaves (company_id, employee_id, kind, start_date, end_date, days, note, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          {
            bind: [companyId, employee.id, v.kind, v.startDate, v.endDate, days, v.note ?? null, userId],
            type: QueryTypes.SELECT,
            transaction,
          },
        );
        return row.id;
      });
      const [row] = await sequelize.query<LeaveRow>(`${SELECT} WHERE l.id = $1`, { bind: [id], type: QueryTypes.SELECT });
      return toLeave(row);
    },

    async remove(companyId: string, id: string): Promise<void> {
      await sequelize.transaction(async (transaction) => {
        const [row] = isUuid(id)
          ? await sequelize.query<{ employee_id: string; start_date: string; end_date: string }>(
              `SELECT employee_id, start_date::text AS start_date, end_date::text AS end_date FROM hr.leaves WHERE company_id = $1 AND id = $2 FOR UPDATE`,
              { bind: [companyId, id.toLowerCase()], type: QueryTypes.SELECT, transaction },
            )
          : [];
        if (!row) throw notFound(MESSAGES_LEAVE.notFound);
        const [counted] = await sequelize.query(COUNTED_SLIP_SQL, {
          bind: [row.employee_id, monthsOf(row.start_date, row.end_date)],
          type: QueryTypes.SELECT,
          transaction,
        });
        if (counted) throw new HttpError(409, MESSAGES_LEAVE.slipCounted);
        await sequelize.query(`DELETE FROM hr.leaves WHERE company_id = $1 AND id = $2`, {
          bind: [companyId, id.toLowerCase()],
          transaction,
        });
      });
    },

    /**
     * Paid leave per employee: earned at `leaveDaysPerMonth` per month paid (a validated or paid
     * slip), less the paid leave recorded. One aggregate for the company (or one employee).
     */
    async balances(companyId: string, leaveDaysPerMonth: string, employeeId?: string): Promise<LeaveBalance[]> {
      const rows = await sequelize.query<{ employee_id: string; months: number; taken: string }>(
        `SELECT e.id AS employee_id,
                (SELECT count(*)::int FROM hr.payslips p WHERE p.employee_id = e.id AND p.status IN ('validated', 'paid')) AS months,
                (SELECT COALESCE(SUM(days), 0)::text FROM hr.leaves l WHERE l.employee_id = e.id AND l.kind = 'paid') AS taken
           FROM hr.employees e
          WHERE e.company_id = $1 AND ($2::uuid IS NULL OR e.id = $2)
          ORDER BY e.last_name, e.first_name, e.employee_number`,
        { bind: [companyId, employeeId ?? null], type: QueryTypes.SELECT },
      );
      return rows.map((r) => {
        const accrued = mul(String(r.months), leaveDaysPerMonth);
        return { employeeId: r.employee_id, months: r.months, accrued, taken: sub(r.taken, '0'), balance: sub(accrued, r.taken) };
      });
    },

    /**
     * What the slips of `period` must know of the absences of these employees: paid leave and
     * unpaid days inside the month, and the leave's reference (gross less transport of the 12
     * months before, counted slips). Employees with neither are absent from the map. Batched.
     */
    async absencesFor(
      companyId: string,
      employeeIds: string[],
      period: string,
      leaveDaysPerMonth: string,
    ): Promise<Map<string, PayslipAbsences>> {
      if (employeeIds.length === 0) return new Map();
      const first = firstDayOfMonth(period);
      const last = lastDayOfMonth(period);
      const leaves = await sequelize.query<{ employee_id: string; kind: LeaveKind; start_date: string; end_date: string }>(
        `SELECT employee_id, kind, GREATEST(start_date, $3::date)::text AS start_date, LEAST(end_date, $4::date)::text AS end_date
           FROM hr.leaves
          WHERE company_id = $1 AND employee_id = ANY($2::uuid[]) AND kind IN ('paid', 'unpaid') AND start_date <= $4 AND end_date >= $3`,
        { bind: [companyId, employeeIds, first, last], type: QueryTypes.SELECT },
      );
      if (leaves.length === 0) return new Map();
      const days = new Map<string, { paid: number; unpaid: number }>();
      for (const l of leaves) {
        const d = days.get(l.employee_id) ?? { paid: 0, unpaid: 0 };
        d[l.kind === 'paid' ? 'paid' : 'unpaid'] += workingDaysBetween(l.start_date, l.end_date);
        days.set(l.employee_id, d);
      }
      const references = await sequelize.query<{ employee_id: string; sums: string; months: number }>(
        `SELECT employee_id, SUM(gross_salary - COALESCE((breakdown->'inputs'->>'transportAllowance')::numeric, 0))::numeric(15,2)::text AS sums,
                count(*)::int AS months
           FROM hr.payslips
          WHERE company_id = $1 AND employee_id = ANY($2::uuid[]) AND status IN ('validated', 'paid') AND period >= $3 AND period < $4
          GROUP BY employee_id`,
        { bind: [companyId, [...days.keys()], addMonthsToPeriod(period, -12), period], type: QueryTypes.SELECT },
      );
      const out = new Map<string, PayslipAbsences>();
      for (const [employeeId, d] of days) {
        const ref = references.find((r) => r.employee_id === employeeId);
        out.set(employeeId, {
          leaveDays: String(d.paid),
          unpaidDays: String(d.unpaid),
          leaveReferenceSums: ref?.sums ?? '0',
          leaveReferenceMonths: ref?.months ?? 0,
          leaveDaysPerMonth,
        });
      }
      return out;
    },
  };
}

export type LeavesService = ReturnType<typeof leavesService>;
