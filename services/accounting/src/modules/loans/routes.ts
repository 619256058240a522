import { Router } from 'express';
import { isUuid, notFound, requireSameCompany, tenantOf, type ServiceContext } from '@xaalis/service-kit';
import { findLoans } from './model';

/**
 * Loans and their schedules, as the payment dialog and the Emprunts page read
 * them. Creating loans and generating schedules arrives with the loans
 * feature; instalments are paid through POST /api/payments (type loan_payment).
 */
export function loansApi(ctx: ServiceContext): Router {
  const router = Router();
  router.get('/companies/:companyId/loans', requireSameCompany, async (req, res) => {
    res.json(await findLoans(ctx.sequelize, tenantOf(req).companyId));
  });
  router.get('/loans/:id', async (req, res) => {
    const [loan] = isUuid(req.params.id) ? await findLoans(ctx.sequelize, tenantOf(req).companyId, req.params.id) : [];
    if (!loan) throw notFound();
    res.json(loan);
  });
  return router;
}
