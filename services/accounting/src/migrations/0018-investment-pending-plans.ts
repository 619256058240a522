import { sqlStep } from '@xaalis/service-kit';

/**
 * The plans waiting for the worker, per company, newest first (issue 26).
 *
 * A depreciation-plan job computes its own plan and a batch of the company's
 * other pending ones (plan_status 'computing'), newest first: the queue
 * delivers the jobs oldest first, so a batch takes the plans whose jobs come
 * last, and the jobs about to start do not wait on its locks. Partial: an
 * investment leaves the index once its plan is stored, so the index stays the
 * size of the backlog whatever the company's number of investments.
 */
export const up = sqlStep(
  (s) => `
    CREATE INDEX investments_pending_plans_idx ON ${s}.investments (company_id, created_at DESC, id DESC)
      WHERE plan_status = 'computing';
  `,
);

export const down = sqlStep((s) => `DROP INDEX ${s}.investments_pending_plans_idx;`);
