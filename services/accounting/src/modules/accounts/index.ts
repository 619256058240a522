// Public face of the accounts feature (other features import from here only).
export { accountsApi } from './routes';
export { accountsService, insertMissingAccounts, type AccountDefinition, type AccountsService } from './service';
export { accountModel, toAccount } from './model';
