// Public face of the employees feature (other features import from here only).
export { employeesApi, employeesInternal } from './routes';
export { employeesService, type EmployeesService } from './service';
export { findEmployee, findEmployeesByIds } from './model';
