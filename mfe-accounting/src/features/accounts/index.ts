// Public face of the accounts feature (chart of accounts), used by settings and entries.
export { accountsApi, useListAccountsQuery, useCreateAccountMutation, useGenerateChartMutation, type AccountListFilter } from './api';
export { AccountField, accountLabel } from './AccountField';
export { AccountsTab, accountClassLabel } from './AccountsTab';
export { AccountDialog } from './AccountDialog';
export { useGenerateChart, chartGenerationSummary } from './useGenerateChart';
