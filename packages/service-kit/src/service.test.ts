import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HEADERS, statusSegment } from '@xaalis/contracts';
import { caseSensitiveRouter } from './routes';
import { runService, type RunningService } from './service';

// A service of the kit on the test run's Postgres and Redis, stopped the way SIGTERM stops it
// (`shutdown`, which the signal handler runs): it drains, then closes.

const DRAIN_SECONDS = 2;

/** A request the test holds inside the service until it releases it. */
function heldRoute() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  const router = caseSensitiveRouter();
  router.get('/held', async (_req, res) => {
    entered();
    await released;
    res.json({ held: 'done' });
  });
  return { router, release, inside };
}

/** Resolves once nothing accepts connections on `url` any more (a refused connection). */
async function untilRefused(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const refused = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      async (res) => {
        await res.body?.cancel();
        return false;
      },
      (err: unknown) => (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED',
    );
    if (refused) return;
    if (Date.now() > deadline) throw new Error(`${url} still accepts connections`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('runService: shutdown (SIGTERM)', () => {
  let migrationsDir: string;
  let running: RunningService | undefined;
  beforeAll(() => {
    migrationsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-drain-'));
  });
  afterEach(() => running?.close());
  afterAll(() => fs.rmSync(migrationsDir, { recursive: true, force: true }));

  it('drains: /ready answers 503 draining, /health and requests 200; then finishes the running request and closes', async () => {
    const held = heldRoute();
    running = await runService({
      name: 'hr',
      schema: 'hr',
      migrationsDir,
      buildApi: () => held.router,
      jobHandlers: () => ({}),
    }).start({ port: 0, runMigrations: false, drainSeconds: DRAIN_SECONDS });
    const base = `http://127.0.0.1:${running.port}`;
    const companyId = randomUUID();
    const api = (url: string) =>
      fetch(`${base}${url}`, {
        headers: { [HEADERS.internalToken]: running!.ctx.config.internalToken, [HEADERS.companyId]: companyId, [HEADERS.role]: 'owner' },
      });
    const ready = await fetch(`${base}/ready`);
    expect({ status: ready.status, body: await ready.json() }).toMatchObject({ status: 200, body: { status: 'ready' } });

    // A request running when the signal comes.
    const heldAnswer = api('/api/held');
    await held.inside;

    const started = performance.now();
    let finished = false;
    const shutdown = running.shutdown().then(() => (finished = true));

    const [readyNow, health, status] = await Promise.all([
      fetch(`${base}/ready`),
      fetch(`${base}/health`),
      api(`/api/companies/${companyId}/${statusSegment('hr')}`),
    ]);
    expect({ status: readyNow.status, body: await readyNow.json() }).toEqual({ status: 503, body: { status: 'draining', service: 'hr' } });
    expect({ status: health.status, body: await health.json() }).toEqual({ status: 200, body: { status: 'ok', service: 'hr' } });
    // Still served, on a connection closed after the answer (the client's next one goes elsewhere).
    expect({ status: status.status, body: await status.json(), connection: status.headers.get('connection') }).toEqual({
      status: 200,
      body: { service: 'hr', companyId },
      connection: 'close',
    });

    // The drain over, the server stops accepting but waits for the running request.
    await untilRefused(`${base}/health`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 20);
    expect(finished).toBe(false);
    held.release();
    const answer = await heldAnswer;
    expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 200, body: { held: 'done' } });
    await shutdown;
    expect(finished).toBe(true);
  });

  it('without a drain (DRAIN_SECONDS unset: tests, npm start), shutdown closes at once', async () => {
    running = await runService({
      name: 'hr',
      schema: 'hr',
      migrationsDir,
      buildApi: () => caseSensitiveRouter(),
      jobHandlers: () => ({}),
    }).start({ port: 0, runMigrations: false });
    const base = `http://127.0.0.1:${running.port}`;
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    await running.shutdown();
    await expect(fetch(`${base}/health`)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
  });
});
