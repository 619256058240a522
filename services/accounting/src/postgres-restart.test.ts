// Fault test: Postgres stopped (fast shutdown) and started again under steady write traffic.
// The requests made during the outage answer 503 JSON with a French message (never a 500, never
// a hang), the service and its worker reconnect by themselves, every acknowledged write is in
// the database and the entry numbers have no gap. A private Postgres (initdb + pg_ctl into a
// temporary folder, its own port): the shared one on 5432 serves the other test files.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import { JOBS, MESSAGES_HTTP, type AccountListResponse, type Company, type GenerateChartJob } from '@xaalis/contracts';
import { mustExist, type RunningService, type RunningWorker } from '@xaalis/service-kit';
import { start } from './server';
import { asTenant, createCompany } from './test-support';
import { startWorker } from './worker';

// About 15–40 s on an idle machine; room for a loaded one (child workers and migrations start slowly).
jest.setTimeout(90_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The folder of initdb/pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<v>/bin. */
function pgBin(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A throw-away cluster; Postgres refuses to run as root, so as root it runs as `postgres`. */
function privatePostgres(bin: string, port: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-pg-restart-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const run = (tool: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(bin, tool), asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args, {
      stdio: 'pipe',
      cwd: dir,
    });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/xaalis`,
    start: () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '30', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']),
    running: () => fs.existsSync(path.join(data, 'postmaster.pid')),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

interface Answer {
  op: 'create' | 'validate';
  status: number;
  ms: number;
  at: number;
  body: { id?: string; number?: string; status?: string; message?: string } | null;
  contentType: string;
}

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
  const db = svc.ctx.sequelize;
  const base = `http://127.0.0.1:${svc.port}/api`;
  const company: Company = await createCompany(svc, { sector: 'service' });
  const queue = mustExist(svc.ctx.queue.queue, 'queue');

  /** A chart generation through the worker (its database connections in use before the outage and after it). */
  async function chartByWorker(target: Company, jobId: string, timeoutMs: number) {
    const job = await queue.add(JOBS.generateChart, { companyId: target.id, sector: 'service' } satisfies GenerateChartJob, { jobId });
    const startedAt = Date.now();
    for (;;) {
      const state = await queue.getJobState(jobId);
      if (state === 'completed') return Date.now() - startedAt;
      if (state === 'failed' || Date.now() - startedAt > timeoutMs)
        throw new Error(`chart job ${jobId} ${state}: ${job.failedReason ?? ''}`);
      await sleep(50);
    }
  }
  await chartByWorker(company, `chart-${company.id}-before`, 20_000);
  const accounts = new Map(
    (
      (await (
        await fetch(`${base}/companies/${company.id}/accounts?pageSize=1000`, { headers: asTenant(company.id) })
      ).json()) as AccountListResponse
    ).items.map((a) => [a.code, a]),
  );
  const debit = mustExist(accounts.get('6222'), '6222').id;
  const credit = mustExist(accounts.get('521'), '521').id;

  const answers: Answer[] = [];
  let stopTraffic = false;
  async function call(op: Answer['op'], url: string, method: string, body?: unknown): Promise<Answer> {
    const startedAt = Date.now();
    let answer: Answer;
    try {
      const res = await fetch(url, {
        method,
        headers: { ...asTenant(company.id), 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      let parsed: Answer['body'] = null;
      try {
        parsed = JSON.parse(text) as Answer['body'];
      } catch {
        parsed = { message: `not JSON: ${text.slice(0, 200)}` };
      }
      answer = {
        op,
        status: res.status,
        ms: Date.now() - startedAt,
        at: startedAt,
        body: parsed,
        contentType: res.headers.get('content-type') ?? '',
      };
    } catch (err) {
      answer = { op, status: 0, ms: Date.now() - startedAt, at: startedAt, body: { message: String(err) }, contentType: '' };
    }
    answers.push(answer);
    return answer;
  }
  /** One client: creates a draft (a counter number), then validates it; again and again. */
  async function client(k: number) {
    for (let i = 0; !stopTraffic; i++) {
      const created = await call('create', `${base}/companies/${company.id}/accounting-entries`, 'POST', {
        entry: { number: 'OD-2026-00001', journal: 'OD', date: '2026-03-14', description: `Loyer ${k}-${i}` },
        lines: [
          { accountId: debit, description: 'Loyer', debit: '1000.00', credit: '0.00' },
          { accountId: credit, description: 'Banque', debit: '0.00', credit: '1000.00' },
        ],
      });
      if (created.status === 201 && created.body?.id) {
        await call('validate', `${base}/accounting-entries/${created.body.id}/validate`, 'PATCH');
      } else {
        await sleep(100);
      }
    }
  }
  const traffic = Promise.all([0, 1, 2, 3].map(client));

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
  while (!answers.some((a) => a.at >= startedAt && a.status >= 200 && a.status < 300)) {
    if (Date.now() - startedAt > 20_000) break;
    await sleep(20);
  }
  const reconnectMs = Date.now() - startedAt;
  await sleep(1_500);
  stopTraffic = true;
  await traffic;

  // The worker reconnects too: a job after the restart runs without restarting anything.
  const other = await createCompany(svc, { sector: 'service' });
  const jobAfterMs = await chartByWorker(other, `chart-${other.id}-after`, 20_000);
  // The job enqueued during the outage waited for Postgres (without using its attempts) and ran.
  for (let waited = 0; (await queue.getJobState(outageJobId)) !== 'completed' && waited < 10_000; waited += 100) await sleep(100);
  const outageJob = mustExist(await queue.getJob(outageJobId), 'outage job');
  const outageJobState = `${await outageJob.getState()} (attempts made ${outageJob.attemptsMade})`;
  expect(await outageJob.getState()).toBe('completed');

  // Every answer is a success or a clean 503 (JSON, French message), none hung.
  const statuses = new Map<number, number>();
  for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  const unexpected = answers.filter((a) => ![200, 201, 503].includes(a.status));
  expect(unexpected).toEqual([]);
  const failures = answers.filter((a) => a.status === 503);
  expect(failures.length).toBeGreaterThan(0);
  for (const f of failures) {
    expect(f.contentType).toMatch(/application\/json/);
    expect(f.body).toEqual({ message: MESSAGES_HTTP.databaseUnavailable });
  }
  // The requests in flight when Postgres stopped.
  const inFlight = answers.filter((a) => a.at < stopAt && a.at + a.ms > stopAt);
  const slowest = Math.max(...answers.map((a) => a.ms));
  expect(slowest).toBeLessThan(12_000);
  expect(reconnectMs).toBeLessThan(10_000);
  const successesAfter = answers.filter((a) => a.at >= startedAt && a.status < 300);
  expect(successesAfter.length).toBeGreaterThan(0);

  // Every acknowledged write is in the database: created drafts exist, validated ones are validated.
  const created = answers.filter((a) => a.op === 'create' && a.status === 201).map((a) => mustExist(a.body?.id, 'id'));
  const validated = new Set(answers.filter((a) => a.op === 'validate' && a.status === 200).map((a) => mustExist(a.body?.id, 'id')));
  const rows = await db.query<{ id: string; status: string; number: string }>(
    'SELECT id, status, number FROM accounting.accounting_entries WHERE company_id = $1',
    { bind: [company.id], type: QueryTypes.SELECT },
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of created) expect(byId.has(id)).toBe(true);
  for (const id of validated) expect(byId.get(id)?.status).toBe('validated');

  // Numbers gap-free from 1, and the counter at the last one.
  const numbers = rows.map((r) => Number(r.number.split('-')[2])).sort((a, b) => a - b);
  expect(numbers).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
  const [counter] = await db.query<{ last_number: number }>(
    `SELECT last_number FROM accounting.entry_counters WHERE company_id = $1 AND journal = 'OD' AND year = 2026`,
    { bind: [company.id], type: QueryTypes.SELECT },
  );
  expect(counter?.last_number).toBe(rows.length);

  console.log(
    `postgres restart: fast stop ${stoppedAt - stopAt} ms, down ${restartAt - stoppedAt} ms, start ${startedAt - restartAt} ms, ` +
      `first 2xx ${reconnectMs} ms after the start, worker job after restart ${jobAfterMs} ms, job enqueued during the outage ${outageJobState}; ` +
      `answers ${JSON.stringify(Object.fromEntries(statuses))} (in flight at the stop: ${inFlight.map((a) => a.status).join(', ')}), slowest ${slowest} ms, ` +
      `entries ${rows.length} (acknowledged: ${created.length} created, ${validated.size} validated)`,
  );
});
