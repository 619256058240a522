import { useCan } from '@xaalis/web-kit';

/**
 * What the current role may do with pay slips: drafts (one or generated for the month) are
 * documents, collaborators may; validating, paying and cancelling are 'accounting' acts.
 */
export function usePayrollRights() {
  return {
    create: useCan('/api/companies/:id/payrolls'),
    generate: useCan('/api/companies/:id/payrolls/generate'),
    validate: useCan('/api/payrolls/:id/validate'),
    pay: useCan('/api/payrolls/:id/pay'),
    cancel: useCan('/api/payrolls/:id/cancel'),
  };
}
