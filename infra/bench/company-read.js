#!/usr/bin/env node
// What the gateway costs on authenticated, company-scoped reads: requests per second,
// latency and CPU of the same GET through the gateway (session cookie) and directly
// against the accounting service (the identity headers and internal token the gateway
// would add), one side after the other in each round of one run, for
//   - GET /api/companies/:id/third-parties (a company-scoped list of 20 third parties)
//   - GET /api/companies/:id               (the company record; with BENCH_ROUTES=all)
// Each side of a round is a fixed number of requests (default 20 000) at 10 connections;
// the gateway's and the service's CPU over it are read from /proc/<pid>/stat (utime +
// stime of the processes listening on BASE_URL's and ACCOUNTING_URL's ports, found
// through /proc/net/tcp; GATEWAY_PID / ACCOUNTING_PID override), so the figures are
//   - gateway CPU µs per proxied request (issue 26 target: ≤ 250 µs),
//   - gateway throughput as a % of direct (target ≥ 65 %) and gateway p99 / direct p99
//     (target ≤ 1.8×), both sides measured in the same round,
// then the median of the rounds (ROUNDS, default 3; the order of the two sides alternates).
// Needs a running `npm start` (BASE_URL, default http://localhost:8080; the accounting
// service at ACCOUNTING_URL, default http://127.0.0.1:4101; the internal token from
// INTERNAL_TOKEN or <data dir>/secrets.json). The bench user is registered once and its
// credentials kept in <data dir>/bench-company-read-<n>.json (registrations are
// rate-limited per address).
// Usage: node infra/bench/company-read.js [requests=20000] [connections=10]
//   e.g. ROUNDS=5 node infra/bench/company-read.js 20000 10
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');
const { percentile, ms, numericArgs } = require('./lib/timing');
const { register, sessionCookie } = require('./lib/gateway');

const root = path.resolve(__dirname, '..', '..');
const dataDir = process.env.XAALIS_DATA_DIR ?? path.join(root, '.data');
const base = process.env.BASE_URL ?? 'http://localhost:8080';
const accounting = process.env.ACCOUNTING_URL ?? 'http://127.0.0.1:4101';
const [requests, connections] = numericArgs(20_000, 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const ALL_ROUTES = process.env.BENCH_ROUTES === 'all';
const token = process.env.INTERNAL_TOKEN ?? JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).internalToken;
// BENCH_THIRD_PARTIES=0: an empty list, where the gateway's share of the time is the largest.
const THIRD_PARTIES = Number(process.env.BENCH_THIRD_PARTIES ?? 20);
const credentialsFile = path.join(dataDir, `bench-company-read-${THIRD_PARTIES}.json`);

const json = { 'Content-Type': 'application/json' };

async function registerWithThirdParties() {
  const { username, password, user, cookie } = await register(base, 'Banc d’essai SARL', 'service');
  for (let i = 1; i <= THIRD_PARTIES; i++) {
    const created = await fetch(`${base}/api/companies/${user.companyId}/third-parties`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({
        type: i % 2 ? 'client' : 'supplier',
        name: `Tiers ${i} SARL`,
        code: `T${String(i).padStart(3, '0')}`,
        address: 'Dakar',
        phone: '+221 33 000 00 00',
        email: `tiers${i}@exemple.sn`,
        paymentTerms: 30,
      }),
    });
    if (created.status !== 201) throw new Error(`third party: ${created.status} ${await created.text()}`);
  }
  fs.writeFileSync(credentialsFile, JSON.stringify({ username, password }));
  return { user, cookie };
}

/** The bench user of an earlier run signed in again, or a new one (registered with its third parties). */
async function signIn() {
  let saved = null;
  try {
    saved = JSON.parse(fs.readFileSync(credentialsFile, 'utf8'));
  } catch {
    /* first run */
  }
  if (saved) {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: saved.username, password: saved.password }),
    });
    if (res.status === 200) return { user: await res.json(), cookie: sessionCookie(res) };
  }
  return registerWithThirdParties();
}

// --- CPU of the processes on both sides (Linux /proc; "n/a" elsewhere) ---------------

let TICKS_PER_S = 100;
try {
  TICKS_PER_S = Number(require('node:child_process').execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
} catch {
  /* the usual 100 */
}

/** The pid of the process listening on `url`'s port (its socket's inode in /proc/net/tcp*, then /proc/<pid>/fd). */
function listeningPid(url) {
  const port = Number(new URL(url).port || 80);
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const row of text.split('\n').slice(1)) {
      const f = row.trim().split(/\s+/);
      // local address "ADDR:PORT" (hex), state 0A = LISTEN, inode in column 10.
      if (f.length > 9 && f[3] === '0A' && parseInt(f[1].split(':')[1], 16) === port) inodes.add(f[9]);
    }
  }
  if (!inodes.size) return null;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let fds = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1])) return Number(pid);
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return null;
}

/** CPU time (user + system) of `pid` so far, in µs, or null. */
function cpuMicros(pid) {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from 3 (state) on
    return ((Number(f[11]) + Number(f[12])) * 1e6) / TICKS_PER_S; // utime (14), stime (15)
  } catch {
    return null;
  }
}

/**
 * `requests` autocannon requests; latencies collected from its 'response' events for exact
 * percentiles, and the CPU each of `pids` ({ name: pid }) spent meanwhile, in µs per request.
 */
const run = (title, url, headers, amount, pids = {}) =>
  new Promise((resolve, reject) => {
    const times = [];
    const cpu0 = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMicros(pid)]));
    const t0 = process.hrtime.bigint();
    const instance = autocannon({ url, headers, amount, connections, title }, (err, r) => {
      if (err) return reject(err);
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      const cpu = Object.fromEntries(
        Object.entries(pids).map(([k, pid]) => {
          const end = cpuMicros(pid);
          return [k, end === null || cpu0[k] === null ? null : (end - cpu0[k]) / times.length];
        }),
      );
      if (r.non2xx || r.errors || r.timeouts)
        return reject(new Error(`${title}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`));
      times.sort((a, b) => a - b);
      const pct = (p) => percentile(times, p);
      resolve({ title, rps: times.length / seconds, p50: pct(50), p95: pct(95), p99: pct(99), total: times.length, cpu });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });

const us = (v) => (v === null || v === undefined ? '   n/a' : `${v.toFixed(0).padStart(4)} µs`);
const line = (r) =>
  `  ${r.title.padEnd(18)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   p99 ${ms(r.p99)}   ` +
  `CPU/request: gateway ${us(r.cpu.gateway)}, accounting ${us(r.cpu.accounting)}   (${r.total} requests)`;
const median = (values) => {
  const v = values.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  if (!v.length) return null;
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Items of a list answer: a bare array, or the paged envelope `{ items, … }`. */
const itemsOf = (body) => (Array.isArray(body) ? body : (body?.items ?? []));

(async () => {
  const { user, cookie } = await signIn();
  const id = user.companyId;
  const identity = { 'x-internal-token': token, 'x-company-id': id, 'x-user-id': user.id, 'x-user-role': user.role ?? 'owner' };
  const routes = [
    { name: 'GET /api/companies/:id/third-parties', path: `/api/companies/${id}/third-parties`, list: true },
    ...(ALL_ROUTES ? [{ name: 'GET /api/companies/:id', path: `/api/companies/${id}` }] : []),
  ];
  const pids = {
    gateway: Number(process.env.GATEWAY_PID) || listeningPid(base),
    accounting: Number(process.env.ACCOUNTING_PID) || listeningPid(accounting),
  };
  console.log(
    `${requests} requests per side and round, ${connections} connections, ${ROUNDS} rounds; gateway pid ${pids.gateway ?? 'n/a'}, ` +
      `accounting pid ${pids.accounting ?? 'n/a'}; load average ${loadAverage()}`,
  );
  const summary = [];
  for (const route of routes) {
    // The answer is the expected one on both sides (the same list).
    const [viaGateway, direct] = await Promise.all([
      fetch(`${base}${route.path}`, { headers: { cookie } }),
      fetch(`${accounting}${route.path}`, { headers: identity }),
    ]);
    if (viaGateway.status !== 200 || direct.status !== 200) throw new Error(`${route.name}: ${viaGateway.status} / ${direct.status}`);
    const [a, b] = [await viaGateway.json(), await direct.json()];
    if (route.list && itemsOf(a).length !== itemsOf(b).length) throw new Error(`${route.name}: the two sides answer different lists`);
    console.log(`\n${route.name}${route.list ? ` (${itemsOf(a).length} items)` : ''}`);
    // Unmeasured requests first, so both sides run warm (JIT, keep-alive sockets).
    const warm = Math.min(2_000, requests);
    await run('warm-up', `${base}${route.path}`, { cookie }, warm);
    await run('warm-up', `${accounting}${route.path}`, identity, warm);
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const sides = [
        () => run('gateway', `${base}${route.path}`, { cookie }, requests, pids),
        () => run('accounting direct', `${accounting}${route.path}`, identity, requests, pids),
      ];
      // Alternating which side goes first evens out a machine whose load drifts.
      const [first, second] = i % 2 ? [await sides[1](), await sides[0]()] : [await sides[0](), await sides[1]()];
      const [gateway, directRun] = i % 2 ? [second, first] : [first, second];
      const round = {
        gateway,
        direct: directRun,
        throughput: (100 * gateway.rps) / directRun.rps,
        p99: gateway.p99 / directRun.p99,
      };
      rounds.push(round);
      console.log(
        ` round ${i + 1}/${ROUNDS} (load average ${loadAverage()})\n${line(gateway)}\n${line(directRun)}\n` +
          `  gateway/direct: ${round.throughput.toFixed(0)} % of the throughput, p99 ${round.p99.toFixed(2)}×`,
      );
    }
    summary.push({
      route: route.name,
      gatewayRps: median(rounds.map((r) => r.gateway.rps)),
      directRps: median(rounds.map((r) => r.direct.rps)),
      gatewayP99: median(rounds.map((r) => r.gateway.p99)),
      directP99: median(rounds.map((r) => r.direct.p99)),
      gatewayCpu: median(rounds.map((r) => r.gateway.cpu.gateway)),
      throughput: median(rounds.map((r) => r.throughput)),
      p99: median(rounds.map((r) => r.p99)),
    });
  }
  console.log(
    `\nSummary, median of ${ROUNDS} rounds (targets: gateway CPU ≤ 250 µs/request, ≥ 65 %, p99 ≤ 1.8×); load average ${loadAverage()}`,
  );
  for (const s of summary)
    console.log(
      `  ${s.route.padEnd(38)} gateway CPU ${us(s.gatewayCpu)}/request   ${s.gatewayRps.toFixed(0)} vs ${s.directRps.toFixed(0)} req/s: ` +
        `${s.throughput.toFixed(0).padStart(3)} %   p99 ${ms(s.gatewayP99)} vs ${ms(s.directP99)}: ${s.p99.toFixed(2)}×`,
    );
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
