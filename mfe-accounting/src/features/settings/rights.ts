import { useCan } from '@xaalis/web-kit';

/** What the current role may change in accounting's Paramètres tabs (all 'accounting' acts). */
export function useSettingsRights() {
  return {
    company: useCan('/api/companies/:id'),
    fiscalYears: useCan('/api/companies/:id/fiscal-years/:start/close'),
  };
}
