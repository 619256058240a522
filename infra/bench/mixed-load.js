#!/usr/bin/env node
// A mixed load at a bounded rate, for a long time, through the gateway (issue 15,
// "Faults"): sign-in, invoices (list, create, validate), payments on validated
// invoices, journal entries (create, validate, list), reports (balance, grand livre,
// compte de résultat, bilan, a PDF), dashboard and user reads, plus a small share of
// requests that must be refused (a malformed invoice: 400; another company's invoice:
// 404). Open loop: a request starts every 1/rate s whatever the previous ones do (at
// most --max-in-flight at once; a tick beyond that is counted as skipped).
//
// At the end:
//   - status counts and latency (median/p95/p99) per kind of request; any 5xx, any
//     request without an answer (timeout, reset) and any unexpected 4xx is a failure;
//   - every acknowledged write (a 2xx) looked up in the database with direct SQL:
//     each invoice, payment and entry present, validated ones validated, each invoice's
//     paid amount the sum of its acknowledged payments, amounts as sent; a write answered
//     5xx or not at all has an unknown outcome: whether it was written anyway is counted;
//     debits = credits and numbers gap-free per company;
//   - the resident memory (VmRSS) of every Node process of the stack (services,
//     workers, gateway: the supervisor's children) at the start (after a warm-up),
//     every --sample s, at the end of the load and after --idle s of idleness:
//     start/peak/end per process. A process whose pid changed (restarted) is a failure.
//   - (own stack) the BullMQ jobs left in a failed set, and the ERROR lines of the stack's log.
// Exit code 1 on any failure above, or when a process ends above start × --max-rss-ratio.
//
// By default it starts its own stack — `node infra/local/start.js` on free ports, with a
// throw-away XAALIS_DATA_DIR (embedded Postgres) and its own redis-server — and stops it
// at the end (--keep keeps the data directory). Needs a built checkout
// (`npm run build:server`). With --attach it drives a running `npm start` instead:
// --base-url (default http://localhost:8080), --database-url (an admin/superuser URL of
// its database, default the embedded one: postgres://postgres:xaalis-local@127.0.0.1:54329/xaalis);
// the processes are found from the gateway's listening port. An attached gateway allows
// 5 registrations per address and hour (REGISTER_MAX_PER_WINDOW): use --users ≤ 5 or raise it.
//
// --replicas N (own stack): XAALIS_REPLICAS=N, N copies of every process behind nginx
// (infra/src/local/replicas.ts), and the replica checks of lib/replica-checks.js: before the
// load and every --session-check-every s during it, a sign-in on each gateway used on each
// other one, and a logout on one refused (401) on the other at the next request. --job-rate R
// (own stack): R `ping` jobs a second across the three queues during the load; afterwards each
// is checked processed once (started once, never stalled, one job_runs row, one 'active'
// event), every kept job of every queue started no more often than attempted, and each job
// scheduler run once per period. --json FILE writes the figures for infra/bench/replicas.js.
//
// Usage: node infra/bench/mixed-load.js [--duration 600] [--rate 20] [--users 10]
//          [--warmup 30] [--sample 30] [--idle 30] [--max-rss-ratio 1.5] [--timeout 30]
//          [--max-in-flight 200] [--seed 1] [--keep] [--attach --base-url … --database-url …]
//          [--replicas 1] [--job-rate 0] [--session-check-every 60] [--json FILE]
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { percentile, now } = require('./lib/timing');
const { sessionRound, pingProducer, verifyJobs, verifySchedules, duplicatePostings } = require('./lib/replica-checks');

const root = path.resolve(__dirname, '..', '..');

// ---------------------------------------------------------------- options

function parseArgs(argv) {
  const o = {
    duration: 600,
    rate: 20,
    users: 10,
    warmup: 30,
    sample: 30,
    idle: 30,
    maxRssRatio: 1.5,
    timeout: 30,
    maxInFlight: 200,
    seed: 1,
    keep: false,
    attach: false,
    baseUrl: 'http://localhost:8080',
    databaseUrl: 'postgres://postgres:xaalis-local@127.0.0.1:54329/xaalis',
    replicas: 1,
    jobRate: 0,
    sessionCheckEvery: 60,
    json: '',
  };
  const flags = { keep: 'keep', attach: 'attach' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`argument inattendu : ${a}`);
    const [name, inline] = a.slice(2).split('=', 2);
    const key = name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!(key in o)) throw new Error(`option inconnue : ${a}`);
    if (flags[name]) {
      o[key] = inline === undefined ? true : inline !== 'false';
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`valeur manquante pour ${a}`);
    o[key] = typeof o[key] === 'number' ? Number(value) : value;
    if (typeof o[key] === 'number' && !Number.isFinite(o[key])) throw new Error(`nombre invalide pour ${a}: ${value}`);
  }
  return o;
}

const opts = parseArgs(process.argv.slice(2));

// A small deterministic PRNG (mulberry32), so two runs draw the same mix.
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(opts.seed);
const pick = (list) => list[Math.floor(rand() * list.length)];
const between = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const today = new Date().toISOString().slice(0, 10); // UTC = Dakar time
const year = today.slice(0, 4);
/** A non-negative decimal string ('1234.5') as BigInt cents. */
const cents = (s) => {
  const [i, f = ''] = String(s).split('.');
  return BigInt(i) * 100n + BigInt((f + '00').slice(0, 2));
};
const money = (c) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// ---------------------------------------------------------------- the stack

const STACK_REDIS_PREFIX = 'xaalis';

/** `count` distinct free ports on 127.0.0.1 (all held open until every one is chosen). */
async function freePorts(count) {
  const servers = [];
  for (let i = 0; i < count; i++) {
    const srv = net.createServer();
    await new Promise((resolve, reject) => {
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', resolve);
    });
    servers.push(srv);
  }
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

async function waitFor(check, timeoutMs, what) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what}: pas prêt après ${timeoutMs / 1000} s`);
}

/**
 * `node infra/local/start.js` on free ports with a throw-away data directory (embedded
 * Postgres on a port chosen here, so the admin URL is known) and a redis-server of its
 * own (the machine's 6379 may serve other stacks: their queues must not meet ours).
 */
async function startStack() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-mixed-load-'));
  // As root, Postgres runs as the `postgres` user, which must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  const [port, accounting, hr, sector, pgPort, redisPort] = await freePorts(6);
  const logFile = path.join(dataDir, 'stack.log');
  const log = fs.createWriteStream(logFile);

  const redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dataDir],
    {
      stdio: 'ignore',
    },
  );
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  await waitFor(
    () =>
      new Promise((resolve) => {
        const s = net.connect(redisPort, '127.0.0.1', () => {
          s.end();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      }),
    10_000,
    'redis-server',
  );

  const env = {
    ...process.env,
    XAALIS_DATA_DIR: dataDir,
    PORT: String(port),
    ACCOUNTING_PORT: String(accounting),
    HR_PORT: String(hr),
    SECTOR_PORT: String(sector),
    EMBEDDED_PG_PORT: String(pgPort),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: STACK_REDIS_PREFIX,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The bench registers its users from one address.
    REGISTER_MAX_PER_WINDOW: '100000',
    XAALIS_REPLICAS: String(opts.replicas),
  };
  for (const k of ['DATABASE_URL', 'INTERNAL_TOKEN', 'SESSION_SECRET', 'STATIC_DIR', 'XAALIS_WATCH']) delete env[k];
  const child = spawn(process.execPath, [path.join(root, 'infra', 'local', 'start.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const problems = []; // ERROR/FATAL lines and restarts from the stack's log
  let out = '';
  let ready = false;
  const onData = (d) => {
    const text = d.toString();
    log.write(text);
    if (!ready) out += text;
    for (const line of text.split('\n'))
      if (
        (/\b(ERROR|FATAL)\b|s'est arrêté|✖/.test(line) || /^\[nginx\] .*\[(error|crit|alert|emerg)\]/.test(line)) &&
        problems.length < 200
      )
        problems.push(line.slice(0, 400));
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    if (redis.exitCode === null) {
      const gone = new Promise((r) => redis.once('exit', r));
      redis.kill('SIGTERM');
      await gone;
    }
    log.end();
    if (!opts.keep) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const stackBase = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      waitFor(async () => out.includes('Xaalis est prêt'), 300_000, 'npm start'),
      exited.then((code) => {
        if (!ready) throw new Error(`start.js s'est arrêté (code ${code}) avant d'être prêt :\n${out.slice(-3000)}`);
      }),
    ]);
    ready = true;
    out = '';
    // On a busy machine start.js may say ready while a service is still migrating
    // ("Un service ne répond pas"): wait until the gateway reports every service up.
    await waitFor(
      async () => (await (await fetch(`${stackBase}/api/health`, { signal: AbortSignal.timeout(5000) })).json()).status === 'ok',
      300_000,
      'services (GET /api/health)',
    );
  } catch (err) {
    await stop();
    throw err;
  }
  // With XAALIS_REPLICAS: where each replica listens (written by the orchestrator once all are up).
  const topologyFile = path.join(dataDir, 'replicas.json');
  const topology = opts.replicas > 1 && fs.existsSync(topologyFile) ? JSON.parse(fs.readFileSync(topologyFile, 'utf8')) : null;
  if (opts.replicas > 1 && !topology) {
    await stop();
    throw new Error(`${topologyFile} absent : la pile n'a pas démarré ses répliques`);
  }
  return {
    base: stackBase,
    topology,
    redisUrl,
    adminUrl: `postgres://postgres:xaalis-local@127.0.0.1:${pgPort}/xaalis`,
    supervisorPid: child.pid,
    dataDir,
    logFile,
    problems,
    stop,
  };
}

/**
 * The BullMQ jobs of our own Redis that failed (kept in each queue's `failed` set,
 * retried or not): [{ queue, name, reason, attempts }]. SCAN: the instance is ours.
 */
async function failedJobs(redisUrl) {
  const { Redis } = require('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const found = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', '*:failed', 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        if ((await redis.type(key)) !== 'zset') continue;
        const prefix = key.slice(0, -':failed'.length);
        for (const id of await redis.zrange(key, 0, -1)) {
          const [name, reason, attempts] = await redis.hmget(`${prefix}:${id}`, 'name', 'failedReason', 'attemptsMade');
          found.push({ queue: prefix, id, name, reason: (reason ?? '').slice(0, 300), attempts });
        }
      }
    } while (cursor !== '0');
    return found;
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------- processes and memory

function procStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(after[1]) };
  } catch {
    return null;
  }
}

function cmdline(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** The name a supervisor gives a process, from its script: accounting, accounting-worker, gateway… */
function processName(args) {
  // --replicas: the nginx in front of the replicas, a child of the supervisor too.
  if (/(^|\/)nginx$/.test(args[0] ?? '')) return 'nginx';
  for (const a of args) {
    const m = a.replace(/\\/g, '/').match(/(?:services\/([a-z-]+)|(gateway))\/dist\/(server|worker)\.js$/);
    if (m) return m[2] ? 'gateway' : m[3] === 'worker' ? `${m[1]}-worker` : m[1];
  }
  return null;
}

const allPids = () =>
  fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);

/** The product's Node processes among `parent`'s children: [{ name, pid }]. */
function childrenOf(parent) {
  const found = [];
  for (const pid of allPids()) {
    if (procStat(pid)?.ppid !== parent) continue;
    const name = processName(cmdline(pid));
    if (name) found.push({ name, pid });
  }
  // Replicas (--replicas): the same script several times, told apart by pid order (gateway#1, gateway#2).
  found.sort((a, b) => a.name.localeCompare(b.name) || a.pid - b.pid);
  const total = new Map();
  for (const p of found) total.set(p.name, (total.get(p.name) ?? 0) + 1);
  const seen = new Map();
  for (const p of found) {
    if (total.get(p.name) < 2) continue;
    seen.set(p.name, (seen.get(p.name) ?? 0) + 1);
    p.name = `${p.name}#${seen.get(p.name)}`;
  }
  return found;
}

/** The pid listening on a TCP port (from /proc/net/tcp{,6} and the processes' fds). */
function pidListeningOn(port) {
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== '0A') continue; // LISTEN
      if (parseInt(f[1].split(':')[1], 16) === port) inodes.add(f[9]);
    }
  }
  for (const pid of allPids()) {
    let fds = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = fs.readlinkSync(`/proc/${pid}/fd/${fd}`).match(/^socket:\[(\d+)\]$/);
        if (m && inodes.has(m[1])) return pid;
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return null;
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(after[11]) + Number(after[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100 on Linux)
  } catch {
    return null;
  }
}

function rssKiB(pid) {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- requests and statistics

const KINDS_ORDER = [];
const stats = new Map(); // kind -> { phase -> counters }
const failures = []; // the first unexpected answers, for the report
let phase = 'setup';

function statsOf(kind) {
  if (!stats.has(kind)) {
    stats.set(kind, new Map());
    KINDS_ORDER.push(kind);
  }
  const byPhase = stats.get(kind);
  if (!byPhase.has(phase)) byPhase.set(phase, { n: 0, ok: 0, expected4xx: 0, unexpected4xx: 0, s5xx: 0, errors: 0, latencies: [] });
  return byPhase.get(phase);
}

function remember(kind, what) {
  if (failures.length < 40) failures.push(`[${phase}] ${kind}: ${what}`);
}

let base = '';
let inFlight = 0;
let maxInFlightSeen = 0;

/**
 * One request through the gateway with the user's session cookie; `expected` the
 * status that counts as right (2xx by default). Returns { status, body, error, res }.
 */
async function request(kind, user, method, url, body, expected = null) {
  const s = statsOf(kind);
  const headers = { cookie: user?.cookie ?? '' };
  if (method !== 'GET') headers['content-type'] = 'application/json';
  const t = now();
  let status = 0;
  let parsed = null;
  let error = null;
  let res = null;
  inFlight++;
  maxInFlightSeen = Math.max(maxInFlightSeen, inFlight);
  try {
    res = await fetch(`${base}${url}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(opts.timeout * 1000),
    });
    status = res.status;
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('json')) parsed = await res.json();
    else await res.arrayBuffer();
  } catch (e) {
    error = e;
  } finally {
    inFlight--;
  }
  const latency = now() - t;
  s.n++;
  if (error) {
    s.errors++;
    remember(kind, `${method} ${url}: pas de réponse (${error.name}: ${error.message})`);
  } else {
    s.latencies.push(latency);
    const detail = () => `${method} ${url} → ${status} ${JSON.stringify(parsed)?.slice(0, 300) ?? ''}`;
    if (expected !== null) {
      if (status === expected) s.expected4xx++;
      else if (status >= 500) (s.s5xx++, remember(kind, detail()));
      else if (status >= 400) (s.unexpected4xx++, remember(kind, detail()));
      else (s.unexpected4xx++, remember(kind, `accepté alors qu'un ${expected} était attendu : ${detail()}`));
    } else if (status >= 200 && status < 300) s.ok++;
    else if (status >= 500) (s.s5xx++, remember(kind, detail()));
    else (s.unexpected4xx++, remember(kind, detail()));
  }
  // A 5xx does not say whether a write happened: like no answer, its outcome is unknown.
  return { status, body: parsed, error, res, ok: !error && status >= 200 && status < 300, unknown: !!error || status >= 500 };
}

const sessionCookie = (res) => (res?.headers.get('set-cookie') ?? '').split(';')[0];

// ---------------------------------------------------------------- the writes to find again

/** id -> { companyId, totalCents, validated, paidCents, uncertain } */
const invoices = new Map();
/** id -> { companyId, invoiceId, amountCents } */
const payments = new Map();
/** id -> { companyId, validated, uncertain } */
const entries = new Map();
/** Writes answered 5xx or not at all, per table: they may or may not be in the database. */
const unanswered = { invoices: 0, payments: 0, entries: 0 };

// ---------------------------------------------------------------- users and their companies

async function setUpUser(i) {
  const username = `mixload${Date.now().toString(36)}${i}`;
  const password = 'motdepasse-charge-1';
  const user = { username, password, cookie: '', drafts: [], payable: [], entryDrafts: [] };
  const reg = await request('setup', user, 'POST', '/api/register', {
    username,
    email: `${username}@exemple.sn`,
    password,
    firstName: 'Charge',
    lastName: `Mixte ${i}`,
    companyName: `Charge Mixte ${i} SARL`,
    phone: '+221 77 000 00 00',
    address: 'Dakar',
    sector: 'service',
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  user.cookie = sessionCookie(reg.res);
  user.companyId = reg.body.companyId;
  const c = `/api/companies/${user.companyId}`;
  const must = async (method, url, body) => {
    const r = await request('setup', user, method, url, body);
    if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.body)} ${r.error ?? ''}`);
    return r.body;
  };
  await must('POST', `${c}/generate-chart`, {});
  // The whole chart in one page (the largest page of the accounts list).
  const accounts = (await must('GET', `${c}/accounts?pageSize=1000`)).items;
  const byCode = new Map(accounts.map((a) => [a.code, a.id]));
  const first = (...codes) => {
    for (const code of codes) if (byCode.has(code)) return byCode.get(code);
    throw new Error(`aucun des comptes ${codes.join(', ')} dans le plan généré`);
  };
  user.bank = first('521', '5211', '571');
  user.charges = [first('6051', '605', '604'), first('6181', '618', '622', '6221'), first('624', '6241', '628')];
  user.clients = [];
  for (let k = 1; k <= 3; k++)
    user.clients.push((await must('POST', `${c}/third-parties`, { type: 'client', name: `Client ${k} de ${i}`, paymentTerms: 30 })).id);
  user.suppliers = [(await must('POST', `${c}/third-parties`, { type: 'supplier', name: `Fournisseur de ${i}`, paymentTerms: 30 })).id];
  // Numbers in the counters' format are proposals: the counter gives the real one.
  user.saleNumber = (await must('GET', `${c}/invoices/next-number?type=sale&date=${today}`)).number;
  user.purchaseNumber = (await must('GET', `${c}/invoices/next-number?type=purchase&date=${today}`)).number;
  user.entryNumber = (await must('GET', `${c}/accounting-entries/next-number?journal=OD&date=${today}`)).number;
  return user;
}

// ---------------------------------------------------------------- the operations

let users = [];
const pendingLogouts = new Set();

function invoiceBody(user) {
  const purchase = rand() < 0.3;
  const lines = Array.from({ length: between(1, 3) }, (_, k) => ({
    description: purchase ? `Fournitures ${k + 1}` : `Prestation ${k + 1}`,
    quantity: String(between(1, 5)),
    unitPrice: `${between(10, 500) * 100}.00`,
  }));
  return {
    invoice: {
      type: purchase ? 'purchase' : 'sale',
      number: purchase ? user.purchaseNumber : user.saleNumber,
      thirdPartyId: purchase ? user.suppliers[0] : pick(user.clients),
      date: today,
      dueDate: today,
      paymentMethod: 'bank',
      vatRate: '18.00',
    },
    lines,
  };
}

const OPERATIONS = {
  async login(user) {
    const r = await request('login', null, 'POST', '/api/login', { username: user.username, password: user.password });
    if (!r.ok) return;
    const old = user.cookie;
    user.cookie = sessionCookie(r.res) || old;
    // The old session ends once the requests that may still carry it are over.
    const timer = setTimeout(
      () => {
        pendingLogouts.delete(timer);
        request('logout', { cookie: old }, 'POST', '/api/logout', {});
      },
      (opts.timeout + 2) * 1000,
    );
    pendingLogouts.add(timer);
    timer.old = old;
  },
  user: (user) => request('user', user, 'GET', '/api/user'),
  dashboard: (user) => request('dashboard', user, 'GET', `/api/companies/${user.companyId}/dashboard`),
  'invoice-list': (user) => request('invoice-list', user, 'GET', `/api/companies/${user.companyId}/invoices?page=1&pageSize=25`),
  async 'invoice-create'(user) {
    const r = await request('invoice-create', user, 'POST', `/api/companies/${user.companyId}/invoices`, invoiceBody(user));
    if (r.unknown) unanswered.invoices++;
    if (!r.ok) return;
    invoices.set(r.body.id, {
      companyId: user.companyId,
      totalCents: cents(r.body.total),
      validated: false,
      paidCents: 0n,
      uncertain: false,
    });
    user.drafts.push(r.body.id);
  },
  async 'invoice-validate'(user) {
    if (!user.drafts.length) return OPERATIONS['invoice-create'](user);
    const id = user.drafts.splice(Math.floor(rand() * user.drafts.length), 1)[0];
    const r = await request('invoice-validate', user, 'PATCH', `/api/invoices/${id}/validate`, {});
    const inv = invoices.get(id);
    if (r.unknown) {
      unanswered.invoices++;
      inv.uncertain = true;
    } else if (r.ok) {
      inv.validated = true;
      user.payable.push(id);
    } else user.drafts.push(id);
  },
  async payment(user) {
    if (!user.payable.length) return OPERATIONS['invoice-validate'](user);
    const id = user.payable.splice(Math.floor(rand() * user.payable.length), 1)[0];
    const inv = invoices.get(id);
    const remaining = inv.totalCents - inv.paidCents;
    const amount = rand() < 0.5 || remaining < 200n ? remaining : remaining / 2n;
    const r = await request('payment', user, 'POST', '/api/payments', {
      type: 'invoice_payment',
      invoiceId: id,
      amount: money(amount),
      date: today,
      method: pick(['bank', 'cash', 'orange']),
      companyId: user.companyId,
      reference: `Règlement ${id.slice(0, 8)}`,
    });
    if (r.unknown) {
      unanswered.payments++;
      inv.uncertain = true;
      return;
    }
    if (!r.ok) {
      user.payable.push(id);
      return;
    }
    payments.set(r.body.id, { companyId: user.companyId, invoiceId: id, amountCents: amount });
    inv.paidCents += amount;
    if (inv.paidCents < inv.totalCents) user.payable.push(id);
  },
  'payment-list': (user) => request('payment-list', user, 'GET', `/api/companies/${user.companyId}/payments?page=1&pageSize=25`),
  'entry-list': (user) => request('entry-list', user, 'GET', `/api/companies/${user.companyId}/accounting-entries?page=1&pageSize=25`),
  async 'entry-create'(user) {
    const amount = `${between(5, 2000) * 100}.00`;
    const description = pick(['Frais de transport', 'Fournitures de bureau', 'Honoraires', 'Entretien']);
    const r = await request('entry-create', user, 'POST', `/api/companies/${user.companyId}/accounting-entries`, {
      entry: { number: user.entryNumber, journal: 'OD', date: today, description, reference: 'charge mixte' },
      lines: [
        { accountId: pick(user.charges), description, debit: amount, credit: '0.00' },
        { accountId: user.bank, description, debit: '0.00', credit: amount },
      ],
    });
    if (r.unknown) unanswered.entries++;
    if (!r.ok) return;
    entries.set(r.body.id, { companyId: user.companyId, validated: false, uncertain: false });
    user.entryDrafts.push(r.body.id);
  },
  async 'entry-validate'(user) {
    if (!user.entryDrafts.length) return OPERATIONS['entry-create'](user);
    const id = user.entryDrafts.splice(Math.floor(rand() * user.entryDrafts.length), 1)[0];
    const r = await request('entry-validate', user, 'PATCH', `/api/accounting-entries/${id}/validate`, {});
    if (r.unknown) {
      unanswered.entries++;
      entries.get(id).uncertain = true;
    } else if (r.ok) entries.get(id).validated = true;
    else user.entryDrafts.push(id);
  },
  'trial-balance': (user) =>
    request('trial-balance', user, 'GET', `/api/companies/${user.companyId}/reports/trial-balance?from=${year}-01-01&to=${today}`),
  'general-ledger': (user) =>
    request('general-ledger', user, 'GET', `/api/companies/${user.companyId}/reports/general-ledger?from=${year}-01-01&to=${today}&page=1`),
  'income-statement': (user) =>
    request('income-statement', user, 'GET', `/api/companies/${user.companyId}/reports/income-statement?year=${year}`),
  'balance-sheet': (user) => request('balance-sheet', user, 'GET', `/api/companies/${user.companyId}/reports/balance-sheet?year=${year}`),
  'report-pdf': (user) =>
    request('report-pdf', user, 'GET', `/api/companies/${user.companyId}/reports/trial-balance?from=${year}-01-01&to=${today}&format=pdf`),
  // Refusals that must stay refusals under load.
  'bad-input': (user) =>
    request('bad-input', user, 'POST', `/api/companies/${user.companyId}/invoices`, { invoice: invoiceBody(user).invoice, lines: [] }, 400),
  'foreign-read': (user) => {
    const other = [...invoices.entries()].find(([, v]) => v.companyId !== user.companyId);
    if (!other) return OPERATIONS['invoice-list'](user);
    return request('foreign-read', user, 'GET', `/api/invoices/${other[0]}`, undefined, 404);
  },
};

// Weights (per cent of the requests started).
const MIX = [
  ['login', 4],
  ['user', 4],
  ['dashboard', 8],
  ['invoice-list', 8],
  ['invoice-create', 12],
  ['invoice-validate', 10],
  ['payment', 8],
  ['payment-list', 3],
  ['entry-list', 5],
  ['entry-create', 10],
  ['entry-validate', 8],
  ['trial-balance', 5],
  ['general-ledger', 4],
  ['income-statement', 3],
  ['balance-sheet', 3],
  ['report-pdf', 1],
  ['bad-input', 2],
  ['foreign-read', 2],
];
const MIX_TOTAL = MIX.reduce((s, [, w]) => s + w, 0);

function drawOperation() {
  let x = rand() * MIX_TOTAL;
  for (const [name, w] of MIX) {
    if ((x -= w) < 0) return name;
  }
  return MIX[MIX.length - 1][0];
}

/** Starts a request every 1000/rate ms for `seconds` (open loop); resolves once all are answered. */
async function runLoad(seconds, onTick) {
  const interval = 1000 / opts.rate;
  const started = now();
  const running = new Set();
  let k = 0;
  let skipped = 0;
  while (now() - started < seconds * 1000) {
    const due = started + k * interval;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    k++;
    onTick?.();
    if (running.size >= opts.maxInFlight) {
      skipped++;
      continue;
    }
    const user = pick(users);
    const p = Promise.resolve(OPERATIONS[drawOperation()](user)).catch((e) => remember('bench', `exception: ${e.stack ?? e}`));
    running.add(p);
    p.finally(() => running.delete(p));
  }
  await Promise.all(running);
  return { started: k - skipped, skipped, seconds: (now() - started) / 1000 };
}

// ---------------------------------------------------------------- the database check

async function checkDatabase(adminUrl) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  const problems = [];
  const note = (m) => problems.length < 50 && problems.push(m);
  try {
    const companyIds = users.map((u) => u.companyId);
    // Invoices.
    const invIds = [...invoices.keys()];
    const invRows = new Map(
      (
        await client.query(
          `SELECT id, company_id, status, paid_amount::text AS paid, total::text AS total, entry_id FROM accounting.invoices WHERE id = ANY($1::uuid[])`,
          [invIds],
        )
      ).rows.map((r) => [r.id, r]),
    );
    const inv = {
      acknowledged: invIds.length,
      found: invRows.size,
      validatedAck: 0,
      validatedOk: 0,
      paidOk: 0,
      mismatches: 0,
      writtenDespiteFailure: 0,
    };
    for (const [id, v] of invoices) {
      const row = invRows.get(id);
      if (!row) {
        note(`facture ${id} acquittée, absente de la base`);
        continue;
      }
      let bad = row.company_id !== v.companyId || cents(row.total) !== v.totalCents;
      if (v.validated) {
        inv.validatedAck++;
        if (['validated', 'paid'].includes(row.status) && row.entry_id) inv.validatedOk++;
        else bad = true;
      } else if (!v.uncertain && row.status !== 'draft') bad = true;
      if (v.uncertain) {
        // A validation or payment answered 5xx or not at all: was it written anyway?
        if ((!v.validated && row.status !== 'draft') || cents(row.paid) !== v.paidCents) inv.writtenDespiteFailure++;
      } else {
        const expectStatus = v.validated ? (v.paidCents === v.totalCents ? 'paid' : 'validated') : 'draft';
        if (row.status !== expectStatus || cents(row.paid) !== v.paidCents) bad = true;
        else if (v.paidCents > 0n) inv.paidOk++;
      }
      if (bad) {
        inv.mismatches++;
        note(
          `facture ${id}: en base ${row.status}, payé ${row.paid}/${row.total}; attendu ${v.validated ? 'validée' : 'brouillon'}, payé ${money(v.paidCents)}/${money(v.totalCents)}${v.uncertain ? ' (issue incertaine)' : ''}`,
        );
      }
    }
    const [{ n: invInDb }] = (
      await client.query(`SELECT count(*)::int AS n FROM accounting.invoices WHERE company_id = ANY($1::uuid[])`, [companyIds])
    ).rows;
    inv.unacknowledgedInDb = invInDb - inv.found;

    // Payments.
    const payIds = [...payments.keys()];
    const payRows = new Map(
      (
        await client.query(
          `SELECT id, company_id, invoice_id, amount::text AS amount, entry_id FROM accounting.payments WHERE id = ANY($1::uuid[])`,
          [payIds],
        )
      ).rows.map((r) => [r.id, r]),
    );
    const pay = { acknowledged: payIds.length, found: payRows.size, mismatches: 0 };
    for (const [id, v] of payments) {
      const row = payRows.get(id);
      if (!row) {
        note(`paiement ${id} acquitté, absent de la base`);
        continue;
      }
      if (row.company_id !== v.companyId || row.invoice_id !== v.invoiceId || cents(row.amount) !== v.amountCents || !row.entry_id) {
        pay.mismatches++;
        note(
          `paiement ${id}: en base ${row.amount} sur ${row.invoice_id} (écriture ${row.entry_id}); attendu ${money(v.amountCents)} sur ${v.invoiceId}`,
        );
      }
    }
    const [{ n: payInDb }] = (
      await client.query(`SELECT count(*)::int AS n FROM accounting.payments WHERE company_id = ANY($1::uuid[])`, [companyIds])
    ).rows;
    pay.unacknowledgedInDb = payInDb - pay.found;

    // Journal entries (the OD ones the bench created; invoices and payments post to other journals).
    const entIds = [...entries.keys()];
    const entRows = new Map(
      (
        await client.query(`SELECT id, company_id, status FROM accounting.accounting_entries WHERE id = ANY($1::uuid[])`, [entIds])
      ).rows.map((r) => [r.id, r]),
    );
    const ent = {
      acknowledged: entIds.length,
      found: entRows.size,
      validatedAck: 0,
      validatedOk: 0,
      mismatches: 0,
      writtenDespiteFailure: 0,
    };
    for (const [id, v] of entries) {
      const row = entRows.get(id);
      if (!row) {
        note(`écriture ${id} acquittée, absente de la base`);
        continue;
      }
      if (v.validated) ent.validatedAck++;
      const expected = v.validated ? 'validated' : 'draft';
      if (row.status === expected && row.company_id === v.companyId) {
        if (v.validated) ent.validatedOk++;
      } else if (v.uncertain && row.status === 'validated') ent.writtenDespiteFailure++;
      else {
        ent.mismatches++;
        note(`écriture ${id}: en base ${row.status}, attendu ${expected}`);
      }
    }
    const [{ n: entInDb }] = (
      await client.query(
        `SELECT count(*)::int AS n FROM accounting.accounting_entries WHERE company_id = ANY($1::uuid[]) AND journal = 'OD'`,
        [companyIds],
      )
    ).rows;
    ent.unacknowledgedInDb = entInDb - ent.found;

    // The ledger: debits = credits over validated entries, and numbers without gaps.
    const ledger = (
      await client.query(
        `SELECT e.company_id, sum(l.debit)::text AS d, sum(l.credit)::text AS c, count(DISTINCT e.id)::int AS n
           FROM accounting.accounting_entries e JOIN accounting.accounting_entry_lines l ON l.entry_id = e.id
          WHERE e.company_id = ANY($1::uuid[]) AND e.status <> 'draft' GROUP BY 1`,
        [companyIds],
      )
    ).rows;
    const unbalanced = ledger.filter((r) => r.d !== r.c);
    for (const r of unbalanced) note(`société ${r.company_id}: débits ${r.d} ≠ crédits ${r.c}`);
    const gaps = async (table) =>
      (
        await client.query(
          `SELECT count(*)::int AS n, count(*) FILTER (WHERE seq <> rn)::int AS gaps FROM (
             SELECT split_part(number, '-', 3)::int AS seq,
                    row_number() OVER (PARTITION BY company_id, split_part(number, '-', 1), split_part(number, '-', 2) ORDER BY split_part(number, '-', 3)::int) AS rn
               FROM accounting.${table} WHERE company_id = ANY($1::uuid[]) AND number ~ '^[A-Z]+-[0-9]{4}-[0-9]+$') s`,
          [companyIds],
        )
      ).rows[0];
    const invoiceNumbers = await gaps('invoices');
    const entryNumbers = await gaps('accounting_entries');
    if (invoiceNumbers.gaps) note(`${invoiceNumbers.gaps} numéros de facture hors séquence`);
    if (entryNumbers.gaps) note(`${entryNumbers.gaps} numéros d'écriture hors séquence`);
    const validatedEntries = ledger.reduce((s, r) => s + r.n, 0);
    const missing = inv.acknowledged - inv.found + (pay.acknowledged - pay.found) + (ent.acknowledged - ent.found);
    const mismatched = inv.mismatches + pay.mismatches + ent.mismatches + unbalanced.length + invoiceNumbers.gaps + entryNumbers.gaps;
    return { inv, pay, ent, validatedEntries, invoiceNumbers, entryNumbers, unbalanced: unbalanced.length, missing, mismatched, problems };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- main

const fmt = (v) => (v === undefined ? '—' : v < 10 ? v.toFixed(1) : v.toFixed(0));
const mib = (kib) => (kib === null || kib === undefined ? '—' : (kib / 1024).toFixed(1));

(async () => {
  const t0 = Date.now();
  let stack = null;
  let adminUrl = opts.databaseUrl;
  let supervisorPid = null;
  const cleanUp = async () => {
    for (const timer of pendingLogouts) clearTimeout(timer);
    if (stack) await stack.stop().catch((e) => console.error(`arrêt de la pile : ${e.message}`));
  };
  process.once('SIGINT', () => {
    console.error('\ninterrompu : arrêt de la pile…');
    cleanUp().finally(() => process.exit(130));
  });

  try {
    console.log(
      `mixed load: ${opts.rate} req/s for ${opts.duration} s (+${opts.warmup} s warm-up), ${opts.users} users; load average ${loadAverage()}`,
    );
    if (opts.attach) {
      base = opts.baseUrl.replace(/\/+$/, '');
      const gatewayPid = pidListeningOn(Number(new URL(base).port || 80));
      if (!gatewayPid) throw new Error(`aucun processus n'écoute sur ${base}`);
      supervisorPid = procStat(gatewayPid)?.ppid ?? null;
      console.log(`attached to ${base} (gateway pid ${gatewayPid}, supervisor ${supervisorPid})`);
    } else {
      const s0 = Date.now();
      stack = await startStack();
      base = stack.base;
      adminUrl = stack.adminUrl;
      supervisorPid = stack.supervisorPid;
      console.log(`stack started in ${((Date.now() - s0) / 1000).toFixed(1)} s: ${base}, data ${stack.dataDir}`);
    }
    const processes = childrenOf(supervisorPid);
    if (!processes.length) throw new Error(`aucun processus du produit sous le pid ${supervisorPid}`);
    console.log(`processes: ${processes.map((p) => `${p.name} (${p.pid})`).join(', ')}`);

    const u0 = Date.now();
    for (let i = 1; i <= opts.users; i++) users.push(await setUpUser(i));
    console.log(`${users.length} users with their companies set up in ${((Date.now() - u0) / 1000).toFixed(1)} s`);

    // --replicas: sessions across the gateways, before the load and every --session-check-every s during it.
    const topology = stack?.topology ?? null;
    const sessions = { rounds: 0, checks: 0, failures: [] };
    const sessionChecks = [];
    const checkSessions = (when) => {
      const round = sessionRound({
        gateways: topology.gateways,
        username: users[0].username,
        password: users[0].password,
        companyId: users[0].companyId,
      }).then((r) => {
        sessions.rounds++;
        sessions.checks += r.checks;
        for (const f of r.failures) if (sessions.failures.length < 20) sessions.failures.push(`[${when}] ${f}`);
      });
      sessionChecks.push(round);
      return round;
    };
    if (topology) {
      console.log(
        `replicas: gateways on ${topology.gateways.join(', ')}; ${Object.entries(topology.services)
          .map(([s, v]) => `${s} on ${v.replicas.join(', ')} (nginx ${v.port})`)
          .join('; ')}`,
      );
      await checkSessions('avant la charge');
      console.log(`sessions across gateways: ${sessions.checks} checks, ${sessions.failures.length} failures`);
    }
    // --job-rate: ping jobs through the workers during the load (own stack: its Redis).
    const pinger =
      stack && opts.jobRate > 0
        ? pingProducer({
            redisUrl: stack.redisUrl,
            prefix: STACK_REDIS_PREFIX,
            companyIds: users.map((u) => u.companyId),
            rate: opts.jobRate,
          })
        : null;

    // Memory samples: { at (s since load start), label, rss: { name: kib } }; restarts noticed by pid.
    const samples = [];
    const restarts = [];
    let loadStart = now();
    const sample = (label) => {
      const current = childrenOf(supervisorPid);
      for (const p of processes) {
        const now_ = current.find((c) => c.name === p.name);
        if (!now_ || now_.pid !== p.pid) {
          const what = `${p.name}: pid ${p.pid} → ${now_ ? now_.pid : 'absent'} (${label})`;
          if (!restarts.includes(what)) restarts.push(what);
        }
      }
      const rss = Object.fromEntries(processes.map((p) => [p.name, rssKiB(current.find((c) => c.name === p.name)?.pid ?? p.pid)]));
      samples.push({ at: (now() - loadStart) / 1000, label, rss, load: os.loadavg()[0] });
    };

    phase = 'warm-up';
    if (opts.warmup > 0) {
      const w = await runLoad(opts.warmup);
      console.log(`warm-up: ${w.started} requests in ${w.seconds.toFixed(0)} s`);
    }
    phase = 'load';
    loadStart = now();
    sample('start');
    const cpuAtStart = Object.fromEntries(processes.map((p) => [p.name, cpuSeconds(p.pid)]));
    pinger?.start();
    const sessionTimer = topology
      ? setInterval(() => checkSessions(`${Math.round((now() - loadStart) / 1000)} s`), opts.sessionCheckEvery * 1000)
      : null;
    let nextSample = opts.sample;
    const load = await runLoad(opts.duration, () => {
      const at = (now() - loadStart) / 1000;
      if (at >= nextSample) {
        sample(`${Math.round(at)} s`);
        const last = samples[samples.length - 1];
        console.log(
          `  ${String(Math.round(at)).padStart(4)} s  in flight ${String(inFlight).padStart(3)}  load ${last.load.toFixed(2)}  RSS MiB ${Object.entries(
            last.rss,
          )
            .map(([n, v]) => `${n} ${mib(v)}`)
            .join(', ')}`,
        );
        nextSample += opts.sample;
      }
    });
    sample('end of load');
    // How the work spread over the processes (replicas included): CPU seconds during the load.
    const cpuDuringLoad = Object.fromEntries(processes.map((p) => [p.name, (cpuSeconds(p.pid) ?? NaN) - (cpuAtStart[p.name] ?? NaN)]));
    pinger?.stop();
    if (sessionTimer) clearInterval(sessionTimer);
    await Promise.all(sessionChecks);
    phase = 'idle';
    // The old sessions of the sign-ins end now rather than after their delay.
    for (const timer of [...pendingLogouts]) {
      clearTimeout(timer);
      pendingLogouts.delete(timer);
      await request('logout', { cookie: timer.old }, 'POST', '/api/logout', {});
    }
    await sleep(opts.idle * 1000);
    sample(`end (+${opts.idle} s idle)`);

    phase = 'check';
    const db = await checkDatabase(adminUrl);
    const jobs = stack
      ? await failedJobs(stack.redisUrl).catch((e) => [{ queue: '?', name: '?', reason: `lecture impossible : ${e.message}` }])
      : [];
    // Own stack: each job processed once, each scheduled job run once per period, each source posted once.
    const failedCheck = (e) => ({ ok: false, problems: [`vérification impossible : ${e.message}`] });
    const jobCheck = pinger
      ? await verifyJobs({ redisUrl: stack.redisUrl, prefix: STACK_REDIS_PREFIX, adminUrl, sent: pinger.sent }).catch(failedCheck)
      : null;
    if (pinger) await pinger.close();
    const scheduleCheck = stack ? await verifySchedules({ redisUrl: stack.redisUrl, prefix: STACK_REDIS_PREFIX }).catch(failedCheck) : null;
    const postings = await duplicatePostings({ adminUrl, companyIds: users.map((u) => u.companyId) }).catch(failedCheck);

    // ---- report
    console.log(
      `\n## Mixed load — ${new Date().toISOString().slice(0, 16)} UTC, ${os.cpus().length} CPUs, load average at the end ${loadAverage()}`,
    );
    console.log(
      `${opts.rate} req/s target for ${opts.duration} s (${load.started} requests started in ${load.seconds.toFixed(0)} s = ${(load.started / load.seconds).toFixed(1)} req/s, ${load.skipped} ticks skipped at ${opts.maxInFlight} in flight; at most ${maxInFlightSeen} in flight), ${users.length} users/companies, warm-up ${opts.warmup} s, seed ${opts.seed}\n`,
    );
    console.log('| kind | n | 2xx | expected 4xx | unexpected 4xx | 5xx | no answer | median ms | p95 ms | p99 ms |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const total = { n: 0, ok: 0, expected4xx: 0, unexpected4xx: 0, s5xx: 0, errors: 0, latencies: [] };
    const all = { n: 0, unexpected4xx: 0, s5xx: 0, errors: 0 };
    const order = [...MIX.map(([k]) => k), 'logout'];
    const kinds = [...KINDS_ORDER].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    for (const kind of kinds) {
      for (const [ph, s] of stats.get(kind)) {
        all.n += s.n;
        all.unexpected4xx += s.unexpected4xx;
        all.s5xx += s.s5xx;
        all.errors += s.errors;
        if (ph !== 'load') continue;
        for (const k of ['n', 'ok', 'expected4xx', 'unexpected4xx', 's5xx', 'errors']) total[k] += s[k];
        total.latencies.push(...s.latencies);
      }
      const s = stats.get(kind).get('load');
      if (!s) continue;
      const sorted = [...s.latencies].sort((a, b) => a - b);
      console.log(
        `| ${kind} | ${s.n} | ${s.ok} | ${s.expected4xx} | ${s.unexpected4xx} | ${s.s5xx} | ${s.errors} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 95))} | ${fmt(percentile(sorted, 99))} |`,
      );
    }
    const sortedAll = total.latencies.sort((a, b) => a - b);
    console.log(
      `| **all (load phase)** | ${total.n} | ${total.ok} | ${total.expected4xx} | ${total.unexpected4xx} | ${total.s5xx} | ${total.errors} | ${fmt(percentile(sortedAll, 50))} | ${fmt(percentile(sortedAll, 95))} | ${fmt(percentile(sortedAll, 99))} |`,
    );
    console.log(
      `\nAll phases (setup, warm-up, load, idle logouts): ${all.n} requests, ${all.s5xx} 5xx, ${all.unexpected4xx} unexpected 4xx, ${all.errors} without an answer.`,
    );

    console.log('\n| writes (all phases) | acknowledged | found in DB | mismatches | in DB without ack | answered 5xx or not at all |');
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(
      `| invoices (validated ack: ${db.inv.validatedAck}, found validated: ${db.inv.validatedOk}) | ${db.inv.acknowledged} | ${db.inv.found} | ${db.inv.mismatches} | ${db.inv.unacknowledgedInDb} | ${unanswered.invoices} |`,
    );
    console.log(
      `| payments | ${db.pay.acknowledged} | ${db.pay.found} | ${db.pay.mismatches} | ${db.pay.unacknowledgedInDb} | ${unanswered.payments} |`,
    );
    console.log(
      `| OD entries (validated ack: ${db.ent.validatedAck}, found validated: ${db.ent.validatedOk}) | ${db.ent.acknowledged} | ${db.ent.found} | ${db.ent.mismatches} | ${db.ent.unacknowledgedInDb} | ${unanswered.entries} |`,
    );
    if (
      db.inv.writtenDespiteFailure ||
      db.ent.writtenDespiteFailure ||
      db.inv.unacknowledgedInDb ||
      db.pay.unacknowledgedInDb ||
      db.ent.unacknowledgedInDb
    )
      console.log(
        `Written although answered 5xx or not at all: ${db.inv.unacknowledgedInDb} invoice creations, ${db.inv.writtenDespiteFailure} invoice validations/payments, ${db.pay.unacknowledgedInDb} payments, ${db.ent.unacknowledgedInDb} entry creations, ${db.ent.writtenDespiteFailure} entry validations.`,
      );
    console.log(
      `Ledger: ${db.validatedEntries} validated entries (all journals), ${db.unbalanced} companies with debits ≠ credits; invoice numbers ${db.invoiceNumbers.n} (${db.invoiceNumbers.gaps} out of sequence), entry numbers ${db.entryNumbers.n} (${db.entryNumbers.gaps} out of sequence).`,
    );

    console.log(`\n| RSS MiB | start | low (load) | peak | end of load | end (+${opts.idle} s idle) | end/start |`);
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    const startSample = samples[0];
    const endSample = samples[samples.length - 1];
    const loadEnd = samples[samples.length - 2];
    const overRss = [];
    let sumStart = 0;
    let sumEnd = 0;
    let sumPeak = 0;
    for (const p of processes) {
      const start = startSample.rss[p.name];
      const end = endSample.rss[p.name];
      const peak = Math.max(...samples.map((s) => s.rss[p.name] ?? 0));
      // The garbage collector's saw-tooth: the lowest sample under load tells it from a leak.
      const low = Math.min(...samples.slice(0, -1).map((s) => s.rss[p.name] ?? Infinity));
      sumStart += start ?? 0;
      sumEnd += end ?? 0;
      sumPeak += peak;
      // Replicas (gateway#1, gateway#2): against the highest start among the copies. A copy whose first
      // PDF comes after the warm-up starts its worker-pool thread (~80 MiB) later: a plateau, not a leak.
      const twins = processes.filter((q) => q.name.replace(/#\d+$/, '') === p.name.replace(/#\d+$/, ''));
      const reference = twins.length > 1 ? Math.max(...twins.map((q) => startSample.rss[q.name] ?? 0)) : start;
      const ratio = reference && end ? end / reference : NaN;
      if (!(ratio <= opts.maxRssRatio)) overRss.push(`${p.name} ${mib(reference)} → ${mib(end)} MiB (×${ratio.toFixed(2)})`);
      console.log(
        `| ${p.name} | ${mib(start)} | ${mib(low)} | ${mib(peak)} | ${mib(loadEnd.rss[p.name])} | ${mib(end)} | ×${ratio.toFixed(2)} |`,
      );
    }
    console.log(
      `| **sum** | ${mib(sumStart)} | | ${mib(sumPeak)} (sum of peaks) | | ${mib(sumEnd)} | ×${(sumEnd / sumStart).toFixed(2)} |`,
    );
    console.log(`(${samples.length} samples every ${opts.sample} s; peak is the highest sample, not the true maximum)`);
    if (processes.some((p) => /#\d+$/.test(p.name)))
      console.log('(replicas: end/start against the highest start among the copies of a process)');

    if (failures.length) console.log(`\nFirst unexpected answers:\n  ${failures.join('\n  ')}`);
    if (db.problems.length) console.log(`\nDatabase check:\n  ${db.problems.join('\n  ')}`);
    if (restarts.length) console.log(`\nProcesses restarted: ${restarts.join('; ')}`);
    if (jobs.length)
      console.log(
        `\nBullMQ jobs in a failed set (${jobs.length}; startup and load):\n  ${jobs
          .slice(0, 20)
          .map((j) => `${j.queue} ${j.name} #${j.id} (attempts ${j.attempts}): ${j.reason}`)
          .join('\n  ')}`,
      );
    if (stack?.problems.length)
      console.log(
        `\nERROR lines in the stack's log (${stack.logFile}${opts.keep ? '' : ', deleted at the end: --keep keeps it'}):\n  ${stack.problems.slice(0, 20).join('\n  ')}`,
      );

    console.log(
      `\nCPU s during the load: ${Object.entries(cpuDuringLoad)
        .map(([n, v]) => `${n} ${v.toFixed(1)}`)
        .join(', ')}`,
    );
    if (topology) {
      console.log(
        `\nSessions across the ${topology.gateways.length} gateways: ${sessions.rounds} rounds, ${sessions.checks} checks (sign-in on one used on the other, logout on one → 401 on the other at the next request), ${sessions.failures.length} failures.`,
      );
      if (sessions.failures.length) console.log(`  ${sessions.failures.join('\n  ')}`);
    }
    if (jobCheck?.ping) {
      const r = jobCheck.ping;
      console.log(
        `\nJobs: ${r.sent} ping jobs sent during the load (${opts.jobRate}/s): ${r.completed} completed, ${r.failed} failed, ${r.unfinished} unfinished; started more than once ${r.startedTwice}, stalled ${r.stalled}, job_runs rows ${r.jobRuns}; 'active' events once ${r.activeOnce}, more than once ${r.activeTwice}, out of the stream ${r.activeMissing}.`,
      );
      console.log(
        `Workers connected per queue: ${Object.entries(jobCheck.workers ?? {})
          .map(([q, n]) => `${q} ${n}`)
          .join(', ')}.`,
      );
      console.log(
        `All kept jobs (${Object.entries(jobCheck.all.byQueue)
          .map(([q, n]) => `${q} ${n}`)
          .join(', ')}): ${jobCheck.all.startedMoreThanAttempted} started more often than attempted, ${jobCheck.all.stalled} stalled.`,
      );
    }
    if (scheduleCheck?.schedules) {
      console.log(
        '\n| job scheduler | period | runs | failed | started twice | two in one period | missed periods | max lag ms | next pending |',
      );
      console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
      for (const r of scheduleCheck.schedules)
        console.log(
          `| ${r.queue} ${r.id} | ${r.period} | ${r.runs} | ${r.failed} | ${r.startedTwice} | ${r.twoInOnePeriod} | ${r.missedPeriods} | ${r.maxLagMs} | ${r.pending} |`,
        );
    }
    if (postings.sources !== undefined)
      console.log(`\nPostings: ${postings.sources} sources posted (invoices, payments…), ${postings.duplicated} posted more than once.`);
    for (const check of [jobCheck, scheduleCheck, postings])
      if (check?.problems?.length) console.log(`\nReplica checks:\n  ${check.problems.slice(0, 20).join('\n  ')}`);

    const verdict = [];
    if (sessions.failures.length) verdict.push(`${sessions.failures.length} session checks across gateways failed`);
    if (jobCheck && !jobCheck.ok) verdict.push(`jobs not processed exactly once (${jobCheck.duplicates ?? '?'} duplicates)`);
    if (scheduleCheck && !scheduleCheck.ok) verdict.push('scheduled jobs not run once per period');
    if (!postings.ok) verdict.push(`${postings.duplicated ?? '?'} sources posted more than once`);
    if (all.s5xx) verdict.push(`${all.s5xx} 5xx`);
    if (all.errors) verdict.push(`${all.errors} requests without an answer`);
    if (all.unexpected4xx) verdict.push(`${all.unexpected4xx} unexpected 4xx`);
    if (db.missing) verdict.push(`${db.missing} acknowledged writes missing`);
    if (db.mismatched) verdict.push(`${db.mismatched} mismatches in the database`);
    if (overRss.length) verdict.push(`RSS above ×${opts.maxRssRatio}: ${overRss.join(', ')}`);
    if (restarts.length) verdict.push(`${restarts.length} processes restarted`);
    console.log(
      `\n${verdict.length ? `FAILED: ${verdict.join('; ')}` : 'OK: zero 5xx, every acknowledged write in the database, memory back near its start'} (total ${((Date.now() - t0) / 1000).toFixed(0)} s)`,
    );
    if (verdict.length) process.exitCode = 1;
    if (opts.json) {
      const ms = (v) => (v === undefined ? null : Math.round(v * 10) / 10);
      const figures = {
        replicas: opts.replicas,
        rate: opts.rate,
        duration: opts.duration,
        processes: processes.length,
        started: load.started,
        seconds: load.seconds,
        answeredPerSecond: (total.n - total.errors) / load.seconds,
        p50: ms(percentile(sortedAll, 50)),
        p95: ms(percentile(sortedAll, 95)),
        p99: ms(percentile(sortedAll, 99)),
        requests: all.n,
        s5xx: all.s5xx,
        noAnswer: all.errors,
        unexpected4xx: all.unexpected4xx,
        writesAcknowledged: db.inv.acknowledged + db.pay.acknowledged + db.ent.acknowledged,
        writesMissing: db.missing,
        mismatches: db.mismatched,
        invoiceNumbers: db.invoiceNumbers,
        entryNumbers: db.entryNumbers,
        sessions: topology ? { rounds: sessions.rounds, checks: sessions.checks, failures: sessions.failures.length } : null,
        jobs: jobCheck?.ping
          ? { ...jobCheck.ping, duplicates: jobCheck.duplicates, allKept: jobCheck.all, workers: jobCheck.workers }
          : null,
        schedules: scheduleCheck?.schedules ?? null,
        postings: { sources: postings.sources ?? null, duplicated: postings.duplicated ?? null },
        cpuSecondsDuringLoad: cpuDuringLoad,
        rssMiB: { start: sumStart / 1024, peak: sumPeak / 1024, end: sumEnd / 1024 },
        restarts: restarts.length,
        failedJobs: jobs.length,
        verdict,
      };
      fs.writeFileSync(opts.json, JSON.stringify(figures, null, 2));
    }
  } finally {
    await cleanUp();
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
