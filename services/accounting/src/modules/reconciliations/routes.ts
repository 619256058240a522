import type { Router } from 'express';
import {
  autoMatchInputSchema,
  createFromLineSchema,
  matchLinesQuerySchema,
  reconciliationInputSchema,
  reconciliationReportQuerySchema,
  statementRuleInputSchema,
  statementRuleListQuerySchema,
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
import { treasuryAccountParam } from '../bank-statements';
import { autoMatchService } from './auto-match';
import { createFromLineService } from './create-entry';
import { reconciliationReportPdf, reconciliationReportWorkbook } from './report-export';
import { statementRulesService } from './rules';
import { reconciliationsService } from './service';

/**
 * Matching a treasury account's statement lines with its ledger lines: the two
 * panes, the automatic matching job, reconciliations and their undoing, what
 * a statement line may create, the labelling rules and the état de
 * rapprochement. Another company's ids are 404s.
 */
export function reconciliationsApi(ctx: ServiceContext): Router {
  const recs = reconciliationsService(ctx.sequelize);
  const auto = autoMatchService(ctx);
  const createFromLine = createFromLineService(ctx.sequelize);
  const rules = statementRulesService(ctx.sequelize);
  const router = caseSensitiveRouter();
  const account = '/companies/:companyId/treasury-accounts/:accountId';
  const accountId = (p: Record<string, unknown>) => String(p.accountId);
  // Another company's account is a 404 before its query or body is looked at.
  router.param('accountId', treasuryAccountParam(ctx.sequelize));

  router.get(`${account}/statement-lines`, requireSameCompany, validate({ query: matchLinesQuerySchema }), async (req, res) => {
    res.json(await recs.statementLines(tenantOf(req).companyId, accountId(req.params), validated(req, 'query', matchLinesQuerySchema)));
  });
  router.get(`${account}/ledger-lines`, requireSameCompany, validate({ query: matchLinesQuerySchema }), async (req, res) => {
    res.json(await recs.ledgerLines(tenantOf(req).companyId, accountId(req.params), validated(req, 'query', matchLinesQuerySchema)));
  });
  router.post(`${account}/auto-match`, requireSameCompany, validate({ body: autoMatchInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    const { windowDays } = validated(req, 'body', autoMatchInputSchema);
    res.status(202).json(await auto.start(companyId, userId, accountId(req.params), windowDays));
  });
  router.get(`${account}/auto-match/:jobId`, requireSameCompany, async (req, res) => {
    res.json(await auto.status(tenantOf(req).companyId, accountId(req.params), String(req.params.jobId)));
  });
  router.get(`${account}/reconciliation`, requireSameCompany, validate({ query: reconciliationReportQuerySchema }), async (req, res) => {
    const { companyId } = tenantOf(req);
    const { date, format } = validated(req, 'query', reconciliationReportQuerySchema);
    if (format === 'json') {
      res.json(await recs.report(companyId, accountId(req.params), date));
      return;
    }
    const input = await recs.reportForExport(companyId, accountId(req.params), date);
    const { report } = input;
    const filename = `rapprochement-${report.account.accountCode}-${date}.${format}`;
    if (format === 'pdf') sendDownload(res, 'application/pdf', filename, await reconciliationReportPdf(input));
    else
      await streamDownload(
        res,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        filename,
        reconciliationReportWorkbook(input),
      );
  });

  router.post(
    '/companies/:companyId/reconciliations',
    requireSameCompany,
    validate({ body: reconciliationInputSchema }),
    async (req, res) => {
      const { companyId, userId } = tenantOf(req);
      const { statementLineIds, entryLineIds } = validated(req, 'body', reconciliationInputSchema);
      res.status(201).json(await recs.reconcile(companyId, userId, statementLineIds, entryLineIds));
    },
  );
  router.delete('/companies/:companyId/reconciliations/:reconciliationId', requireSameCompany, async (req, res) => {
    await recs.unmatch(tenantOf(req).companyId, String(req.params.reconciliationId));
    res.status(204).end();
  });

  router.get('/companies/:companyId/statement-lines/:lineId/candidates', requireSameCompany, async (req, res) => {
    res.json(await recs.candidates(tenantOf(req).companyId, String(req.params.lineId)));
  });
  router.post(
    '/companies/:companyId/statement-lines/:lineId/create-entry',
    requireSameCompany,
    validate({ body: createFromLineSchema }),
    async (req, res) => {
      const { companyId, userId } = tenantOf(req);
      res
        .status(201)
        .json(await createFromLine(companyId, userId, String(req.params.lineId), validated(req, 'body', createFromLineSchema)));
    },
  );

  const rulesPath = '/companies/:companyId/statement-rules';
  router.get(rulesPath, requireSameCompany, validate({ query: statementRuleListQuerySchema }), async (req, res) => {
    const { page, pageSize } = validated(req, 'query', statementRuleListQuerySchema);
    res.json(await rules.list(tenantOf(req).companyId, page, pageSize));
  });
  router.post(rulesPath, requireSameCompany, validate({ body: statementRuleInputSchema }), async (req, res) => {
    res.status(201).json(await rules.create(tenantOf(req).companyId, validated(req, 'body', statementRuleInputSchema)));
  });
  router.put(`${rulesPath}/:ruleId`, requireSameCompany, validate({ body: statementRuleInputSchema }), async (req, res) => {
    res.json(await rules.update(tenantOf(req).companyId, String(req.params.ruleId), validated(req, 'body', statementRuleInputSchema)));
  });
  router.delete(`${rulesPath}/:ruleId`, requireSameCompany, async (req, res) => {
    await rules.remove(tenantOf(req).companyId, String(req.params.ruleId));
    res.status(204).end();
  });
  return router;
}
