import type { Router } from 'express';
import { caseSensitiveRouter, requireSameCompany, tenantOf, type ServiceContext } from '@xaalis/service-kit';
import { ledgerIntegrityService } from './service';

/** `GET /api/companies/:companyId/ledger-integrity` → LedgerIntegrityReport (404 for another company's id). */
export function ledgerIntegrityApi(ctx: ServiceContext): Router {
  const integrity = ledgerIntegrityService(ctx.sequelize);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/ledger-integrity', requireSameCompany, async (req, res) => {
    res.json(await integrity.check(tenantOf(req).companyId));
  });

  return router;
}
