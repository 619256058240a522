// Public face of the accounts feature (chart of accounts), used by settings and entries.
export { accountsApi, useListAccountsQuery, useCreateAccountMutation, useGenerateChartMutation } from './api';
export { AccountsTab, accountClassLabel, filterAccounts } from './AccountsTab';
export { AccountDialog } from './AccountDialog';
export { useGenerateChart, chartGenerationSummary } from './useGenerateChart';
