import type { ThirdParty, ThirdPartyInput, ThirdPartyListResponse, ThirdPartyRole, ThirdPartyType } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyUrl, listParams, type CompanyListArgs } from '@xaalis/web-kit';

/** The query of the third parties' list (GET …/third-parties): a page, a search, the filters. */
export interface ThirdPartyListFilter {
  page?: number;
  pageSize?: number;
  search?: string;
  type?: ThirdPartyType;
  /** A document's client (client or both) or supplier (supplier or both). */
  role?: ThirdPartyRole;
  id?: string;
}

const enc = encodeURIComponent;

/** The company's third parties (clients and suppliers). */
export const thirdPartiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/third-parties?page=&pageSize=&search=&type=&role=&id= → one page and the company's counters. */
    listThirdParties: build.query<ThirdPartyListResponse, CompanyListArgs<ThirdPartyListFilter>>({
      query: ({ companyId, ...filter }) => ({ url: companyUrl(companyId, '/third-parties'), params: listParams(filter) }),
      providesTags: (_result, _error, { companyId }) => [{ type: 'ThirdParty', id: companyId }, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/third-parties → 201 ThirdParty */
    createThirdParty: build.mutation<ThirdParty, { companyId: string; body: ThirdPartyInput }>({
      query: ({ companyId, body }) => ({ url: `/api/companies/${enc(companyId)}/third-parties`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { companyId }) => [{ type: 'ThirdParty', id: companyId }, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useListThirdPartiesQuery, useCreateThirdPartyMutation } = thirdPartiesApi;
