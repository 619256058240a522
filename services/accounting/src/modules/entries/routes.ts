import type { Router } from 'express';
import { entryInputSchema, entryListQuerySchema, nextEntryNumberQuerySchema, type NextEntryNumber } from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { entriesService } from './service';

/**
 * Journal entries. Company-scoped paths check the path's company against the
 * tenant; paths by entry id (`/accounting-entries/:id`) look the entry up
 * within the tenant's company, so another company's entry is a 404. Payroll
 * entries (./payroll) are left out of the list and refused (403) to a role
 * without the `payroll` capability.
 */
export function entriesApi(ctx: ServiceContext): Router {
  const entries = entriesService(ctx.sequelize);
  const router = caseSensitiveRouter();
  const company = '/companies/:companyId/accounting-entries';

  router.get(company, requireSameCompany, validate({ query: entryListQuerySchema }), async (req, res) => {
    const { companyId, role } = tenantOf(req);
    res.json(await entries.list(companyId, validated(req, 'query', entryListQuerySchema), role));
  });

  router.get(`${company}/next-number`, requireSameCompany, validate({ query: nextEntryNumberQuerySchema }), async (req, res) => {
    const { journal, date } = validated(req, 'query', nextEntryNumberQuerySchema);
    res.json({ number: await entries.nextNumber(tenantOf(req).companyId, journal, date) } satisfies NextEntryNumber);
  });

  router.post(company, requireSameCompany, validate({ body: entryInputSchema }), async (req, res) => {
    const { companyId, userId, role } = tenantOf(req);
    res.status(201).json(await entries.create(companyId, validated(req, 'body', entryInputSchema), userId, role));
  });

  router.get('/accounting-entries/:id', async (req, res) => {
    const { companyId, role } = tenantOf(req);
    res.json(await entries.get(companyId, req.params.id, role));
  });

  router.put('/accounting-entries/:id', validate({ body: entryInputSchema }), async (req, res) => {
    const { companyId, userId, role } = tenantOf(req);
    res.json(await entries.update(companyId, String(req.params.id), validated(req, 'body', entryInputSchema), userId, role));
  });

  router.delete('/accounting-entries/:id', async (req, res) => {
    const { companyId, userId, role } = tenantOf(req);
    await entries.remove(companyId, req.params.id, userId, role);
    res.status(204).end();
  });

  router.patch('/accounting-entries/:id/validate', async (req, res) => {
    const { companyId, userId, role } = tenantOf(req);
    res.json(await entries.validate(companyId, req.params.id, userId, role));
  });

  router.post('/accounting-entries/:id/cancel', async (req, res) => {
    const { companyId, userId, role } = tenantOf(req);
    res.json(await entries.cancel(companyId, req.params.id, userId, role));
  });

  return router;
}
