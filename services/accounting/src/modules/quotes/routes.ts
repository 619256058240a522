import type { Router } from 'express';
import { JOBS, MESSAGES_QUOTE, quoteInputSchema, quoteListQuerySchema } from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  requireSameCompany,
  sendDownload,
  tenantOf,
  validate,
  validated,
  type JobSchedule,
  type ServiceContext,
} from '@xaalis/service-kit';
import { renderQuotePdf } from './pdf';
import { quotesService } from './service';
import { ownedParam } from '../../model-support';

/** Every day at 00:10 Dakar time: sent quotes past their validity date expire. */
export const EXPIRE_QUOTES_SCHEDULE: JobSchedule = { id: 'quotes-expire-daily', name: JOBS.expireQuotes, pattern: '10 0 * * *' };

/** `expire-quotes`: the sweep (idempotent); answers how many quotes expired. */
export function expireQuotesHandler(ctx: Pick<ServiceContext, 'sequelize'>) {
  const quotes = quotesService(ctx.sequelize);
  return async (): Promise<{ expired: number }> => ({ expired: await quotes.expire() });
}

/** Quotes. Paths by id look the quote up within the tenant's company first (`router.param`): another company's quote is a 404. */
export function quotesApi(ctx: ServiceContext): Router {
  const quotes = quotesService(ctx.sequelize);
  const router = caseSensitiveRouter();
  router.param('quoteId', ownedParam(ctx.sequelize, 'quotes', MESSAGES_QUOTE.notFound));
  const company = '/companies/:companyId/quotes';
  router.get(company, requireSameCompany, validate({ query: quoteListQuerySchema }), async (req, res) => {
    res.json(await quotes.list(tenantOf(req).companyId, validated(req, 'query', quoteListQuerySchema)));
  });
  router.post(company, requireSameCompany, validate({ body: quoteInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(await quotes.create(companyId, validated(req, 'body', quoteInputSchema), userId));
  });
  router.get('/quotes/:quoteId', async (req, res) => {
    res.json(await quotes.get(tenantOf(req).companyId, req.params.quoteId));
  });
  router.put('/quotes/:quoteId', validate({ body: quoteInputSchema }), async (req, res) => {
    res.json(await quotes.update(tenantOf(req).companyId, String(req.params.quoteId), validated(req, 'body', quoteInputSchema)));
  });
  router.delete('/quotes/:quoteId', async (req, res) => {
    await quotes.remove(tenantOf(req).companyId, req.params.quoteId);
    res.status(204).end();
  });
  for (const action of ['send', 'accept', 'refuse'] as const) {
    router.post(`/quotes/:quoteId/${action}`, async (req, res) => {
      res.json(await quotes[action](tenantOf(req).companyId, req.params.quoteId));
    });
  }
  router.post('/quotes/:quoteId/convert', async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(await quotes.convert(companyId, req.params.quoteId, userId));
  });
  router.get('/quotes/:quoteId/pdf', async (req, res) => {
    const input = await quotes.pdfInput(tenantOf(req).companyId, req.params.quoteId);
    sendDownload(res, 'application/pdf', `${input.quote.number}.pdf`, await renderQuotePdf(input));
  });
  return router;
}
