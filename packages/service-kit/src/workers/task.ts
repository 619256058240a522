import type { Readable } from 'node:stream';
import { isMainThread } from 'node:worker_threads';
import { compiledScript } from './limits';
import { workerPool, type TaskItems } from './pool';

/**
 * A task of the worker pool: code that runs in a pool thread, never on the
 * request loop. Functions (pdfmake table layouts and footers, a sheet's column
 * getters) cannot be posted to a thread, so a task is not sent: it is
 * *defined* at the top level of a module with `workerTask(__filename, name,
 * run)`. The caller's thread posts the module's compiled path, the task's name
 * and plain data; the pool thread imports the module (which defines the task
 * again there, registering `run` under its name) and runs it.
 *
 * A task's module must therefore be importable in a thread without side
 * effects: no connection, no server, no timer at the top level.
 */

/** What a running task may use besides its input: streamed items in, streamed bytes out. */
export interface TaskIO {
  /** The items the caller streams to the task (`run(input, items)`), in batches, as it asks for them. */
  items<T>(): AsyncIterable<T>;
  /** Sends bytes to the caller's stream (`stream(input)`); resolves when the caller can take more. */
  write(chunk: Uint8Array): Promise<void>;
}

export type TaskRun<I, O> = (input: I, io: TaskIO) => O | Promise<O>;

export interface WorkerTask<I, O> {
  readonly name: string;
  /** Runs the task in a pool thread: its result (a Uint8Array comes back without a copy). */
  run(input: I, items?: TaskItems): Promise<O>;
  /** Runs the task in a pool thread: the bytes it writes, as a stream (its result is dropped). */
  stream(input: I, items?: TaskItems): Readable;
}

// One registry per thread, whatever the number of copies of this module (Jest, symlinked packages).
const REGISTRY = Symbol.for('xaalis.worker-tasks');
type Registry = Map<string, { file: string; run: TaskRun<never, unknown> }>;
const shared = globalThis as { [REGISTRY]?: Registry };
const registry: Registry = (shared[REGISTRY] ??= new Map<string, { file: string; run: TaskRun<never, unknown> }>());

/** The task `name` once its module is imported in this thread (the pool thread's host). */
export function registeredTask(name: string): TaskRun<unknown, unknown> | undefined {
  return registry.get(name)?.run as TaskRun<unknown, unknown> | undefined;
}

/**
 * Defines the task `name` of the module `file` (its `__filename`). Names are
 * unique across the process: prefix them with the module's area
 * ('accounting.invoice-pdf').
 */
export function workerTask<I, O>(file: string, name: string, run: TaskRun<I, O>): WorkerTask<I, O> {
  if (!isMainThread) {
    const known = registry.get(name);
    if (known && known.file !== file) throw new Error(`worker task ${name} is defined by ${known.file} and ${file}`);
    registry.set(name, { file, run });
  }
  // Resolved when first submitted (a failure is the task's): a service started from dist never looks for a twin.
  let script: string | undefined;
  const module = () => (script ??= compiledScript(file));
  return {
    name,
    run: (input, items) => workerPool().run<O>({ module, name, input, items }),
    stream: (input, items) => workerPool().stream({ module, name, input, items }),
  };
}
