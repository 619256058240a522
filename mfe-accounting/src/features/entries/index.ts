// Public face of the entries feature (journal entries).
export { useEntryRights } from './rights';
export { entriesApi, useListEntriesQuery, useGetEntryQuery, useNextEntryNumberQuery } from './api';
export { EntryDialog, ACCOUNTS_EMPTY_HINT } from './EntryDialog';
export { EntryDetailDialog } from './EntryDetailDialog';
