import type { Router } from 'express';
import { accountInputSchema, accountLettrableSchema, accountListQuerySchema } from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  companyCollectionRoutes,
  requireSameCompany,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { ownedParam } from '../../model-support';
import { accountsService } from './service';

/** `/api/companies/:companyId/accounts`: the chart of accounts (settings, entry form). */
export function accountsApi(ctx: ServiceContext): Router {
  const accounts = accountsService(ctx.sequelize);
  const router = caseSensitiveRouter();

  companyCollectionRoutes(router, '/companies/:companyId/accounts', accountInputSchema, accounts, accountListQuerySchema);
  // Another company's account is a 404 before the body is read.
  router.param('accountId', ownedParam(ctx.sequelize, 'accounts'));
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
