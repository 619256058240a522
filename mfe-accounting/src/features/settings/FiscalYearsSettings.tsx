// Paramètres → 'Exercices' (exposed as './FiscalYearsSettings').
import { FiscalYearsTab } from './fiscal-years';
import { withSessionCompany } from './sessionTab';

export default withSessionCompany(FiscalYearsTab);
