import type { ThirdParty, ThirdPartyInput } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;

/** The company's third parties (clients and suppliers). */
export const thirdPartiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/third-parties */
    listThirdParties: build.query<ThirdParty[], string>({
      query: (companyId) => `/api/companies/${enc(companyId)}/third-parties`,
      providesTags: (_result, _error, companyId) => [{ type: 'ThirdParty', id: companyId }, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/third-parties → 201 ThirdParty */
    createThirdParty: build.mutation<ThirdParty, { companyId: string; body: ThirdPartyInput }>({
      query: ({ companyId, body }) => ({ url: `/api/companies/${enc(companyId)}/third-parties`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { companyId }) => [{ type: 'ThirdParty', id: companyId }, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useListThirdPartiesQuery, useCreateThirdPartyMutation } = thirdPartiesApi;
