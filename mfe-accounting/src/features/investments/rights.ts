import { useCan } from '@xaalis/web-kit';

/** Whether the current role may record and change investments and their depreciation: 'accounting'. */
export const useCanEditInvestments = () => useCan('/api/companies/:id/investments');
