import type { Router } from 'express';
import { accountInputSchema, accountListQuerySchema } from '@xaalis/contracts';
import { caseSensitiveRouter, companyCollectionRoutes, type ServiceContext } from '@xaalis/service-kit';
import { accountsService } from './service';

/** `/api/companies/:companyId/accounts`: the chart of accounts (settings, entry form). */
export function accountsApi(ctx: ServiceContext): Router {
  const accounts = accountsService(ctx.sequelize);
  const router = caseSensitiveRouter();

  companyCollectionRoutes(router, '/companies/:companyId/accounts', accountInputSchema, accounts, accountListQuerySchema);

  return router;
}
