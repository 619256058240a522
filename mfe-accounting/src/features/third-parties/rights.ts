import { useCan } from '@xaalis/web-kit';

/** Whether the current role may add clients and suppliers: 'accounting'. */
export const useCanEditThirdParties = () => useCan('/api/companies/:id/third-parties');
