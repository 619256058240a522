import path from 'node:path';
import { JOBS } from '@xaalis/contracts';
import { caseSensitiveRouter, pingHandler, runService } from '@xaalis/service-kit';
import { hotelApi, hotelJobHandlers, SETTLE_PENDING_STAY_INVOICES_SCHEDULE } from './modules/hotel';
import { moduleGate, modulesApi } from './modules/modules';
import { productionApi } from './modules/production';
import { projectsApi, projectsJobHandlers, SETTLE_PENDING_BILLINGS_SCHEDULE } from './modules/projects';
import { restaurantApi, restaurantJobHandlers, SETTLE_PENDING_SERVES_SCHEDULE } from './modules/restaurant';

/**
 * The sector modules service (restaurant, production, hotel, services). Its
 * modules mount on the API router; until then it answers the shared tenancy
 * probe `GET /api/companies/:id/sector-status`.
 */
export const sectorService = runService({
  name: 'sector',
  schema: 'sector',
  migrationsDir: path.join(__dirname, 'migrations'),
  // The module gate comes first: a disabled module's routes are never reached.
  buildApi: (ctx) =>
    caseSensitiveRouter()
      .use(moduleGate(ctx))
      .use(modulesApi(ctx))
      .use(productionApi(ctx))
      .use(restaurantApi(ctx))
      .use(projectsApi(ctx))
      .use(hotelApi(ctx)),
  jobHandlers: (ctx) => ({
    [JOBS.ping]: pingHandler(ctx),
    ...restaurantJobHandlers(ctx),
    ...projectsJobHandlers(ctx),
    ...hotelJobHandlers(ctx),
  }),
  jobSchedules: () => [SETTLE_PENDING_SERVES_SCHEDULE, SETTLE_PENDING_BILLINGS_SCHEDULE, SETTLE_PENDING_STAY_INVOICES_SCHEDULE],
});
