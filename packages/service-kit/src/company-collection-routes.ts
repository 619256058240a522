import type { Router } from 'express';
import type { z } from 'zod';
import { requireSameCompany, tenantOf } from './tenant';
import { validate, validated } from './validate';

/**
 * What a company collection's two routes call: one page of the company's list for the
 * validated query (`?page=&pageSize=&search=` and the list's filters), and a creation by the
 * calling user.
 */
export interface CompanyCollection<S extends z.ZodType, Q extends z.ZodType> {
  list(companyId: string, query: z.output<Q>): Promise<unknown>;
  create(companyId: string, values: z.output<S>, userId: string | null): Promise<unknown>;
}

/**
 * `GET path` (one page of the company's list, its query checked by `query`: a bad one is a
 * 400) and `POST path` (a creation from the `schema` body, 201) on a company path
 * (`/companies/:companyId/…`): the path's company must be the tenant's (requireSameCompany:
 * another company's id is a 404).
 */
export function companyCollectionRoutes<S extends z.ZodType, Q extends z.ZodType>(
  router: Router,
  path: string,
  schema: S,
  collection: CompanyCollection<S, Q>,
  query: Q,
): void {
  router.get(path, requireSameCompany, validate({ query }), async (req, res) => {
    res.json(await collection.list(tenantOf(req).companyId, validated(req, 'query', query)));
  });
  router.post(path, requireSameCompany, validate({ body: schema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(await collection.create(companyId, validated(req, 'body', schema), userId));
  });
}
