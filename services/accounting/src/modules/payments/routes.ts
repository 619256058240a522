import type { Router } from 'express';
import { paymentInputSchema, paymentListQuerySchema } from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { paymentsService } from './service';

/**
 * `POST /api/payments` (the body names the company: it must be the tenant's),
 * the company's payments newest first, and one payment by id (tenant-scoped).
 */
export function paymentsApi(ctx: ServiceContext): Router {
  const payments = paymentsService(ctx.sequelize);
  const router = caseSensitiveRouter();
  router.post('/payments', validate({ body: paymentInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(await payments.create(companyId, validated(req, 'body', paymentInputSchema), userId));
  });
  router.get('/payments/:id', async (req, res) => {
    res.json(await payments.get(tenantOf(req).companyId, req.params.id));
  });
  router.get('/companies/:companyId/payments', requireSameCompany, validate({ query: paymentListQuerySchema }), async (req, res) => {
    const { page, pageSize } = validated(req, 'query', paymentListQuerySchema);
    res.json(await payments.list(tenantOf(req).companyId, page, pageSize));
  });
  return router;
}
