import type { Router } from 'express';
import { accountInputSchema } from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { accountsService } from './service';

/** `/api/companies/:companyId/accounts`: the chart of accounts (settings, entry form). */
export function accountsApi(ctx: ServiceContext): Router {
  const accounts = accountsService(ctx.sequelize);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/accounts', requireSameCompany, async (req, res) => {
    res.json(await accounts.list(tenantOf(req).companyId));
  });

  router.post('/companies/:companyId/accounts', requireSameCompany, validate({ body: accountInputSchema }), async (req, res) => {
    res.status(201).json(await accounts.create(tenantOf(req).companyId, validated(req, 'body', accountInputSchema)));
  });

  return router;
}
