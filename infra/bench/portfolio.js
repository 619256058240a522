#!/usr/bin/env node
// The portfolio's figures of many companies in one call (issue 16): GET
// /internal/portfolio?companies=<all> on the accounting service (in-process,
// internal token), as the gateway calls it for a user's portfolio; median and
// p95 over REQUESTS sequential requests (after 5 warm-up), and the same for
// GET /internal/companies?ids=<all>. An internal call takes at most 200 ids
// (MAX_INTERNAL_IDS): past that the ids go in chunks of 200, all at once, as the
// gateway sends them (issue 24: a user in 500 companies).
//
// COMPANIES companies are created through the service (POST /internal/companies)
// with their chart (POST …/generate-chart), then seeded in SQL by
// lib/portfolio-data.js: INVOICES invoices each with their postings, payments
// and monthly balances. Checked first: every company's figures equal the plain
// sums over the ledger lines and the invoices. Printed: the statement's plan
// (EXPLAIN ANALYZE: index lookups per company), then the timings again without
// migration 0015's index (what it buys).
//
// Then the portfolio view as the browser asks for it: GET /api/portfolio through
// the real gateway (lib/gateway.js, in-process, on the same database), for a user
// who belongs to the COMPANIES companies (rows written in identity.memberships,
// roles owner, accountant, collaborator and reader in turn) and signs in with
// POST /api/login: median and p95 over REQUESTS sequential requests (after 5
// warm-up), the answer checked first (one row per company, figures available and
// equal to the internal route's, names and roles); then GET /api/memberships
// (the company switcher: one row per company with its name). The gateway keeps its
// sessions in memory, and with BENCH_REDIS_URL (e.g. redis://127.0.0.1:6379) is
// timed a second time with its sessions and membership mirror in that Redis,
// as deployed (keys under a fresh prefix, removed at the end).
//
// Needs the built services and gateway (`npm run build:server`) and Postgres (DATABASE_URL,
// default: a fresh database on postgres://postgres@127.0.0.1:5432, dropped at
// the end; a superuser: the seeding uses session_replication_role).
// Usage: node infra/bench/portfolio.js [companies=50] [invoices=10000] [requests=50]
//        (env BENCH_REDIS_URL: also through a gateway on Redis)
//        a user in 500 companies: node infra/bench/portfolio.js 500 2000 20
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const { Client } = require('pg');
const { TOKEN, accountingDist, withAccountingService, createCompany, generateChart, ms, now } = require('./lib/ledger');
const { timeSequential, numericArgs } = require('./lib/timing');
const { seedPortfolio } = require('./lib/portfolio-data');
const { gatewayDist, withGateway, gatewayGet } = require('./lib/gateway');

const [COMPANIES, INVOICES, REQUESTS] = numericArgs(50, 10_000, 50);
const TODAY = new Date().toISOString().slice(0, 10);
const SECTORS = ['commerce', 'service', 'restauration', 'hotel', 'transformation'];
const ROLES = ['owner', 'accountant', 'collaborator', 'reader'];
// What one internal call takes (MAX_INTERNAL_IDS in packages/contracts).
const CHUNK = 200;
// Read before withAccountingService empties REDIS_URL for the in-process processes.
const REDIS_URL = process.env.BENCH_REDIS_URL ?? '';

(async () => {
  await withAccountingService(async ({ base }) => {
    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      await run(base, db);
    } finally {
      await db.end();
    }
  });
})().catch((e) => {
  console.error(e);
  process.exit(1);
});

async function run(base, db) {
  let t = now();
  const ids = [];
  for (let i = 1; i <= COMPANIES; i++) {
    const company = await createCompany(base, { name: `Société ${i} SARL`, sector: SECTORS[i % SECTORS.length] });
    await generateChart(base, company.id);
    ids.push(company.id);
  }
  console.log(`${COMPANIES} companies created with their charts in ${((now() - t) / 1000).toFixed(1)} s`);

  t = now();
  const seeded = await seedPortfolio(db, ids, { invoices: INVOICES, today: TODAY });
  const { rows } = await db.query('SELECT pg_size_pretty(pg_database_size(current_database())) AS size');
  console.log(
    `seeded ${seeded.invoices.toLocaleString('en')} invoices, ${seeded.entries.toLocaleString('en')} entries, ` +
      `${seeded.lines.toLocaleString('en')} lines, ${seeded.balances.toLocaleString('en')} monthly balances ` +
      `in ${((now() - t) / 1000).toFixed(1)} s (database ${rows[0].size}); today ${TODAY}`,
  );

  const portfolio = () => getChunked(`${base}/internal/portfolio?companies=`, ids);
  const companies = () => getChunked(`${base}/internal/companies?ids=`, ids);
  await verify(db, ids, await portfolio());
  await explain(db, ids);

  const calls = Math.ceil(ids.length / CHUNK);
  const round = async (title) => {
    console.log(`\n${title} — ${REQUESTS} sequential requests each (after 5 warm-up)`);
    for (const [name, read] of [
      [`portfolio (${COMPANIES} companies${calls > 1 ? `, ${calls} calls` : ''})`, portfolio],
      [`companies (${COMPANIES} ids${calls > 1 ? `, ${calls} calls` : ''})`, companies],
    ]) {
      let body;
      const s = await timeSequential(async () => {
        body = await read();
      }, REQUESTS);
      console.log(`  ${name.padEnd(36)} median ${ms(s.median).padStart(10)}   p95 ${ms(s.p95).padStart(10)}   ${body.length} rows`);
    }
  };
  await round('schema as migrated');
  await throughGateway(base, db, ids, await portfolio());
  await db.query('DROP INDEX accounting.invoices_receivable_due_idx; ANALYZE accounting.invoices');
  await round("without 0015's invoices_receivable_due_idx (0003's due-date index only)");
}

/**
 * GET /api/portfolio through the gateway for a user member of every company in `ids`
 * (the first is where the sign-in lands), checked against `figures` (the internal
 * route's), then timed; with sessions in memory, then in Redis when BENCH_REDIS_URL is set.
 */
async function throughGateway(base, db, ids, figures) {
  const { hashPassword } = require(path.join(gatewayDist, 'modules', 'auth', 'passwords'));
  const username = `portfolio${Date.now().toString(36)}`;
  const password = 'motdepasse-bench-1';
  const userId = randomUUID();
  const names = new Map((await getChunked(`${base}/internal/companies?ids=`, ids)).map((c) => [c.id, c]));
  const byId = new Map(figures.map((f) => [f.companyId, f]));
  let created = false;

  const modes = [['sessions in memory', '']];
  if (REDIS_URL) modes.push([`sessions and membership mirror in Redis (${REDIS_URL})`, REDIS_URL]);
  console.log(`\nGET /api/portfolio through the gateway — ${REQUESTS} sequential requests each (after 5 warm-up)`);
  for (const [mode, redisUrl] of modes) {
    const redisPrefix = `xaalis-bench-portfolio-${Date.now().toString(36)}`;
    await withGateway(
      base,
      async ({ gatewayBase }) => {
        if (!created) {
          // The gateway has migrated the identity schema: the user and its memberships, as
          // registration and accepted invitations leave them.
          await db.query(
            `INSERT INTO identity.users (id, username, email, password_hash, first_name, last_name, company_id)
             VALUES ($1, $2, $3, $4, 'Bench', 'Portefeuille', $5)`,
            [userId, username, `${username}@exemple.sn`, await hashPassword(password), ids[0]],
          );
          await db.query(
            `INSERT INTO identity.memberships (user_id, company_id, role, created_at)
             SELECT $1, c, ($3::text[])[1 + (k - 1) % 4], now() + k * interval '1 ms' FROM unnest($2::uuid[]) WITH ORDINALITY AS u (c, k)`,
            [userId, ids, ROLES],
          );
          created = true;
        }
        const login = await fetch(`${gatewayBase}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password }),
        });
        if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
        const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
        const user = await login.json();
        if (user.companyId !== ids[0]) throw new Error(`login: company ${user.companyId}, expected ${ids[0]}`);

        const get = async () => {
          const res = await gatewayGet(gatewayBase, cookie, '/api/portfolio');
          if (res.status !== 200) throw new Error(`/api/portfolio: ${res.status} ${await res.text()}`);
          return res.json();
        };
        checkPortfolio(await get(), ids, byId, names);
        // The internal route alone just before, for the gateway's share (the machine may be busy).
        const internal = await timeSequential(() => getChunked(`${base}/internal/portfolio?companies=`, ids), REQUESTS);
        let body;
        const s = await timeSequential(async () => {
          body = await get();
        }, REQUESTS);
        checkPortfolio(body, ids, byId, names);
        const withFigures = body.rows.filter((r) => r.treasury !== null && r.overdueInvoices !== null).length;
        console.log(
          `  ${mode}\n` +
            `  ${'internal route, just before'.padEnd(32)} median ${ms(internal.median).padStart(10)}   p95 ${ms(internal.p95).padStart(10)}\n` +
            `  ${`GET /api/portfolio (${body.rows.length} rows)`.padEnd(32)} median ${ms(s.median).padStart(10)}   p95 ${ms(s.p95).padStart(10)}` +
            `   max ${ms(s.max)}   ${withFigures} rows with figures, figuresAvailable ${body.figuresAvailable}`,
        );

        // The company switcher's list: every company with its name and role.
        const memberships = async () => {
          const res = await gatewayGet(gatewayBase, cookie, '/api/memberships');
          if (res.status !== 200) throw new Error(`/api/memberships: ${res.status} ${await res.text()}`);
          return res.json();
        };
        let list = await memberships();
        checkMemberships(list, ids, names);
        const m = await timeSequential(async () => {
          list = await memberships();
        }, REQUESTS);
        checkMemberships(list, ids, names);
        console.log(
          `  ${`GET /api/memberships (${list.length} rows)`.padEnd(32)} median ${ms(m.median).padStart(10)}   p95 ${ms(m.p95).padStart(10)}` +
            `   max ${ms(m.max)}`,
        );
      },
      { redisUrl, redisPrefix },
    );
    if (redisUrl) await dropRedisKeys(redisUrl, redisPrefix);
  }
}

/** The gateway's portfolio: one row per company, figures equal to the internal route's, names and roles right. */
function checkPortfolio(portfolio, ids, byId, names) {
  const fail = (m) => {
    throw new Error(`/api/portfolio: ${m}`);
  };
  if (!portfolio.figuresAvailable) fail('figuresAvailable false');
  if (portfolio.rows.length !== ids.length) fail(`${portfolio.rows.length} rows, expected ${ids.length}`);
  const seen = new Set();
  for (const row of portfolio.rows) {
    const k = ids.indexOf(row.companyId);
    if (k < 0 || seen.has(row.companyId)) fail(`unexpected or repeated company ${row.companyId}`);
    seen.add(row.companyId);
    const f = byId.get(row.companyId);
    for (const key of ['treasury', 'receivables', 'payables', 'overdueInvoices', 'overdueAmount', 'lastEntryDate']) {
      if (row[key] === null || row[key] !== f[key]) fail(`${row.companyId} ${key}: ${row[key]}, internal route ${f[key]}`);
    }
    if (row.companyName !== names.get(row.companyId).name || row.sector !== names.get(row.companyId).sector)
      fail(`name of ${row.companyId}`);
    if (row.role !== ROLES[k % 4]) fail(`role of ${row.companyId}: ${row.role}, expected ${ROLES[k % 4]}`);
    if (row.current !== (k === 0)) fail(`current of ${row.companyId}`);
  }
}

/** The switcher's list: one row per company, with its name, sector and role. */
function checkMemberships(list, ids, names) {
  const fail = (m) => {
    throw new Error(`/api/memberships: ${m}`);
  };
  if (list.length !== ids.length) fail(`${list.length} rows, expected ${ids.length}`);
  for (const row of list) {
    const k = ids.indexOf(row.companyId);
    if (k < 0) fail(`unexpected company ${row.companyId}`);
    if (row.companyName !== names.get(row.companyId).name || row.sector !== names.get(row.companyId).sector)
      fail(`name of ${row.companyId}`);
    if (row.role !== ROLES[k % 4]) fail(`role of ${row.companyId}`);
  }
}

/** Removes the keys a bench gateway left under `prefix` in Redis. */
async function dropRedisKeys(url, prefix) {
  const { Redis } = require('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** `urlPrefix` + ids, in chunks of CHUNK ids all at once (as the gateway calls): the rows in order. */
async function getChunked(urlPrefix, ids) {
  const chunks = [];
  for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
  return (await Promise.all(chunks.map((chunk) => getJson(urlPrefix + chunk.join(','))))).flat();
}

async function getJson(url) {
  const res = await fetch(url, { headers: { 'x-internal-token': TOKEN } });
  if (res.status !== 200) throw new Error(`${url.split('?')[0]}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Every company's figures against the plain SQL over the lines and the invoices. */
async function verify(db, ids, figures) {
  const { rows } = await db.query(
    `SELECT c AS "companyId",
            (SELECT round(coalesce(sum(l.debit - l.credit) FILTER (WHERE a.code LIKE '5%' AND left(a.code, 2) NOT IN ('58', '59')), 0), 2)::text
               FROM accounting.accounting_entry_lines l JOIN accounting.accounts a ON a.id = l.account_id
               JOIN accounting.accounting_entries e ON e.id = l.entry_id WHERE l.company_id = c AND e.status <> 'draft') AS treasury,
            (SELECT round(coalesce(sum(l.debit - l.credit) FILTER (WHERE a.code LIKE '411%'), 0), 2)::text
               FROM accounting.accounting_entry_lines l JOIN accounting.accounts a ON a.id = l.account_id
               JOIN accounting.accounting_entries e ON e.id = l.entry_id WHERE l.company_id = c AND e.status <> 'draft') AS receivables,
            (SELECT round(coalesce(sum(l.credit - l.debit) FILTER (WHERE a.code LIKE '401%'), 0), 2)::text
               FROM accounting.accounting_entry_lines l JOIN accounting.accounts a ON a.id = l.account_id
               JOIN accounting.accounting_entries e ON e.id = l.entry_id WHERE l.company_id = c AND e.status <> 'draft') AS payables,
            o.n AS "overdueInvoices", round(o.amount, 2)::text AS "overdueAmount",
            (SELECT max(date)::text FROM accounting.accounting_entries WHERE company_id = c AND status = 'validated') AS "lastEntryDate"
       FROM unnest($1::uuid[]) WITH ORDINALITY AS u (c, k)
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS n, coalesce(sum(i.total - i.paid_amount), 0) AS amount
          FROM accounting.invoices i JOIN accounting.third_parties tp ON tp.id = i.third_party_id
         WHERE i.company_id = c AND i.status = 'validated' AND i.type <> 'purchase' AND i.total > i.paid_amount
           AND coalesce(i.due_date, i.date + tp.payment_terms) < $2::date) o
      ORDER BY k`,
    [ids, TODAY],
  );
  const same = JSON.stringify(rows) === JSON.stringify(figures);
  if (!same) throw new Error(`portfolio ≠ plain sums:\n${JSON.stringify(figures[0])}\n${JSON.stringify(rows[0])}`);
  const overdue = rows.reduce((n, r) => n + r.overdueInvoices, 0);
  console.log(
    `checked: the ${rows.length} companies' figures equal the plain sums over lines and invoices (${overdue} overdue invoices in all)`,
  );
  console.log(`  e.g. ${JSON.stringify(figures[0])}`);
}

/** The service's statement under EXPLAIN ANALYZE: one index lookup per company and figure. */
async function explain(db, ids) {
  const { PORTFOLIO_SQL } = require(path.join(accountingDist, 'modules', 'portfolio'));
  const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${PORTFOLIO_SQL}`, [ids, TODAY]);
  console.log(`\nEXPLAIN ANALYZE of GET /internal/portfolio's statement (${ids.length} companies):`);
  for (const r of rows) console.log(`  ${r['QUERY PLAN'].replace(/'\{[0-9a-f,-]+\}'::uuid\[\]/g, `'{…${ids.length} ids}'::uuid[]`)}`);
}
