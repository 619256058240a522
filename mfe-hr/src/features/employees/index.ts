// Public face of the employees feature (its list is in src/api/employees.ts, shared with payroll).
export {
  employeesApi,
  useListEmployeesQuery,
  useCreateEmployeeMutation,
  useUpdateEmployeeMutation,
  useSetEmployeeStatusMutation,
} from './api';
