#!/usr/bin/env node
// What the gateway costs on authenticated, company-scoped reads: requests per second
// and latency of the same GET through the gateway (session cookie) and directly
// against the accounting service (the identity headers and internal token the
// gateway would add), one after the other in one run, for
//   - GET /api/companies/:id/third-parties (a company-scoped list of 20 third parties)
//   - GET /api/companies/:id               (the company record)
// then the ratio: gateway throughput as a % of direct, gateway p99 / direct p99
// (issue 14 target: ≥ 60 % and ≤ 2×).
// Needs a running `npm start` (BASE_URL, default http://localhost:8080; the
// accounting service at ACCOUNTING_URL, default http://127.0.0.1:4101; the internal
// token from INTERNAL_TOKEN or .data/secrets.json). The bench user is registered once
// and its credentials kept in <data dir>/bench-company-read-<n>.json (registrations
// are rate-limited per address).
// Usage: node infra/bench/company-read.js [seconds=8] [connections=10]
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
const [duration, connections] = numericArgs(8, 10);
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

/** autocannon run; latencies collected from its 'response' events for exact percentiles. */
const run = (title, url, headers, seconds = duration) =>
  new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ url, headers, duration: seconds, connections, title }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx || r.errors || r.timeouts)
        return reject(new Error(`${title}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`));
      times.sort((a, b) => a - b);
      const pct = (p) => percentile(times, p);
      resolve({ title, rps: times.length / seconds, p50: pct(50), p95: pct(95), p99: pct(99), total: times.length });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });

const line = (r) =>
  `  ${r.title.padEnd(18)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   p99 ${ms(r.p99)}   (${r.total} requests)`;

(async () => {
  const { user, cookie } = await signIn();
  const id = user.companyId;
  const identity = { 'x-internal-token': token, 'x-company-id': id, 'x-user-id': user.id, 'x-user-role': user.role ?? 'owner' };
  const routes = [
    { name: 'GET /api/companies/:id/third-parties', path: `/api/companies/${id}/third-parties` },
    { name: 'GET /api/companies/:id', path: `/api/companies/${id}` },
  ];
  const summary = [];
  console.log(
    `${connections} connections, ${duration} s each; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const route of routes) {
    // One unmeasured second each, so both sides run warm (JIT, keep-alive sockets).
    await run('warm-up', `${base}${route.path}`, { cookie }, 1);
    await run('warm-up', `${accounting}${route.path}`, identity, 1);
    const gateway = await run('gateway', `${base}${route.path}`, { cookie });
    const direct = await run('accounting direct', `${accounting}${route.path}`, identity);
    const ratio = { route: route.name, throughput: (100 * gateway.rps) / direct.rps, p99: gateway.p99 / direct.p99 };
    summary.push(ratio);
    console.log(`\n${route.name}\n${line(gateway)}\n${line(direct)}`);
    console.log(`  gateway/direct: ${ratio.throughput.toFixed(0)} % of the throughput, p99 ${ratio.p99.toFixed(2)}×`);
  }
  console.log(
    `\nSummary (target ≥ 60 %, p99 ≤ 2×); load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const s of summary) console.log(`  ${s.route.padEnd(38)} ${s.throughput.toFixed(0).padStart(4)} %   p99 ${s.p99.toFixed(2)}×`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
