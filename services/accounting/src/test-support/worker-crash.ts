// Helpers for the "worker killed mid-job" fault tests: real `node dist/worker.js` child
// processes on a Redis prefix of the test file's own, a way to hold a job in the middle of
// its transaction, and the redelivery of the stalled job. Not imported by the service itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Worker, type Queue } from 'bullmq';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { QUEUES } from '@xaalis/contracts';
import { closeRedis, createRedis, mustExist, type RunningService } from '@xaalis/service-kit';
import { start } from '../server';

const WORKER_JS = path.resolve(__dirname, '..', '..', 'dist', 'worker.js');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export interface ChildWorker {
  child: ChildProcess;
  output(): string;
}

/** The child workers of a test file, killed by `killAll` (afterAll). */
export function childWorkers(prefix: string) {
  const children = new Set<ChildProcess>();

  /** `node dist/worker.js` with the test run's database and the file's Redis prefix; resolves once it consumes the queue. */
  async function startChildWorker(): Promise<ChildWorker> {
    if (!fs.existsSync(WORKER_JS)) throw new Error(`${WORKER_JS} is missing: run "npx tsc -b" first`);
    const child = spawn(process.execPath, [WORKER_JS], {
      env: { ...process.env, REDIS_PREFIX: prefix, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const deadline = Date.now() + 30_000;
    while (!output.includes('worker started')) {
      if (!alive(child)) throw new Error(`worker exited (${child.exitCode ?? child.signalCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`worker not started after 30 s:\n${output}`);
      await sleep(50);
    }
    return { child, output: () => output };
  }

  async function kill(child: ChildProcess): Promise<void> {
    if (!alive(child)) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  async function killAll(): Promise<void> {
    for (const child of children) await kill(child);
  }

  return { startChildWorker, kill, killAll };
}

/**
 * Opens a transaction of the test's own and runs `sql` in it (an INSERT taking a unique-index
 * slot the job will want): the job's own statement then waits on it, in the middle of its
 * transaction, until `release` (a rollback; idempotent) is called. A backend waiting on a lock
 * notices that its client is gone only once it gets the lock: release before waiting for it to go.
 */
export async function holdSlot(sequelize: Sequelize, sql: string, bind: unknown[]): Promise<{ pid: number; release(): Promise<void> }> {
  const transaction: Transaction = await sequelize.transaction();
  let pid: number;
  try {
    await sequelize.query(sql, { bind, transaction });
    [{ pid }] = await sequelize.query<{ pid: number }>('SELECT pg_backend_pid() AS pid', { type: QueryTypes.SELECT, transaction });
  } catch (err) {
    await transaction.rollback();
    throw err;
  }
  let released: Promise<void> | undefined;
  return { pid, release: () => (released ??= transaction.rollback()) };
}

/**
 * Waits until a backend is blocked by the slot's transaction (directly or behind another waiter) while its statement matches
 * `pattern` (ILIKE), and has already written in its own transaction (backend_xid): the job is
 * in the middle of its effect. Returns that backend's pid.
 */
export async function waitForBlockedWriter(
  sequelize: Sequelize,
  slot: { pid: number },
  pattern: string,
  timeoutMs = 30_000,
  check?: () => void,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Blocked by the slot, or queued behind a session the slot blocks: another test file's
    // LOCK TABLE (the fiscal-year closing) waiting on the slot stands before the writer in the queue.
    const rows = await sequelize.query<{ pid: number }>(
      `WITH RECURSIVE behind AS (
         SELECT pid FROM pg_stat_activity WHERE $1::int = ANY (pg_blocking_pids(pid))
         UNION
         SELECT a.pid FROM pg_stat_activity a JOIN behind b ON b.pid = ANY (pg_blocking_pids(a.pid))
       )
       SELECT a.pid FROM pg_stat_activity a JOIN behind USING (pid)
        WHERE a.backend_xid IS NOT NULL AND a.query ILIKE $2`,
      { bind: [slot.pid, pattern], type: QueryTypes.SELECT },
    );
    if (rows[0]) return rows[0].pid;
    check?.();
    if (Date.now() > deadline) {
      const waiting = await sequelize.query<{ xid: string | null; query: string }>(
        `SELECT backend_xid::text AS xid, left(query, 300) AS query FROM pg_stat_activity WHERE $1::int = ANY (pg_blocking_pids(pid))`,
        { bind: [slot.pid], type: QueryTypes.SELECT },
      );
      throw new Error(`no writer blocked on "${pattern}" after ${timeoutMs} ms; blocked by the slot: ${JSON.stringify(waiting)}`);
    }
    await sleep(20);
  }
}

/** Whether the backend `pid` is gone (the killed worker's connection closed, its transaction rolled back). */
export async function waitForBackendGone(sequelize: Sequelize, pid: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await sequelize.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', { bind: [pid], type: QueryTypes.SELECT });
    if (!rows.length) return;
    if (Date.now() > deadline) throw new Error(`backend ${pid} still there ${timeoutMs} ms after the kill`);
    await sleep(20);
  }
}

/**
 * Redelivers the job a killed worker held. Its lock would expire lockDuration (30 s) after the
 * kill: the lock key is removed instead (the same state, reached at once), and so is the
 * throttle of the stalled check (the killed worker's last check holds it for 30 s); then BullMQ's own
 * stalled-job check, run every 200 ms instead of the worker's 30 s, moves the job back to wait.
 * Resolves to the time the check took (ms).
 */
export async function redeliverStalled(queue: Queue, prefix: string, jobId: string): Promise<number> {
  const connection = createRedis(mustExist(process.env.REDIS_URL, 'REDIS_URL'), { forWorker: true });
  const checker = new Worker(QUEUES.accounting, null, { connection, prefix, autorun: false, stalledInterval: 200 });
  try {
    // The killed worker's own last check also throttles the next one for stalledInterval (30 s).
    await connection.del(`${prefix}:${QUEUES.accounting}:${jobId}:lock`, `${prefix}:${QUEUES.accounting}:stalled-check`);
    const started = Date.now();
    await checker.startStalledCheckTimer();
    while ((await queue.getJobState(jobId)) === 'active') {
      if (Date.now() - started > 15_000) throw new Error('job not redelivered 15 s after its lock was gone');
      await sleep(50);
    }
    return Date.now() - started;
  } finally {
    await checker.close();
    await closeRedis(connection);
  }
}

/** Starts a new child worker and waits until it completes `jobId`; fails at once if the worker exits. */
export async function completeOnNewWorker(
  workers: ReturnType<typeof childWorkers>,
  queue: Queue,
  jobId: string,
  timeoutMs = 30_000,
): Promise<{ worker: ChildWorker; startedAt: number }> {
  const worker = await workers.startChildWorker();
  const startedAt = Date.now();
  while ((await queue.getJobState(jobId)) !== 'completed') {
    if (!alive(worker.child)) throw new Error(`worker B exited:\n${worker.output()}`);
    if (Date.now() - startedAt > timeoutMs) throw new Error(`job still ${await queue.getJobState(jobId)}:\n${worker.output()}`);
    await sleep(50);
  }
  return { worker, startedAt };
}

/**
 * The frame of a worker-crash test file: the Redis prefix `<run prefix>_<suffix>` of its own,
 * consumed by child workers while the in-process service (started before the tests) only
 * produces; after them the children are killed, a slot still held released, the service closed.
 * Call it at the top level of the file, before the file's own beforeAll.
 */
export function crashSuite(suffix: string, timeoutMs = 90_000) {
  jest.setTimeout(timeoutMs);
  const prefix = `${process.env.REDIS_PREFIX ?? 'xaalis_test'}_${suffix}`;
  const workers = childWorkers(prefix);
  const savedPrefix = process.env.REDIS_PREFIX;
  let service: RunningService | undefined;
  let slot: Awaited<ReturnType<typeof holdSlot>> | undefined;

  beforeAll(async () => {
    process.env.REDIS_PREFIX = prefix;
    service = await start({ port: 0 });
  });
  afterAll(async () => {
    process.env.REDIS_PREFIX = savedPrefix;
    await workers.killAll();
    await slot?.release();
    await service?.close();
  });

  const running = () => mustExist(service, 'service');
  const db = () => running().ctx.sequelize;
  const queue = () => mustExist(running().ctx.queue.queue, 'queue');

  /**
   * The crash itself: worker A takes `jobId` (queued already, or by `enqueue` once A runs) and
   * blocks on the held `slot` in the middle of its transaction (its statement matching `writer`);
   * A is killed, the slot released, and once its backend is gone `leftNothing` checks the killed
   * run left nothing. The stalled job is then redelivered and completed once by worker B.
   */
  async function killMidJob(o: {
    slot: Awaited<ReturnType<typeof holdSlot>>;
    jobId: string;
    writer: string;
    enqueue?: () => Promise<unknown>;
    leftNothing: () => Promise<void>;
  }) {
    const first = await workers.startChildWorker();
    await o.enqueue?.();
    const pid = await waitForBlockedWriter(db(), o.slot, o.writer, 30_000, () => {
      if (!alive(first.child)) throw new Error(`worker A exited:\n${first.output()}`);
    });
    await workers.kill(first.child);
    const killedAt = Date.now();
    await o.slot.release();
    await waitForBackendGone(db(), pid);
    await o.leftNothing();
    expect(await queue().getJobState(o.jobId)).toBe('active');

    const redeliveryMs = await redeliverStalled(queue(), prefix, o.jobId);
    expect(await queue().getJobState(o.jobId)).toBe('waiting');

    const { startedAt: restartedAt } = await completeOnNewWorker(workers, queue(), o.jobId);
    const doneMs = Date.now() - killedAt;
    const job = mustExist(await queue().getJob(o.jobId), 'job');
    expect(job.stalledCounter).toBe(1);
    return { job, redeliveryMs, doneMs, restartedAt };
  }

  return {
    prefix,
    workers,
    service: running,
    queue,
    killMidJob,
    db,
    sql: <T extends object>(query: string, bind: unknown[] = []) => db().query<T>(query, { bind, type: QueryTypes.SELECT }),
    /** holdSlot on the service's database; released after the tests if the test has not. */
    async holdSlot(sql: string, bind: unknown[]) {
      slot = await holdSlot(db(), sql, bind);
      return slot;
    },
  };
}
