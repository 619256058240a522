import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Employee, EmployeeCounters, EmployeeListQuery, EmployeeStatus, MaritalStatus, Paged, SalaryType } from '@xaalis/contracts';
import { CompanyWhere, pageWindow, pagedOf, foldedPattern, foldedSql } from '@xaalis/service-kit';

/** An employee as stored: the salary is always there (the API leaves it out for roles without `payroll`). */
export type StoredEmployee = Employee & { salary: string };

/** Row-level access to `hr.employees`: every statement is scoped by the company. */
interface EmployeeDbRow {
  id: string;
  company_id: string;
  employee_number: string;
  first_name: string;
  last_name: string;
  position: string;
  department: string | null;
  hire_date: string;
  salary: string;
  salary_type: SalaryType;
  bank_account: string | null;
  ipres_number: string | null;
  css_number: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  status: EmployeeStatus;
  is_cadre: boolean;
  marital_status: MaritalStatus | null;
  children: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * The writable fields of an employee, as the service has normalised them (empty optional texts are null):
 * the stored employee without what the database sets, the status null on edit (it stays as it is).
 */
export type EmployeeFields = Omit<StoredEmployee, 'id' | 'status' | 'companyId' | 'createdAt' | 'updatedAt'> & {
  status: EmployeeStatus | null;
};

const COLUMNS =
  'id, company_id, employee_number, first_name, last_name, position, department, hire_date, salary, salary_type, bank_account, phone, email, address, status, is_cadre, marital_status, children, ipres_number, css_number, created_at, updated_at';
const ORDER = 'ORDER BY last_name, first_name, employee_number, id';

function toEmployee(row: EmployeeDbRow): StoredEmployee {
  return {
    id: row.id,
    employeeNumber: row.employee_number,
    firstName: row.first_name,
    lastName: row.last_name,
    position: row.position,
    department: row.department,
    hireDate: row.hire_date,
    salary: row.salary,
    salaryType: row.salary_type,
    bankAccount: row.bank_account,
    ipresNumber: row.ipres_number,
    cssNumber: row.css_number,
    phone: row.phone,
    email: row.email,
    address: row.address,
    status: row.status,
    isCadre: row.is_cadre,
    maritalStatus: row.marital_status,
    children: row.children,
    companyId: row.company_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The positional values of the fields, from $first on, in the order of FIELD_COLUMNS. */
const FIELD_COLUMNS = [
  'employee_number',
  'first_name',
  'last_name',
  'position',
  'department',
  'hire_date',
  'salary',
  'salary_type',
  'bank_account',
  'phone',
  'email',
  'address',
  'status',
  'is_cadre',
  'marital_status',
  'children',
  'ipres_number',
  'css_number',
] as const;

const fieldValues = (f: EmployeeFields) => [
  f.employeeNumber,
  f.firstName,
  f.lastName,
  f.position,
  f.department,
  f.hireDate,
  f.salary,
  f.salaryType,
  f.bankAccount,
  f.phone,
  f.email,
  f.address,
  f.status,
  f.isCadre,
  f.maritalStatus,
  f.children,
  f.ipresNumber,
  f.cssNumber,
];

/** The company's employees by name, optionally only those of one status. */
export async function listEmployees(sequelize: Sequelize, companyId: string, status?: EmployeeStatus): Promise<StoredEmployee[]> {
  const rows = await sequelize.query<EmployeeDbRow>(
    `SELECT ${COLUMNS} FROM hr.employees WHERE company_id = $1 AND ($2::text IS NULL OR status = $2) ${ORDER}`,
    { bind: [companyId, status ?? null], type: QueryTypes.SELECT },
  );
  return rows.map(toEmployee);
}

/** One page of the company's employees, with the head counts of the whole company. */
export type StoredEmployeePage = Paged<StoredEmployee> & { counters: EmployeeCounters };

/**
 * One page of the company's employees by name (`?search=` on name, matricule or position,
 * `?status=`), and in the same answer the head counts of the whole company (unfiltered) and
 * the number of employees matching the filters, from ONE aggregate run beside the page.
 */
export async function pageEmployees(sequelize: Sequelize, companyId: string, q: EmployeeListQuery): Promise<StoredEmployeePage> {
  const where = new CompanyWhere(companyId);
  if (q.id) where.and('id = ?', q.id);
  if (q.status) where.and('status = ?', q.status);
  if (q.search)
    where.and(
      `(${foldedSql("first_name || ' ' || last_name")} LIKE ? OR ${foldedSql("last_name || ' ' || first_name")} LIKE ? OR ${foldedSql('employee_number')} LIKE ? OR ${foldedSql('position')} LIKE ?)`,
      foldedPattern(q.search),
    );
  const { limit, offset } = pageWindow(q);
  const n = where.bind.length;
  const [rows, [agg]] = await Promise.all([
    sequelize.query<EmployeeDbRow>(`SELECT ${COLUMNS} FROM hr.employees WHERE ${where.sql} ${ORDER} LIMIT $${n + 1} OFFSET $${n + 2}`, {
      bind: [...where.bind, limit, offset],
      type: QueryTypes.SELECT,
    }),
    sequelize.query<EmployeeCounters & { matching: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status = 'active')::int AS active,
              count(*) FILTER (WHERE status = 'inactive')::int AS inactive,
              count(*) FILTER (WHERE ${where.sql})::int AS matching
         FROM hr.employees WHERE company_id = $1`,
      { bind: where.bind, type: QueryTypes.SELECT },
    ),
  ]);
  return {
    ...pagedOf(rows.map(toEmployee), q, agg.matching),
    counters: { total: agg.total, active: agg.active, inactive: agg.inactive },
  };
}

/** The company's employees among `ids` (valid uuids), by name, in one query; the others are left out. */
export async function findEmployeesByIds(
  sequelize: Sequelize,
  companyId: string,
  ids: string[],
  transaction?: Transaction,
): Promise<StoredEmployee[]> {
  if (ids.length === 0) return [];
  const rows = await sequelize.query<EmployeeDbRow>(
    `SELECT ${COLUMNS} FROM hr.employees WHERE company_id = $1 AND id = ANY($2::uuid[]) ${ORDER}`,
    {
      bind: [companyId, ids],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return rows.map(toEmployee);
}

/** One employee of the company (a valid uuid), null otherwise. */
export async function findEmployee(
  sequelize: Sequelize,
  companyId: string,
  id: string,
  transaction?: Transaction,
): Promise<StoredEmployee | null> {
  return (await findEmployeesByIds(sequelize, companyId, [id], transaction))[0] ?? null;
}

export async function insertEmployee(
  sequelize: Sequelize,
  companyId: string,
  fields: EmployeeFields & { status: EmployeeStatus },
  createdBy: string | null,
): Promise<StoredEmployee> {
  const values = fieldValues(fields);
  const placeholders = values.map((_, i) => `$${i + 3}`).join(', ');
  const rows = await sequelize.query<EmployeeDbRow>(
    `INSERT INTO hr.employees (company_id, created_by, ${FIELD_COLUMNS.join(', ')}) VALUES ($1, $2, ${placeholders}) RETURNING ${COLUMNS}`,
    { bind: [companyId, createdBy, ...values], type: QueryTypes.SELECT },
  );
  return toEmployee(rows[0]);
}

/** Rewrites every field of the company's employee; null when there is no such employee. */
export async function updateEmployee(
  sequelize: Sequelize,
  companyId: string,
  id: string,
  fields: EmployeeFields,
): Promise<StoredEmployee | null> {
  const values = fieldValues(fields);
  // A status left out of the form keeps the stored one, in the same statement.
  const set = FIELD_COLUMNS.map((c, i) => (c === 'status' ? `status = COALESCE($${i + 3}::text, status)` : `${c} = $${i + 3}`)).join(', ');
  const rows = await sequelize.query<EmployeeDbRow>(
    `UPDATE hr.employees SET ${set}, updated_at = now() WHERE company_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    { bind: [companyId, id, ...values], type: QueryTypes.SELECT },
  );
  return rows[0] ? toEmployee(rows[0]) : null;
}

/** Sets the status of the company's employee (unchanged rows keep their updated_at); null when there is no such employee. */
export async function setEmployeeStatus(
  sequelize: Sequelize,
  companyId: string,
  id: string,
  status: EmployeeStatus,
): Promise<StoredEmployee | null> {
  const rows = await sequelize.query<EmployeeDbRow>(
    `UPDATE hr.employees SET status = $3, updated_at = CASE WHEN status = $3 THEN updated_at ELSE now() END
      WHERE company_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    { bind: [companyId, id, status], type: QueryTypes.SELECT },
  );
  return rows[0] ? toEmployee(rows[0]) : null;
}
