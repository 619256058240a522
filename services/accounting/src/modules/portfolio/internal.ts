import type { Router } from 'express';
import { MAX_INTERNAL_IDS } from '@xaalis/contracts';
import { caseSensitiveRouter, HttpError, isUuid, readRouting, type ServiceContext } from '@xaalis/service-kit';
import { todayInDakar } from '../posting';
import { portfolioService } from './service';

export const MESSAGES_PORTFOLIO = {
  invalidId: 'Identifiant d’entreprise invalide',
  tooManyIds: `Au plus ${MAX_INTERNAL_IDS} entreprises par demande`,
} as const;

/**
 * `a,b,c` (or the parameter repeated) → distinct lower-cased company ids, in
 * the order given; absent or empty → none. Anything but a uuid, or more than
 * MAX_INTERNAL_IDS ids, is a 400.
 */
export function parseCompanyIds(raw: unknown): string[] {
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : []));
  const ids = parts.map((p) => p.trim().toLowerCase()).filter((p) => p !== '');
  if (!ids.every(isUuid)) throw new HttpError(400, MESSAGES_PORTFOLIO.invalidId);
  const distinct = [...new Set(ids)];
  if (distinct.length > MAX_INTERNAL_IDS) throw new HttpError(400, MESSAGES_PORTFOLIO.tooManyIds);
  return distinct;
}

/**
 * Cross-company batch reads for the gateway's portfolio and company switcher
 * (behind the internal token, checked by the kit). The gateway alone decides
 * which companies a user may see; ids the service does not know are absent.
 * - `GET /internal/portfolio?companies=a,b` → PortfolioFigures[]
 * - `GET /internal/companies?ids=a,b` → CompanySummary[] (beside POST /companies and /companies/:id)
 */
export function portfolioInternal(ctx: ServiceContext): Router {
  // Names: from the primary (a company just created is there).
  const portfolio = portfolioService(ctx.sequelize);
  // The figures of every company of a user: on the replica when there is one (and it has the session's writes).
  const figuresFor = readRouting(ctx, portfolioService);
  const router = caseSensitiveRouter();

  router.get('/portfolio', async (req, res) => {
    const reader = await figuresFor(req, res);
    res.json(await reader.figures(parseCompanyIds(req.query.companies), todayInDakar()));
  });

  router.get('/companies', async (req, res) => {
    res.json(await portfolio.summaries(parseCompanyIds(req.query.ids)));
  });

  return router;
}
