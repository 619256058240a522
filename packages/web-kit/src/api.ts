import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { notifySessionExpired } from './toast';

/** What a failed request yields. `message` is "<status>: <body text or status text>". */
export interface ApiError {
  status: number | 'FETCH_ERROR';
  /** The body, parsed as JSON when it is JSON, else the text (undefined when empty). */
  data: unknown;
  message: string;
}

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON when present. */
  body?: unknown;
  params?: Record<string, string | number | boolean | null | undefined>;
}

/** Mutations whose 401 means "bad credentials", not "session expired". */
const AUTH_ENDPOINTS = new Set(['login', 'register', 'logout']);

function withParams(url: string, params: RequestArgs['params']): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one base query: session cookie sent (`credentials: 'include'`), JSON body only
 * when there is one, a custom header on writes (the gateway's CSRF rule), and errors
 * shaped as {@link ApiError}. A 401 on a save (any mutation but login/register/logout)
 * tells the user and goes to /api/login after 500 ms.
 */
export const xaalisBaseQuery: BaseQueryFn<string | RequestArgs, unknown, ApiError> = async (args, api) => {
  const { url, method = 'GET', body, params } = typeof args === 'string' ? ({ url: args } as RequestArgs) : args;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-Requested-With'] = 'XMLHttpRequest';
  let payload: string | undefined;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(withParams(url, params), { method, headers, body: payload, credentials: 'include', signal: api.signal });
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return { error: { status: 'FETCH_ERROR', data: undefined, message: `Erreur réseau: ${reason}` } };
  }

  let text = '';
  try {
    text = await response.text();
  } catch {
    text = '';
  }
  const data = parseBody(text);
  if (!response.ok) {
    if (response.status === 401 && api.type === 'mutation' && !AUTH_ENDPOINTS.has(api.endpoint)) {
      notifySessionExpired();
    }
    return { error: { status: response.status, data, message: `${response.status}: ${text || response.statusText}` } };
  }
  return { data: data ?? null };
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

/** Type guard for {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && 'message' in error;
}

/**
 * The server's own message (`{"message": "..."}`), when the body carries one; else
 * undefined. Use it for toasts: "Erreur de connexion" + server message or a fallback.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const { data } = error;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
    const message = (data as { message: string }).message.trim();
    return message || undefined;
  }
  if (typeof data === 'string' && data.trim() && !data.trim().startsWith('<')) return data.trim();
  return undefined;
}

/** "<status>: <body text or status text>" for an ApiError; the message of any other error. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
