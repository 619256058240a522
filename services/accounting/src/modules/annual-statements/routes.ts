import type { Router } from 'express';
import { annualQuerySchema } from '@xaalis/contracts';
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
import { todayInDakar } from '../posting';
import { dsfPackPdf } from '../reports/exports';
import { dsfPack } from './dsf';
import { sumsPaidPdf, sumsPaidWorkbook } from './export';
import { sumsPaidStatement } from './sums-paid';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The annual statements: the état des sommes versées à des tiers (JSON, PDF, XLSX) and the DSF pack (PDF; JSON: its notes). */
export function annualStatementsApi(ctx: ServiceContext): Router {
  const router = caseSensitiveRouter();
  const base = '/companies/:companyId/annual-statements';
  router.get(`${base}/sums-paid`, requireSameCompany, validate({ query: annualQuerySchema }), async (req, res) => {
    const { companyId } = tenantOf(req);
    const { year, format } = validated(req, 'query', annualQuerySchema);
    const statement = await sumsPaidStatement(ctx.sequelize, companyId, year);
    if (format === 'json') return void res.json(statement);
    const input = { companyName: (await companyIdentity(ctx.sequelize, companyId)).name, statement };
    const filename = `etat-sommes-versees-${year}.${format}`;
    if (format === 'pdf') sendDownload(res, 'application/pdf', filename, await sumsPaidPdf(input));
    else await streamDownload(res, XLSX, filename, sumsPaidWorkbook(input));
  });
  router.get(`${base}/dsf`, requireSameCompany, validate({ query: annualQuerySchema }), async (req, res) => {
    const { companyId } = tenantOf(req);
    const { year, format } = validated(req, 'query', annualQuerySchema);
    const pack = await dsfPack(ctx.sequelize, companyId, year, todayInDakar());
    if (format !== 'pdf') return void res.json({ identity: pack.identity, notes: pack.notes, dueDates: pack.dueDates });
    sendDownload(res, 'application/pdf', `liasse-dsf-${year}.pdf`, await dsfPackPdf(pack));
  });
  return router;
}
