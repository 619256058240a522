import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  DEFAULT_WORKER_LIMITS,
  isOutOfMemory,
  postedError,
  resourceLimitsOf,
  type PostedError,
  type WorkerTaskLimits,
} from '../workers/limits';
import { UPLOAD_REFUSALS, UploadRefusedError, type UploadRefusal } from './errors';

/**
 * Parsing an upload off the request's event loop: a `node:worker_threads`
 * Worker per parse, with V8 heap limits and a timeout (the limits, the
 * compiled-script lookup and the error posting are the worker pool's, in
 * `../workers`). A parse that runs out of memory or time ends its worker
 * only; the caller gets an UploadRefusedError ('memory' or 'timeout') and the
 * service keeps serving. At most WORKER_CONCURRENCY parses run at once (the
 * others wait), so the memory they may take together is bounded too.
 */

// Re-exported from here too: upload code has always imported them from this module.
export { compiledScript, DEFAULT_WORKER_LIMITS, type WorkerTaskLimits } from '../workers/limits';

export const WORKER_CONCURRENCY = 2;

type Answer = { ok: true; value: unknown } | { ok: false; error: PostedError };

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= WORKER_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * Runs the worker script (which calls `serveWorkerTask`) on `input` (copied
 * by structured clone) and answers its result. Errors thrown by the task come
 * back as UploadRefusedError when they were one, else as an Error.
 */
export async function runInWorker<T>(script: string, input: unknown, limits: Partial<WorkerTaskLimits> = {}): Promise<T> {
  const lim = { ...DEFAULT_WORKER_LIMITS, ...limits };
  const release = await slot();
  try {
    return await new Promise<T>((resolve, reject) => {
      const worker = new Worker(script, {
        workerData: input,
        resourceLimits: resourceLimitsOf(lim),
      });
      let settled = false;
      const finish = (err: Error | null, value?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        if (err) reject(err);
        else resolve(value as T);
      };
      const timer = setTimeout(() => finish(new UploadRefusedError('timeout', `more than ${lim.timeoutMs} ms`)), lim.timeoutMs);
      worker.once('message', (answer: Answer) => {
        if (answer.ok) finish(null, answer.value);
        else if (UPLOAD_REFUSALS.includes(answer.error.reason as UploadRefusal))
          finish(new UploadRefusedError(answer.error.reason as UploadRefusal, answer.error.detail));
        else finish(new Error(`parse worker: ${answer.error.message}`));
      });
      worker.once('error', (err: Error) => finish(isOutOfMemory(err) ? new UploadRefusedError('memory', err.message) : err));
      worker.once('exit', (code) => finish(new Error(`parse worker exited (${code}) without an answer`)));
    });
  } finally {
    release();
  }
}

/** In a worker script: runs `task` on the worker's input and posts its result (or its error) to `runInWorker`. */
export function serveWorkerTask(task: (input: never) => unknown): void {
  const port = parentPort;
  if (isMainThread || !port) throw new Error('serveWorkerTask runs in a worker thread only');
  const post = (answer: Answer) => port.postMessage(answer);
  Promise.resolve()
    .then(() => task(workerData as never))
    .then(
      (value) => post({ ok: true, value }),
      (err: unknown) => post({ ok: false, error: postedError(err) }),
    );
}
