// Shared by the ledger benchmarks: a throw-away database with the accounting
// schema migrated, the accounting service started on it, seeding helpers, and
// the timing helpers of ./timing. Uses the built dist (run `npm run build:server` first).
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const { summary, ms, now } = require('./timing');

const root = path.resolve(__dirname, '..', '..', '..');
const accountingDist = path.join(root, 'services', 'accounting', 'dist');

/**
 * Runs fn(databaseUrl) on DATABASE_URL when set (kept afterwards), otherwise on
 * a fresh database created on postgres://postgres@127.0.0.1:5432 and dropped at the end.
 */
async function withBenchDatabase(fn) {
  if (process.env.DATABASE_URL) return fn(process.env.DATABASE_URL);
  const admin = process.env.BENCH_DATABASE_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `xaalis_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  }
}

/** Migrates the accounting schema with the service's own migrations. */
async function migrateAccounting(sequelize) {
  const { migrate } = require('@xaalis/service-kit');
  await migrate(sequelize, 'accounting', path.join(accountingDist, 'migrations'));
}

/** The internal token the benchmarks start the service with (the gateway's shared secret). */
const TOKEN = 'bench-internal-token';

/**
 * Runs fn({ base, sequelize, service }) on the accounting service started on a
 * bench database (see withBenchDatabase), on a free port, closed at the end.
 * The service reads its configuration at start: without Redis, reads need none
 * and the chart job runs inline.
 */
async function withAccountingService(fn) {
  return withBenchDatabase(async (databaseUrl) => {
    Object.assign(process.env, { DATABASE_URL: databaseUrl, REDIS_URL: '', INTERNAL_TOKEN: TOKEN, LOG_LEVEL: 'silent' });
    const { start } = require(path.join(accountingDist, 'server'));
    const service = await start({ port: 0 });
    const base = `http://127.0.0.1:${service.port}`;
    try {
      return await fn({ base, sequelize: service.ctx.sequelize, service });
    } finally {
      await service.close();
    }
  });
}

/** The gateway's internal headers for the owner of the company (the company's id stands in for the user's). */
const tenantHeaders = (companyId) => ({
  'x-internal-token': TOKEN,
  'x-company-id': companyId,
  'x-user-id': companyId,
  'x-user-role': 'owner',
});

/** A company created as the gateway does at registration (POST /internal/companies). */
async function createCompany(base, body) {
  const res = await fetch(`${base}/internal/companies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': TOKEN },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** POST …/generate-chart for the company, with these headers; throws unless 200. */
async function generateChart(base, companyId, headers = tenantHeaders(companyId)) {
  const res = await fetch(`${base}/api/companies/${companyId}/generate-chart`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  });
  if (res.status !== 200) throw new Error(`generate-chart: ${res.status} ${await res.text()}`);
}

/** VACUUM (ANALYZE) of these accounting tables, one after the other. */
async function vacuumAnalyze(sequelize, tables) {
  for (const table of tables) await sequelize.query(`VACUUM (ANALYZE) accounting.${table}`);
}

/** fn(transaction, from, to) for from = 1, 1 + size, … up to count (to ≤ count), one transaction per batch. */
async function inBatches(sequelize, count, size, fn) {
  for (let from = 1; from <= count; from += size) {
    const to = Math.min(count, from + size - 1);
    await sequelize.transaction((transaction) => fn(transaction, from, to));
  }
}

/**
 * SQL numbering a scratch table of entries (columns journal, date) as the
 * counters do, per journal and year (`VT-2025-00001`), in date order then by
 * `key`; then indexes `key`.
 */
const numberEntriesSql = (table, key) => `
    ALTER TABLE ${table} ADD COLUMN number text;
    UPDATE ${table} s SET number = n.journal || '-' || extract(year FROM n.date) || '-' || lpad(n.seq::text, 5, '0')
      FROM (SELECT ${key}, journal, date, row_number() OVER (PARTITION BY journal, extract(year FROM date) ORDER BY date, ${key}) AS seq FROM ${table}) n
     WHERE n.${key} = s.${key};
    CREATE INDEX ON ${table} (${key});`;

/** SQL setting the entry counters of company $1 to the numbers a scratch table (numbered by numberEntriesSql) used. */
const entryCountersSql = (table) => `
    INSERT INTO accounting.entry_counters (company_id, journal, year, last_number)
    SELECT $1, journal, extract(year FROM date)::int, count(*) FROM ${table} GROUP BY 2, 3`;

module.exports = {
  root,
  accountingDist,
  withBenchDatabase,
  migrateAccounting,
  TOKEN,
  withAccountingService,
  tenantHeaders,
  createCompany,
  generateChart,
  vacuumAnalyze,
  inBatches,
  numberEntriesSql,
  entryCountersSql,
  summary,
  ms,
  now,
};
