import { useCan } from '@xaalis/web-kit';

/** Whether the current role may change the chart of accounts (new account, generation): 'accounting'. */
export const useCanEditChart = () => useCan('/api/companies/:id/accounts');
