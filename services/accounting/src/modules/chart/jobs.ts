import { UnrecoverableError } from 'bullmq';
import { SECTORS, type ChartGenerationResult, type GenerateChartJob, type Sector } from '@xaalis/contracts';
import { isUuid, type ServiceContext } from '@xaalis/service-kit';
import { generateChart } from './service';

/** The `generate-chart` job handler (worker, or inline without Redis). */
export function generateChartHandler(ctx: Pick<ServiceContext, 'sequelize'>) {
  return async (data: GenerateChartJob): Promise<ChartGenerationResult> => {
    // A malformed payload will never succeed: fail it without retrying.
    if (!isUuid(data?.companyId)) throw new UnrecoverableError('generate-chart: companyId must be a uuid');
    if (!SECTORS.includes(data.sector as Sector)) throw new UnrecoverableError(`generate-chart: unknown sector ${data.sector}`);
    return generateChart(ctx.sequelize, data.companyId, data.sector as Sector);
  };
}
