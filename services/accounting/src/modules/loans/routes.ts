import type { Router } from 'express';
import { loanInputSchema, loanListQuerySchema } from '@xaalis/contracts';
import { caseSensitiveRouter, companyCollectionRoutes, tenantOf, type ServiceContext } from '@xaalis/service-kit';
import { loansService } from './service';

/**
 * Loans and their schedules (the Emprunts page, the payment dialog): the
 * company's list, creation with the schedule, one loan and its schedule, all
 * tenant-scoped (another company's loan is a 404). Instalments are paid
 * through POST /api/payments (type loan_payment).
 */
export function loansApi(ctx: ServiceContext): Router {
  const loans = loansService(ctx.sequelize);
  const router = caseSensitiveRouter();
  companyCollectionRoutes(router, '/companies/:companyId/loans', loanInputSchema, loans, loanListQuerySchema);
  router.get('/loans/:id', async (req, res) => {
    res.json(await loans.get(tenantOf(req).companyId, req.params.id));
  });
  router.get('/loans/:id/schedule', async (req, res) => {
    res.json(await loans.schedule(tenantOf(req).companyId, req.params.id));
  });
  return router;
}
