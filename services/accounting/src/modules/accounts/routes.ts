import type { Router } from 'express';
import { accountInputSchema, accountLettrableSchema, accountListQuerySchema } from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  companyCollectionRoutes,
  notFound,
  requireSameCompany,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { accountsService } from './service';

/** `/api/companies/:companyId/accounts`: the chart of accounts (settings, entry form). */
export function accountsApi(ctx: ServiceContext): Router {
  const accounts = accountsService(ctx.sequelize);
  const router = caseSensitiveRouter();

  companyCollectionRoutes(router, '/companies/:companyId/accounts', accountInputSchema, accounts, accountListQuerySchema);
  // Another company's account is a 404 before the body is read.
  router.param('accountId', (req, _res, next, id: string) => {
    accounts.owns(tenantOf(req).companyId, id).then((owned) => next(owned ? undefined : notFound()), next);
  });
  router.patch(
    '/companies/:companyId/accounts/:accountId/lettrable',
    requireSameCompany,
    validate({ body: accountLettrableSchema }),
    async (req, res) => {
      res.json(
        await accounts.setLettrable(
          tenantOf(req).companyId,
          String(req.params.accountId),
          validated(req, 'body', accountLettrableSchema).lettrable,
        ),
      );
    },
  );

  return router;
}
