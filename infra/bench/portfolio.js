#!/usr/bin/env node
// The portfolio's figures of many companies in one call (issue 16): GET
// /internal/portfolio?companies=<all> on the accounting service (in-process,
// internal token), as the gateway calls it for a user's portfolio; median and
// p95 over REQUESTS sequential requests (after 5 warm-up), and the same for
// GET /internal/companies?ids=<all>.
//
// COMPANIES companies are created through the service (POST /internal/companies)
// with their chart (POST …/generate-chart), then seeded in SQL by
// lib/portfolio-data.js: INVOICES invoices each with their postings, payments
// and monthly balances. Checked first: every company's figures equal the plain
// sums over the ledger lines and the invoices. Printed: the statement's plan
// (EXPLAIN ANALYZE: index lookups per company), then the timings again without
// migration 0015's index (what it buys).
//
// Needs the built services (`npm run build:server`) and Postgres (DATABASE_URL,
// default: a fresh database on postgres://postgres@127.0.0.1:5432, dropped at
// the end; a superuser: the seeding uses session_replication_role).
// Usage: node infra/bench/portfolio.js [companies=50] [invoices=10000] [requests=50]
const path = require('node:path');
const { Client } = require('pg');
const { TOKEN, accountingDist, withAccountingService, createCompany, generateChart, ms, now } = require('./lib/ledger');
const { timeSequential } = require('./lib/timing');
const { seedPortfolio } = require('./lib/portfolio-data');

const COMPANIES = Number(process.argv[2] ?? 50);
const INVOICES = Number(process.argv[3] ?? 10_000);
const REQUESTS = Number(process.argv[4] ?? 50);
const TODAY = new Date().toISOString().slice(0, 10);
const SECTORS = ['commerce', 'service', 'restauration', 'hotel', 'transformation'];

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

  const portfolioUrl = `${base}/internal/portfolio?companies=${ids.join(',')}`;
  const companiesUrl = `${base}/internal/companies?ids=${ids.join(',')}`;
  await verify(db, ids, await getJson(portfolioUrl));
  await explain(db, ids);

  const round = async (title) => {
    console.log(`\n${title} — ${REQUESTS} sequential requests each (after 5 warm-up)`);
    for (const [name, url] of [
      [`portfolio (${COMPANIES} companies)`, portfolioUrl],
      [`companies (${COMPANIES} ids)`, companiesUrl],
    ]) {
      let body;
      const s = await timeSequential(async () => {
        body = await getJson(url);
      }, REQUESTS);
      console.log(`  ${name.padEnd(26)} median ${ms(s.median).padStart(10)}   p95 ${ms(s.p95).padStart(10)}   ${body.length} rows`);
    }
  };
  await round('schema as migrated');
  await db.query('DROP INDEX accounting.invoices_receivable_due_idx; ANALYZE accounting.invoices');
  await round("without 0015's invoices_receivable_due_idx (0003's due-date index only)");
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
