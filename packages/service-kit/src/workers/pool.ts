import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { envInt } from '../config';
import { DEFAULT_WORKER_LIMITS, compiledScript, isOutOfMemory, resourceLimitsOf, type PostedError, type WorkerTaskLimits } from './limits';

/**
 * The pool of worker threads that runs the CPU-heavy work of a service (PDF
 * rendering, workbook writing) off its request loop: a few long-lived
 * threads (`WORKER_POOL_THREADS`, default 1 on a 2-core machine, at most 2),
 * each running one task at a time, the other tasks waiting in order (at most
 * `WORKER_POOL_MAX_QUEUE`, then 'busy').
 *
 * - Lazy: no thread exists before the first task (the gateway imports
 *   service-kit and never starts one); a thread idle for `idleMs`
 *   (`WORKER_POOL_IDLE_MS`, default 5 min) ends.
 * - Limits: each thread has a V8 heap limit (`WORKER_HEAP_MB`); a task that
 *   stays silent longer than `WORKER_TASK_TIMEOUT_MS` (no answer, no output,
 *   no request for input — time spent waiting for the caller does not count)
 *   ends its thread. A timeout, an out-of-memory or a crash fails that task
 *   only (WorkerPoolError) and the next task gets a fresh thread.
 * - Streams: a task may pull its input items in batches (a Grand livre is not
 *   posted in one message) and write bytes that reach the caller's stream as
 *   they come, with back-pressure (at most CHUNK_WINDOW chunks in flight).
 * - Idle threads are unref'd: they never hold a process open; services close
 *   the pool on shutdown (`closeWorkerPool`).
 */

export type TaskItems = AsyncIterable<unknown> | Iterable<unknown>;

export type WorkerPoolFailure = 'timeout' | 'memory' | 'crashed' | 'busy' | 'closed' | 'cancelled';

/** A task that did not end by itself: the pool's doing, not the task's error. */
export class WorkerPoolError extends Error {
  constructor(
    readonly reason: WorkerPoolFailure,
    detail?: string,
  ) {
    super(`worker pool: ${reason}${detail ? ` (${detail})` : ''}`);
    this.name = 'WorkerPoolError';
  }
}

export interface WorkerPoolOptions extends WorkerTaskLimits {
  threads: number;
  maxQueue: number;
  /** An idle thread ends after this long. */
  idleMs: number;
  /** Input items per message. */
  batchSize: number;
}

/** Chunks of output a task may send before the caller takes them. */
export const CHUNK_WINDOW = 4;

export function workerPoolOptions(): WorkerPoolOptions {
  return {
    ...DEFAULT_WORKER_LIMITS,
    // One core for the request loop, one for the pool on this 2-core machine.
    threads: Math.max(1, envInt('WORKER_POOL_THREADS', Math.min(2, os.availableParallelism() - 1))),
    timeoutMs: envInt('WORKER_TASK_TIMEOUT_MS', DEFAULT_WORKER_LIMITS.timeoutMs),
    maxOldGenerationSizeMb: envInt('WORKER_HEAP_MB', DEFAULT_WORKER_LIMITS.maxOldGenerationSizeMb),
    maxQueue: envInt('WORKER_POOL_MAX_QUEUE', 64),
    // A thread's start (Node, then pdfmake or exceljs and the task's modules) takes 0.3–1 s: kept a while.
    idleMs: envInt('WORKER_POOL_IDLE_MS', 300_000),
    batchSize: 1000,
  };
}

// The messages between the pool and a thread's host (host.ts).
export type ToThread =
  { t: 'run'; module: string; name: string; input: unknown } | { t: 'items'; batch: unknown[]; done: boolean } | { t: 'ack' };
export type FromThread =
  { t: 'pull' } | { t: 'chunk'; data: Uint8Array } | { t: 'done'; value: unknown } | { t: 'fail'; error: PostedError };

export interface TaskSpec {
  /** The compiled module that defines the task (resolved when the task is submitted). */
  module: () => string;
  name: string;
  input: unknown;
  items?: TaskItems;
}

interface Job extends TaskSpec {
  onChunk?: (data: Buffer, taken: () => void) => void;
  settle: (err: Error | null, value?: unknown) => void;
  script?: string;
  thread?: Thread;
}

/** An error the task threw, with its message (a plain Error: the task's bug, a 500). */
function taskError(name: string, error: PostedError): Error {
  const err = new Error(`worker task ${name}: ${error.message}`);
  if (error.name) err.name = error.name;
  return err;
}

class Thread {
  readonly worker: Worker;
  job: Job | null = null;
  private timer: NodeJS.Timeout | undefined;
  private idle: NodeJS.Timeout | undefined;
  private items: AsyncIterator<unknown> | Iterator<unknown> | undefined;
  /** Chunks sent to the caller's stream and not yet taken. */
  private untaken = 0;
  private gone = false;

  constructor(
    private readonly pool: WorkerPool,
    script: string,
  ) {
    this.worker = new Worker(script, { resourceLimits: resourceLimitsOf(pool.opts) });
    this.worker.unref();
    this.worker.on('message', (m: FromThread) => this.onMessage(m));
    this.worker.on('error', (err) => {
      void this.end(isOutOfMemory(err) ? new WorkerPoolError('memory', err.message) : new WorkerPoolError('crashed', err.message));
    });
    this.worker.on('exit', (code) => {
      void this.end(new WorkerPoolError('crashed', `thread exited with code ${code}`));
    });
  }

  start(job: Job): void {
    clearTimeout(this.idle);
    this.job = job;
    job.thread = this;
    this.untaken = 0;
    this.items = job.items
      ? Symbol.asyncIterator in job.items
        ? job.items[Symbol.asyncIterator]()
        : job.items[Symbol.iterator]()
      : undefined;
    this.worker.ref();
    this.post({ t: 'run', module: job.script as string, name: job.name, input: job.input });
    this.arm();
  }

  /** The task's silence is timed only while the thread has something to do. */
  private arm(): void {
    clearTimeout(this.timer);
    const ms = this.pool.opts.timeoutMs;
    this.timer = setTimeout(() => {
      void this.end(new WorkerPoolError('timeout', `silent for more than ${ms} ms`));
    }, ms);
  }

  private disarm(): void {
    clearTimeout(this.timer);
  }

  private post(message: ToThread): void {
    this.worker.postMessage(message);
  }

  private onMessage(m: FromThread): void {
    const job = this.job;
    if (!job) return;
    switch (m.t) {
      case 'pull':
        this.disarm();
        void this.feed(job);
        return;
      case 'chunk': {
        this.untaken++;
        if (this.untaken >= CHUNK_WINDOW) this.disarm();
        else this.arm();
        const taken = () => {
          if (this.job !== job) return;
          this.untaken--;
          this.post({ t: 'ack' });
          this.arm();
        };
        const data = Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength);
        if (job.onChunk) job.onChunk(data, taken);
        else taken();
        return;
      }
      case 'done':
        this.finish(job, null, m.value);
        return;
      case 'fail':
        this.finish(job, taskError(job.name, m.error));
        return;
    }
  }

  /** Posts the next batch of the job's items (the thread asks for one batch at a time). */
  private async feed(job: Job): Promise<void> {
    const batch: unknown[] = [];
    let done = !this.items;
    try {
      while (!done && batch.length < this.pool.opts.batchSize) {
        const next = await (this.items as AsyncIterator<unknown>).next();
        if (next.done) done = true;
        else batch.push(next.value);
      }
    } catch (err) {
      // The source failed (the database went away…): the task cannot go on, its thread is stopped.
      if (this.job === job) void this.end(err as Error);
      return;
    }
    if (this.job !== job) return;
    this.post({ t: 'items', batch, done });
    this.arm();
  }

  private finish(job: Job, err: Error | null, value?: unknown): void {
    this.disarm();
    this.job = null;
    this.items = undefined;
    this.worker.unref();
    // The next job first: code run by `settle` that submits a task finds the pool in order.
    this.pool.released(this);
    job.settle(err, value);
  }

  /** Becomes idle: ends after the pool's idle time unless a job comes. */
  rest(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      void this.end(null);
    }, this.pool.opts.idleMs);
    this.idle.unref();
  }

  /** Ends the thread; its job (if any) fails with `err`. */
  end(err: Error | null): Promise<void> {
    const job = this.job;
    this.job = null;
    this.items = undefined;
    this.disarm();
    clearTimeout(this.idle);
    let ended = Promise.resolve();
    if (!this.gone) {
      this.gone = true;
      this.pool.removed(this);
      ended = this.worker.terminate().then(() => undefined);
    }
    if (job) job.settle(err ?? new WorkerPoolError('closed'));
    return ended;
  }
}

export class WorkerPool {
  private threads: Thread[] = [];
  private queue: Job[] = [];
  private closed = false;
  private host: string | undefined;

  constructor(readonly opts: WorkerPoolOptions) {}

  /** Runs a task: its result. */
  run<O>(spec: TaskSpec): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.submit({ ...spec, settle: once((err, value) => (err ? reject(err) : resolve(value as O))) });
    });
  }

  /**
   * Runs a task: the bytes it writes, as a stream. Destroying the stream (the
   * client went away) ends the task's thread.
   */
  stream(spec: TaskSpec): Readable {
    let untaken: (() => void) | null = null;
    const job: Job = {
      ...spec,
      onChunk: (data, taken) => {
        if (out.push(data)) taken();
        else untaken = taken;
      },
      settle: once((err) => (err ? out.destroy(err) : out.push(null))),
    };
    const out = new Readable({
      read() {
        const taken = untaken;
        untaken = null;
        taken?.();
      },
      destroy: (err, callback) => {
        this.cancel(job);
        callback(err);
      },
    });
    this.submit(job);
    return out;
  }

  private submit(job: Job): void {
    if (this.closed) return job.settle(new WorkerPoolError('closed'));
    try {
      job.script = job.module();
      this.host ??= compiledScript(path.join(__dirname, `host${path.extname(__filename)}`));
    } catch (err) {
      return job.settle(err as Error);
    }
    const idle = this.threads.find((t) => !t.job);
    if (idle) return idle.start(job);
    if (this.threads.length < this.opts.threads) return this.spawn().start(job);
    if (this.queue.length >= this.opts.maxQueue) return job.settle(new WorkerPoolError('busy', `${this.queue.length} tasks waiting`));
    this.queue.push(job);
  }

  private spawn(): Thread {
    const thread = new Thread(this, this.host as string);
    this.threads.push(thread);
    return thread;
  }

  /** A job that is no longer wanted: out of the queue, or its thread ended. */
  private cancel(job: Job): void {
    const at = this.queue.indexOf(job);
    if (at >= 0) this.queue.splice(at, 1);
    if (job.thread?.job === job) void job.thread.end(new WorkerPoolError('cancelled'));
    job.settle(new WorkerPoolError('cancelled'));
  }

  /** A thread finished its job: the next waiting job, else rest. */
  released(thread: Thread): void {
    const next = this.queue.shift();
    if (next) thread.start(next);
    else thread.rest();
  }

  /** A thread ended: a waiting job gets a new one. */
  removed(thread: Thread): void {
    this.threads = this.threads.filter((t) => t !== thread);
    const next = this.closed ? undefined : this.queue.shift();
    if (next) this.spawn().start(next);
  }

  /** Threads now (started lazily) and tasks waiting. */
  stats(): { threads: number; busy: number; waiting: number } {
    return { threads: this.threads.length, busy: this.threads.filter((t) => t.job).length, waiting: this.queue.length };
  }

  /** Fails the waiting jobs and the running ones ('closed') and ends every thread. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.settle(new WorkerPoolError('closed'));
    await Promise.all([...this.threads].map((t) => t.end(new WorkerPoolError('closed'))));
  }
}

function once(settle: (err: Error | null, value?: unknown) => void): (err: Error | null, value?: unknown) => void {
  let done = false;
  return (err, value) => {
    if (done) return;
    done = true;
    settle(err, value);
  };
}

let pool: WorkerPool | undefined;

/** The process's pool (created on first use, with `workerPoolOptions()`). */
export function workerPool(): WorkerPool {
  return (pool ??= new WorkerPool(workerPoolOptions()));
}

/** Closes the process's pool (a later task creates a new one): services call it on shutdown. */
export async function closeWorkerPool(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close();
}

/** Replaces the process's pool by one with these options (tests: a short timeout, a small heap). */
export async function configureWorkerPool(opts: Partial<WorkerPoolOptions>): Promise<WorkerPool> {
  await closeWorkerPool();
  pool = new WorkerPool({ ...workerPoolOptions(), ...opts });
  return pool;
}
