import fs from 'node:fs';
import path from 'node:path';
import type { ResourceLimits } from 'node:worker_threads';

/**
 * What the worker threads of service-kit share, whether a thread serves one
 * upload parse (`runInWorker`) or many tasks of the pool (`workerTask`): the
 * V8 limits of a thread, the time a task may take, where the compiled worker
 * code is, and how a failure crosses the thread boundary.
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

/** The `resourceLimits` option of a Worker with these limits. */
export const resourceLimitsOf = (lim: WorkerTaskLimits): ResourceLimits => ({
  maxOldGenerationSizeMb: lim.maxOldGenerationSizeMb,
  maxYoungGenerationSizeMb: lim.maxYoungGenerationSizeMb,
  stackSizeMb: lim.stackSizeMb,
});

/** A worker's 'error' event for a thread that ran out of its heap. */
export const isOutOfMemory = (err: unknown): boolean => (err as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

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

/** An error as posted across threads (structured clone keeps no class). */
export interface PostedError {
  message: string;
  name?: string;
  reason?: string;
  detail?: string;
}

export function postedError(err: unknown): PostedError {
  const e = err as { message?: string; name?: string; reason?: string; detail?: string } | null;
  return { message: String(e?.message ?? err), name: e?.name, reason: e?.reason, detail: e?.detail };
}
