import path from 'node:path';
import { Router } from 'express';
import { JOBS } from '@xaalis/contracts';
import { pingHandler, runService } from '@xaalis/service-kit';

/**
 * The HR service (employees, payroll). Its modules mount on the API router;
 * until then it answers the shared tenancy probe `GET /api/companies/:id/hr-status`.
 */
export const hrService = runService({
  name: 'hr',
  schema: 'hr',
  migrationsDir: path.join(__dirname, 'migrations'),
  buildApi: () => Router(),
  jobHandlers: (ctx) => ({ [JOBS.ping]: pingHandler(ctx) }),
});
