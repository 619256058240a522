import type { Router } from 'express';
import {
  JOBS,
  MESSAGES_ACCOUNT,
  MESSAGES_COMPANY,
  generateChartSchema,
  type ChartGenerationResult,
  type GenerateChartJob,
  type Sector,
} from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  HttpError,
  JobTimeoutError,
  notFound,
  requireSameCompany,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { companiesService } from '../companies';
import { countAccounts } from './service';

/** How long the request waits for the job before answering 503 (the job still completes). */
const WAIT_MS = 10_000;

/**
 * `POST /api/companies/:companyId/generate-chart` {sector?}: runs the
 * `generate-chart` job and answers what it did ({created, total}).
 *
 * Job id: `chart-<companyId>-<sector>-<number of accounts>`. BullMQ keeps a
 * completed job (removeOnComplete) and ignores a new job with the same id, so a
 * plain `chart-<companyId>` would make every later request return the first
 * run's answer without running anything. Deriving the id from the chart's state
 * keeps the id per company and idempotent while allowing later runs:
 * - concurrent requests on the same state share one job (one run, one answer);
 * - a repeated request on an unchanged chart gets the kept answer of the run at
 *   that state, which is exactly what a new run would say (created 0);
 * - once the chart changed (a run, a hand-made account, another sector), the id
 *   changes and the job runs again, adding only what is missing.
 * Whatever the ids, the unique (company_id, code) constraint and ON CONFLICT DO
 * NOTHING make duplicates impossible. A kept *failed* job is removed first, so a
 * transient failure does not stick to that state.
 */
export function chartApi(ctx: ServiceContext): Router {
  const companies = companiesService(ctx.sequelize);
  const router = caseSensitiveRouter();

  router.post('/companies/:companyId/generate-chart', requireSameCompany, validate({ body: generateChartSchema }), async (req, res) => {
    const { companyId } = tenantOf(req);
    const company = await companies.get(companyId);
    if (!company) throw notFound(MESSAGES_COMPANY.notFound);
    const sector = (validated(req, 'body', generateChartSchema).sector ?? company.sector) as Sector;
    const jobId = `chart-${companyId}-${sector}-${await countAccounts(ctx.sequelize, companyId)}`;
    const previous = await ctx.queue.queue?.getJob(jobId);
    if (previous && (await previous.isFailed())) await previous.remove();
    try {
      const data: GenerateChartJob = { companyId, sector };
      const result = (await ctx.queue.addAndWait(JOBS.generateChart, data, { jobId }, WAIT_MS)) as ChartGenerationResult;
      res.json(result);
    } catch (err) {
      if (err instanceof JobTimeoutError) throw new HttpError(503, MESSAGES_ACCOUNT.chartTimeout);
      throw err;
    }
  });

  return router;
}
