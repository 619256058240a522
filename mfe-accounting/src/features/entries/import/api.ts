import type { EntryImportJobStatus, EntryImportKind, EntryImportPreview, EntryImportRunResponse } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;

/** The tags the entries list provides: the end of an import invalidates them, like any other write. */
export const ENTRY_LIST_TAGS = [{ type: 'Entry' as const, id: 'LIST' }, COMPANY_DATA_TAG];

export interface UploadEntryImportArgs {
  companyId: string;
  kind: EntryImportKind;
  file: File;
  /** Sent as the file's Content-Type (see contentTypeOf). */
  contentType: string;
  /** The opening entry's date when the file has no date column (YYYY-MM-DD). */
  date?: string;
}

/** Journal import: upload (→ preview), run (→ background job), status (polled while it runs). */
export const entryImportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/companies/:id/entry-imports?kind&fileName[&date], body = the file → 201 preview (nothing written to the ledger). */
    uploadEntryImport: build.mutation<EntryImportPreview, UploadEntryImportArgs>({
      // The raw file as the body (the service parses it); nothing is written to the ledger yet.
      query: ({ companyId, kind, file, contentType, date }) => ({
        url: `/api/companies/${enc(companyId)}/entry-imports`,
        method: 'POST',
        params: { kind, fileName: file.name, date },
        file: { content: file, contentType },
      }),
    }),
    /** POST …/entry-imports/:importId/run {validate} → 202 {id, status}. The entries are written by the job. */
    runEntryImport: build.mutation<EntryImportRunResponse, { companyId: string; importId: string; validate: boolean }>({
      query: ({ companyId, importId, validate }) => ({
        url: `/api/companies/${enc(companyId)}/entry-imports/${enc(importId)}/run`,
        method: 'POST',
        body: { validate },
      }),
    }),
    /** GET …/entry-imports/:importId → the run's JobStatus, the import as its result (polled by useJobProgress, never kept). */
    getEntryImport: build.query<EntryImportJobStatus, { companyId: string; importId: string }>({
      query: ({ companyId, importId }) => `/api/companies/${enc(companyId)}/entry-imports/${enc(importId)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useUploadEntryImportMutation, useRunEntryImportMutation, useGetEntryImportQuery } = entryImportsApi;
