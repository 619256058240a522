import type { Router } from 'express';
import {
  withholdingFormatQuerySchema,
  withholdingListQuerySchema,
  withholdingPreviewQuerySchema,
  withholdingStatementInputSchema,
} from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  requireSameCompany,
  sendDownload,
  streamDownload,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { companyIdentity } from '../../model-support';
import { withholdingStatementPdf, withholdingStatementWorkbook } from './export';
import { withholdingsService } from './service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
    const { format } = validated(req, 'query', withholdingFormatQuerySchema);
    if (format === 'json') {
      res.json(statement);
      return;
    }
    const input = { companyName: (await companyIdentity(ctx.sequelize, companyId)).name, statement };
    const filename = `bordereau-retenues-${statement.period}.${format}`;
    if (format === 'pdf') sendDownload(res, 'application/pdf', filename, await withholdingStatementPdf(input));
    else await streamDownload(res, XLSX, filename, withholdingStatementWorkbook(input));
  });
  return router;
}
