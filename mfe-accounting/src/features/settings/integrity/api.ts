import type { LedgerIntegrityReport } from '@xaalis/contracts';
import { baseApi } from '@xaalis/web-kit';

const enc = encodeURIComponent;

/** 'Vérifier l'intégrité': the ledger's hash chain recomputed by the accounting service. */
export const ledgerIntegrityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/companies/:id/ledger-integrity → LedgerIntegrityReport. A mutation rather than a
     * query: each click runs a fresh check, nothing is cached nor refetched on its own.
     */
    checkLedgerIntegrity: build.mutation<LedgerIntegrityReport, string>({
      query: (companyId) => ({ url: `/api/companies/${enc(companyId)}/ledger-integrity`, method: 'GET' }),
    }),
  }),
});

export const { useCheckLedgerIntegrityMutation } = ledgerIntegrityApi;
