// Fixtures for the HR remote's component tests (jsdom). Not part of the bundle.
// The render and fetch helpers are shared by the remotes, from web-kit.
import { employeeName, type Employee, type EmployeeList, type Payslip, type PayslipList } from '@xaalis/contracts';
import { sum } from '@xaalis/domain';
import { testUuid as uuid } from '@xaalis/web-kit/src/testing/app';
import { employeeRecord } from '@xaalis/web-kit/src/testing/records';

export { mockFetch, type FakeResponse, type FetchHandler } from '@xaalis/web-kit/src/testing/fetch';
export { callsTo, company, COMPANY_ID, LocationProbe, renderWithApp, TEST_USER, type RenderOptions } from '@xaalis/web-kit/src/testing/app';

let seq = 0;

export function employee(overrides: Partial<Employee> = {}): Employee {
  seq += 1;
  return employeeRecord(uuid(700000 + seq), `E${String(seq).padStart(3, '0')}`, overrides);
}

/** The query string of a request the fake server answers. */
const paramsOf = (url: string) => new URLSearchParams(url.split('?')[1] ?? '');

function pageOf<T>(rows: T[], params: URLSearchParams, defaultPageSize: number) {
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? defaultPageSize);
  return { items: rows.slice((page - 1) * pageSize, page * pageSize), page, pageSize, totalItems: rows.length };
}

const contains = (text: string, search: string | null) => !search || text.toLowerCase().includes(search.toLowerCase());

/** What the HR service answers `GET …/employees?…` over `employees`: search, status, the page and the head counts. */
export function employeePage(employees: readonly Employee[], url = ''): EmployeeList {
  const params = paramsOf(url);
  const search = params.get('search');
  const status = params.get('status');
  const matching = employees.filter(
    (e) => (!status || e.status === status) && contains(`${employeeName(e)} ${e.employeeNumber} ${e.position}`, search),
  );
  const active = employees.filter((e) => e.status === 'active').length;
  return { ...pageOf(matching, params, 24), counters: { total: employees.length, active, inactive: employees.length - active } };
}

/** What the HR service answers `GET …/payrolls?…` over `slips`: filters, the page and the totals of every matching slip. */
export function payslipPage(slips: readonly Payslip[], url = ''): PayslipList {
  const params = paramsOf(url);
  const [search, period, employeeId, status] = ['search', 'period', 'employeeId', 'status'].map((k) => params.get(k));
  const matching = slips.filter(
    (s) =>
      (!period || s.period === period) &&
      (!employeeId || s.employeeId === employeeId) &&
      (!status || s.status === status) &&
      contains(`${employeeName(s.employee)} ${s.employee.employeeNumber}`, search),
  );
  const kept = matching.filter((s) => s.status !== 'cancelled');
  return {
    ...pageOf(matching, params, 25),
    totals: {
      gross: sum(kept.map((s) => s.grossSalary)),
      charges: sum(kept.flatMap((s) => [s.socialCharges, s.employerContributions])),
      tax: sum(kept.flatMap((s) => [s.incomeTax, s.trimf])),
      net: sum(kept.map((s) => s.netSalary)),
    },
  };
}
