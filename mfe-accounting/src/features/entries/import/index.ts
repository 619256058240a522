// Journal import ('Importer des écritures'): the dialog and its endpoints.
export { ImportEntriesDialog, IMPORT_POLL_MS, type ImportEntriesDialogProps } from './ImportEntriesDialog';
export { entryImportsApi } from './api';
export { UploadIcon } from './UploadIcon';
