import { randomUUID } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import type { Sequelize } from 'sequelize';
import type { JobStatus } from '@xaalis/contracts';
import { createSequelize } from './db';
import { hasJobRun, jobRunsTableSql, recordJobRun } from './job-runs';
import { jobProgressOf, jobStateOf, readJobStatus, reportJobProgress } from './job-status';
import { createJobQueue, createJobWorker, type Job, type JobHandlers, type JobQueue } from './queue';

// Real Redis (per-run prefix of the global setup) and real Postgres; each test has its own queue.
const redisUrl = process.env.REDIS_URL as string;
const prefix = process.env.REDIS_PREFIX as string;
const FAILED = 'La tâche a échoué';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (ok(value)) return value;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('readJobStatus (BullMQ on real Redis)', () => {
  let name: string;
  let queue: JobQueue;
  let worker: { close(): Promise<void> } | undefined;
  const startWorker = (handlers: JobHandlers) => {
    worker = createJobWorker({ name, redisUrl, prefix, handlers });
  };
  const read = (jobId: string, opts: Partial<Parameters<typeof readJobStatus>[2]> = {}) =>
    readJobStatus(queue.queue, jobId, { failed: FAILED, ...opts });
  /** The job's status once it has reached `state`. */
  const readOnce = (state: JobStatus['state'], jobId: string, opts: Partial<Parameters<typeof readJobStatus>[2]> = {}) =>
    until(
      () => read(jobId, opts),
      (s) => s?.state === state,
      `${jobId} ${state}`,
    );

  beforeEach(() => {
    name = `job-status-${randomUUID()}`;
    queue = createJobQueue({ name, redisUrl, prefix, handlers: {} });
  });
  afterEach(async () => {
    await worker?.close();
    worker = undefined;
    await queue.close();
  });

  it('reads queued, then running with done / total as the handler reports them, then completed with its result', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const handlers: JobHandlers = {
      count: async (_data, job: Job) => {
        await reportJobProgress(job, 3, 8);
        await released;
        await reportJobProgress(job, 8, 8);
        return { created: 8 };
      },
    };
    await queue.add('count', {}, { jobId: 'count-1' });
    // No worker yet: the job waits.
    expect(await read('count-1')).toEqual({ state: 'queued', done: 0, total: 0 });

    startWorker(handlers);
    const running = await until(
      () => read('count-1'),
      (s) => s?.state === 'running' && s.done === 3,
      'running',
    );
    expect(running).toEqual({ state: 'running', done: 3, total: 8 });
    release();
    const completed = await readOnce('completed', 'count-1');
    expect(completed).toEqual({ state: 'completed', done: 8, total: 8, result: { created: 8 } });
    // The route's own view of the result.
    expect(await read('count-1', { result: (value) => (value as { created: number }).created })).toEqual({
      state: 'completed',
      done: 8,
      total: 8,
      result: 8,
    });
  });

  it("a failed job gives the French reason it failed with, or the route's message; a completed job reads all done", async () => {
    startWorker({
      refused: async () => {
        throw new UnrecoverableError('Des brouillons restent dans l’exercice 2025');
      },
      crashed: async (_data, job: Job) => {
        await reportJobProgress(job, 1, 4);
        throw new UnrecoverableError('connect ECONNREFUSED 127.0.0.1:5432');
      },
      percent: async (_data, job: Job) => {
        // BullMQ's own percentage, as jobs queued before this shape existed report it.
        await job.updateProgress(40);
        return null;
      },
    });
    await queue.add('refused', {}, { jobId: 'refused-1' });
    await queue.add('crashed', {}, { jobId: 'crashed-1' });
    await queue.add('percent', {}, { jobId: 'percent-1' });
    const fromReason = { failed: (reason: string) => reason || FAILED };
    expect(await readOnce('failed', 'refused-1', fromReason)).toEqual({
      state: 'failed',
      done: 0,
      total: 0,
      error: 'Des brouillons restent dans l’exercice 2025',
    });
    // A fixed message: the technical reason never reaches the screen.
    expect(await readOnce('failed', 'crashed-1')).toEqual({
      state: 'failed',
      done: 1,
      total: 4,
      error: FAILED,
    });
    // No result (null) is no `result`; a percentage reads out of 100.
    expect(await readOnce('completed', 'percent-1')).toEqual({
      state: 'completed',
      done: 100,
      total: 100,
    });
  });

  it('null for a job the queue does not hold (the route answers 404)', async () => {
    expect(await read(`missing-${randomUUID()}`)).toBeNull();
  });
});

describe('readJobStatus without Redis (the inline queue), over job_runs in real Postgres', () => {
  const schema = `job_status_${randomUUID().replace(/-/g, '')}`;
  const companyId = randomUUID();
  let sequelize: Sequelize;

  beforeAll(async () => {
    sequelize = createSequelize(process.env.DATABASE_URL as string, { poolMax: 2 });
    await sequelize.query(`CREATE SCHEMA "${schema}"`);
    await sequelize.query(jobRunsTableSql(schema));
  });
  afterAll(async () => {
    await sequelize.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await sequelize.close();
  });

  it('answers what the inline reader says: completed once job_runs holds the run for the company, else null', async () => {
    const inline = (jobId: string) => async (): Promise<JobStatus | null> =>
      (await hasJobRun(sequelize, schema, jobId, companyId)) ? { state: 'completed', done: 100, total: 100 } : null;
    expect(await readJobStatus(null, 'close-1', { failed: FAILED, inline: inline('close-1') })).toBeNull();
    await recordJobRun(sequelize, schema, { id: 'close-1', name: 'close', attemptsMade: 0 }, companyId);
    expect(await readJobStatus(null, 'close-1', { failed: FAILED, inline: inline('close-1') })).toEqual({
      state: 'completed',
      done: 100,
      total: 100,
    });
    // Another company's run is not this company's job.
    expect(await hasJobRun(sequelize, schema, 'close-1', randomUUID())).toBe(false);
    // Without an inline reader, no queue means no job.
    expect(await readJobStatus(null, 'close-1', { failed: FAILED })).toBeNull();
  });
});

describe('job progress and state mapping', () => {
  it('reads { done, total }, a percentage, or nothing', () => {
    expect(jobProgressOf({ done: 2, total: 5 })).toEqual({ done: 2, total: 5 });
    expect(jobProgressOf(55)).toEqual({ done: 55, total: 100 });
    expect(jobProgressOf(0)).toEqual({ done: 0, total: 0 });
    expect(jobProgressOf({ done: -1, total: 'x' })).toEqual({ done: 0, total: 0 });
    expect(jobProgressOf(undefined)).toEqual({ done: 0, total: 0 });
  });

  it("maps BullMQ's states onto the four job states", () => {
    expect(['waiting', 'delayed', 'prioritized', 'waiting-children', 'active', 'completed', 'failed', 'unknown'].map(jobStateOf)).toEqual([
      'queued',
      'queued',
      'queued',
      'queued',
      'running',
      'completed',
      'failed',
      null,
    ]);
  });
});
