import { useCan } from '@xaalis/web-kit';

/**
 * Whether the current role may manage the treasury accounts: create one, transfer between two,
 * import a statement, reconcile, create entries from statement lines ('accounting' acts).
 */
export const useCanManageTreasury = () => useCan('/api/companies/:id/treasury-accounts');
