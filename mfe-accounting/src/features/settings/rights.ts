import { useCan } from '@xaalis/web-kit';

/** What the current role may change in Paramètres (all 'accounting' acts; 'Membres' is for owners). */
export function useSettingsRights() {
  return {
    company: useCan('/api/companies/:id'),
    payroll: useCan('/api/companies/:id/payroll-settings'),
    modules: useCan('/api/companies/:id/modules'),
    fiscalYears: useCan('/api/companies/:id/fiscal-years/:start/close'),
  };
}
