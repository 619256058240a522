import type { Router } from 'express';
import { thirdPartyInputSchema, thirdPartyListQuerySchema } from '@xaalis/contracts';
import { caseSensitiveRouter, companyCollectionRoutes, type ServiceContext } from '@xaalis/service-kit';
import { thirdPartiesService } from './service';

/** `/api/companies/:companyId/third-parties`: clients and suppliers (settings, invoices, entries). */
export function thirdPartiesApi(ctx: ServiceContext): Router {
  const thirdParties = thirdPartiesService(ctx.sequelize);
  const router = caseSensitiveRouter();

  companyCollectionRoutes(router, '/companies/:companyId/third-parties', thirdPartyInputSchema, thirdParties, thirdPartyListQuerySchema);

  return router;
}
