import { useCan } from '@xaalis/web-kit';

/** Whether the current role may add, change or (de)activate employees (staff: 'accounting'). */
export const useCanEditStaff = () => useCan('/api/companies/:id/employees');
