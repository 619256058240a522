#!/usr/bin/env node
// Issue 26: the accounting service's request loop while Grand livre PDFs are exported. A company
// with a LINES-line ledger (default 20 000: ENTRIES entries of two lines over 2026, accounts 521 /
// 706 / 4111 / 601, inserted in SQL as validated, monthly balances rebuilt); then
//  1. idle: REQUESTS sequential `GET /api/companies/:id/invoices?page=1` (a plain list GET), p50/p99;
//  2. loaded: USERS users start the export of the whole Grand livre as a PDF at the same time
//     (POST …/reports/general-ledger/exports, the BullMQ job of the worker) and poll it every
//     second, while the same GETs run back to back until every export has completed; p50/p99 of
//     those, the ratio of the p99s (target ≤ 2×), the time of each export and of the five, and
//     each file checked (a PDF, downloaded from …/exports/:id/file).
// As deployed: the service (`node services/accounting/dist/server.js`) and its worker
// (`…/worker.js`, its pool thread rendering the PDFs) run as two child processes; this process
// only sends requests.
// Needs the built services (`npm run build:server`), Postgres (DATABASE_URL, default: a fresh
// database on postgres://postgres@127.0.0.1:5432, dropped at the end) and Redis (BENCH_REDIS_URL,
// default redis://127.0.0.1:6379; keys under a fresh prefix, deleted at the end).
// Usage: node infra/bench/ledger-export-load.js [lines=20000] [users=5] [requests=2000]
const { randomBytes, randomUUID } = require('node:crypto');
const { Client } = require('pg');
const { accountingDist, withBenchDatabase, TOKEN, tenantHeaders, createCompany, generateChart, now } = require('./lib/ledger');
const { numericArgs, percentile } = require('./lib/timing');
const { startChild, freePort, clearRedisPrefix } = require('./lib/workers');

const [LINES, USERS, REQUESTS] = numericArgs(20_000, 5, 2000);
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `xaalis-bench-${randomBytes(4).toString('hex')}`;
const FROM = '2026-01-01';
const TO = '2026-12-31';

const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));
const f = (v) => `${v.toFixed(2)} ms`;

/** ENTRIES validated entries of two lines each, spread over 2026 (triggers off in this session). */
const SEED_SQL = `
  WITH accounts AS (
    SELECT array_agg(id ORDER BY code) FILTER (WHERE code IN ('521', '4111')) AS debit,
           array_agg(id ORDER BY code) FILTER (WHERE code IN ('601', '706')) AS credit
      FROM accounting.accounts WHERE company_id = $1::uuid),
  g AS MATERIALIZED (
    SELECT gen_random_uuid() AS id, k, DATE '2026-01-01' + (k % 365) AS date, ((k * 7919) % 900000 + 1000) / 100.0 AS amount
      FROM generate_series(1, $2::int) AS k),
  e AS (
    INSERT INTO accounting.accounting_entries (id, company_id, number, journal, date, description, status, total, validated_at)
    SELECT id, $1::uuid, 'OD-2026-' || lpad(k::text, 8, '0'), 'OD', date, 'Écriture de charge ' || k, 'validated', amount, now() FROM g)
  INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit, entry_date)
  SELECT g.id, $1::uuid, l.n, l.account, 'Écriture de charge ' || g.k, l.debit, l.credit, g.date
    FROM g, accounts a,
         LATERAL (VALUES (1, a.debit[1 + g.k % 2], g.amount, 0::numeric), (2, a.credit[1 + g.k % 2], 0::numeric, g.amount)) AS l (n, account, debit, credit)`;

async function seed(databaseUrl, companyId) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('SET session_replication_role = replica');
    const { rowCount } = await db.query(SEED_SQL, [companyId, Math.ceil(LINES / 2)]);
    await db.query('SELECT accounting.rebuild_account_balances($1)', [companyId]);
    for (const table of ['accounting_entries', 'accounting_entry_lines', 'account_balances'])
      await db.query(`VACUUM (ANALYZE) accounting.${table}`);
    return rowCount;
  } finally {
    await db.end();
  }
}

async function json(base, headers, method, path, body, expected = 200) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** One timed GET of the list; throws unless 200. */
async function listGet(url, headers) {
  const t = now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`list: ${res.status}`);
  return now() - t;
}

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
};

(async () => {
  await withBenchDatabase(async (databaseUrl) => {
    const port = await freePort();
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX,
      INTERNAL_TOKEN: TOKEN,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      NODE_ENV: 'development',
    };
    const problems = [];
    // The server migrates the schema: the worker waits for it.
    const server = startChild(accountingDist, 'server', { ...env, LOG_LEVEL: 'info' }, 'listening', problems);
    await server.ready;
    const worker = startChild(accountingDist, 'worker', { ...env, LOG_LEVEL: 'info' }, 'worker started', problems);
    await worker.ready;
    const base = `http://127.0.0.1:${port}`;
    try {
      const company = await createCompany(base, { name: 'Grand Livre Export SA', sector: 'service' });
      const headers = tenantHeaders(company.id);
      await generateChart(base, company.id, headers);
      const t0 = now();
      const entries = await seed(databaseUrl, company.id);
      const ledger = await json(
        base,
        headers,
        'GET',
        `/api/companies/${company.id}/reports/general-ledger?from=${FROM}&to=${TO}&pageSize=1`,
      );
      console.log(
        `company ${company.id}: ${entries.toLocaleString('en')} lines inserted, Grand livre ${FROM}–${TO} of ${ledger.total.toLocaleString('en')} lines ` +
          `(${((now() - t0) / 1000).toFixed(1)} s); service pid ${server.pid}, worker pid ${worker.pid}`,
      );
      const listUrl = `${base}/api/companies/${company.id}/invoices?page=1`;
      for (let i = 0; i < 50; i++) await listGet(listUrl, headers);

      const idleTimes = [];
      for (let i = 0; i < REQUESTS; i++) idleTimes.push(await listGet(listUrl, headers));
      const idle = stats(idleTimes);
      console.log(`idle:   ${idle.n} GET …/invoices?page=1   p50 ${f(idle.p50)}   p99 ${f(idle.p99)}   max ${f(idle.max)}`);

      // USERS users, each with their own session: the exports of the whole year as PDFs, at once.
      const started = now();
      const exports = Promise.all(
        Array.from({ length: USERS }, async () => {
          const user = { ...headers, 'x-user-id': randomUUID() };
          const created = await json(
            base,
            user,
            'POST',
            `/api/companies/${company.id}/reports/general-ledger/exports`,
            { from: FROM, to: TO, format: 'pdf' },
            202,
          );
          for (;;) {
            await sleep(1000);
            const status = await json(base, user, 'GET', `/api/companies/${company.id}/reports/general-ledger/exports/${created.id}`);
            if (status.state === 'failed') throw new Error(`export ${created.id} failed: ${status.error}`);
            if (status.state === 'completed') return { id: created.id, user, seconds: (now() - started) / 1000, status };
          }
        }),
      );
      let allDone = false;
      const done = exports.then((r) => {
        allDone = true;
        return r;
      });
      const loadedTimes = [];
      while (!allDone) loadedTimes.push(await listGet(listUrl, headers));
      const results = await done;
      const loaded = stats(loadedTimes);
      const totalSeconds = (now() - started) / 1000;
      console.log(`loaded: ${loaded.n} GET …/invoices?page=1   p50 ${f(loaded.p50)}   p99 ${f(loaded.p99)}   max ${f(loaded.max)}`);
      for (const r of results) {
        const res = await fetch(`${base}/api/companies/${company.id}/reports/general-ledger/exports/${r.id}/file`, { headers: r.user });
        const file = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200 || file.subarray(0, 5).toString() !== '%PDF-') throw new Error(`export ${r.id}: ${res.status}, not a PDF`);
        console.log(
          `  export ${r.id}: completed after ${r.seconds.toFixed(1)} s, ${(file.length / 1e6).toFixed(1)} MB (${r.status.result.fileName})`,
        );
      }
      const ratio = loaded.p99 / idle.p99;
      console.log(
        `\n${USERS} exports of a ${ledger.total.toLocaleString('en')}-line Grand livre PDF: all done in ${totalSeconds.toFixed(1)} s\n` +
          `list GET p99: idle ${f(idle.p99)}, during the exports ${f(loaded.p99)}: ratio ${ratio.toFixed(2)}× (target ≤ 2×: ${ratio <= 2 ? 'PASS' : 'FAIL'})`,
      );
      if (problems.length) console.log(`${problems.length} warnings/errors logged by the service or worker`);
    } finally {
      await worker.stop();
      await server.stop();
      await clearRedisPrefix(REDIS_URL, REDIS_PREFIX);
    }
  });
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
