// The script of a pool thread (pool.ts): imports a task's module, runs the task, answers; one task at a time.
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, type MessagePort, type Transferable } from 'node:worker_threads';
import { postedError } from './limits';
import { CHUNK_WINDOW, type FromThread, type ToThread } from './pool';
import { registeredTask, type TaskIO } from './task';

/** Output is posted in chunks of at least this size (a zip writer emits many small ones). */
const CHUNK_BYTES = 64 * 1024;

/** `bytes` in an ArrayBuffer of its own, which can be moved to the other thread without a copy. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) return bytes;
  return new Uint8Array(bytes);
}

class Running implements TaskIO {
  private credits = CHUNK_WINDOW;
  private onCredit: (() => void) | null = null;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private batches: { batch: unknown[]; done: boolean }[] = [];
  private onBatch: (() => void) | null = null;

  constructor(private readonly port: MessagePort) {}

  post(message: FromThread, transfer: Transferable[] = []): void {
    this.port.postMessage(message, transfer);
  }

  ack(): void {
    this.credits++;
    const wake = this.onCredit;
    this.onCredit = null;
    wake?.();
  }

  received(batch: unknown[], done: boolean): void {
    this.batches.push({ batch, done });
    const wake = this.onBatch;
    this.onBatch = null;
    wake?.();
  }

  async write(chunk: Uint8Array): Promise<void> {
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    if (this.pendingBytes >= CHUNK_BYTES) await this.flush();
  }

  /** Posts the bytes written so far, once the caller has room for them. */
  async flush(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const data = this.pending.length === 1 ? ownBuffer(this.pending[0]) : new Uint8Array(Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
    while (this.credits <= 0) await new Promise<void>((resolve) => (this.onCredit = resolve));
    this.credits--;
    this.post({ t: 'chunk', data }, [data.buffer as ArrayBuffer]);
  }

  items<T>(): AsyncIterable<T> {
    return this.pull() as AsyncIterable<T>;
  }

  private async *pull(): AsyncGenerator {
    this.post({ t: 'pull' });
    for (;;) {
      while (this.batches.length === 0) await new Promise<void>((resolve) => (this.onBatch = resolve));
      const { batch, done } = this.batches.shift() as { batch: unknown[]; done: boolean };
      // One batch ahead: the caller reads the next one while this one is used.
      if (!done) this.post({ t: 'pull' });
      yield* batch;
      if (done) return;
    }
  }
}

async function run(io: Running, module: string, name: string, input: unknown): Promise<void> {
  try {
    await import(pathToFileURL(module).href);
    const task = registeredTask(name);
    if (!task) throw new Error(`${module} defines no worker task ${name}`);
    const value = await task(input, io);
    await io.flush();
    if (value instanceof Uint8Array) {
      const bytes = ownBuffer(value);
      io.post({ t: 'done', value: bytes }, [bytes.buffer as ArrayBuffer]);
    } else io.post({ t: 'done', value });
  } catch (err) {
    io.post({ t: 'fail', error: postedError(err) });
  }
}

const port = parentPort;
if (isMainThread || !port) throw new Error('host.ts runs in a pool thread only');
let current: Running | null = null;
port.on('message', (m: ToThread) => {
  switch (m.t) {
    case 'run': {
      const io = new Running(port);
      current = io;
      void run(io, m.module, m.name, m.input).finally(() => {
        if (current === io) current = null;
      });
      return;
    }
    case 'ack':
      current?.ack();
      return;
    case 'items':
      current?.received(m.batch, m.done);
      return;
  }
});
