import type { Router } from 'express';
import { investmentInputSchema, investmentListQuerySchema } from '@xaalis/contracts';
import { caseSensitiveRouter, companyCollectionRoutes, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { investmentsService } from './service';

/**
 * Investments. Company paths check the path's company against the tenant;
 * paths by investment id look it up within the tenant's company, so another
 * company's investment (or row) is a 404.
 */
export function investmentsApi(ctx: ServiceContext): Router {
  const investments = investmentsService(ctx.sequelize, ctx.queue);
  const router = caseSensitiveRouter();
  const company = '/companies/:companyId/investments';

  companyCollectionRoutes(router, company, investmentInputSchema, investments, investmentListQuerySchema);
  router.get('/investments/:id', async (req, res) => {
    res.json(await investments.get(tenantOf(req).companyId, req.params.id));
  });
  router.put('/investments/:id', validate({ body: investmentInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.json(await investments.update(companyId, String(req.params.id), validated(req, 'body', investmentInputSchema), userId));
  });
  router.post('/investments/:id/depreciations/:rowId/record', async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.json(await investments.recordRow(companyId, req.params.id, req.params.rowId, userId));
  });
  return router;
}
