// Public face of the payroll declarations feature (issue 31): the 'Déclarations' tab of Gestion de la Paie.
export { PayrollDeclarationsPanel } from './PayrollDeclarationsPanel';
export { payrollDeclarationsApi } from './api';
export { previousMonth } from './period';
