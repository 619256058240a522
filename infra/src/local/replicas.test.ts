import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { JOBS, QUEUES } from '@xaalis/contracts';
import { createJobQueue, type JobQueue } from '@xaalis/service-kit';
import { freePorts } from './ports';
import { nginxBinary, nginxProcess, planTopology, replicaProcesses, waitForReplicas, type ReplicaTopology } from './replicas';
import { Supervisor } from './supervisor';

// XAALIS_REPLICAS on loopback, from the built processes (`tsc -b` runs before Jest in
// `npm test`): two gateways, two accounting services and two accounting workers behind
// nginx run from the repository's configuration, as replicas.ts starts them for `npm start`.

const ROOT = path.resolve(__dirname, '..', '..', '..');
const BUILDS = ['gateway/dist/server.js', 'services/accounting/dist/server.js', 'services/accounting/dist/worker.js'];
const today = new Date().toISOString().slice(0, 10); // UTC = Dakar time
const year = today.slice(0, 4);

const describeWithNginx = nginxBinary() ? describe : describe.skip;
if (!nginxBinary()) console.warn('nginx is not installed: the replica tests are skipped (apt-get install -y nginx-light)');

/** One line a process printed, parsed when it is pino's JSON. */
interface Line {
  name: string;
  log: { msg?: string; req?: { method?: string; url?: string } } | null;
}

describeWithNginx('two replicas of the gateway, the accounting service and its worker behind nginx', () => {
  let dir: string;
  let topology: ReplicaTopology;
  let supervisor: Supervisor;
  let queue: JobQueue;
  let db: Client;
  const lines: Line[] = [];
  const prefix = `${process.env.REDIS_PREFIX}_replicas`;

  beforeAll(async () => {
    const missing = BUILDS.filter((b) => !fs.existsSync(path.join(ROOT, b)));
    if (missing.length) throw new Error(`not built: ${missing.join(', ')} (npx tsc -b tsconfig.json)`);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-replicas-'));
    const [front, accounting, dead] = await freePorts(3);
    topology = await planTopology({ replicas: 2, port: front, servicePorts: { accounting } });
    const databaseUrl = process.env.DATABASE_URL as string;
    const common: NodeJS.ProcessEnv = {
      ...process.env,
      REDIS_PREFIX: prefix, // the other test files' workers must not take these jobs
      SESSION_SECRET: 'replicas-test-session-secret-0123456789abcdef',
      SESSION_COOKIE_SECURE: 'auto',
      LOG_LEVEL: 'info', // the access lines tell which replica answered
      REGISTER_MAX_PER_WINDOW: '1000',
      // Not started here: a closed port, never another stack's service.
      HR_URL: `http://127.0.0.1:${dead}`,
      SECTOR_URL: `http://127.0.0.1:${dead}`,
    };
    const output = (name: string, line: string) => {
      let log: Line['log'] = null;
      try {
        log = line.startsWith('{') ? (JSON.parse(line) as Line['log']) : null;
      } catch {
        /* not JSON */
      }
      lines.push({ name, log });
    };
    supervisor = new Supervisor(() => {}, output);
    const databaseUrls = { gateway: databaseUrl, accounting: databaseUrl };
    for (const spec of replicaProcesses(topology, { root: ROOT, common, databaseUrls, workers: true })) supervisor.start(spec);
    supervisor.start(nginxProcess(topology, { root: ROOT, dir: path.join(dir, 'nginx') }));
    queue = createJobQueue({ name: QUEUES.accounting, redisUrl: process.env.REDIS_URL as string, prefix, handlers: {} });
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    expect(await waitForReplicas(topology, 100_000)).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await supervisor?.stopAll();
    await queue?.close();
    await db?.end();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  const call = async (port: number, method: string, url: string, cookie = '', body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const cookieSet = res.headers.getSetCookie().find((c) => c.startsWith('xaalis.sid='));
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : null) as Record<string, string> | null,
      cookie: cookieSet?.split(';')[0],
    };
  };

  let n = 0;
  /** A new user and company, registered through `port`; its session cookie. */
  const register = async (port: number) => {
    const username = `replica${Date.now().toString(36)}${++n}`;
    const res = await call(port, 'POST', '/api/register', '', {
      username,
      email: `${username}@exemple.sn`,
      password: 'motdepasse-replique-1',
      firstName: 'Réplique',
      lastName: 'Test',
      companyName: `Réplique ${n} SARL`,
      phone: '+221 77 000 00 00',
      address: 'Dakar',
      sector: 'service',
    });
    expect(res.status).toBe(201);
    return { username, cookie: res.cookie as string, companyId: res.body?.companyId as string };
  };

  it('a session opened on one gateway is valid on the other; a logout on either ends it on both at the next request', async () => {
    const [a, b] = topology.gateways;
    const user = await register(a);
    const invoices = `/api/companies/${user.companyId}/invoices`;
    expect((await call(b, 'GET', '/api/user', user.cookie)).body?.username).toBe(user.username);
    expect((await call(b, 'GET', invoices, user.cookie)).status).toBe(200); // the proxied fast path

    expect((await call(a, 'POST', '/api/logout', user.cookie, {})).status).toBe(200);
    expect((await call(b, 'GET', '/api/user', user.cookie)).status).toBe(401);
    expect((await call(b, 'GET', invoices, user.cookie)).status).toBe(401);

    // The other way round: signed in on B, signed out on B, refused on A.
    const login = await call(b, 'POST', '/api/login', '', { username: user.username, password: 'motdepasse-replique-1' });
    expect(login.status).toBe(200);
    const cookie = login.cookie as string;
    expect((await call(a, 'GET', invoices, cookie)).status).toBe(200);
    expect((await call(b, 'POST', '/api/logout', cookie, {})).status).toBe(200);
    expect((await call(a, 'GET', invoices, cookie)).status).toBe(401);
    expect((await call(a, 'GET', '/api/user', cookie)).status).toBe(401);
  });

  it('concurrent invoice creations and validations spread over both accounting replicas get gap-free numbers', async () => {
    const front = topology.port;
    const user = await register(front);
    const c = `/api/companies/${user.companyId}`;
    // The chart comes from a job of one of the two workers (retried: the request waits 10 s at most).
    let chart = await call(front, 'POST', `${c}/generate-chart`, user.cookie, {});
    for (let i = 0; i < 3 && chart.status === 503; i++) chart = await call(front, 'POST', `${c}/generate-chart`, user.cookie, {});
    expect(chart.status).toBe(200);
    const client = await call(front, 'POST', `${c}/third-parties`, user.cookie, {
      type: 'client',
      name: 'Client réplique',
      paymentTerms: 30,
    });
    expect(client.status).toBe(201);
    const proposal = (await call(front, 'GET', `${c}/invoices/next-number?type=sale`, user.cookie)).body?.number;
    const count = 24;
    const invoice = (k: number) => ({
      invoice: {
        type: 'sale',
        number: proposal,
        thirdPartyId: client.body?.id,
        date: today,
        dueDate: today,
        paymentMethod: 'bank',
        vatRate: '18.00',
      },
      lines: [{ description: `Prestation ${k}`, quantity: '1', unitPrice: `${(k + 1) * 1000}.00` }],
    });
    const created = await Promise.all(
      Array.from({ length: count }, (_, k) => call(front, 'POST', `${c}/invoices`, user.cookie, invoice(k))),
    );
    expect(created.map((r) => r.status)).toEqual(Array(count).fill(201));
    const validated = await Promise.all(created.map((r) => call(front, 'PATCH', `/api/invoices/${r.body?.id}/validate`, user.cookie, {})));
    expect(validated.map((r) => r.status)).toEqual(Array(count).fill(200));

    const sequence = async (sql: string) =>
      (await db.query<{ number: string }>(sql, [user.companyId])).rows.map((r) => Number(r.number.split('-')[2])).sort((x, y) => x - y);
    const expected = Array.from({ length: count }, (_, k) => k + 1);
    expect(await sequence(`SELECT number FROM accounting.invoices WHERE company_id = $1`)).toEqual(expected);
    expect(
      await sequence(
        `SELECT number FROM accounting.accounting_entries WHERE company_id = $1 AND journal = 'VT' AND number LIKE 'VT-${year}-%'`,
      ),
    ).toEqual(expected);

    // Both replicas of each tier answered some of them (nginx's round robin, on both hops).
    const served = (name: string, method: string, suffix: string) =>
      lines.filter((l) => l.name === name && l.log?.req?.method === method && l.log.req.url?.endsWith(suffix)).length;
    for (const name of ['accounting#1', 'accounting#2', 'gateway#1', 'gateway#2']) {
      expect({ name, creations: served(name, 'POST', `${c}/invoices`) > 0 }).toEqual({ name, creations: true });
      expect({ name, validations: served(name, 'PATCH', '/validate') > 0 }).toEqual({ name, validations: true });
    }
  }, 90_000);

  it('each job is processed once with two workers, and the two workers schedule each recurring job once', async () => {
    const bull = queue.queue!;
    expect(await bull.getWorkersCount()).toBe(2);
    const companyId = (await register(topology.port)).companyId;
    const ids = Array.from({ length: 60 }, (_, k) => `replicas-ping-${Date.now().toString(36)}-${k}`);
    // One attempt and kept once completed: a second delivery could only be a duplicate.
    await Promise.all(ids.map((jobId) => queue.add(JOBS.ping, { companyId }, { jobId, attempts: 1, removeOnComplete: false })));
    const deadline = Date.now() + 60_000;
    let states: string[] = [];
    while (Date.now() < deadline) {
      states = await Promise.all(ids.map((id) => bull.getJobState(id)));
      if (states.every((s) => s === 'completed' || s === 'failed')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(states).toEqual(Array(ids.length).fill('completed'));
    const jobs = await Promise.all(ids.map((id) => bull.getJob(id)));
    const runs = jobs.map((j) => ({ started: j?.attemptsStarted, stalled: j?.stalledCounter, result: j?.returnvalue as unknown }));
    expect(runs).toEqual(Array(ids.length).fill({ started: 1, stalled: 0, result: { recorded: true } }));
    const recorded = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounting.job_runs WHERE job_id = ANY($1)`, [ids]);
    expect(recorded.rows[0].n).toBe(ids.length);

    // Both workers upserted the schedules: still one pending run per schedule, never two.
    const schedulers = await bull.getJobSchedulers(0, -1);
    expect(schedulers.length).toBeGreaterThan(0);
    const pending = await bull.getJobs(['delayed', 'wait', 'prioritized']);
    for (const s of schedulers) {
      const next = pending.filter((j) => String(j.id).startsWith(`repeat:${s.key}:`));
      expect({ schedule: s.key, pending: next.length }).toEqual({ schedule: s.key, pending: 1 });
    }
  }, 90_000);
});
