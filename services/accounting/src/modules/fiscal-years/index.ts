// Fiscal-year closing ('Clôturer l'exercice'): closing job (OD closing entry, AN opening entry), reopening, and the closed years the database enforces.
export { fiscalYearsApi } from './routes';
export { closeFiscalYearHandler } from './jobs';
export { closeFiscalYear, closeJobId, fiscalYearsService } from './service';
