import type { Router } from 'express';
import { taxSettingsSchema } from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { taxSettingsService } from './service';

/** `GET/PUT /api/companies/:companyId/tax-settings`: NINEA, RCCM, tax regime and VAT periodicity. */
export function taxSettingsApi(ctx: ServiceContext): Router {
  const settings = taxSettingsService(ctx.sequelize);
  const router = caseSensitiveRouter();
  const path = '/companies/:companyId/tax-settings';
  router.get(path, requireSameCompany, async (req, res) => {
    res.json(await settings.get(tenantOf(req).companyId));
  });
  router.put(path, requireSameCompany, validate({ body: taxSettingsSchema }), async (req, res) => {
    res.json(await settings.save(tenantOf(req).companyId, validated(req, 'body', taxSettingsSchema)));
  });
  return router;
}
