export { createAccountingClient, type AccountingClient } from './accounting-client';
export { companiesRoutes, createWorkspace, rememberCompany, type Workspace, type WorkspaceDeps } from './routes';
