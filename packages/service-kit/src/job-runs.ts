import { UnrecoverableError } from 'bullmq';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { PingJob } from '@xaalis/contracts';
import type { Job } from './queue';
import { isUuid } from './tenant';

/**
 * `<schema>.job_runs`: one row per processed jobId. Handlers whose effect must
 * happen once record their run here in the same transaction as the effect, so a
 * job delivered twice (retry after a crash, same jobId enqueued again after
 * BullMQ removed the completed one) changes nothing the second time.
 * Returned as SQL so a service's first migration can create it atomically with
 * its own tables.
 */
export function jobRunsTableSql(schema: string): string {
  return `
    CREATE TABLE "${schema}".job_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      job_id text NOT NULL UNIQUE,
      name text NOT NULL,
      company_id uuid,
      attempts integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now()
    );`;
}

/**
 * Records that `job` ran; false when its jobId was already recorded (nothing written). Pass the
 * transaction of the job's effect: recorded outside it, the run would be committed on its own and
 * a worker killed before the effect commits would leave a job that never runs again.
 */
export async function recordJobRun(
  sequelize: Sequelize,
  schema: string,
  job: Pick<Job, 'id' | 'name' | 'attemptsMade'>,
  companyId: string | null,
  transaction?: Transaction,
): Promise<boolean> {
  const rows = await sequelize.query(
    `INSERT INTO "${schema}".job_runs (job_id, name, company_id, attempts)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (job_id) DO NOTHING
     RETURNING id`,
    { bind: [String(job.id), job.name, companyId, job.attemptsMade + 1], type: QueryTypes.SELECT, transaction },
  );
  return rows.length === 1;
}

/** The `ping` handler every service registers: proves the queue and the worker work end to end. */
export function pingHandler(ctx: { sequelize: Sequelize; schema: string }) {
  return async (data: unknown, job: Job): Promise<{ recorded: boolean }> => {
    const { companyId } = (data ?? {}) as Partial<PingJob>;
    // A malformed payload will never succeed: fail it without retrying.
    if (!isUuid(companyId)) throw new UnrecoverableError('ping: companyId must be a uuid');
    return { recorded: await recordJobRun(ctx.sequelize, ctx.schema, job, companyId) };
  };
}

/** Whether `jobId` ran for the company: the status of a job the inline queue (no Redis) ran within its request. */
export async function hasJobRun(sequelize: Sequelize, schema: string, jobId: string, companyId: string): Promise<boolean> {
  const rows = await sequelize.query(`SELECT 1 FROM "${schema}".job_runs WHERE job_id = $1 AND company_id = $2`, {
    bind: [jobId, companyId],
    type: QueryTypes.SELECT,
  });
  return rows.length > 0;
}
