// The demo's small toolbox: a cookie-carrying JSON client of the gateway, a seeded
// random generator and date helpers (demo.ts and demo-firm.ts).
import type { JobStatus } from '@xaalis/contracts';

/** mulberry32: a small seeded generator, so two demos are identical. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A cookie-carrying JSON client of the gateway. */
export class Api {
  private cookie = '';
  constructor(private readonly base: string) {}

  async call(method: string, path: string, body?: unknown, okStatuses = [200, 201, 202]): Promise<{ status: number; body: unknown }> {
    return this.send(method, path, 'application/json', body === undefined ? undefined : JSON.stringify(body), okStatuses);
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await this.call(method, path, body)).body as T;
  }

  /** POSTs a file's text as the raw body (a statement: `text/csv`), as the browser uploads it; answers the JSON reply. */
  async upload<T>(path: string, text: string, contentType = 'text/csv'): Promise<T> {
    return (await this.send('POST', path, contentType, text, [201])).body as T;
  }

  private async send(
    method: string,
    path: string,
    contentType: string,
    body: string | undefined,
    okStatuses: number[],
  ): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      // A body other than JSON passes the gateway's CSRF check by the header scripts send.
      headers: {
        'content-type': contentType,
        ...(contentType === 'application/json' ? {} : { 'x-requested-with': 'XMLHttpRequest' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body,
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!okStatuses.includes(res.status)) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
    return { status: res.status, body: parsed };
  }

  /** Polls a job-status path until the job ends; throws when it failed. */
  async waitJob<R>(path: string, timeoutMs = 60_000): Promise<JobStatus<R>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await this.json<JobStatus<R>>('GET', path);
      if (status.state === 'completed') return status;
      if (status.state === 'failed') throw new Error(`${path} : ${status.error ?? 'échec'}`);
      if (Date.now() > deadline) throw new Error(`${path} : délai dépassé`);
      await sleep(100);
    }
  }

  /** Polls `read` until `done` holds for its answer. */
  async until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what} : délai dépassé`);
      await sleep(100);
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const iso = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
export const minDate = (a: string, b: string) => (a < b ? a : b);
