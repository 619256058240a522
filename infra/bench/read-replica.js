#!/usr/bin/env node
// Reports served by a streaming replica (issue 32): the same mixed load of journal entries
// (created and validated) and report reads (trial balance, Bilan, dashboard) at the same rate on
// the accounting service reading (1) the primary only, then (2) with DATABASE_READ_URL on a
// replica. Half the reads come from sessions that write (they carry their last write position,
// as the gateway sends it: read-your-writes), half from sessions that only read.
// Prints per phase: requests answered per second, p50/p95/p99 of reads and writes, the share of
// reads the replica served and the statuses (read-your-writes itself is checked by
// gateway/src/read-replica.test.ts).
// A private primary (initdb) and its replica (pg_basebackup) on free ports, in a temporary folder;
// needs the built service (`npm run build:server`) and Debian's Postgres binaries.
// Usage: node infra/bench/read-replica.js [seconds=60] [rate=40] [entries=100000]
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { accountingDist, createCompany, generateChart, inBatches, tenantHeaders } = require('./lib/ledger');
const { numericArgs, now, percentile } = require('./lib/timing');

const [SECONDS, RATE, ENTRIES] = numericArgs(60, 40, 100_000);
const YEAR = 2026;

function pgBin() {
  const root = '/usr/lib/postgresql';
  const v = fs
    .readdirSync(root)
    .filter((d) => fs.existsSync(path.join(root, d, 'bin', 'pg_ctl')))
    .sort((a, b) => b - a)[0];
  if (!v) throw new Error('no Postgres binaries under /usr/lib/postgresql');
  return path.join(root, v, 'bin');
}
const BIN = pgBin();
const asRoot = process.getuid() === 0;
const run = (tool, args, cwd) =>
  execFileSync(asRoot ? 'runuser' : path.join(BIN, tool), asRoot ? ['-u', 'postgres', '--', path.join(BIN, tool), ...args] : args, {
    cwd,
    stdio: 'pipe',
  });
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function cluster(dir, port, init) {
  const data = path.join(dir, `data-${port}`);
  init(data);
  run(
    'pg_ctl',
    [
      '-D',
      data,
      '-l',
      path.join(dir, `log-${port}`),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      'start',
    ],
    dir,
  );
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/xaalis`,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'], dir),
  };
}

/** SALES validated sale entries of the year, seeded through the ledger's own triggers. */
async function seed(sequelize, companyId) {
  await sequelize.query(
    `CREATE TABLE bench_sales AS SELECT g AS row_no, gen_random_uuid() AS entry_id, DATE '${YEAR}-01-01' + (g % 300) AS date,
            ((g::bigint * 7919) % 5000000 + 10000) / 100.0 AS amount FROM generate_series(1, $1) g`,
    { bind: [ENTRIES] },
  );
  await sequelize.query('CREATE INDEX ON bench_sales (row_no)');
  await inBatches(sequelize, ENTRIES, 25_000, async (transaction, from, to) => {
    const q = (text) => sequelize.query(text, { bind: [companyId, from, to], transaction });
    await q(`INSERT INTO accounting.accounting_entries (id, company_id, number, journal, date, description, reference, total)
             SELECT entry_id, $1, 'VT-${YEAR}-' || lpad(row_no::text, 7, '0'), 'VT', date, 'Vente ' || row_no, '', amount
               FROM bench_sales WHERE row_no BETWEEN $2 AND $3`);
    await q(`INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit)
             SELECT s.entry_id, $1, l.n, a.id, 'Vente', CASE WHEN l.n = 1 THEN s.amount ELSE 0 END, CASE WHEN l.n = 2 THEN s.amount ELSE 0 END
               FROM bench_sales s CROSS JOIN (VALUES (1), (2)) l(n)
               JOIN accounting.accounts a ON a.company_id = $1 AND a.code = CASE l.n WHEN 1 THEN '521' ELSE '706' END
              WHERE s.row_no BETWEEN $2 AND $3`);
    await q(`UPDATE accounting.accounting_entries e SET status = 'validated' FROM bench_sales s
              WHERE e.company_id = $1 AND e.id = s.entry_id AND s.row_no BETWEEN $2 AND $3`);
  });
  await sequelize.query('DROP TABLE bench_sales');
  await sequelize.query('VACUUM (ANALYZE) accounting.accounting_entries, accounting.accounting_entry_lines');
}

/** The load: one request every 1/RATE s for SECONDS s (open loop); a write in five, reads otherwise. */
async function load(base, companyId, accounts) {
  const headers = tenantHeaders(companyId);
  const sessions = Array.from({ length: 8 }, (_, i) => ({ writes: i < 4, lsn: null }));
  const reads = [];
  const writes = [];
  const statuses = {};
  let fromReplica = 0;
  const READS = [
    `/api/companies/${companyId}/reports/trial-balance?from=${YEAR}-01-01&to=${YEAR}-12-31`,
    `/api/companies/${companyId}/reports/balance-sheet?year=${YEAR}`,
    `/api/companies/${companyId}/dashboard`,
  ];
  const call = async (url, init, session) => {
    const t = now();
    const res = await fetch(base + url, {
      ...init,
      headers: { ...headers, 'content-type': 'application/json', ...(session.lsn ? { 'x-xaalis-min-lsn': session.lsn } : {}) },
    });
    const body = await res.json().catch(() => null);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    const lsn = res.headers.get('x-xaalis-write-lsn');
    if (lsn) session.lsn = lsn;
    return { ms: now() - t, res, body };
  };
  let n = 0;
  async function request(i) {
    const session = sessions[i % sessions.length];
    if (session.writes && i % 5 === 0) {
      const t = now();
      const created = await call(
        `/api/companies/${companyId}/accounting-entries`,
        {
          method: 'POST',
          body: JSON.stringify({
            entry: { number: `OD-${YEAR}-00001`, journal: 'OD', date: `${YEAR}-06-15`, description: `Loyer ${i}` },
            lines: [
              { accountId: accounts['6222'], description: 'Loyer', debit: '1000.00', credit: '0.00' },
              { accountId: accounts['521'], description: 'Banque', debit: '0.00', credit: '1000.00' },
            ],
          }),
        },
        session,
      );
      if (created.res.status === 201) {
        await call(`/api/accounting-entries/${created.body.id}/validate`, { method: 'PATCH' }, session);
      }
      writes.push(now() - t);
      return;
    }
    const r = await call(READS[i % READS.length], {}, session);
    reads.push(r.ms);
    if (r.res.headers.get('x-xaalis-read-from') === 'replica') fromReplica++;
  }
  const started = now();
  const pending = [];
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      if (now() - started >= SECONDS * 1000) {
        clearInterval(timer);
        resolve();
        return;
      }
      pending.push(request(n++).catch(() => (statuses.error = (statuses.error ?? 0) + 1)));
    }, 1000 / RATE);
  });
  await Promise.all(pending);
  const elapsed = (now() - started) / 1000;
  const sorted = (a) => [...a].sort((x, y) => x - y);
  const r = sorted(reads);
  const w = sorted(writes);
  return {
    answeredPerSecond: ((reads.length + writes.length) / elapsed).toFixed(1),
    reads: `${r.length} — p50 ${percentile(r, 50).toFixed(0)} ms, p95 ${percentile(r, 95).toFixed(0)} ms, p99 ${percentile(r, 99).toFixed(0)} ms`,
    writes: `${w.length} — p50 ${percentile(w, 50).toFixed(0)} ms, p99 ${percentile(w, 99).toFixed(0)} ms`,
    fromReplica: `${((100 * fromReplica) / Math.max(1, r.length)).toFixed(0)} %`,
    statuses: JSON.stringify(statuses),
  };
}

async function phase(name, env, companyId) {
  Object.assign(process.env, env);
  delete require.cache[require.resolve(path.join(accountingDist, 'server'))];
  const { start } = require(path.join(accountingDist, 'server'));
  const service = await start({ port: 0 });
  try {
    const base = `http://127.0.0.1:${service.port}`;
    const res = await fetch(`${base}/api/companies/${companyId}/accounts?pageSize=1000`, { headers: tenantHeaders(companyId) });
    const accounts = Object.fromEntries((await res.json()).items.map((a) => [a.code, a.id]));
    const result = await load(base, companyId, accounts);
    console.log(`${name}:`, result);
    return result;
  } finally {
    await service.close();
  }
}

(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-bench-replica-'));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const primary = await cluster(dir, await freePort(), (data) =>
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync'], dir),
  );
  let replica;
  try {
    const admin = new Client({ connectionString: primary.url.replace(/xaalis$/, 'postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE xaalis');
    await admin.end();
    Object.assign(process.env, { DATABASE_URL: primary.url, REDIS_URL: '', INTERNAL_TOKEN: 'bench-internal-token', LOG_LEVEL: 'silent' });
    const { start } = require(path.join(accountingDist, 'server'));
    const setup = await start({ port: 0 });
    const base = `http://127.0.0.1:${setup.port}`;
    const company = await createCompany(base, { name: 'Replica Bench SA', sector: 'service' });
    await generateChart(base, company.id);
    const t0 = now();
    await seed(setup.ctx.sequelize, company.id);
    console.log(`seeded ${ENTRIES} entries (${2 * ENTRIES} lines) in ${((now() - t0) / 1000).toFixed(1)} s`);
    await setup.close();
    const replicaPort = await freePort();
    replica = await cluster(dir, replicaPort, (data) =>
      run('pg_basebackup', ['-D', data, '-R', '-X', 'stream', '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'], dir),
    );
    console.log(`${SECONDS} s at ${RATE} requests/s per phase (a write in five from half the sessions)`);
    await phase('primary only', { DATABASE_READ_URL: '' }, company.id);
    await phase('with the replica', { DATABASE_READ_URL: replica.url }, company.id);
  } finally {
    replica?.stop();
    primary.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
