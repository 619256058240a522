import type { Router } from 'express';
import { payrollSettingsInputSchema } from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { payrollSettingsService } from './service';

/**
 * Paramètres, section Paie: the company's payroll settings (read, with the
 * selectable sets; save), tenant-scoped (another company's path is a 404).
 */
export function payrollSettingsApi(ctx: ServiceContext): Router {
  const settings = payrollSettingsService(ctx.sequelize);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/payroll-settings', requireSameCompany, async (req, res) => {
    res.json(await settings.get(tenantOf(req).companyId));
  });

  router.put(
    '/companies/:companyId/payroll-settings',
    requireSameCompany,
    validate({ body: payrollSettingsInputSchema }),
    async (req, res) => {
      const { companyId, userId } = tenantOf(req);
      res.json(await settings.save(companyId, validated(req, 'body', payrollSettingsInputSchema), userId));
    },
  );

  return router;
}
