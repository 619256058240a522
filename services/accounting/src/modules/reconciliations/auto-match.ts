import { UnrecoverableError } from 'bullmq';
import type { Sequelize } from 'sequelize';
import { JOBS, MESSAGES_RECONCILIATION, type AutoMatchJob, type AutoMatchStatus } from '@xaalis/contracts';
import {
  hasJobRun,
  isUuid,
  notFound,
  readJobStatus,
  recordJobRun,
  reportJobProgress,
  type Job,
  type ServiceContext,
} from '@xaalis/service-kit';
import { treasuryAccountOf } from '../bank-statements';
import { ledgerError, ledgerWrite } from '../posting';
import { autoMatch } from './matching';
import { insertReconciliations, lockAccountMatching, unmatchedLines } from './model';

export interface AutoMatchResult {
  matched: number;
  ambiguous: number;
  reconciliations: number;
}

const jobIdPrefix = (companyId: string, accountId: string) => `auto-match-${companyId}-${accountId}-`;

/**
 * Matches a treasury account's unmatched statement lines with its unmatched
 * ledger lines (see matching.ts) and writes every reconciliation found, in one
 * transaction under the account's matching lock. Running it again changes
 * nothing: only unmatched lines are read.
 */
export async function runAutoMatch(
  sequelize: Sequelize,
  data: AutoMatchJob,
  job: Pick<Job, 'id' | 'name' | 'attemptsMade' | 'updateProgress'>,
): Promise<AutoMatchResult> {
  const account = await treasuryAccountOf(sequelize, data.companyId, data.treasuryAccountId);
  return ledgerWrite(
    sequelize,
    async (transaction) => {
      await lockAccountMatching(sequelize, transaction, account.id);
      await recordJobRun(sequelize, 'accounting', job, data.companyId, transaction);
      const { statement, ledger } = await unmatchedLines(sequelize, transaction, data.companyId, account);
      await reportJobProgress(job, 0, statement.length);
      const { matches, ambiguous } = autoMatch(statement, ledger, data.windowDays);
      await insertReconciliations(
        sequelize,
        transaction,
        { companyId: data.companyId, treasuryAccountId: account.id, auto: true, userId: data.userId },
        matches,
      );
      await reportJobProgress(job, statement.length, statement.length);
      return { matched: matches.reduce((n, m) => n + m.statementLineIds.length, 0), ambiguous, reconciliations: matches.length };
    },
    ledgerError,
  );
}

/** `auto-match-statement`: see runAutoMatch. */
export function autoMatchHandler(ctx: Pick<ServiceContext, 'sequelize'>) {
  return async (data: unknown, job: Job) => {
    const d = (data ?? {}) as Partial<AutoMatchJob>;
    if (!isUuid(d.companyId) || !isUuid(d.treasuryAccountId)) throw new UnrecoverableError('auto-match: malformed payload');
    const windowDays = Number.isInteger(d.windowDays) ? Math.min(31, Math.max(0, d.windowDays as number)) : 5;
    return runAutoMatch(
      ctx.sequelize,
      { companyId: d.companyId, treasuryAccountId: d.treasuryAccountId, windowDays, userId: isUuid(d.userId) ? d.userId : null },
      job,
    );
  };
}

export function autoMatchService(ctx: Pick<ServiceContext, 'sequelize' | 'queue'>) {
  return {
    /** Queues a matching of the account; answers the job's id. */
    async start(companyId: string, userId: string | null, accountId: string, windowDays: number): Promise<{ jobId: string }> {
      const account = await treasuryAccountOf(ctx.sequelize, companyId, accountId);
      const jobId = `${jobIdPrefix(companyId, account.id)}${Date.now()}`;
      const data: AutoMatchJob = { companyId, treasuryAccountId: account.id, windowDays, userId };
      await ctx.queue.add(JOBS.autoMatch, data, { jobId, attempts: 1 });
      return { jobId };
    },

    /** The job's progress and, once completed, how many statement lines it matched; another company's or account's job is a 404. */
    async status(companyId: string, accountId: string, jobId: string): Promise<AutoMatchStatus> {
      const account = await treasuryAccountOf(ctx.sequelize, companyId, accountId);
      if (!jobId.startsWith(jobIdPrefix(companyId, account.id))) throw notFound(MESSAGES_RECONCILIATION.jobNotFound);
      const status = await readJobStatus<AutoMatchResult>(ctx.queue.queue, jobId, {
        failed: MESSAGES_RECONCILIATION.jobFailed,
        inline: async () =>
          (await hasJobRun(ctx.sequelize, 'accounting', jobId, companyId)) ? { state: 'completed', done: 0, total: 0 } : null,
      });
      if (!status) throw notFound(MESSAGES_RECONCILIATION.jobNotFound);
      const { state, done, total, result, error } = status;
      return {
        state,
        done,
        total,
        matched: result?.matched ?? 0,
        ambiguous: result?.ambiguous ?? 0,
        ...(error ? { error } : {}),
      };
    },
  };
}
