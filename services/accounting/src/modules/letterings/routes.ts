import type { Router } from 'express';
import { accountStatementQuerySchema, agedBalanceQuerySchema, letteringInputSchema } from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  requireSameCompany,
  sendDownload,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { accountStatementPdf, agedBalancePdf, agedBalanceWorkbook } from './export';
import { letteringsService } from './service';
import { ownedParam } from '../../model-support';
import { sendReport } from '../spreadsheet';

/** Lettrage, the aged balance and the statement of account. Another company's third party is a 404 before the query is read. */
export function letteringsApi(ctx: ServiceContext): Router {
  const svc = letteringsService(ctx.sequelize);
  const router = caseSensitiveRouter();
  router.param('thirdPartyId', ownedParam(ctx.sequelize, 'third_parties'));

  router.post('/companies/:companyId/letterings', requireSameCompany, validate({ body: letteringInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    const { lineIds, partial } = validated(req, 'body', letteringInputSchema);
    res.status(201).json(await svc.letter(companyId, lineIds, partial, userId));
  });
  router.delete('/companies/:companyId/letterings/:code', requireSameCompany, async (req, res) => {
    await svc.unletter(tenantOf(req).companyId, String(req.params.code));
    res.status(204).end();
  });
  router.get(
    '/companies/:companyId/reports/aged-balance',
    requireSameCompany,
    validate({ query: agedBalanceQuerySchema }),
    async (req, res) => {
      const { companyId } = tenantOf(req);
      const { type, date, format } = validated(req, 'query', agedBalanceQuerySchema);
      const balance = await svc.agedBalance(companyId, type, date);
      const input = async () => ({ companyName: await svc.companyName(companyId), balance });
      await sendReport(res, format, `balance-agee-${type === 'receivable' ? 'clients' : 'fournisseurs'}-${balance.date}`, {
        json: balance,
        pdf: async () => agedBalancePdf(await input()),
        xlsx: async () => agedBalanceWorkbook(await input()),
      });
    },
  );
  router.get(
    '/companies/:companyId/reports/aged-balance/:thirdPartyId',
    requireSameCompany,
    validate({ query: agedBalanceQuerySchema }),
    async (req, res) => {
      const { type, date } = validated(req, 'query', agedBalanceQuerySchema);
      res.json(await svc.agedItems(tenantOf(req).companyId, String(req.params.thirdPartyId), type, date));
    },
  );
  router.get(
    '/companies/:companyId/third-parties/:thirdPartyId/statement',
    requireSameCompany,
    validate({ query: accountStatementQuerySchema }),
    async (req, res) => {
      const { companyId } = tenantOf(req);
      const { from, to, format } = validated(req, 'query', accountStatementQuerySchema);
      const statement = await svc.statement(companyId, String(req.params.thirdPartyId), from, to);
      if (format === 'json') {
        res.json(statement);
        return;
      }
      const pdf = await accountStatementPdf({ companyName: await svc.companyName(companyId), statement });
      sendDownload(res, 'application/pdf', `releve-${statement.thirdParty.name.replace(/[^\w.-]+/g, '_')}-${statement.to}.pdf`, pdf);
    },
  );
  return router;
}
