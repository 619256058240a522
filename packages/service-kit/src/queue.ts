import { DelayedError, Queue, Worker, type Job, type JobsOptions, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import { MESSAGES_HTTP } from '@xaalis/contracts';
import { HttpError, isDatabaseUnavailable } from './errors';
import { closeRedis, createRedis, isRedisUnavailable, isSentinelUrl, replicaConfirms, replicaInSync } from './redis';
import type { Logger } from './logger';

export type { Job };

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * A job handler: `(payload, job) => result`. Named handlers share one queue per
 * service. The payload comes back from Redis untyped: each handler checks it.
 */
export type JobHandler = (data: unknown, job: Job) => Promise<unknown>;
export type JobHandlers = Record<string, JobHandler>;

export interface JobQueue {
  /** Adds a job; a second add with the same jobId is ignored by BullMQ (idempotent). */
  add(name: string, data: unknown, opts?: JobsOptions): Promise<Job | { id: string; inline: true; result: unknown }>;
  /**
   * Adds a job and waits until it has been processed (retries included); resolves
   * with its result, rejects with its failure or a JobTimeoutError after timeoutMs.
   * For requests that answer with what a job did (chart generation).
   */
  addAndWait(name: string, data: unknown, opts?: JobsOptions, timeoutMs?: number): Promise<unknown>;
  close(): Promise<void>;
  readonly queue: Queue | null;
}

/**
 * The service's queue. Without Redis (single-process fallback of `npm start`)
 * jobs run in-process, immediately, through the same handlers.
 */
export function createJobQueue(opts: { name: string; redisUrl: string; prefix: string; handlers: JobHandlers; log?: Logger }): JobQueue {
  if (!opts.redisUrl) {
    const add = async (name: string, data: unknown, jobOpts?: JobsOptions) => {
      const handler = opts.handlers[name];
      if (!handler) throw new Error(`No handler for job ${name}`);
      const id = jobOpts?.jobId ?? `${name}-${Date.now()}`;
      const result = await handler(data, { id, name, data, attemptsMade: 0 } as unknown as Job);
      return { id, inline: true as const, result };
    };
    return {
      queue: null,
      add,
      addAndWait: async (name, data, jobOpts) => (await add(name, data, jobOpts)).result,
      async close() {},
    };
  }
  // Producer side: a fail-fast connection (see whenReady). BullMQ's Queue uses this very client
  // (a Worker would duplicate it), so a WAIT on it covers the job it has just written.
  const connection = createRedis(opts.redisUrl);
  connection.on('error', (err) => opts.log?.debug({ err: err.message }, 'queue connection error'));
  const queue = new Queue(opts.name, { connection, prefix: opts.prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  // Without a listener an 'error' event would crash the process.
  queue.on('error', (err) => opts.log?.warn({ err: err.message }, 'queue error'));
  const replicated = isSentinelUrl(opts.redisUrl);
  const enqueue = async (name: string, data: unknown, jobOpts?: JobsOptions): Promise<Job> => {
    await whenReady(connection);
    try {
      // Asked before the add: a replica that goes away after it fails the WAIT (a 503, safe).
      const mustReplicate = replicated && (await hasReplicaInSync(connection));
      const job = await queue.add(name, data, jobOpts);
      if (mustReplicate) await whenReplicated(connection);
      return job;
    } catch (err) {
      if (err instanceof HttpError || !isRedisUnavailable(err)) throw err;
      opts.log?.warn({ err: (err as Error).message, name }, 'enqueue failed: redis unavailable');
      throw new HttpError(503, MESSAGES_HTTP.queueUnavailable);
    }
  };
  return {
    queue,
    add: enqueue,
    async addAndWait(name, data, jobOpts, timeoutMs = 5000) {
      const job = await enqueue(name, data, jobOpts);
      return waitForJob(queue, String(job.id), timeoutMs);
    },
    async close() {
      await queue.close();
      await closeRedis(connection);
    },
  };
}

/** How long an enqueue waits for Redis before answering 503. */
const READY_WAIT_MS = 1000;

/**
 * BullMQ waits for its connection to be ready before each command, forever:
 * with Redis down, a request that enqueues would hang. Wait a moment (startup,
 * quick reconnection), then refuse with a 503 the error handler passes on.
 */
async function whenReady(connection: Redis): Promise<void> {
  if (connection.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      connection.off('ready', onReady);
      reject(new HttpError(503, MESSAGES_HTTP.queueUnavailable));
    }, READY_WAIT_MS);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    connection.once('ready', onReady);
  });
}

/**
 * Replication is asynchronous: a master killed right after an enqueue may take the job with it,
 * and the replica promoted in its place never had it. So with Sentinels an enqueue counts as done
 * only once a replica has confirmed it (see replicaConfirms); otherwise the caller gets a 503 and
 * enqueues again later with the same jobId (the outbox sweep does), harmless if the job did land.
 */
async function whenReplicated(connection: Redis): Promise<void> {
  if (!(await replicaConfirms(connection))) throw new HttpError(503, MESSAGES_HTTP.queueUnavailable);
}

/** Whether the enqueue must wait for a replica (see replicaInSync); a demoted master answers 503. */
async function hasReplicaInSync(connection: Redis): Promise<boolean> {
  const inSync = await replicaInSync(connection);
  if (inSync === null) throw new HttpError(503, MESSAGES_HTTP.queueUnavailable);
  return inSync;
}

export class JobTimeoutError extends Error {
  constructor(public readonly jobId: string) {
    super(`Job ${jobId} not finished in time`);
  }
}

const POLL_MS = 50;

/**
 * Polls the job's state: simpler than QueueEvents (no extra blocking Redis
 * connection per waiting request) and fine for waits of a few seconds.
 */
async function waitForJob(queue: Queue, jobId: string, timeoutMs: number): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await queue.getJobState(jobId);
    if (state === 'completed' || state === 'failed') {
      const job = await queue.getJob(jobId);
      if (state === 'completed') return job?.returnvalue;
      throw new Error(job?.failedReason ?? `Job ${jobId} failed`);
    }
    if (state === 'unknown') throw new Error(`Job ${jobId} no longer exists`);
    if (Date.now() >= deadline) throw new JobTimeoutError(jobId);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * A recurring job: BullMQ produces one job named `name` with `data` on each tick,
 * either on a cron `pattern` or `every` so many milliseconds (exactly one of the two).
 * Scheduled jobs are company-wide sweeps and must be idempotent.
 */
export interface JobSchedule {
  /** Stable id: upserting the same id again updates the schedule instead of adding one. */
  id: string;
  name: string;
  pattern?: string;
  every?: number;
  data?: unknown;
}

/**
 * Registers the schedules with `queue.upsertJobScheduler` (created or updated,
 * never duplicated) and removes the queue's schedulers that are no longer
 * declared, so the declared list is the whole truth after a deployment.
 */
export async function upsertJobSchedules(queue: Queue, schedules: readonly JobSchedule[]): Promise<void> {
  const ids = new Set<string>();
  for (const s of schedules) {
    if ((s.pattern === undefined) === (s.every === undefined)) {
      throw new Error(`Job schedule ${s.id}: give exactly one of pattern and every`);
    }
    if (ids.has(s.id)) throw new Error(`Job schedule ${s.id} declared twice`);
    ids.add(s.id);
  }
  for (const s of schedules) {
    const repeat = s.pattern !== undefined ? { pattern: s.pattern } : { every: s.every as number };
    await queue.upsertJobScheduler(s.id, repeat, { name: s.name, data: s.data ?? {}, opts: DEFAULT_JOB_OPTIONS });
  }
  for (const existing of await queue.getJobSchedulers(0, -1)) {
    const id = existing.key;
    if (!ids.has(id)) await queue.removeJobScheduler(id);
  }
}

/** How long a job waits for the database (or Redis) to come back before it runs again (no attempt used). */
export const DATABASE_RETRY_MS = 2_000;

/** A follow-up enqueue refused (503) or a Redis command that did not get through: a failover or a restart. */
const isQueueUnavailable = (err: unknown) =>
  isRedisUnavailable(err) || (err instanceof HttpError && err.status === 503 && err.message === MESSAGES_HTTP.queueUnavailable);

/**
 * The service's worker: dispatches each job to its named handler. A job whose handler fails
 * because the database is out of reach (restart, lost connection) is put back, delayed by
 * DATABASE_RETRY_MS, without using one of its attempts: three attempts 0.5 s and 1 s apart
 * would all fail during a restart of a few seconds, and the job (a payslip's posting…) would
 * be failed for good. Its effect is transactional, so nothing of the failed run remains.
 * The same for Redis out of reach in the handler (a follow-up job it enqueues, during a Sentinel
 * failover): handlers are idempotent by source id, so running again redoes only what is missing.
 * The worker's own connection queues the move until Redis is back.
 */
export function createJobWorker(opts: {
  name: string;
  redisUrl: string;
  prefix: string;
  handlers: JobHandlers;
  log?: Logger;
  concurrency?: number;
}): { worker: Worker; connection: Redis; close(): Promise<void> } {
  const connection = createRedis(opts.redisUrl, { forWorker: true });
  connection.on('error', (err) => opts.log?.debug({ err: err.message }, 'worker connection error'));
  const processor: Processor = async (job, token) => {
    const handler = opts.handlers[job.name];
    if (!handler) throw new Error(`No handler for job ${job.name}`);
    try {
      return await handler(job.data, job);
    } catch (err) {
      const unavailable = isDatabaseUnavailable(err) ? 'database' : isQueueUnavailable(err) ? 'redis' : null;
      if (!token || !unavailable) throw err;
      opts.log?.warn({ jobId: job.id, name: job.name, err: (err as Error).message }, `${unavailable} unavailable: job postponed`);
      await job.moveToDelayed(Date.now() + DATABASE_RETRY_MS, token);
      throw new DelayedError();
    }
  };
  const worker = new Worker(opts.name, processor, { connection, prefix: opts.prefix, concurrency: opts.concurrency ?? 4 });
  worker.on('failed', (job, err) =>
    opts.log?.warn({ jobId: job?.id, name: job?.name, attempts: job?.attemptsMade, err: err.message }, 'job failed'),
  );
  worker.on('error', (err) => opts.log?.error({ err: err.message }, 'worker error'));
  return {
    worker,
    connection,
    async close() {
      await worker.close();
      await closeRedis(connection);
    },
  };
}
