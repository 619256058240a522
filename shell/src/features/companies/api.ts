import type { ChartGenerationResult } from '@xaalis/contracts';
import { baseApi } from '@xaalis/web-kit';

/**
 * POST /api/companies/:id/generate-chart {sector}: the request of Paramètres → Entreprise →
 * 'Générer Plan Comptable', made for a company just created. Its own endpoint name (the
 * accounting remote injects `generateChart` into the same API).
 */
export const newCompanyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    generateNewCompanyChart: build.mutation<ChartGenerationResult, { companyId: string; sector: string }>({
      query: ({ companyId, sector }) => ({
        url: `/api/companies/${encodeURIComponent(companyId)}/generate-chart`,
        method: 'POST',
        body: { sector },
      }),
    }),
  }),
});

export const { useGenerateNewCompanyChartMutation } = newCompanyApi;
