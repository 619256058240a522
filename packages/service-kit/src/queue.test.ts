import { randomUUID } from 'node:crypto';
import type { Job, JobsOptions } from 'bullmq';
import { createJobQueue, createJobWorker, type JobHandlers, type JobQueue } from './queue';

// Real Redis, with the per-run prefix set by the global setup; each test uses
// its own queue name so tests never see each other's jobs.
const redisUrl = process.env.REDIS_URL as string;
const prefix = process.env.REDIS_PREFIX as string;

type Running = { queue: JobQueue; close(): Promise<void> };

function startQueue(handlers: JobHandlers): Running {
  const name = `test-${randomUUID()}`;
  const queue = createJobQueue({ name, redisUrl, prefix, handlers });
  const worker = createJobWorker({ name, redisUrl, prefix, handlers });
  return {
    queue,
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}

// Small delays so the retry test stays fast.
const fastRetry: JobsOptions = { attempts: 3, backoff: { type: 'fixed', delay: 20 } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('job queue (BullMQ on real Redis)', () => {
  let running: Running | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('processes a job enqueued twice with the same jobId exactly once', async () => {
    const seen: string[] = [];
    running = startQueue({
      echo: async (data, job: Job) => {
        seen.push(String(job.id));
        return (data as { n: number }).n * 2;
      },
    });
    const opts = { ...fastRetry, jobId: 'echo-once' };
    await expect(running.queue.addAndWait('echo', { n: 21 }, opts)).resolves.toBe(42);
    // Adding the same jobId again returns the kept completed job and does not run it;
    // a job with another id then goes through, proving the worker is still consuming.
    const again = await running.queue.add('echo', { n: 1 }, opts);
    expect(again.id).toBe('echo-once');
    await running.queue.addAndWait('echo', { n: 2 }, { jobId: 'echo-other' });
    await sleep(100);
    expect(seen).toEqual(['echo-once', 'echo-other']);
  });

  it('retries a handler that fails on its first attempt, which then succeeds', async () => {
    const attempts: number[] = [];
    running = startQueue({
      flaky: async (_data: unknown, job: Job) => {
        attempts.push(job.attemptsMade);
        if (job.attemptsMade === 0) throw new Error('transient failure');
        return 'ok';
      },
    });
    await expect(running.queue.addAndWait('flaky', {}, { ...fastRetry, jobId: 'flaky-1' })).resolves.toBe('ok');
    expect(attempts).toEqual([0, 1]);
    const job = await running.queue.queue!.getJob('flaky-1');
    // BullMQ counts both attempts once the job has completed.
    expect(job?.attemptsMade).toBe(2);
    expect(job?.finishedOn).toBeDefined();
  });

  it('reports a job that fails every attempt', async () => {
    running = startQueue({
      broken: async () => {
        throw new Error('always broken');
      },
    });
    await expect(running.queue.addAndWait('broken', {}, { attempts: 2, backoff: { type: 'fixed', delay: 10 } })).rejects.toThrow(
      'always broken',
    );
  });
});

describe('job queue with Redis unreachable', () => {
  it('refuses to enqueue with a 503 quickly instead of hanging', async () => {
    const queue = createJobQueue({ name: 'unreachable', redisUrl: 'redis://127.0.0.1:1', prefix, handlers: {} });
    const started = Date.now();
    await expect(queue.add('anything', {})).rejects.toMatchObject({
      status: 503,
      message: 'Traitement en arrière-plan indisponible, réessayez dans un instant',
    });
    expect(Date.now() - started).toBeLessThan(3000);
    await queue.close();
  });
});

describe('job queue without Redis (single-process fallback)', () => {
  it('runs the job inline through the same handler', async () => {
    const queue = createJobQueue({
      name: 'inline',
      redisUrl: '',
      prefix,
      handlers: { echo: async (data) => (data as { n: number }).n + 1 },
    });
    await expect(queue.addAndWait('echo', { n: 1 })).resolves.toBe(2);
    await expect(queue.add('echo', { n: 2 }, { jobId: 'x' })).resolves.toEqual({ id: 'x', inline: true, result: 3 });
    await expect(queue.add('missing', {})).rejects.toThrow('No handler for job missing');
    await queue.close();
  });
});
