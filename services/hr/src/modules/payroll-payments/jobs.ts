import { UnrecoverableError } from 'bullmq';
import { JOBS, type PayrollPaymentPostedJob } from '@xaalis/contracts';
import { isUuid, type JobSchedule, type ServiceContext } from '@xaalis/service-kit';
import { accountingProducer } from '../../accounting-queue';
import { payrollPaymentsService } from './service';

/** Job name of the payments' outbox sweep (the HR queue's own schedule, no payload). */
export const SWEEP_PAYROLL_PAYMENTS = 'sweep-payroll-payments';
export const SWEEP_PAYROLL_PAYMENTS_SCHEDULE: JobSchedule = { id: 'sweep-payroll-payments', name: SWEEP_PAYROLL_PAYMENTS, every: 60_000 };

/** The HR queue's handlers of this feature: the accounting side's report, and the sweep. */
export function payrollPaymentJobHandlers(ctx: ServiceContext) {
  const payments = payrollPaymentsService(ctx.sequelize, accountingProducer(ctx), ctx.log);
  return {
    [JOBS.payrollPaymentPosted]: async (data: unknown): Promise<{ updated: boolean }> => {
      const d = (data ?? {}) as Partial<PayrollPaymentPostedJob>;
      if (!isUuid(d.companyId) || !isUuid(d.paymentId) || typeof d.entryNumber !== 'string' || d.entryNumber === '')
        throw new UnrecoverableError('payroll-payment-posted: malformed payload');
      const updated = await payments.recordPosted(d.companyId.toLowerCase(), d.paymentId.toLowerCase(), d.entryNumber);
      if (!updated) ctx.log.warn({ paymentId: d.paymentId }, 'payroll-payment-posted: no such payment');
      return { updated };
    },
    [SWEEP_PAYROLL_PAYMENTS]: async (): Promise<{ payments: number }> => ({ payments: await payments.sweepUnposted() }),
  };
}
