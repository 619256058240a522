import { start } from './server';

// Argon2 hashing and child services are slow under parallel workers (the project-level testTimeout is not applied by Jest).
jest.setTimeout(30_000);

describe('start()', () => {
  it('migrates, listens on the given port and closes cleanly', async () => {
    const running = await start({ port: 0 });
    try {
      expect(running.port).toBeGreaterThan(0);
      const health = await fetch(`http://127.0.0.1:${running.port}/health`);
      expect(await health.json()).toEqual({ status: 'ok', service: 'gateway' });
      const user = await fetch(`http://127.0.0.1:${running.port}/api/user`);
      expect(user.status).toBe(401);
    } finally {
      await running.close();
    }
  });
});
