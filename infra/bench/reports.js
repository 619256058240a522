#!/usr/bin/env node
// The financial reports at scale, through the gateway as the browser calls
// them (session cookie): the Balance of a fiscal year and of the current year
// to date, the Bilan, the Compte de résultat, the TFT and Grand livre pages (account 521 over a year: first page,
// page 50 and the last page, 100 lines each), median and p95 over REQUESTS
// sequential requests each (after 5 warm-up), on a company with 1 000 000 and
// then 10 000 000 validated entry lines, beside NEIGHBOURS companies with
// NEIGHBOUR_LINES lines each in the same tables. Targets: p95 ≤ 300 ms up to
// 1M lines, ≤ 1 s above (PASS/FAIL per figure).
//
// The lines are generated in SQL (generate_series, CHUNK_LINES lines per
// statement), not through HTTP: about three fiscal years up to today of
// balanced entries of 2 to 4 lines (sales, purchases, receipts, supplier
// payments, expenses, payroll, bank fees, depreciation, VAT returns, loans) in
// the VT/AC/BQ/OD journals, inserted as validated in a session with
// session_replication_role = replica (the ledger's guards and checks are
// triggers: they refuse anything but drafts), then the per-account monthly
// and daily balances recomputed by accounting.rebuild_account_balances (timed,
// with their row counts) and VACUUM (ANALYZE). Each size adds to the same company.
//
// Checked on the way: the Balance of the year, of this year to today and to
// the mid-month date equal the plain sums over the lines (period and closing),
// the reports' own checks hold. Side by side: the Balance of the whole period
// through the gateway, and the company's journal exported (server-side
// cursor) to a plain-text hledger journal (accounts named by their codes) on
// which `hledger balance` is timed; both must give the same balance for every
// account. hledger is skipped with a message when absent (`apt-get install
// hledger`), and stopped past HLEDGER_MAX_MB of memory (it needs about 3.2 KB a
// line: 10M lines do not fit in 23 GB).
//
// Needs the built services and gateway (`npm run build:server`) and Postgres
// (DATABASE_URL, default: a fresh database on postgres://postgres@127.0.0.1:5432,
// dropped at the end; a superuser: session_replication_role). 10M lines take
// about 6 GB of disk (checked before each size).
// Usage: node infra/bench/reports.js [lines=1000000,10000000] [requests=30]
// Issue 26 (Balance from the start of the year to a date inside a month, ≤ 50 ms at 10M lines): the lines
// 'Balance <year> to <today>' and 'Balance <year> to <mm>-20' of node infra/bench/reports.js 10000000 30
// (node infra/bench/reports.js 1000000 30 for 1M lines only).
//        (env NEIGHBOURS=3, NEIGHBOUR_LINES=100000)
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawn } = require('node:child_process');
const { Client } = require('pg');
const { withAccountingService, ms, now } = require('./lib/ledger');
const { timeSequential } = require('./lib/timing');
const { withGateway, registerAndSignIn, gatewayGet } = require('./lib/gateway');

const SIZES = String(process.argv[2] ?? '1000000,10000000')
  .split(',')
  .map(Number);
const REQUESTS = Number(process.argv[3] ?? 30);
const NEIGHBOURS = Number(process.env.NEIGHBOURS ?? 3);
const NEIGHBOUR_LINES = Number(process.env.NEIGHBOUR_LINES ?? 100_000);
const CHUNK_LINES = 500_000;

const TODAY = new Date().toISOString().slice(0, 10);
const THIS_YEAR = Number(TODAY.slice(0, 4));
/** Entries from the first day of THIS_YEAR − 2 up to today; the year measured is the last closed one. */
const START = `${THIS_YEAR - 2}-01-01`;
const SPAN_DAYS = Math.round((Date.parse(TODAY) - Date.parse(START)) / 86_400_000) + 1;
const YEAR = THIS_YEAR - 1;
/** The 20th of the month before today's (of January when today is in January): a date inside a month, lines after it. */
const MID_MONTH = `${THIS_YEAR}-${String(Math.max(1, Number(TODAY.slice(5, 7)) - 1)).padStart(2, '0')}-20`;

/**
 * The kinds of entries, entry k being of the kind whose [lo, hi] holds k % 40.
 * Line i's amount (debit positive) is ca[i]·x + cb[i]·y + cc[i]·w, with x the
 * entry's base amount, y = 18 % of x, w = 5 % of x (both rounded to the cent):
 * every row sums to zero, every amount is positive or negative, never zero.
 * 109 lines per 40 entries.
 */
const KINDS = [
  [0, 5, 'VT', 'Vente de marchandises', ['4111', '701', '4431'], [1, -1, 0], [1, 0, -1], [0, 0, 0]],
  [6, 11, 'VT', 'Prestation de services', ['4111', '706', '4431'], [1, -1, 0], [1, 0, -1], [0, 0, 0]],
  [12, 17, 'AC', 'Achat de marchandises', ['601', '4452', '4011'], [1, 0, -1], [0, 1, -1], [0, 0, 0]],
  [18, 23, 'BQ', 'Encaissement client', ['521', '4111'], [1, -1], [1, -1], [0, 0]],
  [24, 27, 'BQ', 'Règlement fournisseur', ['4011', '521'], [1, -1], [1, -1], [0, 0]],
  [28, 28, 'BQ', 'Électricité', ['6052', '4452', '521'], [1, 0, -1], [0, 1, -1], [0, 0, 0]],
  [29, 29, 'BQ', 'Loyer des bureaux', ['6222', '4452', '521'], [1, 0, -1], [0, 1, -1], [0, 0, 0]],
  [30, 30, 'BQ', 'Entretien et réparations', ['6242', '4452', '521'], [1, 0, -1], [0, 1, -1], [0, 0, 0]],
  [31, 31, 'BQ', 'Frais de téléphone', ['6281', '4452', '521'], [1, 0, -1], [0, 1, -1], [0, 0, 0]],
  [32, 33, 'OD', 'Salaires du mois', ['6611', '422', '431', '447'], [1, -1, 0, 0], [0, 1, -1, 0], [0, 1, 0, -1]],
  [34, 34, 'BQ', 'Retrait pour la caisse', ['571', '521'], [0, 0], [1, -1], [0, 0]],
  [35, 35, 'BQ', 'Frais et intérêts bancaires', ['631', '671', '521'], [0, 0, 0], [1, 0, -1], [0, 1, -1]],
  [36, 36, 'OD', 'Dotation aux amortissements', ['6813', '2844'], [1, -1], [0, 0], [0, 0]],
  [37, 37, 'AC', 'Acquisition de matériel de bureau', ['2441', '4452', '4011'], [1, 0, -1], [0, 1, -1], [0, 0, 0]],
  [38, 38, 'OD', 'Déclaration de TVA', ['4431', '4452', '4441'], [1, -1, 0], [0, 1, -1], [0, 0, 0]],
  [39, 39, 'BQ', "Déblocage d'emprunt", ['521', '162'], [1, -1], [0, 0], [0, 0]],
];
const LINES_PER_40 = KINDS.reduce((n, [lo, hi, , , codes]) => n + (hi - lo + 1) * codes.length, 0);
const entriesFor = (lines) => Math.round((lines * 40) / LINES_PER_40);

const sqlText = (s) => `'${s.replace(/'/g, "''")}'`;
const sqlArray = (values) => `ARRAY[${values.map((v) => (typeof v === 'number' ? String(v) : sqlText(v))).join(',')}]`;
const KINDS_SQL = KINDS.map(
  ([lo, hi, journal, description, codes, ca, cb, cc]) =>
    `(${lo}, ${hi}, ${sqlText(journal)}, ${sqlText(description)}, ${sqlArray(codes)}, ${sqlArray(ca)}, ${sqlArray(cb)}, ${sqlArray(cc)})`,
).join(',\n      ');

/**
 * Entries k = $2 … $3 of company $1 with their lines, validated, in one
 * statement (run with session_replication_role = replica). Dates spread over
 * SPAN_DAYS from START, numbered `<journal>-<year>-<k on 8 digits>` (unique per
 * company as k is). Returns the lines inserted.
 */
const GENERATE_SQL = `
  WITH kinds (lo, hi, journal, description, codes, ca, cb, cc) AS (VALUES
      ${KINDS_SQL}),
  g AS MATERIALIZED (
    SELECT gen_random_uuid() AS id, s.k, s.date, kd.journal, kd.description, kd.codes, m.amounts,
           (SELECT sum(v) FROM unnest(m.amounts) AS v WHERE v > 0) AS total
      FROM (SELECT k, $4::date + ((k * 7919) % $5::int)::int AS date FROM generate_series($2::bigint, $3::bigint) AS k) s
      CROSS JOIN LATERAL (SELECT ((s.k * 104729) % 200000000 + 500000) / 100.0 AS x) b
      CROSS JOIN LATERAL (SELECT round(b.x * 0.18, 2) AS y, round(b.x * 0.05, 2) AS w) r
      JOIN kinds kd ON s.k % 40 BETWEEN kd.lo AND kd.hi
      CROSS JOIN LATERAL (
        SELECT array_agg(v.a * b.x + v.b * r.y + v.c * r.w ORDER BY v.n) AS amounts
          FROM unnest(kd.ca, kd.cb, kd.cc) WITH ORDINALITY AS v (a, b, c, n)) m
  ),
  e AS (
    INSERT INTO accounting.accounting_entries (id, company_id, number, journal, date, description, status, total, validated_at)
    SELECT g.id, $1::uuid, g.journal || '-' || to_char(g.date, 'YYYY') || '-' || lpad(g.k::text, 8, '0'), g.journal, g.date, g.description,
           'validated', g.total, now()
      FROM g
  )
  INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit, entry_date)
  SELECT g.id, $1::uuid, u.n, a.id, g.description, greatest(u.amount, 0), greatest(-u.amount, 0), g.date
    FROM g CROSS JOIN LATERAL unnest(g.codes, g.amounts) WITH ORDINALITY AS u (code, amount, n)
    JOIN accounting.accounts a ON a.company_id = $1::uuid AND a.code = u.code`;

(async () => {
  await withAccountingService(async ({ base }) => {
    const databaseUrl = process.env.DATABASE_URL;
    await withGateway(base, async ({ gatewayBase }) => {
      const db = new Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        await run(db, gatewayBase);
      } finally {
        await db.end();
      }
    });
  });
})().catch((e) => {
  console.error(e);
  process.exit(1);
});

async function run(db, gatewayBase) {
  // Bulk load: the ledger's triggers (guards, balance checks, monthly and daily balances) are off in this session only.
  await db.query(
    `SET session_replication_role = replica; SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'`,
  );
  const main = await newCompany(gatewayBase, 'Grande Comptabilité SA', 'commerce');
  const neighbours = [];
  for (let i = 1; i <= NEIGHBOURS; i++) neighbours.push(await newCompany(gatewayBase, `Voisin ${i} SARL`, 'service'));
  const fiscal = (await (await gatewayGet(gatewayBase, main.cookie, `/api/companies/${main.id}`)).json()).fiscalYear;
  if (fiscal && fiscal !== '01-01') throw new Error(`the bench assumes calendar fiscal years, the company has ${fiscal}`);
  console.log(
    `company ${main.id} and ${NEIGHBOURS} neighbours registered through the gateway, charts generated; ` +
      `entries from ${START} to ${TODAY}, year measured ${YEAR}, ${REQUESTS} requests per figure`,
  );

  for (const id of [main.id, ...neighbours.map((n) => n.id)]) await capitalEntry(db, id);
  let nextK = 1; // the main company's next entry number
  const results = [];
  for (const [step, target] of SIZES.entries()) {
    const have = await lineCount(db, main.id);
    if (target <= have) {
      console.log(`\n${target} lines: the company already has ${have}, skipped`);
      continue;
    }
    if (!(await enoughDisk(db, target - have))) break;
    console.log(`\n=== ${target.toLocaleString('en')} lines: adding ${(target - have).toLocaleString('en')} ===`);
    const t0 = now();
    const entries = entriesFor(target - have);
    const chunks = Math.max(1, Math.round(entries / entriesFor(CHUNK_LINES)));
    const chunkEntries = Math.ceil(entries / chunks);
    // Neighbours are loaded with the first size, a slice with each chunk: their rows interleaved with the company's.
    const neighbourEntries = step === 0 ? entriesFor(NEIGHBOUR_LINES) : 0;
    let added = 0;
    for (let c = 0; c < chunks; c++) {
      const t = now();
      const from = nextK;
      const last = from + Math.min(chunkEntries, entries - c * chunkEntries) - 1;
      added += (await db.query(GENERATE_SQL, [main.id, from, last, START, SPAN_DAYS])).rowCount;
      nextK = last + 1;
      if (neighbourEntries) {
        const per = Math.ceil(neighbourEntries / chunks);
        const nFrom = 1 + c * per;
        const nTo = Math.min(neighbourEntries, (c + 1) * per);
        for (const n of neighbours) if (nFrom <= nTo) await db.query(GENERATE_SQL, [n.id, nFrom, nTo, START, SPAN_DAYS]);
      }
      console.log(
        `  chunk ${c + 1}/${chunks}: +${(last - from + 1).toLocaleString('en')} entries, ${added.toLocaleString('en')} lines so far ` +
          `(${((now() - t) / 1000).toFixed(1)} s, ${((now() - t0) / 1000).toFixed(0)} s in all)`,
      );
    }
    const loadSeconds = (now() - t0) / 1000;
    const t1 = now();
    await db.query('SELECT accounting.rebuild_account_balances($1)', [main.id]);
    const rebuildSeconds = (now() - t1) / 1000;
    if (step === 0) for (const n of neighbours) await db.query('SELECT accounting.rebuild_account_balances($1)', [n.id]);
    const t2 = now();
    for (const table of ['accounting_entries', 'accounting_entry_lines', 'account_balances', 'account_day_balances'])
      await db.query(`VACUUM (ANALYZE) accounting.${table}`);
    const vacuumSeconds = (now() - t2) / 1000;
    const sizes = await stats(db, main.id);
    console.log(
      `loaded ${added.toLocaleString('en')} lines in ${loadSeconds.toFixed(1)} s; the company has ${sizes.entries.toLocaleString('en')} entries, ` +
        `${sizes.lines.toLocaleString('en')} lines (tables: ${sizes.allLines.toLocaleString('en')} lines, ${NEIGHBOURS} neighbours); ` +
        `database ${sizes.database}\n` +
        `rebuild_account_balances: ${rebuildSeconds.toFixed(1)} s → ${sizes.balances.toLocaleString('en')} account_balances rows for the company ` +
        `(${sizes.allBalances.toLocaleString('en')} in all), ${sizes.dayBalances.toLocaleString('en')} account_day_balances rows; ` +
        `VACUUM (ANALYZE): ${vacuumSeconds.toFixed(1)} s`,
    );
    await checkBalanced(db, main.id);

    const figures = await timeReports(db, gatewayBase, main, target, sizes.lines);
    const side = await sideBySide(db, gatewayBase, main);
    results.push({ lines: sizes.lines, loadSeconds, rebuildSeconds, figures, side });
  }

  if (results.length) {
    console.log('\n=== summary (p95 against the target) ===');
    for (const r of results) {
      console.log(
        `${r.lines.toLocaleString('en')} lines (generated in ${r.loadSeconds.toFixed(0)} s, rebuild ${r.rebuildSeconds.toFixed(1)} s):`,
      );
      for (const f of r.figures) console.log(`  ${f.line}`);
      if (r.side) console.log(`  ${r.side}`);
    }
  }
}

/** A user and company registered and signed in through the gateway, its chart generated (POST …/generate-chart). */
async function newCompany(gatewayBase, name, sector) {
  const { user, cookie } = await registerAndSignIn(gatewayBase, name, sector);
  const res = await fetch(`${gatewayBase}/api/companies/${user.companyId}/generate-chart`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: '{}',
  });
  if (res.status !== 200) throw new Error(`generate-chart: ${res.status} ${await res.text()}`);
  return { id: user.companyId, cookie };
}

/** The opening capital, entry 0: 500 000 000 paid in at the bank on START. */
async function capitalEntry(db, companyId) {
  await db.query(
    `WITH e AS (
       INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description, status, total, validated_at)
       VALUES ($1, 'OD-' || to_char($2::date, 'YYYY') || '-00000000', 'OD', $2, 'Apport en capital', 'validated', 500000000, now())
       RETURNING id)
     INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit, entry_date)
     SELECT e.id, $1, v.n, a.id, 'Apport en capital', v.d, v.c, $2
       FROM e CROSS JOIN (VALUES (1, '521', 500000000, 0), (2, '101', 0, 500000000)) AS v (n, code, d, c)
       JOIN accounting.accounts a ON a.company_id = $1 AND a.code = v.code`,
    [companyId, START],
  );
}

async function lineCount(db, companyId) {
  const { rows } = await db.query('SELECT count(*)::int AS n FROM accounting.accounting_entry_lines WHERE company_id = $1', [companyId]);
  return rows[0].n;
}

async function stats(db, companyId) {
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM accounting.accounting_entries WHERE company_id = $1)::int AS entries,
            (SELECT count(*) FROM accounting.accounting_entry_lines WHERE company_id = $1)::int AS lines,
            (SELECT count(*) FROM accounting.accounting_entry_lines)::int AS "allLines",
            (SELECT count(*) FROM accounting.account_balances WHERE company_id = $1)::int AS balances,
            (SELECT count(*) FROM accounting.account_balances)::int AS "allBalances",
            (SELECT count(*) FROM accounting.account_day_balances WHERE company_id = $1)::int AS "dayBalances",
            pg_size_pretty(pg_database_size(current_database())) AS database`,
    [companyId],
  );
  return rows[0];
}

/**
 * Before adding `lines`: the free space of the database's disk (when it is
 * local) against the bytes per line the database uses so far, with room for
 * the WAL. Prints `df -h`; false (and why) when it would not fit.
 */
async function enoughDisk(db, lines) {
  const { rows } = await db.query(
    `SELECT pg_database_size(current_database())::bigint AS bytes, (SELECT count(*) FROM accounting.accounting_entry_lines)::bigint AS lines,
            current_setting('data_directory') AS dir`,
  );
  const perLine = Number(rows[0].lines) > 100_000 ? Number(rows[0].bytes) / Number(rows[0].lines) : 600;
  const need = lines * perLine * 1.5;
  let free;
  try {
    const s = fs.statfsSync(rows[0].dir);
    free = s.bavail * s.bsize;
  } catch {
    return true; // not on this machine: nothing to check
  }
  try {
    console.log(execFileSync('df', ['-h', rows[0].dir, os.tmpdir()], { encoding: 'utf8' }).trim());
  } catch {
    // df is only informative
  }
  const gb = (b) => `${(b / 1e9).toFixed(1)} GB`;
  console.log(
    `disk: ${gb(free)} free, about ${gb(need)} needed for ${lines.toLocaleString('en')} more lines (${perLine.toFixed(0)} bytes a line, ×1.5)`,
  );
  if (need > free) console.log('not enough disk: stopping here');
  return need <= free;
}

/** Every entry of the company balanced and its total equal to its debits (the guards were off during the load). */
async function checkBalanced(db, companyId) {
  const t = now();
  const { rows } = await db.query(
    `SELECT count(*)::int AS bad FROM (
       SELECT l.entry_id FROM accounting.accounting_entry_lines l WHERE l.company_id = $1
        GROUP BY l.entry_id HAVING sum(l.debit) <> sum(l.credit) OR count(*) < 2) x`,
    [companyId],
  );
  if (rows[0].bad) throw new Error(`${rows[0].bad} unbalanced entries`);
  console.log(`checked: every entry of the company balanced (${((now() - t) / 1000).toFixed(1)} s)`);
}

const reportPath = (companyId, suffix) => `/api/companies/${companyId}/reports/${suffix}`;

/** GET through the gateway; the parsed body, or throws unless 200. */
async function getReport(gatewayBase, company, suffix) {
  const res = await gatewayGet(gatewayBase, company.cookie, reportPath(company.id, suffix));
  if (res.status !== 200) throw new Error(`${suffix}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

/**
 * The reports timed through the gateway, one line per figure with PASS/FAIL
 * against the target of the size asked for (`size`: ≤ 1M lines, 300 ms; above, 1 s).
 */
async function timeReports(db, gatewayBase, company, size, lines) {
  const target = size <= 1_000_000 ? 300 : 1000;
  const yearRange = `from=${YEAR}-01-01&to=${YEAR}-12-31`;
  const ledger = (page) => `general-ledger?${yearRange}&accountFrom=521&accountTo=521&page=${page}&pageSize=100`;
  const probe = await getReport(gatewayBase, company, ledger(1));
  const lastPage = Math.max(1, Math.ceil(probe.total / 100));
  await checkTrialBalance(db, gatewayBase, company, `${YEAR}-01-01`, `${YEAR}-12-31`);
  await checkTrialBalance(db, gatewayBase, company, `${THIS_YEAR}-01-01`, TODAY);
  await checkTrialBalance(db, gatewayBase, company, `${THIS_YEAR}-01-01`, MID_MONTH);

  const cases = [
    [`Balance ${YEAR}`, `trial-balance?${yearRange}`],
    // The current year to date: the month today cuts is its monthly total less the days after today.
    [`Balance ${THIS_YEAR} to ${TODAY.slice(5)}`, `trial-balance?from=${THIS_YEAR}-01-01&to=${TODAY}`],
    // Issue 26: to a date inside a past month with lines after it (that month's total less its daily balances after the 20th).
    [`Balance ${THIS_YEAR} to ${MID_MONTH.slice(5)}`, `trial-balance?from=${THIS_YEAR}-01-01&to=${MID_MONTH}`],
    [`Bilan ${YEAR}`, `balance-sheet?year=${YEAR}`],
    [`Compte de résultat ${YEAR}`, `income-statement?year=${YEAR}`],
    [`TFT ${YEAR}`, `cash-flow-statement?year=${YEAR}`],
    [`Grand livre 521 p. 1`, ledger(1)],
    [`Grand livre 521 p. ${Math.min(50, lastPage)}`, ledger(Math.min(50, lastPage))],
    [`Grand livre 521 p. ${lastPage} (last)`, ledger(lastPage)],
  ].filter(([name], i, all) => all.findIndex(([other]) => other.split(' (')[0] === name.split(' (')[0]) === i);
  console.log(
    `\nthrough the gateway, ${REQUESTS} sequential requests each (after 5 warm-up); target p95 ≤ ${target} ms at ${lines.toLocaleString('en')} lines` +
      ` (Grand livre 521 ${YEAR}: ${probe.total.toLocaleString('en')} lines, ${lastPage} pages of 100)`,
  );
  const figures = [];
  for (const [name, suffix] of cases) {
    let body;
    const s = await timeSequential(async () => {
      body = await getReport(gatewayBase, company, suffix);
    }, REQUESTS);
    const failed = Object.entries(body.checks ?? {})
      .filter(([, ok]) => !ok)
      .map(([k]) => k);
    const line =
      `${name.padEnd(30)} median ${ms(s.median).padStart(11)}   p95 ${ms(s.p95).padStart(11)}   ${s.p95 <= target ? 'PASS' : 'FAIL'} (≤ ${target} ms)` +
      `   ${describe(body)}${failed.length ? `   CHECKS FAILED: ${failed.join(', ')}` : ''}`;
    console.log(line);
    figures.push({ name, ...s, target, line });
  }
  return figures;
}

function describe(body) {
  if (body.rows && body.totals) return `${body.rows.length} rows, period debit ${body.totals.periodDebit}`;
  if (body.actif) return `${body.actif.length} + ${body.passif.length} lines`;
  if (body.netResult !== undefined) return `${body.lines.length} lines, net result ${body.netResult}`;
  if (body.lines) return `${body.lines.length} lines`;
  if (body.rows) return `${body.rows.length} rows of ${body.total}, page ${body.page}`;
  return '';
}

/** The Balance of [from, to] through the gateway against the plain sums over the lines, account by account. */
async function checkTrialBalance(db, gatewayBase, company, from, to) {
  const tb = await getReport(gatewayBase, company, `trial-balance?from=${from}&to=${to}`);
  const { rows } = await db.query(
    `SELECT a.code, coalesce(sum(l.debit) FILTER (WHERE e.date >= $2), 0)::text AS debit,
            coalesce(sum(l.credit) FILTER (WHERE e.date >= $2), 0)::text AS credit, sum(l.debit - l.credit)::text AS closing
       FROM accounting.accounting_entry_lines l
       JOIN accounting.accounting_entries e ON e.id = l.entry_id
       JOIN accounting.accounts a ON a.id = l.account_id
      WHERE l.company_id = $1 AND e.status <> 'draft' AND e.date <= $3
      GROUP BY a.code`,
    [company.id, from, to],
  );
  const got = new Map(tb.rows.map((r) => [r.accountCode, r]));
  const bad = rows.filter((r) => {
    const t = got.get(r.code);
    return (
      !t ||
      cents(t.periodDebit) !== cents(r.debit) ||
      cents(t.periodCredit) !== cents(r.credit) ||
      cents(t.closingDebit) - cents(t.closingCredit) !== cents(r.closing)
    );
  });
  if (bad.length) throw new Error(`Balance ${from}…${to} ≠ sums over the lines for ${bad.map((r) => r.code).join(', ')}`);
  const failed = Object.entries(tb.checks ?? {}).filter(([, ok]) => !ok);
  console.log(
    `checked: the Balance ${from}…${to} (${tb.rows.length} accounts) has the plain sums over the lines (period and closing) ` +
      `for each of the ${rows.length} accounts moved` +
      `${failed.length ? `; its checks FAILED: ${failed.map(([k]) => k).join(', ')}` : ', its checks hold'}`,
  );
}

/** "-123.45" → -12345n (amounts as the API and hledger print them). */
function cents(s) {
  const str = String(s).trim();
  const negative = str.startsWith('-');
  const [units, fraction = ''] = str.replace(/^[-+]/, '').split('.');
  const v = BigInt(units || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -v : v;
}

const hledgerVersion = () => {
  try {
    return execFileSync('hledger', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
};

/**
 * The Balance of the whole period through the gateway (timed), against the
 * plain sums over the lines; then the company's journal exported to a hledger
 * file, `hledger balance` timed on it, and its balances compared account by
 * account. A one-line summary.
 */
async function sideBySide(db, gatewayBase, company) {
  let tb;
  const s = await timeSequential(
    async () => {
      tb = await getReport(gatewayBase, company, `trial-balance?from=${START}&to=${TODAY}`);
    },
    Math.min(REQUESTS, 10),
  );
  const api = new Map(tb.rows.map((r) => [r.accountCode, cents(r.closingDebit) - cents(r.closingCredit)]).filter(([, v]) => v !== 0n));
  const diff = (a, b) => [...new Set([...a.keys(), ...b.keys()])].filter((k) => (a.get(k) ?? 0n) !== (b.get(k) ?? 0n));
  const apiVsLedger = diff(api, await plainBalances(db, company.id));
  if (apiVsLedger.length) throw new Error(`the Balance ${START}…${TODAY} ≠ the sums over the lines for ${apiVsLedger.join(', ')}`);
  let line =
    `Balance ${START}…${TODAY} through the gateway: median ${ms(s.median)}, p95 ${ms(s.p95)} (${s.n} requests), ` +
    `closing balances equal to the plain sums over the lines for all ${api.size} accounts`;
  const version = hledgerVersion();
  if (!version) {
    line += '; hledger is not installed (apt-get install hledger): side by side skipped';
    console.log(`\n${line}`);
    return line;
  }
  const file = path.join(os.tmpdir(), `xaalis-bench-${company.id}.journal`);
  try {
    const t = now();
    const exported = await exportJournal(db, company.id, file);
    console.log(
      `\nside by side with ${version}: journal exported to ${file} (${exported.entries.toLocaleString('en')} entries, ` +
        `${(fs.statSync(file).size / 1e6).toFixed(0)} MB) in ${((now() - t) / 1000).toFixed(1)} s`,
    );
    const h = await runHledger(file);
    if (h.error) {
      line += `; hledger balance did not finish: ${h.error} after ${ms(h.ms)}, so at least ${(h.ms / s.median).toFixed(0)}× slower`;
    } else {
      const hVsApi = diff(h.balances, api);
      if (hVsApi.length) throw new Error(`hledger ≠ the Balance ${START}…${TODAY} for ${hVsApi.join(', ')}`);
      line +=
        `; hledger balance ${ms(h.ms)} (peak ${h.peakMb ?? '?'} MB): ${(h.ms / s.median).toFixed(0)}× the Balance's median,` +
        ` same balance for all ${h.balances.size} accounts`;
    }
    console.log(line);
    return line;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * The company's posted entries written to `file` as a hledger journal, date
 * order, one transaction per entry, accounts named by their codes, amounts
 * debit positive; read with a server-side cursor, 20 000 entries at a time.
 */
async function exportJournal(db, companyId, file) {
  if (!/^[0-9a-f-]{36}$/.test(companyId)) throw new Error(`bad company id ${companyId}`);
  const out = fs.createWriteStream(file);
  const write = (text) => (out.write(text) ? Promise.resolve() : new Promise((resolve) => out.once('drain', resolve)));
  let entries = 0;
  await db.query('BEGIN');
  try {
    await db.query(`
      DECLARE journal NO SCROLL CURSOR FOR
      SELECT to_char(e.date, 'YYYY-MM-DD') || ' ' || e.number || ' ' || e.description || E'\\n' ||
             string_agg('    ' || a.code || '  ' || CASE WHEN l.debit > 0 THEN l.debit::text ELSE '-' || l.credit::text END, E'\\n' ORDER BY l.line_no)
             || E'\\n\\n' AS t
        FROM accounting.accounting_entries e
        JOIN accounting.accounting_entry_lines l ON l.entry_id = e.id AND l.company_id = e.company_id
        JOIN accounting.accounts a ON a.id = l.account_id
       WHERE e.company_id = '${companyId}' AND e.status <> 'draft'
       GROUP BY e.id
       ORDER BY e.date, e.number`);
    for (;;) {
      const { rows } = await db.query('FETCH 20000 FROM journal');
      if (!rows.length) break;
      entries += rows.length;
      await write(rows.map((r) => r.t).join(''));
    }
    await db.query('COMMIT');
  } catch (e) {
    await db.query('ROLLBACK');
    throw e;
  } finally {
    await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve())));
  }
  return { entries };
}

/**
 * `hledger -f file balance --flat --no-total -O csv`: its wall time, peak
 * memory (Linux) and balances (cents by account). hledger holds the whole
 * journal in memory (about 3.2 KB a line): it is stopped past HLEDGER_MAX_MB
 * (default 70 % of the machine's memory) rather than left to the OOM killer,
 * which could pick Postgres.
 */
function runHledger(file) {
  const maxKb = Number(process.env.HLEDGER_MAX_MB ?? Math.floor((os.totalmem() * 0.7) / 1048576)) * 1024;
  return new Promise((resolve) => {
    const t = now();
    const child = spawn('hledger', ['-f', file, 'balance', '--flat', '--no-total', '-O', 'csv'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let peakKb = null;
    let killed = false;
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr = (stderr + c).slice(-2000)));
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peakKb = Number(m[1]);
        if (peakKb > maxKb && !killed) {
          killed = true;
          child.kill('SIGKILL');
        }
      } catch {
        // gone, or not Linux
      }
    }, 100);
    child.on('error', (err) => {
      clearInterval(poll);
      resolve({ ms: now() - t, error: err.message });
    });
    child.on('close', (code) => {
      clearInterval(poll);
      const elapsed = now() - t;
      const peakMb = peakKb === null ? null : Math.round(peakKb / 1024);
      if (killed)
        return resolve({ ms: elapsed, peakMb, error: `stopped at ${peakMb} MB of memory (HLEDGER_MAX_MB ${Math.round(maxKb / 1024)})` });
      if (code !== 0) return resolve({ ms: elapsed, peakMb, error: `exit ${code}: ${stderr.trim()}` });
      const balances = new Map();
      for (const line of stdout.trim().split('\n').slice(1)) {
        const [account, amount] = line.split(',').map((f) => f.replace(/^"|"$/g, ''));
        const v = cents(amount);
        if (v !== 0n) balances.set(account, v);
      }
      resolve({ ms: elapsed, peakMb, balances });
    });
  });
}

/** Each account's balance (debit − credit, cents) over all the company's posted lines, non-zero ones. */
async function plainBalances(db, companyId) {
  const { rows } = await db.query(
    `SELECT a.code, sum(l.debit - l.credit)::text AS balance
       FROM accounting.accounting_entry_lines l
       JOIN accounting.accounting_entries e ON e.id = l.entry_id
       JOIN accounting.accounts a ON a.id = l.account_id
      WHERE l.company_id = $1 AND e.status <> 'draft'
      GROUP BY a.code`,
    [companyId],
  );
  return new Map(rows.map((r) => [r.code, cents(r.balance)]).filter(([, v]) => v !== 0n));
}
