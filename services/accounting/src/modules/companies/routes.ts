import type { Router } from 'express';
import { MESSAGES_COMPANY, companyCreateSchema, companyInputSchema } from '@xaalis/contracts';
import { caseSensitiveRouter, notFound, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { companiesService } from './service';

/**
 * `/api/companies/:companyId`: the caller's own company record (settings form,
 * sector for the menu). requireSameCompany has checked that the path's id is
 * the tenant's, so the queries use the tenant id from the gateway's headers.
 */
export function companiesApi(ctx: ServiceContext): Router {
  const companies = companiesService(ctx.sequelize);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId', requireSameCompany, async (req, res) => {
    const company = await companies.get(tenantOf(req).companyId);
    if (!company) throw notFound(MESSAGES_COMPANY.notFound);
    res.json(company);
  });

  router.put('/companies/:companyId', requireSameCompany, validate({ body: companyInputSchema }), async (req, res) => {
    const company = await companies.update(tenantOf(req).companyId, validated(req, 'body', companyInputSchema));
    if (!company) throw notFound(MESSAGES_COMPANY.notFound);
    res.json(company);
  });

  return router;
}

/**
 * `/internal/companies`, for the gateway only: it creates the company at
 * registration (and for `POST /api/companies` when the user has none) and
 * deletes it again when the registration fails afterwards (compensation).
 */
export function companiesInternal(ctx: ServiceContext): Router {
  const companies = companiesService(ctx.sequelize);
  const router = caseSensitiveRouter();

  router.post('/companies', validate({ body: companyCreateSchema }), async (req, res) => {
    res.status(201).json(await companies.create(validated(req, 'body', companyCreateSchema)));
  });

  router.get('/companies/:id', async (req, res) => {
    const company = await companies.get(req.params.id);
    if (!company) throw notFound(MESSAGES_COMPANY.notFound);
    res.json(company);
  });

  router.delete('/companies/:id', async (req, res) => {
    await companies.remove(req.params.id);
    res.status(204).end();
  });

  return router;
}
