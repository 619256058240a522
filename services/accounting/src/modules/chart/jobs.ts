import { UnrecoverableError } from 'bullmq';
import { SECTORS, type ChartGenerationResult, type GenerateChartJob, type Sector } from '@xaalis/contracts';
import { isUuid, type ServiceContext } from '@xaalis/service-kit';
import { generateChart } from './service';

/** The `generate-chart` job handler (worker, or inline without Redis). */
export function generateChartHandler(ctx: Pick<ServiceContext, 'sequelize'>) {
  return async (data: unknown): Promise<ChartGenerationResult> => {
    const { companyId, sector } = (data ?? {}) as Partial<GenerateChartJob>;
    // A malformed payload will never succeed: fail it without retrying.
    if (!isUuid(companyId)) throw new UnrecoverableError('generate-chart: companyId must be a uuid');
    if (!SECTORS.includes(sector as Sector)) throw new UnrecoverableError(`generate-chart: unknown sector ${String(sector)}`);
    return generateChart(ctx.sequelize, companyId, sector as Sector);
  };
}
