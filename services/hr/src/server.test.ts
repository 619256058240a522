import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import request from 'supertest';
import { JOBS, type PingJob } from '@xaalis/contracts';
import type { RunningService, RunningWorker } from '@xaalis/service-kit';
import { start } from './server';
import { startWorker } from './worker';

// The whole service as `npm start` runs it: HTTP server on a real port and a
// BullMQ worker on real Redis (per-run REDIS_PREFIX), both on the real database.
const TOKEN = process.env.INTERNAL_TOKEN as string;
const companyId = randomUUID();

let service: RunningService;
let worker: RunningWorker;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  service = await start({ port: 0 });
  worker = await startWorker();
  http = request(`http://127.0.0.1:${service.port}`);
});

afterAll(async () => {
  await worker.close();
  await service.close();
});

async function jobRuns(jobId: string) {
  return service.ctx.sequelize.query<{ attempts: number; company_id: string }>(
    'SELECT attempts, company_id FROM hr.job_runs WHERE job_id = $1',
    {
      bind: [jobId],
      type: QueryTypes.SELECT,
    },
  );
}

describe('hr service', () => {
  it('listens on the port it reports, with keep-alive longer than the gateway', async () => {
    expect(service.port).toBeGreaterThan(0);
    const res = await http.get('/health').set('Connection', 'keep-alive').expect(200, { status: 'ok', service: 'hr' });
    expect(res.headers['keep-alive']).toBe('timeout=65');
  });

  it("answers the tenancy probe for the caller's company only", async () => {
    const headers = { 'X-Internal-Token': TOKEN, 'X-Company-Id': companyId, 'X-User-Role': 'owner' };
    await http.get(`/api/companies/${companyId}/hr-status`).set(headers).expect(200, { service: 'hr', companyId });
    const res = await http.get(`/api/companies/${randomUUID()}/hr-status`).set(headers).expect(404);
    expect(res.body).toEqual({ message: 'Ressource introuvable' });
    // Every path under /api/companies/:companyId goes through the tenancy check,
    // even one no module answers yet: without the tenant header it is refused.
    await http.get(`/api/companies/${randomUUID()}/employees`).set(headers).expect(404);
    await http
      .get(`/api/companies/${companyId}/employees`)
      .set('X-Internal-Token', TOKEN)
      .expect(403, { message: 'Entreprise non identifiée' });
    await http.get(`/api/companies/${companyId}/hr-status`).expect(403);
  });

  it('processes a ping enqueued twice with the same jobId exactly once', async () => {
    const ping: PingJob = { companyId, note: 'hello' };
    const jobId = `ping-${companyId}`;
    await expect(service.ctx.queue.addAndWait(JOBS.ping, ping, { jobId })).resolves.toEqual({ recorded: true });
    await service.ctx.queue.add(JOBS.ping, ping, { jobId });
    // A job with another id goes through after it, so the worker had every chance to re-run the first.
    await service.ctx.queue.addAndWait(JOBS.ping, ping, { jobId: `${jobId}-2` });
    expect(await jobRuns(jobId)).toEqual([{ attempts: 1, company_id: companyId }]);

    // Even once BullMQ has forgotten the job (removed after its retention), job_runs keeps it idempotent.
    await (await service.ctx.queue.queue!.getJob(jobId))!.remove();
    await expect(service.ctx.queue.addAndWait(JOBS.ping, ping, { jobId })).resolves.toEqual({ recorded: false });
    expect(await jobRuns(jobId)).toHaveLength(1);
  });

  it('fails a malformed ping without retrying it', async () => {
    await expect(service.ctx.queue.addAndWait(JOBS.ping, { companyId: 'nope' }, { jobId: 'ping-malformed' })).rejects.toThrow(
      'companyId must be a uuid',
    );
    const job = await service.ctx.queue.queue!.getJob('ping-malformed');
    expect(job?.attemptsMade).toBe(1);
  });
});
