import fs from 'node:fs';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { UPLOAD_REFUSALS, UploadRefusedError, type UploadRefusal } from './errors';

/**
 * Parsing an upload off the request's event loop: a `node:worker_threads`
 * Worker per parse, with V8 heap limits and a timeout. A parse that runs out
 * of memory or time ends its worker only; the caller gets an
 * UploadRefusedError ('memory' or 'timeout') and the service keeps serving.
 * At most WORKER_CONCURRENCY parses run at once (the others wait), so the
 * memory they may take together is bounded too.
 */

export interface WorkerTaskLimits {
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  stackSizeMb: number;
  timeoutMs: number;
}

export const DEFAULT_WORKER_LIMITS: WorkerTaskLimits = {
  maxOldGenerationSizeMb: 512,
  maxYoungGenerationSizeMb: 32,
  stackSizeMb: 4,
  timeoutMs: 60_000,
};

export const WORKER_CONCURRENCY = 2;

type Answer = { ok: true; value: unknown } | { ok: false; error: { message: string; reason?: string; detail?: string } };

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
 * The compiled script of a worker module. Services run from `dist/`, where
 * `file` is already a `.js`; under Jest the calling module is a `.ts` file in
 * `src/`, and the worker (plain Node, no transform) takes its `dist/` twin:
 * build first (`npx tsc -b`).
 */
export function compiledScript(file: string): string {
  if (!file.endsWith('.ts')) return file;
  const src = `${path.sep}src${path.sep}`;
  const at = file.lastIndexOf(src);
  if (at < 0) throw new Error(`${file}: not under a src folder`);
  const js = `${file.slice(0, at)}${path.sep}dist${path.sep}${file.slice(at + src.length, -3)}.js`;
  if (!fs.existsSync(js)) throw new Error(`${js} is missing: run "npx tsc -b" first`);
  return js;
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
        resourceLimits: {
          maxOldGenerationSizeMb: lim.maxOldGenerationSizeMb,
          maxYoungGenerationSizeMb: lim.maxYoungGenerationSizeMb,
          stackSizeMb: lim.stackSizeMb,
        },
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
      worker.once('error', (err: Error & { code?: string }) =>
        finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new UploadRefusedError('memory', err.message) : err),
      );
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
      (err: unknown) => {
        const e = err as { message?: string; reason?: string; detail?: string };
        post({ ok: false, error: { message: String(e?.message ?? err), reason: e?.reason, detail: e?.detail } });
      },
    );
}
