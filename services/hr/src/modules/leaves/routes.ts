import type { Router } from 'express';
import { leaveInputSchema, leaveListQuerySchema } from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { payrollSettingsService } from '../payroll-settings';
import { leavesService } from './service';

/** Leave and absences (issue 31), under the company: list, record, delete, and the paid-leave balances. */
export function leavesApi(ctx: ServiceContext): Router {
  const leaves = leavesService(ctx.sequelize);
  const settings = payrollSettingsService(ctx.sequelize);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/leaves/balances', requireSameCompany, async (req, res) => {
    const { companyId } = tenantOf(req);
    const { leaveDaysPerMonth } = await settings.get(companyId);
    const employeeId =
      typeof req.query.employeeId === 'string' && /^[0-9a-f-]{36}$/i.test(req.query.employeeId) ? req.query.employeeId : undefined;
    res.json(await leaves.balances(companyId, leaveDaysPerMonth, employeeId?.toLowerCase()));
  });

  router.get('/companies/:companyId/leaves', requireSameCompany, validate({ query: leaveListQuerySchema }), async (req, res) => {
    res.json(await leaves.list(tenantOf(req).companyId, validated(req, 'query', leaveListQuerySchema)));
  });

  router.post('/companies/:companyId/leaves', requireSameCompany, validate({ body: leaveInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(await leaves.create(companyId, validated(req, 'body', leaveInputSchema), userId));
  });

  router.delete('/companies/:companyId/leaves/:leaveId', requireSameCompany, async (req, res) => {
    await leaves.remove(tenantOf(req).companyId, String(req.params.leaveId));
    res.status(204).end();
  });

  return router;
}
