import type { ChangePasswordInput, Company, LoginInput, RegisterInput, User } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback } from 'react';
import { useAppDispatch } from './dispatch';
import { baseApi } from './api';

/** Identity endpoints (gateway) and the company record read by the shell. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/user: the signed-in user, or null when the server answers 401. */
    getUser: build.query<User | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/api/user');
        if (result.error) {
          if (result.error.status === 401) return { data: null };
          return { error: result.error };
        }
        return { data: (result.data ?? null) as User | null };
      },
      providesTags: ['User'],
    }),
    /** POST /api/login: on success the user is stored as the current user. */
    login: build.mutation<User, LoginInput>({
      query: (body) => ({ url: '/api/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(authApi.util.upsertQueryData('getUser', undefined, data));
        } catch {
          /* the caller shows the error */
        }
      },
    }),
    /** POST /api/register: creates the user and the company; the user is stored. */
    register: build.mutation<User, RegisterInput>({
      query: (body) => ({ url: '/api/register', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(authApi.util.upsertQueryData('getUser', undefined, data));
        } catch {
          /* the caller shows the error */
        }
      },
    }),
    /** POST /api/logout (response not read). Use {@link useLogout}, which also clears the cache. */
    logout: build.mutation<null, void>({
      query: () => ({ url: '/api/logout', method: 'POST' }),
      transformResponse: () => null,
    }),
    /**
     * POST /api/user/password: the current password is required; the session continues under a
     * new id and the user's other sessions end. A wrong current password is a 400 (not a 401).
     */
    changePassword: build.mutation<null, ChangePasswordInput>({
      query: (body) => ({ url: '/api/user/password', method: 'POST', body }),
      transformResponse: () => null,
    }),
    /** GET /api/companies/:id (the sidebar reads the sector). */
    getCompany: build.query<Company, string>({
      query: (companyId) => `/api/companies/${encodeURIComponent(companyId)}`,
      providesTags: (_result, _error, companyId) => [{ type: 'Company', id: companyId }, 'CompanyData'],
    }),
  }),
});

export const { useGetUserQuery, useLoginMutation, useRegisterMutation, useLogoutMutation, useChangePasswordMutation, useGetCompanyQuery } =
  authApi;

export interface AuthState {
  user: User | null;
  /** True until the first answer of GET /api/user. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Set when GET /api/user failed with something other than 401. */
  error: unknown;
}

/** The current user (GET /api/user, fetched once and cached). */
export function useAuth(): AuthState {
  const { data, isLoading, isUninitialized, error } = useGetUserQuery();
  const user = data ?? null;
  return { user, isLoading: isLoading || isUninitialized, isAuthenticated: user !== null, error };
}

export interface CompanyState {
  company: Company | null;
  companyId: string | null;
  isLoading: boolean;
  error: unknown;
}

/** The signed-in user's company; fetched only when there is a user with a companyId. */
export function useCompany(): CompanyState {
  const { user } = useAuth();
  const companyId = user?.companyId ?? null;
  const { data, isLoading, error } = useGetCompanyQuery(companyId ?? skipToken);
  return { company: data ?? null, companyId, isLoading, error };
}

/**
 * Sign out: POST /api/logout, then `afterLogout` (e.g. navigate to '/'), then every
 * cached datum is dropped and the current user becomes null. Rejects (with an
 * ApiError) when the request fails; nothing is cleared then.
 */
export function useLogout(): [(afterLogout?: () => void) => Promise<void>, { isLoading: boolean }] {
  const [trigger, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const logout = useCallback(
    async (afterLogout?: () => void) => {
      await trigger().unwrap();
      afterLogout?.();
      dispatch(baseApi.util.resetApiState());
      await dispatch(authApi.util.upsertQueryData('getUser', undefined, null));
    },
    [trigger, dispatch],
  );
  return [logout, { isLoading }];
}
