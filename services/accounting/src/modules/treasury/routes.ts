import type { Router } from 'express';
import { caseSensitiveRouter, requireSameCompany, tenantOf, type ServiceContext } from '@xaalis/service-kit';
import { todayInDakar } from '../posting';
import { treasuryService } from './service';

/** `GET /api/companies/:companyId/treasury`, as of today in Dakar (404 for another company's id). */
export function treasuryApi(ctx: ServiceContext): Router {
  const treasury = treasuryService(ctx.sequelize);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/treasury', requireSameCompany, async (req, res) => {
    res.json(await treasury.treasury(tenantOf(req).companyId, todayInDakar()));
  });

  return router;
}
