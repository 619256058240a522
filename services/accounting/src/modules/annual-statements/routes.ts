import type { Router } from 'express';
import { annualQuerySchema } from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  requireSameCompany,
  sendDownload,
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
import { sendReport } from '../spreadsheet';

/** The annual statements: the état des sommes versées à des tiers (JSON, PDF, XLSX) and the DSF pack (PDF; JSON: its notes). */
export function annualStatementsApi(ctx: ServiceContext): Router {
  const router = caseSensitiveRouter();
  const base = '/companies/:companyId/annual-statements';
  router.get(`${base}/sums-paid`, requireSameCompany, validate({ query: annualQuerySchema }), async (req, res) => {
    const { companyId } = tenantOf(req);
    const { year, format } = validated(req, 'query', annualQuerySchema);
    const statement = await sumsPaidStatement(ctx.sequelize, companyId, year);
    const input = async () => ({ companyName: (await companyIdentity(ctx.sequelize, companyId)).name, statement });
    await sendReport(res, format, `etat-sommes-versees-${year}`, {
      json: statement,
      pdf: async () => sumsPaidPdf(await input()),
      xlsx: async () => sumsPaidWorkbook(await input()),
    });
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
