// Journal import ('Importer des écritures'): upload and check a CSV/XLSX file, then write it in one transaction (BullMQ job).
export { entryImportsApi } from './routes';
export { importEntriesHandler } from './jobs';
export { importJobId } from './service';
export { runSettings } from './run';
