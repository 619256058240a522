import type { Sequelize } from 'sequelize';
import {
  MAX_EMPLOYEE_IDS,
  MESSAGES_EMPLOYEE,
  roleCan,
  type Employee,
  type EmployeeListQuery,
  type EmployeeStatus,
  type EmployeeValues,
  type Role,
} from '@xaalis/contracts';
import { HttpError, isUuid, notFound, refusingDuplicates, blankToNull } from '@xaalis/service-kit';
import {
  findEmployee,
  findEmployeesByIds,
  insertEmployee,
  listEmployees,
  pageEmployees,
  setEmployeeStatus,
  updateEmployee,
  type EmployeeFields,
  type StoredEmployee,
  type StoredEmployeePage,
} from './model';

function fieldsOf<S extends EmployeeStatus | null>(v: EmployeeValues, status: S): EmployeeFields & { status: S } {
  return {
    employeeNumber: v.employeeNumber,
    firstName: v.firstName,
    lastName: v.lastName,
    position: v.position,
    department: blankToNull(v.department),
    hireDate: v.hireDate,
    salary: v.salary,
    salaryType: v.salaryType,
    bankAccount: blankToNull(v.bankAccount),
    phone: blankToNull(v.phone),
    email: blankToNull(v.email),
    address: blankToNull(v.address),
    status,
    isCadre: v.isCadre,
    maritalStatus: v.maritalStatus,
    children: v.children,
    ipresNumber: blankToNull(v.ipresNumber),
    cssNumber: blankToNull(v.cssNumber),
  };
}

/**
 * The ids of `?ids=a,b,c` (or repeated `ids=`): malformed ones are ignored,
 * duplicates dropped; more than MAX_EMPLOYEE_IDS is a 400.
 */
export function parseIds(raw: unknown): string[] {
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : []));
  const ids = [...new Set(parts.map((p) => p.trim().toLowerCase()).filter(isUuid))];
  if (ids.length > MAX_EMPLOYEE_IDS) throw new HttpError(400, MESSAGES_EMPLOYEE.tooManyIds);
  return ids;
}

/**
 * What a caller of `role` sees of an employee: salaries are payroll data (confidential), so the
 * salary is null for a role without the `payroll` capability. Everything else stays.
 */
export function employeeFor(role: Role | null, employee: Employee): Employee {
  return roleCan(role, 'payroll') ? employee : { ...employee, salary: null };
}

/**
 * Staff of one company (spec "Gestion du Personnel"): list, create, edit and
 * set inactive; never deleted (payslips keep pointing at them). Another
 * company's employee, or an id that is not one, is a 404.
 */
export function employeesService(sequelize: Sequelize) {
  async function get(companyId: string, id: string): Promise<StoredEmployee> {
    const employee = isUuid(id) ? await findEmployee(sequelize, companyId, id) : null;
    if (!employee) throw notFound(MESSAGES_EMPLOYEE.notFound);
    return employee;
  }

  return {
    /** Every employee of the company (of one status): the payroll generation's read, never a response. */
    list(companyId: string, status?: EmployeeStatus): Promise<StoredEmployee[]> {
      return listEmployees(sequelize, companyId, status);
    },

    /** One page of the list (`?page=&pageSize=&search=&status=`) with the company's head counts. */
    page(companyId: string, q: EmployeeListQuery): Promise<StoredEmployeePage> {
      return pageEmployees(sequelize, companyId, q);
    },

    get,

    /**
     * The company's employees among `ids` (the internal read of other services, the company taken
     * from the path: a malformed one is a 404); unknown ids are left out.
     */
    async byIds(companyId: string, ids: string[]): Promise<StoredEmployee[]> {
      if (!isUuid(companyId)) throw notFound();
      return findEmployeesByIds(sequelize, companyId.toLowerCase(), ids);
    },

    create(companyId: string, v: EmployeeValues, userId: string | null = null): Promise<StoredEmployee> {
      return refusingDuplicates(MESSAGES_EMPLOYEE.duplicateNumber, () =>
        insertEmployee(sequelize, companyId, fieldsOf(v, v.status ?? ('active' as const)), userId),
      );
    },

    /** Rewrites the employee's card; the status is kept when the form does not send it. */
    async update(companyId: string, id: string, v: EmployeeValues): Promise<StoredEmployee> {
      const updated = isUuid(id)
        ? await refusingDuplicates(MESSAGES_EMPLOYEE.duplicateNumber, () =>
            updateEmployee(sequelize, companyId, id, fieldsOf(v, v.status ?? null)),
          )
        : null;
      if (!updated) throw notFound(MESSAGES_EMPLOYEE.notFound);
      return updated;
    },

    async setStatus(companyId: string, id: string, status: EmployeeStatus): Promise<StoredEmployee> {
      const updated = isUuid(id) ? await setEmployeeStatus(sequelize, companyId, id, status) : null;
      if (!updated) throw notFound(MESSAGES_EMPLOYEE.notFound);
      return updated;
    },
  };
}

export type EmployeesService = ReturnType<typeof employeesService>;
