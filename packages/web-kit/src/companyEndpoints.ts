import type { EndpointBuilder, TagDescription } from '@reduxjs/toolkit/query';
import { COMPANY_DATA_TAG, type TagType, type xaalisBaseQuery } from './api';

/**
 * The endpoints under /api/companies/:companyId that every remote repeats (read, create,
 * update, delete, a POST on one record), for `baseApi.injectEndpoints`:
 * `listHotelRooms: companyQuery<Room[]>(build, '/rooms', [roomsTag])`. Their tags always
 * carry the company's data tag (DESIGN.md §7).
 */

/** The `build` argument of `baseApi.injectEndpoints({ endpoints: (build) => ... })`. */
export type XaalisEndpointBuilder = EndpointBuilder<typeof xaalisBaseQuery, TagType, 'api'>;
type Tags = readonly TagDescription<TagType>[];

/** The argument of a create: the company and the request body. */
export interface CompanyBodyArgs<B> {
  companyId: string;
  body: B;
}

/** The argument of a write on one of the company's records. */
export interface CompanyRecordArgs {
  companyId: string;
  id: string;
}

/** The argument of a write on one of the company's records that sends a body. */
export interface CompanyRecordBodyArgs<B> extends CompanyRecordArgs {
  body: B;
}

/** `/api/companies/:companyId` followed by `path`. */
export const companyUrl = (companyId: string, path = ''): string => `/api/companies/${encodeURIComponent(companyId)}${path}`;

const recordUrl = ({ companyId, id }: CompanyRecordArgs, path: string) => `${companyUrl(companyId, path)}/${encodeURIComponent(id)}`;

/** GET /api/companies/:companyId{path} (a list, a summary) → R, cached under `tags`. */
export const companyQuery = <R>(build: XaalisEndpointBuilder, path: string, tags: Tags) =>
  build.query<R, string>({
    query: (companyId) => companyUrl(companyId, path),
    providesTags: [...tags, COMPANY_DATA_TAG],
  });

/** The argument of a paged list: the company, and the list's query (`page`, `pageSize`, `search`, its filters). */
export type CompanyListArgs<Q extends object = Record<string, never>> = { companyId: string } & Q;

/** A list query's parameters as they go on the URL: empty ones (undefined, '') left out, the search trimmed. */
export function listParams(query: object): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) {
    const v: unknown = typeof value === 'string' ? value.trim() : value;
    if (v !== undefined && v !== null && v !== '' && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'))
      params[key] = v;
  }
  return params;
}

/** GET /api/companies/:companyId{path}?page=&pageSize=&search=&… (a paged list) → R, cached under `tags`. Q: the list's query. */
export const companyListQuery = <R, Q extends object>(build: XaalisEndpointBuilder, path: string, tags: Tags) =>
  build.query<R, CompanyListArgs<Q>>({
    query: ({ companyId, ...query }) => ({ url: companyUrl(companyId, path), params: listParams(query) }),
    providesTags: [...tags, COMPANY_DATA_TAG],
  });

/** POST /api/companies/:companyId{path} {body} → R; refreshes `tags`. A: `CompanyBodyArgs<the body's type>`. */
export const companyCreate = <R, A extends CompanyBodyArgs<unknown>>(build: XaalisEndpointBuilder, path: string, tags: Tags) =>
  build.mutation<R, A>({
    query: ({ companyId, body }) => ({ url: companyUrl(companyId, path), method: 'POST', body }),
    invalidatesTags: [...tags, COMPANY_DATA_TAG],
  });

/** PUT /api/companies/:companyId{path}/:id {body} → R; refreshes `tags`. A: `CompanyRecordBodyArgs<the body's type>`. */
export const companyUpdate = <R, A extends CompanyRecordBodyArgs<unknown>>(build: XaalisEndpointBuilder, path: string, tags: Tags) =>
  build.mutation<R, A>({
    query: (args) => ({ url: recordUrl(args, path), method: 'PUT', body: args.body }),
    invalidatesTags: [...tags, COMPANY_DATA_TAG],
  });

/** DELETE /api/companies/:companyId{path}/:id; refreshes `tags`. */
export const companyDelete = (build: XaalisEndpointBuilder, path: string, tags: Tags) =>
  build.mutation<void, CompanyRecordArgs>({
    query: (args) => ({ url: recordUrl(args, path), method: 'DELETE' }),
    invalidatesTags: [...tags, COMPANY_DATA_TAG],
  });

/** POST /api/companies/:companyId{path}/:id/{action} with an empty body → R; refreshes `tags`. */
export const companyRecordAction = <R>(build: XaalisEndpointBuilder, path: string, action: string, tags: Tags) =>
  build.mutation<R, CompanyRecordArgs>({
    query: (args) => ({ url: `${recordUrl(args, path)}/${action}`, method: 'POST', body: {} }),
    invalidatesTags: [...tags, COMPANY_DATA_TAG],
  });

/** POST /api/companies/:companyId{path}/:id/{action} {body} → R; refreshes `tags`. A: `CompanyRecordBodyArgs<the body's type>`. */
export const companyRecordCommand = <R, A extends CompanyRecordBodyArgs<unknown>>(
  build: XaalisEndpointBuilder,
  path: string,
  action: string,
  tags: Tags,
) =>
  build.mutation<R, A>({
    query: (args) => ({ url: `${recordUrl(args, path)}/${action}`, method: 'POST', body: args.body }),
    invalidatesTags: [...tags, COMPANY_DATA_TAG],
  });
