// Public face of the fiscal-years feature (Paramètres → Exercices: closing, reopening, integrity check).
export { FiscalYearsTab } from './FiscalYearsTab';
export { fiscalYearsApi, useListFiscalYearsQuery } from './api';
