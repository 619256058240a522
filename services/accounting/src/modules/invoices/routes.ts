import type { Router } from 'express';
import { invoiceInputSchema, invoiceListQuerySchema, nextInvoiceNumberQuerySchema, type NextInvoiceNumber } from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  requireSameCompany,
  sendDownload,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { sendWorkbook } from '../spreadsheet';
import { invoicesService } from './service';

/**
 * Invoices. Company paths check the path's company against the tenant; paths
 * by invoice id (`/invoices/:id`) look the invoice up within the tenant's
 * company, so another company's invoice is a 404.
 */
export function invoicesApi(ctx: ServiceContext): Router {
  const invoices = invoicesService(ctx.sequelize);
  const router = caseSensitiveRouter();
  const company = '/companies/:companyId/invoices';

  router.get(company, requireSameCompany, validate({ query: invoiceListQuerySchema }), async (req, res) => {
    res.json(await invoices.list(tenantOf(req).companyId, validated(req, 'query', invoiceListQuerySchema)));
  });
  router.get(`${company}/next-number`, requireSameCompany, validate({ query: nextInvoiceNumberQuerySchema }), async (req, res) => {
    const { type, date } = validated(req, 'query', nextInvoiceNumberQuerySchema);
    res.json({ number: await invoices.nextNumber(tenantOf(req).companyId, type, date) } satisfies NextInvoiceNumber);
  });
  router.get(`${company}/export.xlsx`, requireSameCompany, validate({ query: invoiceListQuerySchema }), async (req, res) => {
    await sendWorkbook(
      res,
      'factures.xlsx',
      await invoices.exportXlsx(tenantOf(req).companyId, validated(req, 'query', invoiceListQuerySchema)),
    );
  });
  router.post(company, requireSameCompany, validate({ body: invoiceInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(await invoices.create(companyId, validated(req, 'body', invoiceInputSchema), userId));
  });
  router.get('/invoices/:id', async (req, res) => {
    res.json(await invoices.get(tenantOf(req).companyId, req.params.id));
  });
  router.put('/invoices/:id', validate({ body: invoiceInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.json(await invoices.update(companyId, String(req.params.id), validated(req, 'body', invoiceInputSchema), userId));
  });
  router.patch('/invoices/:id/validate', async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.json(await invoices.validate(companyId, req.params.id, userId));
  });
  router.post('/invoices/:id/cancel', async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.json(await invoices.cancel(companyId, req.params.id, userId));
  });
  router.get('/invoices/:id/pdf', async (req, res) => {
    const { filename, buffer } = await invoices.pdf(tenantOf(req).companyId, req.params.id);
    sendDownload(res, 'application/pdf', filename, buffer);
  });
  return router;
}
