import type { Router } from 'express';
import type { z } from 'zod';
import { requireSameCompany, tenantOf } from './tenant';
import { validate, validated } from './validate';

/** What a company collection's two routes call: the company's list, and a creation by the calling user. */
export interface CompanyCollection<S extends z.ZodType> {
  list(companyId: string): Promise<unknown>;
  create(companyId: string, values: z.output<S>, userId: string | null): Promise<unknown>;
}

/**
 * `GET path` (the company's list) and `POST path` (a creation from the `schema` body, 201)
 * on a company path (`/companies/:companyId/…`): the path's company must be the tenant's
 * (requireSameCompany: another company's id is a 404).
 */
export function companyCollectionRoutes<S extends z.ZodType>(
  router: Router,
  path: string,
  schema: S,
  collection: CompanyCollection<S>,
): void {
  router.get(path, requireSameCompany, async (req, res) => {
    res.json(await collection.list(tenantOf(req).companyId));
  });
  router.post(path, requireSameCompany, validate({ body: schema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(await collection.create(companyId, validated(req, 'body', schema), userId));
  });
}
