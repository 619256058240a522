import type { Router } from 'express';
import { treasuryAccountInputSchema, treasuryAccountListQuerySchema, treasuryTransferInputSchema } from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { treasuryAccountsService } from './service';

/**
 * The company's treasury accounts (banks, wallets, cash boxes, cheques) and the
 * transfers between them. Another company's id or account is a 404.
 */
export function treasuryAccountsApi(ctx: ServiceContext): Router {
  const accounts = treasuryAccountsService(ctx.sequelize);
  const router = caseSensitiveRouter();
  const base = '/companies/:companyId/treasury-accounts';

  router.get(base, requireSameCompany, validate({ query: treasuryAccountListQuerySchema }), async (req, res) => {
    const { page, pageSize } = validated(req, 'query', treasuryAccountListQuerySchema);
    res.json(await accounts.list(tenantOf(req).companyId, page, pageSize));
  });
  router.post(base, requireSameCompany, validate({ body: treasuryAccountInputSchema }), async (req, res) => {
    res.status(201).json(await accounts.create(tenantOf(req).companyId, validated(req, 'body', treasuryAccountInputSchema)));
  });
  router.get(`${base}/:accountId`, requireSameCompany, async (req, res) => {
    res.json(await accounts.get(tenantOf(req).companyId, String(req.params.accountId)));
  });
  router.post(
    '/companies/:companyId/treasury-transfers',
    requireSameCompany,
    validate({ body: treasuryTransferInputSchema }),
    async (req, res) => {
      const { companyId, userId } = tenantOf(req);
      res.status(201).json(await accounts.transfer(companyId, validated(req, 'body', treasuryTransferInputSchema), userId));
    },
  );
  return router;
}
