import type { Router } from 'express';
import { auditEventListQuerySchema } from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { auditService } from './service';

/** `GET /api/companies/:companyId/audit-events?objectType=…&objectId=…`: one object's history, oldest first (read-only). */
export function auditApi(ctx: ServiceContext): Router {
  const audit = auditService(ctx.sequelize);
  const router = caseSensitiveRouter();
  router.get('/companies/:companyId/audit-events', requireSameCompany, validate({ query: auditEventListQuerySchema }), async (req, res) => {
    res.json(await audit.listForObject(tenantOf(req).companyId, validated(req, 'query', auditEventListQuerySchema)));
  });
  return router;
}
