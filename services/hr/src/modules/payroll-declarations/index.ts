// Public face of the payroll declarations feature (route /paie, tab Déclarations; API segments social-declarations,
// salary-tax-statements, payroll-journal, annual-salary-declarations).
export { payrollDeclarationsApi } from './routes';
