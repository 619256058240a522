import type { Router } from 'express';
import {
  MESSAGES_STATEMENT,
  STATEMENT_MAX_BYTES,
  statementDetailQuerySchema,
  statementLineInputSchema,
  statementListQuerySchema,
  statementUploadQuerySchema,
} from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  readUpload,
  requireSameCompany,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { bankStatementsService, treasuryAccountParam } from './service';

const UPLOAD_MESSAGES = {
  tooLarge: MESSAGES_STATEMENT.tooLarge,
  notFile: MESSAGES_STATEMENT.notStatement,
  interrupted: MESSAGES_STATEMENT.empty,
};

/**
 * A treasury account's statements: upload (raw body) → preview → confirm; the
 * statements and their lines; lines typed in by hand. Another company's
 * account or statement is a 404.
 */
export function bankStatementsApi(ctx: ServiceContext): Router {
  const statements = bankStatementsService(ctx.sequelize);
  const router = caseSensitiveRouter();
  const base = '/companies/:companyId/treasury-accounts/:accountId';
  const account = (p: Record<string, unknown>) => String(p.accountId);
  // Another company's account is a 404 before its query or body is looked at.
  router.param('accountId', treasuryAccountParam(ctx.sequelize));

  router.post(`${base}/statements`, requireSameCompany, validate({ query: statementUploadQuerySchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    const query = validated(req, 'query', statementUploadQuerySchema);
    const bytes = await readUpload(req, STATEMENT_MAX_BYTES, UPLOAD_MESSAGES);
    res.status(201).json(await statements.upload(companyId, userId, account(req.params), query, bytes));
  });
  router.get(`${base}/statements`, requireSameCompany, validate({ query: statementListQuerySchema }), async (req, res) => {
    const { page, pageSize } = validated(req, 'query', statementListQuerySchema);
    res.json(await statements.list(tenantOf(req).companyId, account(req.params), page, pageSize));
  });
  router.get(`${base}/statements/:statementId`, requireSameCompany, validate({ query: statementDetailQuerySchema }), async (req, res) => {
    const { page, pageSize } = validated(req, 'query', statementDetailQuerySchema);
    res.json(await statements.get(tenantOf(req).companyId, account(req.params), String(req.params.statementId), page, pageSize));
  });
  router.post(`${base}/statements/:statementId/confirm`, requireSameCompany, async (req, res) => {
    res.json(await statements.confirm(tenantOf(req).companyId, account(req.params), String(req.params.statementId)));
  });
  router.post(`${base}/statement-lines`, requireSameCompany, validate({ body: statementLineInputSchema }), async (req, res) => {
    res
      .status(201)
      .json(await statements.addLine(tenantOf(req).companyId, account(req.params), validated(req, 'body', statementLineInputSchema)));
  });
  router.delete(`${base}/statement-lines/:lineId`, requireSameCompany, async (req, res) => {
    await statements.deleteLine(tenantOf(req).companyId, account(req.params), String(req.params.lineId));
    res.status(204).end();
  });
  return router;
}
