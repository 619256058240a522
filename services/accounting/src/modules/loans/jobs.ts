import { isCalendarDate } from '@xaalis/domain';
import { UnrecoverableError } from 'bullmq';
import { JOBS, markOverdueJobSchema } from '@xaalis/contracts';
import type { JobSchedule, ServiceContext } from '@xaalis/service-kit';
import { loansService } from './service';

/** Every day at 00:05 Dakar time (UTC all year round): yesterday's unpaid instalments become overdue. */
export const MARK_OVERDUE_SCHEDULE: JobSchedule = {
  id: 'loans-mark-overdue-daily',
  name: JOBS.markOverdueLoanPayments,
  pattern: '5 0 * * *',
};

/** `mark-overdue-loan-payments`: the company-wide sweep (idempotent); answers how many instalments changed. */
export function markOverdueHandler(ctx: Pick<ServiceContext, 'sequelize'>) {
  const loans = loansService(ctx.sequelize);
  return async (data: unknown): Promise<{ marked: number }> => {
    const parsed = markOverdueJobSchema.safeParse(data ?? {});
    // A malformed payload will never succeed: fail it without retrying.
    if (!parsed.success || (parsed.data.today !== undefined && !isCalendarDate(parsed.data.today)))
      throw new UnrecoverableError('mark-overdue-loan-payments: today must be an ISO date and companyId a uuid when given');
    return { marked: await loans.markOverdue(parsed.data.today, parsed.data.companyId) };
  };
}
