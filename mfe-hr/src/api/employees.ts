import type { Employee } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

// The employee list, read by two features: the employees page and the payroll page (its
// slips name their employee). It sits below both so that payroll does not import employees,
// which imports payroll (an employee's slips on its page).

const enc = encodeURIComponent;
/** The tag of the employee list, which every employee write invalidates (employees/api.ts). */
export const EMPLOYEE_LIST_TAG = { type: 'Employee' as const, id: 'LIST' };

export const employeeListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/employees (every status). */
    listEmployees: build.query<Employee[], string>({
      query: (companyId) => `/api/companies/${enc(companyId)}/employees`,
      providesTags: [EMPLOYEE_LIST_TAG, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useListEmployeesQuery } = employeeListApi;
