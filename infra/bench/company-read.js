#!/usr/bin/env node
// Requests per second and latency of an authenticated GET /api/companies/:id,
// through the gateway and directly against the accounting service, same settings.
// Needs a running `npm start` (BASE_URL, default http://localhost:8080; the
// accounting service at ACCOUNTING_URL, default http://127.0.0.1:4101; the internal
// token from INTERNAL_TOKEN or .data/secrets.json).
// Usage: node infra/bench/company-read.js [seconds=10] [connections=10]
const fs = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');
const { percentile, ms } = require('./lib/timing');

const root = path.resolve(__dirname, '..', '..');
const base = process.env.BASE_URL ?? 'http://localhost:8080';
const accounting = process.env.ACCOUNTING_URL ?? 'http://127.0.0.1:4101';
const duration = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const token =
  process.env.INTERNAL_TOKEN ??
  JSON.parse(fs.readFileSync(path.join(process.env.XAALIS_DATA_DIR ?? path.join(root, '.data'), 'secrets.json'), 'utf8')).internalToken;

async function register() {
  const username = `bench${Date.now().toString(36)}`;
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@exemple.sn`,
      password: 'motdepasse1',
      firstName: 'Bench',
      lastName: 'Mark',
      companyName: 'Banc d’essai SARL',
      phone: '+221 77 000 00 00',
      address: 'Dakar',
      sector: 'service',
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const user = await res.json();
  const cookie = res.headers.get('set-cookie').split(';')[0];
  return { user, cookie };
}

/** autocannon run; latencies collected from its 'response' events for an exact p95. */
const run = (title, url, headers) =>
  new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ url, headers, duration, connections, title }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx) return reject(new Error(`${title}: ${r.non2xx} non-2xx responses`));
      times.sort((a, b) => a - b);
      const pct = (p) => percentile(times, p);
      resolve({ title, rps: r.requests.average, p50: pct(50), p95: pct(95), p99: pct(99), total: times.length });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });

(async () => {
  const { user, cookie } = await register();
  const id = user.companyId;
  const results = [];
  results.push(await run('gateway', `${base}/api/companies/${id}`, { cookie }));
  results.push(
    await run('accounting direct', `${accounting}/api/companies/${id}`, {
      'x-internal-token': token,
      'x-company-id': id,
      'x-user-id': user.id,
    }),
  );
  console.log(`\nGET /api/companies/:id — ${connections} connections, ${duration} s each`);
  for (const r of results) {
    console.log(
      `${r.title.padEnd(18)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   p99 ${ms(r.p99)}   (${r.total} requests)`,
    );
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
