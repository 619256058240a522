// Public face of the annual statements: the état des sommes versées à des tiers and the DSF pack.
export { annualStatementsApi } from './routes';
