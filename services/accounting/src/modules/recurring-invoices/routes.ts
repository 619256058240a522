import type { Router } from 'express';
import { JOBS, MESSAGES_RECURRING, recurringInvoiceInputSchema, recurringInvoiceListQuerySchema } from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  requireSameCompany,
  tenantOf,
  validate,
  validated,
  type JobSchedule,
  type ServiceContext,
} from '@xaalis/service-kit';
import { recurringInvoicesService } from './service';
import { ownedParam } from '../../model-support';

/** Every hour at :20: the invoices of the recurring templates due (a missed hour or day is caught up by the next). */
export const RECURRING_INVOICES_SCHEDULE: JobSchedule = {
  id: 'recurring-invoices-hourly',
  name: JOBS.generateRecurringInvoices,
  pattern: '20 * * * *',
};

/** `generate-recurring-invoices`: the sweep (idempotent by template and date). */
export function generateRecurringInvoicesHandler(ctx: Pick<ServiceContext, 'sequelize' | 'log'>) {
  const recurring = recurringInvoicesService(ctx.sequelize);
  return async (): Promise<{ created: number; failed: number }> => recurring.generate(undefined, undefined, ctx.log);
}

/** Recurring invoice templates; another company's template is a 404 before its body is read. */
export function recurringInvoicesApi(ctx: ServiceContext): Router {
  const recurring = recurringInvoicesService(ctx.sequelize);
  const router = caseSensitiveRouter();
  router.param('recurringId', ownedParam(ctx.sequelize, 'recurring_invoices', MESSAGES_RECURRING.notFound));
  const company = '/companies/:companyId/recurring-invoices';
  router.get(company, requireSameCompany, validate({ query: recurringInvoiceListQuerySchema }), async (req, res) => {
    const { page, pageSize } = validated(req, 'query', recurringInvoiceListQuerySchema);
    res.json(await recurring.list(tenantOf(req).companyId, page, pageSize));
  });
  router.post(company, requireSameCompany, validate({ body: recurringInvoiceInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    const created = await recurring.create(companyId, validated(req, 'body', recurringInvoiceInputSchema), userId);
    // The dates already due are invoiced at once, not at the next hourly sweep.
    await recurring.generate(undefined, companyId, ctx.log);
    res.status(201).json(await recurring.get(companyId, created.id));
  });
  router.get('/recurring-invoices/:recurringId', async (req, res) => {
    res.json(await recurring.get(tenantOf(req).companyId, req.params.recurringId));
  });
  router.put('/recurring-invoices/:recurringId', validate({ body: recurringInvoiceInputSchema }), async (req, res) => {
    res.json(
      await recurring.update(tenantOf(req).companyId, String(req.params.recurringId), validated(req, 'body', recurringInvoiceInputSchema)),
    );
  });
  router.delete('/recurring-invoices/:recurringId', async (req, res) => {
    await recurring.remove(tenantOf(req).companyId, req.params.recurringId);
    res.status(204).end();
  });
  return router;
}
