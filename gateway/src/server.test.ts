import { start } from './server';

// Argon2 hashing and child services are slow under parallel workers (the project-level testTimeout is not applied by Jest).
jest.setTimeout(30_000);

const DRAIN_SECONDS = 2;

describe('start()', () => {
  it('migrates, listens on the given port and closes cleanly', async () => {
    const running = await start({ port: 0 });
    try {
      expect(running.port).toBeGreaterThan(0);
      const health = await fetch(`http://127.0.0.1:${running.port}/health`);
      expect(await health.json()).toEqual({ status: 'ok', service: 'gateway' });
      const ready = await fetch(`http://127.0.0.1:${running.port}/ready`);
      expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { status: 'ready', service: 'gateway' } });
      const user = await fetch(`http://127.0.0.1:${running.port}/api/user`);
      expect(user.status).toBe(401);
    } finally {
      await running.close();
    }
  });

  it('on shutdown (SIGTERM) drains: /ready answers 503 draining while requests are still served, then it closes', async () => {
    const running = await start({ port: 0, drainSeconds: DRAIN_SECONDS });
    const base = `http://127.0.0.1:${running.port}`;
    try {
      const started = performance.now();
      const shutdown = running.shutdown();
      const [ready, health, remotes] = await Promise.all([
        fetch(`${base}/ready`),
        fetch(`${base}/health`),
        fetch(`${base}/config/remotes.json`),
      ]);
      expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 503, body: { status: 'draining', service: 'gateway' } });
      expect({ status: health.status, body: await health.json() }).toEqual({ status: 200, body: { status: 'ok', service: 'gateway' } });
      // Still served, on a connection closed after the answer (nginx's next one goes to another replica).
      expect({ status: remotes.status, connection: remotes.headers.get('connection') }).toEqual({ status: 200, connection: 'close' });
      await remotes.body?.cancel();
      await shutdown;
      expect(performance.now() - started).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 20);
      await expect(fetch(`${base}/health`)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
    } finally {
      await running.close();
    }
  });
});
