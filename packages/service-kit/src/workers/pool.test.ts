import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import express from 'express';
import request from 'supertest';
import { MESSAGES_HTTP } from '@xaalis/contracts';
import { errorHandler } from '../errors';
import { streamDownload } from '../send-download';
import { WorkerPoolError, closeWorkerPool, configureWorkerPool, workerPool } from './pool';
import { workerTask } from './task';

// The pool runs compiled code (build first: `npx tsc -b`). The probe tasks are plain JavaScript
// written for this run, defined with the compiled `workerTask` as a service module would.
const TASK_JS = path.resolve(__dirname, '../../dist/workers/task.js');
const PROBES = path.join(os.tmpdir(), `xaalis-pool-probes-${process.pid}.js`);
fs.writeFileSync(
  PROBES,
  `const { workerTask } = require(${JSON.stringify(TASK_JS)});
workerTask(__filename, 'probe.echo', (input) => input);
workerTask(__filename, 'probe.sum', async (_input, io) => {
  let n = 0, sum = 0;
  for await (const x of io.items()) { n++; sum += x; }
  return { n, sum };
});
workerTask(__filename, 'probe.bytes', async ({ chunks, size }, io) => {
  for (let i = 0; i < chunks; i++) await io.write(new Uint8Array(size).fill(i % 256));
  return null;
});
workerTask(__filename, 'probe.spin', ({ ms = 60000 }) => { const end = Date.now() + ms; while (Date.now() < end); return ms; });
workerTask(__filename, 'probe.exit', () => process.exit(3));
workerTask(__filename, 'probe.oom', () => { const keep = []; for (;;) keep.push(new Array(1e6).fill(Math.random())); });
workerTask(__filename, 'probe.throw', () => { throw new Error('boom'); });
workerTask(__filename, 'probe.halfway', async (_input, io) => { await io.write(new Uint8Array(300000)); throw new Error('broke after bytes'); });
`,
);

// On this thread `workerTask` only names the task: the run functions below are never called.
const probe = <I, O>(name: string) => workerTask<I, O>(PROBES, name, () => undefined as never);
const echo = probe<unknown, unknown>('probe.echo');
const sum = probe<null, { n: number; sum: number }>('probe.sum');
const bytes = probe<{ chunks: number; size: number }, null>('probe.bytes');
const spin = probe<{ ms: number }, number>('probe.spin');

const failure = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return err instanceof WorkerPoolError ? err.reason : err instanceof Error ? err.message : err;
};

afterAll(async () => {
  await closeWorkerPool();
  fs.rmSync(PROBES, { force: true });
});

describe('worker pool', () => {
  beforeEach(async () => {
    await configureWorkerPool({ threads: 1, timeoutMs: 5_000, maxQueue: 8 });
  });

  it('starts no thread before the first task, then runs tasks on data copied both ways', async () => {
    expect(workerPool().stats()).toEqual({ threads: 0, busy: 0, waiting: 0 });
    const input = { when: new Date('2026-03-14T00:00:00Z'), amounts: ['1.50', '2.25'], nested: { n: 1 } };
    expect(await echo.run(input)).toEqual(input);
    expect(workerPool().stats()).toEqual({ threads: 1, busy: 0, waiting: 0 });
    // More tasks than threads wait their turn.
    expect(await Promise.all([1, 2, 3].map((n) => echo.run(n)))).toEqual([1, 2, 3]);
  });

  it('streams items to a task in batches and its bytes back, with back-pressure', async () => {
    function* numbers() {
      for (let i = 1; i <= 10_000; i++) yield i;
    }
    expect(await sum.run(null, numbers())).toEqual({ n: 10_000, sum: 50_005_000 });

    const out = bytes.stream({ chunks: 40, size: 100_000 });
    const received: Buffer[] = [];
    for await (const chunk of out) {
      received.push(chunk as Buffer);
      // A slow reader: the task waits instead of filling memory.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const all = Buffer.concat(received);
    expect(all.length).toBe(4_000_000);
    expect(all[0]).toBe(0);
    expect(all[all.length - 1]).toBe(39);
  });

  it('fails a task that stays silent too long, a thread that crashes or runs out of memory, and goes on', async () => {
    await configureWorkerPool({ threads: 1, timeoutMs: 300, maxOldGenerationSizeMb: 32 });
    expect(await failure(spin.run({ ms: 5_000 }))).toBe('timeout');
    expect(await echo.run('after a timeout')).toBe('after a timeout');
    expect(await failure(probe('probe.exit').run(null))).toBe('crashed');
    expect(await echo.run('after a crash')).toBe('after a crash');
    await configureWorkerPool({ threads: 1, timeoutMs: 20_000, maxOldGenerationSizeMb: 32 });
    expect(await failure(probe('probe.oom').run(null))).toBe('memory');
    expect(await echo.run('after running out of memory')).toBe('after running out of memory');
    // A task's own error is an ordinary error (a bug: 500); its thread stays.
    expect(await failure(probe('probe.throw').run(null))).toBe('worker task probe.throw: boom');
    expect(workerPool().stats().threads).toBe(1);
  });

  it('refuses tasks beyond its queue, and every task once closed', async () => {
    await configureWorkerPool({ threads: 1, maxQueue: 1 });
    const running = spin.run({ ms: 300 });
    const waiting = echo.run('waited');
    expect(await failure(echo.run('one too many'))).toBe('busy');
    expect(await running).toBe(300);
    expect(await waiting).toBe('waited');
    const pool = workerPool();
    const cut = failure(spin.run({ ms: 2_000 }));
    await pool.close();
    expect(await cut).toBe('closed');
  });

  it('keeps the calling thread responsive while a task computes', async () => {
    await echo.run('warm');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    await spin.run({ ms: 1_500 });
    const elapsed = performance.now() - started;
    delay.disable();
    // The thread's clock and ours differ by a fraction of a millisecond (seen: 1 499.8 ms on Node 24).
    expect(elapsed).toBeGreaterThanOrEqual(1_490);
    // The same loop on the calling thread would have been blocked 1 500 ms.
    expect(delay.max / 1e6).toBeLessThan(200);
  });
});

describe('streamDownload of a task', () => {
  const app = express();
  app.get('/file/:task', async (req, res) => {
    const task = probe<{ chunks: number; size: number }, null>(req.params.task);
    await streamDownload(res, 'application/octet-stream', 'f.bin', task.stream({ chunks: 3, size: 70_000 }));
  });
  app.use(errorHandler);

  beforeAll(async () => {
    await configureWorkerPool({ threads: 1, timeoutMs: 300 });
  });

  it('sends the bytes as they come, with the headers', async () => {
    const res = await request(app).get('/file/probe.bytes').buffer(true).expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="f.bin"');
    expect((res.body as Buffer).length).toBe(210_000);
  });

  it('answers an error response when the task fails before its first bytes', async () => {
    const res = await request(app).get('/file/probe.spin').expect(503);
    expect(res.body).toEqual({ message: MESSAGES_HTTP.documentTimeout });
    await request(app).get('/file/probe.throw').expect(500);
  });

  it('cuts the response when the task fails after its first bytes', async () => {
    const cut = await request(app)
      .get('/file/probe.halfway')
      .buffer(true)
      .then(
        () => null,
        (err: unknown) => {
          const e = err as Error & { code?: string };
          return e.code ?? e.message;
        },
      );
    expect(cut).toMatch(/ECONNRESET|aborted|socket hang up/);
    await request(app).get('/file/probe.bytes').expect(200);
  });
});
