import type { AccountingEntry, EntryInput, EntryListResponse, EntryStatus, Journal, NextEntryNumber } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;

export interface EntryListArgs {
  companyId: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  status?: EntryStatus;
  search?: string;
}

/** What POST /api/accounting-entries/:id/cancel answers. */
export interface CancelEntryResult {
  entry: AccountingEntry;
  reversal: AccountingEntry;
}

const entryTags = [{ type: 'Entry' as const, id: 'LIST' }, COMPANY_DATA_TAG];

/** Journal entries: list (server-side pages and counters), detail, next number, create, edit, delete a draft, validate, cancel. */
export const entriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listEntries: build.query<EntryListResponse, EntryListArgs>({
      query: ({ companyId, page, pageSize, status, search }) => ({
        url: `/api/companies/${enc(companyId)}/accounting-entries`,
        params: { page, pageSize, status, search: search?.trim() || undefined },
      }),
      providesTags: entryTags,
    }),
    /** GET /api/accounting-entries/:id: the entry with its lines (each with its account). */
    getEntry: build.query<AccountingEntry, string>({
      query: (id) => `/api/accounting-entries/${enc(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Entry', id }, COMPANY_DATA_TAG],
    }),
    /** GET …/accounting-entries/next-number?journal=OD&date=YYYY-MM-DD */
    nextEntryNumber: build.query<NextEntryNumber, { companyId: string; journal: Journal; date: string }>({
      query: ({ companyId, journal, date }) => ({
        url: `/api/companies/${enc(companyId)}/accounting-entries/next-number`,
        params: { journal, date },
      }),
      providesTags: entryTags,
      keepUnusedDataFor: 0,
    }),
    createEntry: build.mutation<AccountingEntry, { companyId: string; body: EntryInput }>({
      query: ({ companyId, body }) => ({ url: `/api/companies/${enc(companyId)}/accounting-entries`, method: 'POST', body }),
      invalidatesTags: entryTags,
    }),
    /** PUT /api/accounting-entries/:id (drafts only). */
    updateEntry: build.mutation<AccountingEntry, { id: string; body: EntryInput }>({
      query: ({ id, body }) => ({ url: `/api/accounting-entries/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [...entryTags, { type: 'Entry', id }],
    }),
    /** DELETE /api/accounting-entries/:id (drafts only) → 204. */
    deleteEntry: build.mutation<void, string>({
      query: (id) => ({ url: `/api/accounting-entries/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [...entryTags, { type: 'Entry', id }],
    }),
    /** PATCH /api/accounting-entries/:id/validate (no body). */
    validateEntry: build.mutation<AccountingEntry, string>({
      query: (id) => ({ url: `/api/accounting-entries/${enc(id)}/validate`, method: 'PATCH' }),
      invalidatesTags: (_result, _error, id) => [...entryTags, { type: 'Entry', id }],
    }),
    /** POST /api/accounting-entries/:id/cancel → {entry, reversal} (a reversal dated today). */
    cancelEntry: build.mutation<CancelEntryResult, string>({
      query: (id) => ({ url: `/api/accounting-entries/${enc(id)}/cancel`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [...entryTags, { type: 'Entry', id }],
    }),
  }),
});

export const {
  useListEntriesQuery,
  useGetEntryQuery,
  useNextEntryNumberQuery,
  useCreateEntryMutation,
  useUpdateEntryMutation,
  useDeleteEntryMutation,
  useValidateEntryMutation,
  useCancelEntryMutation,
} = entriesApi;
