import { useCan } from '@xaalis/web-kit';

/**
 * What the current role may do in the journal: drafts are documents (collaborators may write
 * them); validating, cancelling and importing entries are 'accounting' acts.
 */
export function useEntryRights() {
  return {
    create: useCan('/api/companies/:id/accounting-entries'),
    edit: useCan('/api/accounting-entries/:id'),
    validate: useCan('/api/accounting-entries/:id/validate'),
    cancel: useCan('/api/accounting-entries/:id/cancel'),
    import: useCan('/api/companies/:id/entry-imports'),
  };
}
