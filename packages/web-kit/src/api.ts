import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { sendRequest, type ApiError, type RequestArgs } from './http';
import { notifySessionExpired } from './toast';

export { errorMessage, isApiError, sendRequest, serverMessage, type ApiError, type RequestArgs } from './http';

/** Mutations whose 401 means "bad credentials", not "session expired". */
const AUTH_ENDPOINTS = new Set(['login', 'register', 'logout']);

/**
 * The one base query: {@link sendRequest} (cookie, JSON, CSRF header on writes,
 * {@link ApiError} errors). A 401 on a save (any mutation but login/register/logout)
 * tells the user and goes to /api/login after 500 ms.
 */
export const xaalisBaseQuery: BaseQueryFn<string | RequestArgs, unknown, ApiError> = async (args, api) => {
  const result = await sendRequest(args, api.signal);
  if (result.error) {
    if (result.error.status === 401 && api.type === 'mutation' && !AUTH_ENDPOINTS.has(api.endpoint)) {
      notifySessionExpired();
    }
    return { error: result.error };
  }
  return { data: result.data };
};

/**
 * Tag types of the whole application. `CompanyData` is carried by every
 * company-scoped query: a write invalidates it, so all cached company data refreshes
 * (DESIGN.md §7).
 */
export const TAG_TYPES = [
  'User',
  'Company',
  'CompanyData',
  'Dashboard',
  'Invoice',
  'ThirdParty',
  'Inventory',
  'Payment',
  'Treasury',
  'Investment',
  'Loan',
  'Entry',
  'Account',
  'Report',
  'Employee',
  'Payroll',
  'Restaurant',
  'Production',
  'Hotel',
  'Services',
  'Modules',
  'Memberships',
  'Members',
  'Invitations',
  'Portfolio',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** Put it in the `providesTags` of every company-scoped query and the `invalidatesTags` of every write. */
export const COMPANY_DATA_TAG = 'CompanyData' as const satisfies TagType;

/** Seconds an unused cache entry is kept: data never goes stale by itself (spec §7). */
const ONE_DAY_S = 24 * 60 * 60;

/**
 * The one RTK Query API of the application. Remotes add their endpoints with
 * `baseApi.injectEndpoints({ endpoints: (build) => ({ ... }) })`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: xaalisBaseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: ONE_DAY_S,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
