import path from 'node:path';
import { Router } from 'express';
import { JOBS } from '@xaalis/contracts';
import { pingHandler, runService } from '@xaalis/service-kit';

/**
 * The sector modules service (restaurant, production, hotel, services). Its
 * modules mount on the API router; until then it answers the shared tenancy
 * probe `GET /api/companies/:id/sector-status`.
 */
export const sectorService = runService({
  name: 'sector',
  schema: 'sector',
  migrationsDir: path.join(__dirname, 'migrations'),
  buildApi: () => Router(),
  jobHandlers: (ctx) => ({ [JOBS.ping]: pingHandler(ctx) }),
});
