import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import request from 'supertest';
import { JOBS } from '@xaalis/contracts';
import { migrateOnly } from './migrate';
import { start } from './server';
import { startWorker } from './worker';

// The sector service in the single-process fallback of `npm start` (no Redis):
// jobs run inline through the same handlers. Jest gives each test file its own
// copy of process.env, so this does not leak into other files.
const TOKEN = process.env.INTERNAL_TOKEN as string;

describe('sector service', () => {
  it('migrates once: a second run has nothing to apply', async () => {
    await migrateOnly();
    await expect(migrateOnly()).resolves.toEqual([]);
  });

  describe('without Redis', () => {
    const saved = { REDIS_URL: process.env.REDIS_URL, PORT: process.env.PORT };
    beforeAll(() => {
      process.env.REDIS_URL = '';
      process.env.PORT = '0';
    });
    afterAll(() => Object.assign(process.env, saved));

    it('serves, answers readiness without Redis, and runs jobs inline', async () => {
      const service = await start();
      try {
        const http = request(`http://127.0.0.1:${service.port}`);
        await http.get('/ready').expect(200, { status: 'ready', service: 'sector', checks: { database: true } });

        const companyId = randomUUID();
        const headers = { 'X-Internal-Token': TOKEN, 'X-Company-Id': companyId, 'X-User-Role': 'owner' };
        await http.get(`/api/companies/${companyId}/sector-status`).set(headers).expect(200, { service: 'sector', companyId });
        await http.get(`/api/companies/${randomUUID()}/sector-status`).set(headers).expect(404);

        const jobId = `ping-${companyId}`;
        await expect(service.ctx.queue.addAndWait(JOBS.ping, { companyId }, { jobId })).resolves.toEqual({ recorded: true });
        await expect(service.ctx.queue.addAndWait(JOBS.ping, { companyId }, { jobId })).resolves.toEqual({ recorded: false });
        const runs = await service.ctx.sequelize.query('SELECT 1 FROM sector.job_runs WHERE job_id = $1', {
          bind: [jobId],
          type: QueryTypes.SELECT,
        });
        expect(runs).toHaveLength(1);
      } finally {
        await service.close();
      }
    });

    it('starts no worker (nothing to consume): no Redis connection, no BullMQ queue, jobs run inline', async () => {
      const worker = await startWorker();
      try {
        expect({ redis: worker.ctx.redis, queue: worker.ctx.queue.queue }).toEqual({ redis: null, queue: null });
        const companyId = randomUUID();
        const jobId = `ping-${companyId}`;
        await expect(worker.ctx.queue.add(JOBS.ping, { companyId }, { jobId })).resolves.toEqual({
          id: jobId,
          inline: true,
          result: { recorded: true },
        });
      } finally {
        await worker.close();
      }
    });
  });

  it('fails to start on a busy port and releases its connections', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      await expect(start({ port, runMigrations: false })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
