import { EMPLOYEE_CHOICE_PAGE_SIZE, type EmployeeList, type EmployeeListParams } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

// The employee list, read by two features: the employees page and the payroll page (the
// employee choice of a new slip). It sits below both so that payroll does not import
// employees, which imports payroll (an employee's slips on its page).

const enc = encodeURIComponent;
/** The tag of the employee list, which every employee write invalidates (employees/api.ts). */
export const EMPLOYEE_LIST_TAG = { type: 'Employee' as const, id: 'LIST' };

/** One page of the list: `page` from 1, `search` on name, matricule or position, `status`. */
export type EmployeeListArgs = EmployeeListParams & { companyId: string };

export const employeeListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/employees?page&pageSize&search&status → one page and the company's head counts. */
    listEmployees: build.query<EmployeeList, EmployeeListArgs>({
      query: ({ companyId, page, pageSize, search, status }) => ({
        url: `/api/companies/${enc(companyId)}/employees`,
        params: { page, pageSize, search: search?.trim() || undefined, status },
      }),
      providesTags: [EMPLOYEE_LIST_TAG, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useListEmployeesQuery } = employeeListApi;

/**
 * The query of a select box of employees: the active ones by name, one large page
 * (EMPLOYEE_CHOICE_PAGE_SIZE); beyond it, the box's search narrows the choice on the server.
 * A page asking the same (no search) shares the answer with the dialog it opens.
 */
export const activeEmployeeChoice = (companyId: string, search = ''): EmployeeListArgs => ({
  companyId,
  status: 'active',
  pageSize: EMPLOYEE_CHOICE_PAGE_SIZE,
  search: search || undefined,
});
