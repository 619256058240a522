import type { Router } from 'express';
import {
  vatCodeInputSchema,
  vatDrillQuerySchema,
  vatPreviewQuerySchema,
  vatReturnFormatQuerySchema,
  vatReturnInputSchema,
  vatReturnListQuerySchema,
} from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { companyIdentity } from '../../model-support';
import { createVatCode, listVatCodes } from './codes';
import { vatReturnPdf, vatReturnWorkbook } from './export';
import { drillDown } from './figures';
import { vatReturnsService } from './returns';
import { sendReport } from '../spreadsheet';

/** The company's VAT codes and its VAT returns (preview, drill-down, declaration, reopening, files). */
export function vatApi(ctx: ServiceContext): Router {
  const { sequelize } = ctx;
  const returns = vatReturnsService(sequelize);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/vat-codes', requireSameCompany, async (req, res) => {
    res.json(await listVatCodes(sequelize, tenantOf(req).companyId));
  });
  router.post('/companies/:companyId/vat-codes', requireSameCompany, validate({ body: vatCodeInputSchema }), async (req, res) => {
    res.status(201).json(await createVatCode(sequelize, tenantOf(req).companyId, validated(req, 'body', vatCodeInputSchema)));
  });

  const base = '/companies/:companyId/vat-returns';
  router.get(`${base}/preview`, requireSameCompany, validate({ query: vatPreviewQuerySchema }), async (req, res) => {
    res.json(await returns.preview(tenantOf(req).companyId, validated(req, 'query', vatPreviewQuerySchema).period));
  });
  router.get(`${base}/entries`, requireSameCompany, validate({ query: vatDrillQuerySchema }), async (req, res) => {
    const { companyId } = tenantOf(req);
    const q = validated(req, 'query', vatDrillQuerySchema);
    const range = await returns.rangeOf(companyId, q.period);
    res.json({ ...(await drillDown(sequelize, companyId, range, q.line, q)), page: q.page, pageSize: q.pageSize });
  });
  router.get(base, requireSameCompany, validate({ query: vatReturnListQuerySchema }), async (req, res) => {
    res.json(await returns.list(tenantOf(req).companyId, validated(req, 'query', vatReturnListQuerySchema)));
  });
  router.post(base, requireSameCompany, validate({ body: vatReturnInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(await returns.declare(companyId, validated(req, 'body', vatReturnInputSchema), userId));
  });
  router.get(`${base}/:returnId`, requireSameCompany, validate({ query: vatReturnFormatQuerySchema }), async (req, res) => {
    const { companyId } = tenantOf(req);
    const vatReturn = await returns.get(companyId, String(req.params.returnId));
    const input = async () => ({ companyName: (await companyIdentity(sequelize, companyId)).name, vatReturn });
    await sendReport(
      res,
      validated(req, 'query', vatReturnFormatQuerySchema).format,
      `declaration-tva-${vatReturn.period}${vatReturn.version > 1 ? `-v${vatReturn.version}` : ''}`,
      {
        json: vatReturn,
        pdf: async () => vatReturnPdf(await input()),
        xlsx: async () => vatReturnWorkbook(await input()),
      },
    );
  });
  router.post(`${base}/:returnId/reopen`, requireSameCompany, async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.json(await returns.reopen(companyId, String(req.params.returnId), userId));
  });
  return router;
}
