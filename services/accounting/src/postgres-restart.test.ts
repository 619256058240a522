// Fault test: Postgres stopped (fast shutdown) and started again under steady write traffic.
// The requests made during the outage answer 503 JSON with a French message (never a 500, never
// a hang), the service and its worker reconnect by themselves, every acknowledged write is in
// the database and the entry numbers have no gap. A private Postgres (initdb + pg_ctl into a
// temporary folder, its own port): the shared one on 5432 serves the other test files.
import { Client } from 'pg';
import { JOBS, type Company, type GenerateChartJob } from '@xaalis/contracts';
import { mustExist, type RunningService, type RunningWorker } from '@xaalis/service-kit';
import { start } from './server';
import { createCompany } from './test-support';
import { freePort, pgBin, privatePostgres } from './test-support/postgres';
import { chartByWorker, entryTraffic, expectAcknowledgedWrites, expectCleanOutage, sleep, statusCounts } from './test-support/outage';
import { startWorker } from './worker';

// About 15–40 s on an idle machine; room for a loaded one (child workers and migrations start slowly).
jest.setTimeout(90_000);

const bin = pgBin();
const PREFIX = `${process.env.REDIS_PREFIX ?? 'xaalis_test'}_pg_restart`;
const saved = { url: process.env.DATABASE_URL, prefix: process.env.REDIS_PREFIX };
let pg: ReturnType<typeof privatePostgres> | undefined;
let service: RunningService | undefined;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  if (!bin) return;
  pg = privatePostgres(bin, await freePort());
  pg.start();
  const admin = new Client({ connectionString: pg.url.replace(/\/xaalis$/, '/postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE xaalis');
  await admin.end();
  process.env.DATABASE_URL = pg.url;
  process.env.REDIS_PREFIX = PREFIX;
  service = await start({ port: 0 });
  worker = await startWorker();
});

afterAll(async () => {
  process.env.DATABASE_URL = saved.url;
  process.env.REDIS_PREFIX = saved.prefix;
  await worker?.close();
  await service?.close();
  if (pg?.running()) pg.stop();
  pg?.remove();
});

(bin ? it : it.skip)('answers 503 JSON during a Postgres restart, reconnects by itself and loses no acknowledged write', async () => {
  const svc = mustExist(service, 'service');
  const queue = mustExist(svc.ctx.queue.queue, 'queue');
  const company: Company = await createCompany(svc, { sector: 'service' });
  await chartByWorker(svc, company, `chart-${company.id}-before`, 20_000);
  const traffic = await entryTraffic(svc, company);

  const duringOutage = await createCompany(svc, { sector: 'service' });
  await sleep(1_500);
  const pgHandle = mustExist(pg, 'postgres');
  const stopAt = Date.now();
  pgHandle.stop();
  const stoppedAt = Date.now();
  // A job enqueued while Postgres is down: it cannot run until Postgres is back.
  const outageJobId = `chart-${duringOutage.id}-outage`;
  await queue.add(JOBS.generateChart, { companyId: duringOutage.id, sector: 'service' } satisfies GenerateChartJob, { jobId: outageJobId });
  await sleep(3_000);
  const restartAt = Date.now();
  pgHandle.start();
  const startedAt = Date.now();
  // Reconnection: the first acknowledged write made after Postgres is back.
  const reconnectMs = await traffic.firstSuccessAfter(startedAt, 20_000);
  await sleep(1_500);
  await traffic.stop();
  const { answers } = traffic;

  // The worker reconnects too: a job after the restart runs without restarting anything.
  const other = await createCompany(svc, { sector: 'service' });
  const jobAfterMs = await chartByWorker(svc, other, `chart-${other.id}-after`, 20_000);
  // The job enqueued during the outage waited for Postgres (without using its attempts) and ran.
  for (let waited = 0; (await queue.getJobState(outageJobId)) !== 'completed' && waited < 10_000; waited += 100) await sleep(100);
  const outageJob = mustExist(await queue.getJob(outageJobId), 'outage job');
  const outageJobState = `${await outageJob.getState()} (attempts made ${outageJob.attemptsMade})`;
  expect(await outageJob.getState()).toBe('completed');

  expectCleanOutage(answers);
  // The requests in flight when Postgres stopped.
  const inFlight = answers.filter((a) => a.at < stopAt && a.at + a.ms > stopAt);
  const slowest = Math.max(...answers.map((a) => a.ms));
  expect(slowest).toBeLessThan(12_000);
  expect(reconnectMs).toBeLessThan(10_000);
  expect(answers.filter((a) => a.at >= startedAt && a.status < 300).length).toBeGreaterThan(0);
  const writes = await expectAcknowledgedWrites(svc.ctx.sequelize, company, answers);

  console.log(
    `postgres restart: fast stop ${stoppedAt - stopAt} ms, down ${restartAt - stoppedAt} ms, start ${startedAt - restartAt} ms, ` +
      `first 2xx ${reconnectMs} ms after the start, worker job after restart ${jobAfterMs} ms, job enqueued during the outage ${outageJobState}; ` +
      `answers ${JSON.stringify(statusCounts(answers))} (in flight at the stop: ${inFlight.map((a) => a.status).join(', ')}), slowest ${slowest} ms, ` +
      `entries ${writes.entries} (acknowledged: ${writes.created} created, ${writes.validated} validated)`,
  );
});
