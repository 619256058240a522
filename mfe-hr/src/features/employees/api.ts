import type { Employee, EmployeeInput, EmployeeStatus } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyCreate } from '@xaalis/web-kit';
import type { CompanyBodyArgs } from '@xaalis/web-kit';
import { EMPLOYEE_LIST_TAG as listTag } from '../../api/employees';

// The list itself is in src/api/employees.ts: the payroll page reads it too.
export { useListEmployeesQuery } from '../../api/employees';

const enc = encodeURIComponent;

/** The company's employees: create, edit, set active / inactive (and the list, in src/api). Every write refreshes the company's data. */
export const employeesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/companies/:id/employees → 201 Employee (409: matricule already used). */
    createEmployee: companyCreate<Employee, CompanyBodyArgs<EmployeeInput>>(build, '/employees', [listTag]),
    /** PUT /api/employees/:id → Employee. */
    updateEmployee: build.mutation<Employee, { id: string; body: EmployeeInput }>({
      query: ({ id, body }) => ({ url: `/api/employees/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: [listTag, COMPANY_DATA_TAG],
    }),
    /** PATCH /api/employees/:id/status {status} → Employee. */
    setEmployeeStatus: build.mutation<Employee, { id: string; status: EmployeeStatus }>({
      query: ({ id, status }) => ({ url: `/api/employees/${enc(id)}/status`, method: 'PATCH', body: { status } }),
      invalidatesTags: [listTag, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useCreateEmployeeMutation, useUpdateEmployeeMutation, useSetEmployeeStatusMutation } = employeesApi;
