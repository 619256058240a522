import { UnrecoverableError } from 'bullmq';
import { JOBS, type GeneratePayrollJob, type PayslipPostedJob, type PayslipPostingEvent } from '@xaalis/contracts';
import { isUuid, reportJobProgress, type Job, type JobSchedule, type ServiceContext } from '@xaalis/service-kit';
import { recordPosting } from './model';
import { accountingProducer } from '../../accounting-queue';
import { payrollService } from './service';

/** Job name of the outbox sweep (the HR queue's own schedule, no payload). */
export const SWEEP_PAYSLIP_POSTINGS = 'sweep-payslip-postings';

/** Every minute: postings whose enqueue failed, or whose confirmation is late, are enqueued again. */
export const SWEEP_PAYSLIP_POSTINGS_SCHEDULE: JobSchedule = { id: 'sweep-payslip-postings', name: SWEEP_PAYSLIP_POSTINGS, every: 60_000 };

const EVENTS: readonly PayslipPostingEvent[] = ['validated', 'paid', 'cancelled'];

function parsePosted(data: unknown): PayslipPostedJob | null {
  const d = (data ?? {}) as Partial<PayslipPostedJob>;
  if (!isUuid(d.companyId) || !isUuid(d.payslipId)) return null;
  if (!EVENTS.includes(d.event as PayslipPostingEvent)) return null;
  if (typeof d.entryNumber !== 'string' || typeof d.entryId !== 'string') return null;
  // Nothing posted is reported with an empty number: a cancellation whose PA entry never existed, or a
  // validation overtaken by its cancellation (worker concurrency). A payment always posts.
  if (d.entryNumber === '' && d.event === 'paid') return null;
  return d as PayslipPostedJob;
}

/**
 * `payslip-posted` (accounting → HR): the entry of an event exists; the slip
 * stores its number ("comptabilisé") and leaves the outbox. Idempotent: a
 * second delivery writes the same number again.
 */
export function payslipPostedHandler(ctx: Pick<ServiceContext, 'sequelize' | 'log'>) {
  return async (data: unknown): Promise<{ updated: boolean }> => {
    const job = parsePosted(data);
    // A malformed payload will never succeed: fail it without retrying.
    if (!job) throw new UnrecoverableError('payslip-posted: malformed payload');
    const updated = await recordPosting(
      ctx.sequelize,
      job.companyId.toLowerCase(),
      job.payslipId.toLowerCase(),
      job.event,
      job.entryNumber,
    );
    if (!updated) ctx.log.warn({ payslipId: job.payslipId }, 'payslip-posted: no such payslip');
    return { updated };
  };
}

/** The scheduled outbox sweep (see payrollService.sweepUnposted). */
export function sweepPayslipPostingsHandler(ctx: Pick<ServiceContext, 'sequelize' | 'redis' | 'config' | 'log'>) {
  const payslips = payrollService(ctx.sequelize, accountingProducer(ctx), ctx.log);
  return async (): Promise<{ slips: number }> => ({ slips: await payslips.sweepUnposted() });
}

/** `payroll-<companyId>-<period>`: one generation per company and period at a time. */
export const generationJobId = (companyId: string, period: string) => `payroll-${companyId}-${period}`;

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `generate-payroll`: the drafts of the month (see payrollService.generate), progress on the job as { done, total }. */
export function generatePayrollHandler(ctx: Pick<ServiceContext, 'sequelize' | 'redis' | 'config' | 'log'>) {
  const payslips = payrollService(ctx.sequelize, accountingProducer(ctx), ctx.log);
  return async (data: unknown, job: Job) => {
    const d = (data ?? {}) as Partial<GeneratePayrollJob>;
    if (!isUuid(d.companyId) || typeof d.period !== 'string' || !PERIOD.test(d.period)) {
      throw new UnrecoverableError('generate-payroll: malformed payload');
    }
    const userId = isUuid(d.userId) ? d.userId : null;
    return payslips.generate({ companyId: d.companyId.toLowerCase(), period: d.period, userId }, (done, total) =>
      reportJobProgress(job, done, total),
    );
  };
}

/** The HR queue's handlers of this feature. */
export function payrollJobHandlers(ctx: ServiceContext) {
  return {
    [JOBS.payslipPosted]: payslipPostedHandler(ctx),
    [SWEEP_PAYSLIP_POSTINGS]: sweepPayslipPostingsHandler(ctx),
    [JOBS.generatePayroll]: generatePayrollHandler(ctx),
  };
}
