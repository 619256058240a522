export { createAccountingClient, type AccountingClient } from './accounting-client';
export { companiesRoutes, currentUser, rememberCompany } from './routes';
