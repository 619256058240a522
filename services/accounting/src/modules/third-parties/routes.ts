import type { Router } from 'express';
import { thirdPartyInputSchema } from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { thirdPartiesService } from './service';

/** `/api/companies/:companyId/third-parties`: clients and suppliers (settings, invoices, entries). */
export function thirdPartiesApi(ctx: ServiceContext): Router {
  const thirdParties = thirdPartiesService(ctx.sequelize);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/third-parties', requireSameCompany, async (req, res) => {
    res.json(await thirdParties.list(tenantOf(req).companyId));
  });

  router.post('/companies/:companyId/third-parties', requireSameCompany, validate({ body: thirdPartyInputSchema }), async (req, res) => {
    res.status(201).json(await thirdParties.create(tenantOf(req).companyId, validated(req, 'body', thirdPartyInputSchema)));
  });

  return router;
}
