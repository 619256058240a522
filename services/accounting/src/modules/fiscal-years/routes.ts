import type { Router } from 'express';
import type { FiscalYearCloseRefusal } from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, type ServiceContext } from '@xaalis/service-kit';
import { CloseRefusal, fiscalYearsService } from './service';

/**
 * Paramètres → Exercices: the company's fiscal years, closing (a BullMQ job
 * whose progress is polled), reopening. Company-scoped: another company's
 * year or job is a 404.
 */
export function fiscalYearsApi(ctx: ServiceContext): Router {
  const years = fiscalYearsService(ctx);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/fiscal-years', requireSameCompany, async (req, res) => {
    res.json(await years.list(tenantOf(req).companyId));
  });

  router.get('/companies/:companyId/fiscal-years/jobs/:jobId', requireSameCompany, async (req, res) => {
    res.json(await years.job(tenantOf(req).companyId, String(req.params.jobId)));
  });

  router.post('/companies/:companyId/fiscal-years/:start/close', requireSameCompany, async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    try {
      res.status(202).json(await years.close(companyId, userId, String(req.params.start)));
    } catch (err) {
      if (!(err instanceof CloseRefusal)) throw err;
      const body: FiscalYearCloseRefusal = { message: err.message, drafts: err.drafts };
      res.status(409).json(body);
    }
  });

  router.post('/companies/:companyId/fiscal-years/:start/reopen', requireSameCompany, async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.json(await years.reopen(companyId, userId, String(req.params.start)));
  });

  return router;
}
