import { UnrecoverableError } from 'bullmq';
import { JOBS, computeDepreciationPlanJobSchema, recordDepreciationsJobSchema } from '@xaalis/contracts';
import type { Job, ServiceContext } from '@xaalis/service-kit';
import { investmentsService } from './service';

/** `compute-depreciation-plan`: stores one investment's plan (once per job id; see computePlan). */
export function computeDepreciationPlanHandler(ctx: Pick<ServiceContext, 'sequelize' | 'queue'>) {
  const investments = investmentsService(ctx.sequelize, ctx.queue);
  return async (data: unknown, job: Job) => {
    const parsed = computeDepreciationPlanJobSchema.safeParse(data);
    // A malformed payload will never succeed: fail it without retrying.
    if (!parsed.success) throw new UnrecoverableError('compute-depreciation-plan: malformed payload');
    return investments.computePlan(parsed.data, job);
  };
}

/** `record-depreciations`: the scheduled sweep recording the rows of ended fiscal years, all companies. */
export function recordDepreciationsHandler(ctx: Pick<ServiceContext, 'sequelize' | 'queue' | 'log'>) {
  const investments = investmentsService(ctx.sequelize, ctx.queue);
  return async (data: unknown) => {
    const parsed = recordDepreciationsJobSchema.safeParse(data ?? {});
    if (!parsed.success) throw new UnrecoverableError('record-depreciations: malformed payload');
    const result = await investments.recordEnded(parsed.data.today);
    if (result.failed > 0) ctx.log.warn(result, 'record-depreciations: some investments could not be recorded');
    return result;
  };
}

/** Daily at 00:30 (Dakar is UTC all year): the fiscal year that ended yesterday gets its depreciation recorded. */
export const RECORD_DEPRECIATIONS_SCHEDULE = {
  id: 'record-depreciations-daily',
  name: JOBS.recordDepreciations,
  pattern: '30 0 * * *',
} as const;
