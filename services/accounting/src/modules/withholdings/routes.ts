import type { Router } from 'express';
import {
  withholdingFormatQuerySchema,
  withholdingListQuerySchema,
  withholdingPreviewQuerySchema,
  withholdingStatementInputSchema,
} from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { companyIdentity } from '../../model-support';
import { withholdingStatementPdf, withholdingStatementWorkbook } from './export';
import { withholdingsService } from './service';
import { sendReport } from '../spreadsheet';

/** Bordereaux de retenue à la source: preview of a period, filing, the list, one as JSON, PDF or XLSX. */
export function withholdingsApi(ctx: ServiceContext): Router {
  const svc = withholdingsService(ctx.sequelize);
  const router = caseSensitiveRouter();
  const base = '/companies/:companyId/withholding-statements';
  router.get(`${base}/preview`, requireSameCompany, validate({ query: withholdingPreviewQuerySchema }), async (req, res) => {
    res.json(await svc.preview(tenantOf(req).companyId, validated(req, 'query', withholdingPreviewQuerySchema).period));
  });
  router.get(base, requireSameCompany, validate({ query: withholdingListQuerySchema }), async (req, res) => {
    res.json(await svc.list(tenantOf(req).companyId, validated(req, 'query', withholdingListQuerySchema)));
  });
  router.post(base, requireSameCompany, validate({ body: withholdingStatementInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(await svc.declare(companyId, validated(req, 'body', withholdingStatementInputSchema), userId));
  });
  router.get(`${base}/:statementId`, requireSameCompany, validate({ query: withholdingFormatQuerySchema }), async (req, res) => {
    const { companyId } = tenantOf(req);
    const statement = await svc.get(companyId, String(req.params.statementId));
    const input = async () => ({ companyName: (await companyIdentity(ctx.sequelize, companyId)).name, statement });
    await sendReport(res, validated(req, 'query', withholdingFormatQuerySchema).format, `bordereau-retenues-${statement.period}`, {
      json: statement,
      pdf: async () => withholdingStatementPdf(await input()),
      xlsx: async () => withholdingStatementWorkbook(await input()),
    });
  });
  return router;
}
