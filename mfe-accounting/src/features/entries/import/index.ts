// Journal import ('Importer des écritures'): the dialog and its endpoints.
export { ImportEntriesDialog, type ImportEntriesDialogProps } from './ImportEntriesDialog';
export { entryImportsApi } from './api';
export { UploadIcon } from './UploadIcon';
