import path from 'node:path';
import { JOBS } from '@xaalis/contracts';
import { caseSensitiveRouter, pingHandler, runService } from '@xaalis/service-kit';
import { employeesApi, employeesInternal } from './modules/employees';
import { leavesApi } from './modules/leaves';
import { payrollDeclarationsApi } from './modules/payroll-declarations';
import { payrollPaymentJobHandlers, payrollPaymentsApi, SWEEP_PAYROLL_PAYMENTS_SCHEDULE } from './modules/payroll-payments';
import { payrollSettingsApi } from './modules/payroll-settings';
import { payrollJobHandlers, payrollApi, SWEEP_PAYSLIP_POSTINGS_SCHEDULE } from './modules/payroll';

/**
 * The HR service (employees, payroll). Its modules mount on the API router
 * (besides the shared tenancy probe `GET /api/companies/:id/hr-status`) and,
 * for other services, on the internal one.
 */
export const hrService = runService({
  name: 'hr',
  schema: 'hr',
  migrationsDir: path.join(__dirname, 'migrations'),
  buildApi: (ctx) =>
    caseSensitiveRouter()
      .use(employeesApi(ctx))
      .use(payrollApi(ctx))
      .use(payrollSettingsApi(ctx))
      .use(payrollDeclarationsApi(ctx))
      .use(payrollPaymentsApi(ctx))
      .use(leavesApi(ctx)),
  buildInternal: (ctx) => caseSensitiveRouter().use(employeesInternal(ctx)),
  jobHandlers: (ctx) => ({ [JOBS.ping]: pingHandler(ctx), ...payrollJobHandlers(ctx), ...payrollPaymentJobHandlers(ctx) }),
  jobSchedules: () => [SWEEP_PAYSLIP_POSTINGS_SCHEDULE, SWEEP_PAYROLL_PAYMENTS_SCHEDULE],
});
