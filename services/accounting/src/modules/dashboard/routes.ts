import type { Router } from 'express';
import { z } from 'zod';
import { CASH_FLOW_PERIODS } from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  readRouting,
  requireSameCompany,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { seesPayroll } from '../entries';
import { todayInDakar } from '../posting';
import { dashboardService } from './service';

export const MESSAGES_DASHBOARD = {
  periodInvalid: 'Période invalide (1month, 3months, 6months ou 1year)',
  yearInvalid: 'Exercice invalide (current ou previous)',
} as const;

const periodParams = z.object({ companyId: z.string(), period: z.enum(CASH_FLOW_PERIODS, { error: MESSAGES_DASHBOARD.periodInvalid }) });
const breakdownQuery = z.object({ year: z.enum(['current', 'previous'], { error: MESSAGES_DASHBOARD.yearInvalid }).default('current') });

/**
 * The dashboard's figures, computed from the ledger as of today in Dakar.
 * requireSameCompany answers 404 for another company's id.
 */
export function dashboardApi(ctx: ServiceContext): Router {
  // Read from the replica when there is one (and it has this session's writes).
  const dashboardFor = readRouting(ctx, dashboardService);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/dashboard', requireSameCompany, async (req, res) => {
    const { companyId, role } = tenantOf(req);
    const dashboard = await dashboardFor(req, res);
    res.json(await dashboard.dashboard(companyId, todayInDakar(), !seesPayroll(role)));
  });

  router.get('/companies/:companyId/cash-flow', requireSameCompany, async (req, res) => {
    const dashboard = await dashboardFor(req, res);
    res.json(await dashboard.cashFlow(tenantOf(req).companyId, '3months', todayInDakar()));
  });

  router.get('/companies/:companyId/cash-flow/:period', requireSameCompany, validate({ params: periodParams }), async (req, res) => {
    const { period } = validated(req, 'params', periodParams);
    const dashboard = await dashboardFor(req, res);
    res.json(await dashboard.cashFlow(tenantOf(req).companyId, period, todayInDakar()));
  });

  router.get('/companies/:companyId/revenue-breakdown', requireSameCompany, validate({ query: breakdownQuery }), async (req, res) => {
    const dashboard = await dashboardFor(req, res);
    res.json(await dashboard.revenueBreakdown(tenantOf(req).companyId, validated(req, 'query', breakdownQuery).year, todayInDakar()));
  });

  return router;
}
