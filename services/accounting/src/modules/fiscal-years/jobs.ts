import { UnrecoverableError } from 'bullmq';
import { FISCAL_YEAR_START_PATTERN, type CloseFiscalYearJob, type FiscalYearCloseResult } from '@xaalis/contracts';
import { HttpError, isUuid, reportJobProgress, type Job, type ServiceContext } from '@xaalis/service-kit';
import { closeFiscalYear } from './service';

/**
 * `close-fiscal-year`: closes a year in one transaction, once per job id
 * (job_runs), reporting its progress. A refusal (drafts or an earlier open year
 * appeared since the request, already closed) fails the job at once with its
 * French message; other errors are retried.
 */
export function closeFiscalYearHandler(ctx: Pick<ServiceContext, 'sequelize'>) {
  return async (data: unknown, job: Job): Promise<FiscalYearCloseResult> => {
    const d = (data ?? {}) as Partial<CloseFiscalYearJob>;
    if (!isUuid(d.companyId) || typeof d.start !== 'string' || !FISCAL_YEAR_START_PATTERN.test(d.start))
      throw new UnrecoverableError('close-fiscal-year: malformed payload');
    try {
      return await closeFiscalYear(
        ctx.sequelize,
        { companyId: d.companyId.toLowerCase(), start: d.start, userId: isUuid(d.userId) ? d.userId : null, jobId: String(job.id) },
        (percent) => reportJobProgress(job, percent, 100),
      );
    } catch (err) {
      if (err instanceof HttpError) throw new UnrecoverableError(err.message);
      throw err;
    }
  };
}
