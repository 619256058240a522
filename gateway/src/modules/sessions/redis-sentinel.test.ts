// Fault test: Redis behind Sentinel (issue 32). Private redis-server processes on free loopback
// ports: one master, one replica, three Sentinels (Debian's redis-server runs as a Sentinel with
// --sentinel: no redis-sentinel package needed). A real gateway (sessions, rate limits, membership
// mirror) and a real BullMQ producer and worker from service-kit's queue helpers all get the one
// `redis-sentinel://` URL. Under a steady load of sign-ins, authenticated requests and jobs, the
// master is SIGKILLed: during the switch requests answer 503 JSON in French (never 500, never a
// hang), then sign-ins and jobs resume on the promoted replica without restarting anything, and
// every job whose enqueue was acknowledged runs exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import request from 'supertest';
import { HEADERS, MESSAGES_HTTP, type Company } from '@xaalis/contracts';
import { createJobQueue, createJobWorker, HttpError, type JobHandlers, type JobQueue } from '@xaalis/service-kit';
import type { Gateway } from '../../app';
import { loadConfig } from '../../config';
import { freePort } from '../../test-support/services';
import { newRegistration, postJson, sessionCookieFrom, testGateway } from '../../test-support/gateway';

// Five Redis processes, Sentinel discovery (hello messages every 2 s), a failover (1 s to notice,
// then the election), argon2 sign-ins on a busy 2-core machine, and a stalled job's recovery.
jest.setTimeout(150_000);

const MASTER_NAME = 'xaalis';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `redis-server args…` and waits until it answers PING on the port; resolves to its handle. */
async function startRedisProcess(
  port: number,
  args: string[],
): Promise<{ child: ChildProcess; stop(signal?: NodeJS.Signals): Promise<void> }> {
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let spawnError: Error | null = null;
  child.on('error', (err) => (spawnError = err));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (exited()) return;
    const exit = once(child, 'exit');
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await exit;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 10_000;
  while (!(await pings(port))) {
    if (spawnError || exited() || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server ${args.join(' ')} did not start: ${spawnError ?? ''}\n${output}`);
    }
    await sleep(50);
  }
  return { child, stop };
}

/** Whether a Redis server (or Sentinel) answers PING on the port (a raw RESP exchange, no client to clean up). */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/** A short-lived admin client on one server (no retries: a stopped server is an error at once). */
async function ask<T>(port: number, fn: (client: Redis) => Promise<T>): Promise<T> {
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  client.on('error', () => {});
  try {
    await client.connect();
    return await fn(client);
  } finally {
    client.disconnect();
  }
}

async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

interface Topology {
  url: string;
  masterPort: number;
  replicaPort: number;
  sentinelPorts: number[];
  killMaster(): Promise<void>;
  /** SIGSTOP / SIGCONT the replica: still connected to the master, it acknowledges nothing meanwhile. */
  pauseReplica(): void;
  resumeReplica(): void;
  /** The replica is in sync with the master and every Sentinel sees it healthy (a failover can pick it). */
  replicaHealthy(): Promise<boolean>;
  /** The master's address according to each Sentinel that answers. */
  masterSeenBySentinels(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Master, replica (in sync before it returns) and three Sentinels (quorum 2, master down after 1 s,
 * each knowing the replica and the two other Sentinels, so a failover can be elected at once).
 * Sentinels rewrite their configuration file: each gets its own in a temporary directory.
 */
async function startTopology(): Promise<Topology> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-sentinel-'));
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    try {
      for (const stop of stops.reverse()) await stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    const base = (port: number) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
    const masterPort = await freePort();
    const master = await startRedisProcess(masterPort, base(masterPort));
    stops.push(() => master.stop());
    const replicaPort = await freePort();
    const replica = await startRedisProcess(replicaPort, [...base(replicaPort), '--replicaof', '127.0.0.1', String(masterPort)]);
    stops.push(async () => {
      replica.child.kill('SIGCONT');
      await replica.stop();
    });
    await until(
      'the replica to sync',
      () => ask(replicaPort, async (c) => (await c.info('replication')).includes('master_link_status:up')),
      15_000,
    );

    const sentinelPorts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const conf = path.join(dir, `sentinel-${port}.conf`);
      fs.writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor ${MASTER_NAME} 127.0.0.1 ${masterPort} 2`,
          `sentinel down-after-milliseconds ${MASTER_NAME} 1000`,
          `sentinel failover-timeout ${MASTER_NAME} 10000`,
          `sentinel parallel-syncs ${MASTER_NAME} 1`,
          '',
        ].join('\n'),
      );
      const sentinel = await startRedisProcess(port, [conf, '--sentinel']);
      stops.push(() => sentinel.stop());
      sentinelPorts.push(port);
    }
    const replicaHealthy = async () => {
      if (!(await ask(replicaPort, async (c) => (await c.info('replication')).includes('master_link_status:up')))) return false;
      for (const port of sentinelPorts) {
        const known = await ask(port, async (c) => {
          const replicas = (await c.call('SENTINEL', 'REPLICAS', MASTER_NAME)) as string[][];
          const sentinels = (await c.call('SENTINEL', 'SENTINELS', MASTER_NAME)) as unknown[];
          const flags = replicas.map((r) => r[r.indexOf('flags') + 1]);
          return flags.length === 1 && flags[0] === 'slave' && sentinels.length === 2;
        });
        if (!known) return false;
      }
      return true;
    };
    await until('the Sentinels to know the replica and one another', replicaHealthy, 30_000);
    return {
      url: `redis-sentinel://${sentinelPorts.map((p) => `127.0.0.1:${p}`).join(',')}/${MASTER_NAME}`,
      masterPort,
      replicaPort,
      sentinelPorts,
      killMaster: () => master.stop('SIGKILL'),
      pauseReplica: () => void replica.child.kill('SIGSTOP'),
      resumeReplica: () => void replica.child.kill('SIGCONT'),
      replicaHealthy,
      masterSeenBySentinels: async () =>
        Promise.all(
          sentinelPorts.map((port) =>
            ask(port, async (c) => ((await c.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', MASTER_NAME)) as string[]).join(':')),
          ),
        ),
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** A stand-in accounting service: the company routes registration and sign-in call, and one proxied read. */
async function startAccountingStandIn(): Promise<{ url: string; close(): Promise<void> }> {
  const companies = new Map<string, Company>();
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = (req.url ?? '').split('?')[0];
      if (req.method === 'POST' && url === '/internal/companies') {
        const input = JSON.parse(raw) as Pick<Company, 'id' | 'name' | 'address' | 'phone' | 'email' | 'sector'>;
        const now = new Date().toISOString();
        const company: Company = {
          registrationNumber: null,
          taxNumber: null,
          fiscalYear: String(new Date().getFullYear()),
          createdAt: now,
          updatedAt: now,
          ...input,
        };
        companies.set(company.id, company);
        json(res, 201, company);
        return;
      }
      const company = /^\/api\/companies\/([^/]+)$/.exec(url);
      if (req.method === 'GET' && company) {
        const found = companies.get(decodeURIComponent(company[1]));
        json(res, found ? 200 : 404, found ?? { message: MESSAGES_HTTP.notFound });
        return;
      }
      if (req.method === 'GET' && url === '/api/invoices') {
        json(res, 200, { companyId: req.headers[HEADERS.companyId], userId: req.headers[HEADERS.userId] });
        return;
      }
      json(res, 404, { message: MESSAGES_HTTP.notFound });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const cookiePair = (res: request.Response): string => {
  const cookie = sessionCookieFrom(res.headers['set-cookie']);
  if (!cookie) throw new Error(`no session cookie in the answer (status ${res.status})`);
  return cookie.split(';')[0];
};

/** One answer seen by a client of the gateway. */
interface Seen {
  kind: 'login' | 'user' | 'proxied';
  /** When the request started and when its answer came. */
  started: number;
  at: number;
  status: number;
  body: unknown;
}

let topology: Topology | undefined;
let accounting: Awaited<ReturnType<typeof startAccountingStandIn>> | undefined;
let gw: Gateway | undefined;
let producer: JobQueue | undefined;
let worker: ReturnType<typeof createJobWorker> | undefined;
/** Completed runs of the worker's handler, by job id, and all its calls (completed or not). */
const runs = new Map<string, number>();
let calls = 0;
/** Set by afterAll: a load loop still running (the test failed or timed out) stops at once. */
let tornDown = false;
/** The `straddle` job waits for this (opened just after the kill), then enqueues its follow-up. */
let openStraddle: () => void = () => {};
const straddleGate = new Promise<void>((resolve) => (openStraddle = resolve));
let straddleCalls = 0;

beforeAll(async () => {
  topology = await startTopology();
  accounting = await startAccountingStandIn();
  gw = await testGateway({ redisUrl: topology.url, services: { ...loadConfig().services, accounting: accounting.url } });
  // Jobs: a real producer and worker from service-kit on the Sentinel URL, each run counted by job id.
  // As the services' handlers do, a job of the load enqueues a follow-up job with an id derived from
  // its own. A run whose follow-up is refused during the failover is postponed, then runs again.
  const handlers: JobHandlers = {
    tick: async (_data, job) => {
      calls++;
      const id = String(job.id);
      await sleep(5);
      if (id.startsWith('load-')) await producer!.add('tick', {}, { jobId: `then-${id}` });
      runs.set(id, (runs.get(id) ?? 0) + 1);
    },
    straddle: async () => {
      straddleCalls++;
      await straddleGate;
      await producer!.add('tick', {}, { jobId: 'then-straddle' });
      runs.set('straddle', (runs.get('straddle') ?? 0) + 1);
    },
  };
  const name = `sentinel-${Date.now().toString(36)}`;
  const prefix = process.env.REDIS_PREFIX as string;
  producer = createJobQueue({ name, redisUrl: topology.url, prefix, handlers });
  worker = createJobWorker({ name, redisUrl: topology.url, prefix, handlers });
  await worker.worker.waitUntilReady();
}, 90_000);

afterAll(async () => {
  tornDown = true;
  // Clients first, so none is left reconnecting to stopped servers.
  await worker?.close();
  await producer?.close();
  await gw?.close();
  await topology?.stop();
  await accounting?.close();
});

const queueUnavailable = { status: 503, message: MESSAGES_HTTP.queueUnavailable };

it('acknowledges an enqueue only once the replica has it (WAIT): 503 while the replica does not answer', async () => {
  const t = topology!;
  // The replica stays connected but acknowledges nothing: the job reaches the master only.
  t.pauseReplica();
  try {
    await expect(producer!.add('tick', {}, { jobId: 'unconfirmed' })).rejects.toMatchObject(queueUnavailable);
  } finally {
    t.resumeReplica();
  }
  // Made again once the replica answers (as the outbox sweep would), with the same id: acknowledged,
  // and the job (which the master did have) runs once.
  await expect(producer!.add('tick', {}, { jobId: 'unconfirmed' })).resolves.toMatchObject({ id: 'unconfirmed' });
  await until('the job to run', async () => runs.has('unconfirmed'), 30_000);
  // The Sentinels saw the paused replica down: the next test needs them to see it healthy again.
  await until('the replica to be healthy again', () => t.replicaHealthy(), 30_000);
  expect(runs.get('unconfirmed')).toBe(1);
});

it('keeps sign-ins and jobs going through a failover: 503 JSON during the switch, no job lost or run twice', async () => {
  const t = topology!;
  const app = gw!.app;

  const form = newRegistration();
  const registered = await postJson(request(app), '/api/register', form);
  expect(registered.status).toBe(201);
  const earlyCookie = cookiePair(registered);
  const companyId = (registered.body as { companyId: string }).companyId;

  const seen: Seen[] = [];
  /** Acknowledged enqueues (job id → when the last try started), and enqueues refused with a 503 (each then made again with the same id). */
  const acked = new Map<string, number>();
  let refusedEnqueues = 0;
  const unexpected: string[] = [];
  let stopping = false;

  // A request that hangs fails the test (the timeout rejects): each must be answered.
  const record = async (kind: Seen['kind'], req: request.Test): Promise<request.Response> => {
    const started = Date.now();
    const res = await req.timeout(20_000);
    seen.push({ kind, started, at: Date.now(), status: res.status, body: res.body });
    return res;
  };
  const gatewayLoop = async () => {
    while (!stopping && !tornDown) {
      const login = await record('login', postJson(request(app), '/api/login', { username: form.username, password: form.password }));
      if (login.status === 200) {
        const cookie = cookiePair(login);
        await record('user', request(app).get('/api/user').set('Cookie', cookie));
        await record('proxied', request(app).get('/api/invoices').set('Cookie', cookie));
      } else {
        await sleep(50);
      }
    }
  };
  let jobCounter = 0;
  const jobLoop = async () => {
    while (!stopping && !tornDown) {
      const id = `load-${jobCounter++}`;
      // As the outbox sweep does: an enqueue refused with a 503 is made again with the same id.
      for (;;) {
        const started = Date.now();
        try {
          // One attempt: a run interrupted by the failover must not use it up (a failover in
          // production lasts longer than the default three attempts 0.5 s and 1 s apart).
          await producer!.add('tick', {}, { jobId: id, attempts: 1 });
          acked.set(id, started);
          break;
        } catch (err) {
          if (!(err instanceof HttpError && err.status === 503)) {
            unexpected.push(`enqueue ${id}: ${(err as Error).message}`);
            break;
          }
          refusedEnqueues++;
          if (tornDown) return;
          await sleep(50);
        }
      }
      await sleep(10);
    }
  };
  const loops = Promise.all([gatewayLoop(), gatewayLoop(), jobLoop(), jobLoop()]);

  // Steady state first: everything succeeds.
  await until('steady load', async () => seen.filter((s) => s.kind === 'login').length >= 4 && acked.size >= 20, 30_000);
  expect(seen.filter((s) => s.status !== 200)).toEqual([]);

  // A job running across the kill: its follow-up is refused while the switch is under way.
  await producer!.add('straddle', {}, { jobId: 'straddle', attempts: 1 });
  await until('the straddling job to start', async () => straddleCalls === 1, 10_000);

  await t.killMaster();
  const killedAt = Date.now();
  openStraddle();

  // Load goes on until both sign-ins and enqueues started after the kill have worked (one under way
  // at the kill may still have succeeded on the old master), then a bit more.
  const recovered = () =>
    seen.some((s) => s.kind === 'login' && s.started > killedAt && s.status === 200) &&
    [...acked.values()].some((started) => started > killedAt);
  let loopsError: Error | undefined;
  const noteError = (err: unknown) => {
    loopsError ??= err instanceof Error ? err : new Error(String(err));
  };
  void loops.catch(noteError);
  await until('sign-ins and enqueues after the failover', async () => recovered() || loopsError !== undefined, 60_000).catch(noteError);
  await sleep(2_000);
  stopping = true;
  await loops.catch(noteError);
  if (loopsError) throw loopsError;
  expect(unexpected).toEqual([]);

  // The Sentinels all name the replica as the master now.
  expect(await t.masterSeenBySentinels()).toEqual(t.sentinelPorts.map(() => `127.0.0.1:${t.replicaPort}`));

  // During the switch: 503 with the French message, nothing else but successes.
  const unavailable = { message: MESSAGES_HTTP.sessionUnavailable };
  const failures = seen.filter((s) => s.status !== 200);
  expect(failures.filter((s) => s.status !== 503 || JSON.stringify(s.body) !== JSON.stringify(unavailable))).toEqual([]);
  const outage = failures.length ? (failures[failures.length - 1].at - failures[0].at) / 1000 : 0;

  // Sign-in and authenticated requests work again, on the same gateway and, for a session written
  // well before the kill (replicated long since), with the same cookie.
  const after = seen.filter((s) => s.started > killedAt && s.status === 200);
  expect(new Set(after.map((s) => s.kind))).toEqual(new Set(['login', 'user', 'proxied']));
  const early = await request(app).get('/api/user').set('Cookie', earlyCookie);
  expect(early.status).toBe(200);
  expect(early.body).toMatchObject({ username: form.username, companyId });

  // Every acknowledged job runs, and its follow-up, exactly once (a job held by the dead master's
  // lock could wait for the stalled-job check, 30 s by default, before it runs again).
  const done = (id: string) => runs.has(id) && runs.has(`then-${id}`);
  await until('every acknowledged job to run', async () => [...acked.keys()].every(done), 90_000).catch(() => undefined);
  const lost = [...acked.keys()].filter((id) => !done(id));
  const loadRuns = [...runs.entries()].filter(([id]) => /^(then-)?load-/.test(id));
  const duplicated = loadRuns.filter(([, n]) => n > 1).map(([id]) => id);
  const completed = loadRuns.reduce((sum, [, n]) => sum + n, 0);
  const slowest = Math.max(0, ...failures.map((s) => s.at - s.started));
  console.log(
    `Sentinel failover: ${outage.toFixed(1)} s of 503s seen by gateway clients (${failures.length} answers, slowest ${slowest} ms), ` +
      `${refusedEnqueues} enqueues refused (503) then made again; jobs acknowledged ${acked.size} (and their follow-ups), ` +
      `lost ${lost.length}, run twice ${duplicated.length}; runs postponed (follow-up refused) ${calls - completed - (runs.get('unconfirmed') ?? 0)} and the straddling job's ${straddleCalls - 1}`,
  );
  expect({ lost, duplicated }).toEqual({ lost: [], duplicated: [] });
  // The straddling job was postponed without using its one attempt, then ran to completion once.
  await until('the straddling job to end', async () => runs.has('then-straddle'), 30_000);
  expect({ runs: runs.get('straddle'), followUp: runs.get('then-straddle') }).toEqual({ runs: 1, followUp: 1 });
  expect(straddleCalls).toBeGreaterThan(1);
  // Nothing else ran either: only acknowledged ids (a refused enqueue was made again until acknowledged).
  expect(loadRuns.map(([id]) => id.replace(/^then-/, '')).filter((id) => !acked.has(id))).toEqual([]);
});
