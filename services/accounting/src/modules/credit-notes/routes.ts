import type { Router } from 'express';
import {
  MESSAGES_CREDIT_NOTE,
  MESSAGES_INVOICE,
  creditNoteApplySchema,
  creditNoteInputSchema,
  creditNoteListQuerySchema,
  creditNoteRefundSchema,
} from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  isUuid,
  requireSameCompany,
  sendDownload,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { findInvoiceRow } from '../invoices';
import { creditNotesService } from './service';
import { ownedParam } from '../../model-support';

/**
 * Credit notes. Paths by id look the document up within the tenant's company
 * first (`router.param`), so another company's invoice or credit note is a 404
 * before its body is read. Mounted before the invoices' router: 'Annuler' on
 * a validated invoice (`POST /invoices/:id/cancel`) is answered here with a
 * full credit note; a draft goes on to the invoices' own cancel.
 */
export function creditNotesApi(ctx: ServiceContext): Router {
  const notes = creditNotesService(ctx.sequelize);
  const router = caseSensitiveRouter();
  router.param('creditNoteId', ownedParam(ctx.sequelize, 'credit_notes', MESSAGES_CREDIT_NOTE.notFound));
  router.param('invoiceId', ownedParam(ctx.sequelize, 'invoices', MESSAGES_INVOICE.notFound));

  router.post('/invoices/:invoiceId/credit-notes', validate({ body: creditNoteInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res
      .status(201)
      .json(await notes.create(companyId, String(req.params.invoiceId), validated(req, 'body', creditNoteInputSchema), userId));
  });
  router.post('/invoices/:invoiceId/cancel', async (req, res, next) => {
    const { companyId, userId } = tenantOf(req);
    const id = req.params.invoiceId;
    const invoice = isUuid(id) ? await findInvoiceRow(ctx.sequelize, companyId, id) : null;
    if (!invoice || (invoice.status !== 'validated' && invoice.status !== 'paid')) {
      next();
      return;
    }
    res.json(await notes.cancelInvoice(companyId, invoice, userId));
  });
  router.get('/companies/:companyId/credit-notes', requireSameCompany, validate({ query: creditNoteListQuerySchema }), async (req, res) => {
    res.json(await notes.list(tenantOf(req).companyId, validated(req, 'query', creditNoteListQuerySchema)));
  });
  router.get('/credit-notes/:creditNoteId', async (req, res) => {
    res.json(await notes.get(tenantOf(req).companyId, req.params.creditNoteId));
  });
  router.get('/credit-notes/:creditNoteId/pdf', async (req, res) => {
    const { filename, buffer } = await notes.pdf(tenantOf(req).companyId, req.params.creditNoteId);
    sendDownload(res, 'application/pdf', filename, buffer);
  });
  router.post('/credit-notes/:creditNoteId/refund', validate({ body: creditNoteRefundSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res
      .status(201)
      .json(await notes.refund(companyId, String(req.params.creditNoteId), validated(req, 'body', creditNoteRefundSchema), userId));
  });
  router.post('/credit-notes/:creditNoteId/apply', validate({ body: creditNoteApplySchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res
      .status(201)
      .json(await notes.apply(companyId, String(req.params.creditNoteId), validated(req, 'body', creditNoteApplySchema), userId));
  });
  return router;
}
