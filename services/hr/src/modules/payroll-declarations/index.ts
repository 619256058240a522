// Public face of the payroll declarations feature (route /paie, tab Déclarations; API segments social-declarations,
// salary-tax-statements, payroll-journal, annual-salary-declarations). The table report serves the payments' transfer order.
export { payrollDeclarationsApi } from './routes';
export { tableReportPdf, type TableReport } from './export';
