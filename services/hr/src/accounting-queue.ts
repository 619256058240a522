import { Queue } from 'bullmq';
import { QUEUES, type PostPayrollPaymentJob, type PostPayslipJob } from '@xaalis/contracts';
import { DEFAULT_JOB_OPTIONS, type ServiceContext } from '@xaalis/service-kit';

/** Where the HR service puts what the ledger must post (payslips, payroll payments): the accounting service's queue. */
export interface AccountingProducer {
  add(name: string, data: PostPayslipJob | PostPayrollPaymentJob, opts: { jobId: string }): Promise<unknown>;
}

const producers = new WeakMap<ServiceContext, AccountingProducer>();

/**
 * A producer on the accounting service's queue (services talk through queues,
 * never by import). It shares the context's request-path Redis client, which
 * the service closes on shutdown, so it needs no closing of its own. Fails
 * fast when Redis is not ready (or absent: the single-process fallback has no
 * queue to reach): the event then stays in the outbox for the sweep.
 */
export function accountingProducer(ctx: Pick<ServiceContext, 'redis' | 'config' | 'log'>): AccountingProducer {
  const key = ctx as ServiceContext;
  const existing = producers.get(key);
  if (existing) return existing;
  let queue: Queue | null = null;
  const producer: AccountingProducer = {
    async add(name, data, opts) {
      if (!ctx.redis || ctx.redis.status !== 'ready') throw new Error('Redis unavailable');
      if (!queue) {
        queue = new Queue(QUEUES.accounting, {
          connection: ctx.redis,
          prefix: ctx.config.redisPrefix,
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
        });
        queue.on('error', (err) => ctx.log.warn({ err: err.message }, 'accounting queue error'));
      }
      return queue.add(name, data, opts);
    },
  };
  producers.set(key, producer);
  return producer;
}
