import type { FiscalYear, FiscalYearCloseResponse, FiscalYearJobStatus, FiscalYearListResponse } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;
const base = (companyId: string) => `/api/companies/${enc(companyId)}/fiscal-years`;

/** Paramètres → Exercices: the company's fiscal years, their closing (a job polled for its progress) and reopening. */
export const fiscalYearsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/fiscal-years → FiscalYearListResponse (newest first). */
    listFiscalYears: build.query<FiscalYearListResponse, string>({
      query: (companyId) => base(companyId),
      providesTags: [COMPANY_DATA_TAG],
    }),
    /** POST …/fiscal-years/:start/close → 202 { jobId }, or 409 FiscalYearCloseRefusal (drafts listed). */
    closeFiscalYear: build.mutation<FiscalYearCloseResponse, { companyId: string; start: string }>({
      query: ({ companyId, start }) => ({ url: `${base(companyId)}/${enc(start)}/close`, method: 'POST' }),
    }),
    /** GET …/fiscal-years/jobs/:jobId → FiscalYearJobStatus (polled by useJobProgress while the closing runs). */
    getFiscalYearJob: build.query<FiscalYearJobStatus, { companyId: string; jobId: string }>({
      query: ({ companyId, jobId }) => `${base(companyId)}/jobs/${enc(jobId)}`,
      keepUnusedDataFor: 0,
    }),
    /** POST …/fiscal-years/:start/reopen → FiscalYear; the ledger changed: every company view is refreshed. */
    reopenFiscalYear: build.mutation<FiscalYear, { companyId: string; start: string }>({
      query: ({ companyId, start }) => ({ url: `${base(companyId)}/${enc(start)}/reopen`, method: 'POST' }),
      invalidatesTags: [COMPANY_DATA_TAG, { type: 'Entry', id: 'LIST' }],
    }),
  }),
});

export const { useListFiscalYearsQuery, useCloseFiscalYearMutation, useGetFiscalYearJobQuery, useReopenFiscalYearMutation } =
  fiscalYearsApi;
