import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { createJobQueue, createJobWorker, upsertJobSchedules, type JobHandlers, type JobQueue } from './queue';

// Real Redis with the run's prefix; a queue name of its own so no other test sees these jobs.
const redisUrl = process.env.REDIS_URL as string;
const prefix = process.env.REDIS_PREFIX as string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}

describe('job schedules (BullMQ upsertJobScheduler on real Redis)', () => {
  let queue: JobQueue;
  let stopWorker: (() => Promise<void>) | undefined;
  const runs: Array<{ name: string; data: unknown }> = [];
  const handlers: JobHandlers = {
    sweep: async (data, job) => {
      runs.push({ name: job.name, data });
      return null;
    },
  };

  beforeEach(() => {
    runs.length = 0;
    const name = `sched-${randomUUID()}`;
    queue = createJobQueue({ name, redisUrl, prefix, handlers });
    const worker = createJobWorker({ name, redisUrl, prefix, handlers });
    stopWorker = () => worker.close();
  });

  afterEach(async () => {
    await stopWorker?.();
    await queue.close();
  });

  const bull = () => queue.queue as Queue;

  it('produces the named job with its data on every tick', async () => {
    await upsertJobSchedules(bull(), [{ id: 'sweep-often', name: 'sweep', every: 150, data: { kind: 'test' } }]);
    await until(() => runs.length >= 2);
    expect(runs[0]).toEqual({ name: 'sweep', data: { kind: 'test' } });
    expect(runs[1]).toEqual({ name: 'sweep', data: { kind: 'test' } });
  });

  it('updates rather than duplicates when upserted again (each worker start), and removes undeclared schedules', async () => {
    const schedule = { id: 'nightly', name: 'sweep', pattern: '0 2 * * *' };
    await upsertJobSchedules(bull(), [schedule, { id: 'old', name: 'sweep', every: 3_600_000 }]);
    await upsertJobSchedules(bull(), [schedule]);
    await upsertJobSchedules(bull(), [{ ...schedule, pattern: '0 3 * * *' }]);
    const schedulers = await bull().getJobSchedulers(0, -1);
    expect(schedulers.map((s) => ({ key: s.key, name: s.name, pattern: s.pattern }))).toEqual([
      { key: 'nightly', name: 'sweep', pattern: '0 3 * * *' },
    ]);
    await upsertJobSchedules(bull(), []);
    expect(await bull().getJobSchedulersCount()).toBe(0);
  });

  it('refuses a schedule with both or neither of pattern and every, or an id declared twice', async () => {
    await expect(upsertJobSchedules(bull(), [{ id: 'a', name: 'sweep' }])).rejects.toThrow('exactly one of pattern and every');
    await expect(upsertJobSchedules(bull(), [{ id: 'a', name: 'sweep', every: 10, pattern: '* * * * *' }])).rejects.toThrow(
      'exactly one of pattern and every',
    );
    await expect(
      upsertJobSchedules(bull(), [
        { id: 'a', name: 'sweep', every: 1000 },
        { id: 'a', name: 'sweep', every: 2000 },
      ]),
    ).rejects.toThrow('declared twice');
    expect(await bull().getJobSchedulersCount()).toBe(0);
  });
});
