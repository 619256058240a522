#!/usr/bin/env node
// GET /api/companies/:id/accounting-entries on a company with 100 000 entries:
// first page, a deep page, a status filter and a search, each with the
// company's counters, through the accounting service (its HTTP API, with the
// gateway's internal headers). Median and p95 over REQUESTS sequential requests.
// Seeding goes through the ledger's own rules: entries are inserted as drafts,
// their lines added, then most are validated (the deferred triggers check each
// one at commit), in batches; counters are set to the numbers used.
// Needs the built services (`npm run build:server`) and Postgres (DATABASE_URL,
// default: a fresh database on postgres://postgres@127.0.0.1:5432, dropped at the end).
// Usage: node infra/bench/entries-list.js [entries=100000] [requests=50]
const { withAccountingCompany, seedAndAnalyze, inBatches, numberEntriesSql, entryCountersSql } = require('./lib/ledger');
const { timeGets, describePage, numericArgs } = require('./lib/timing');

const [ENTRIES, REQUESTS] = numericArgs(100_000, 50);
const PAGE_SIZE = 25;
const BATCH = 20_000;

(async () => {
  await withAccountingCompany({ name: 'Grand Livre SA', sector: 'service' }, async ({ base, sequelize, company, headers }) => {
    const { seedSeconds, vacuumSeconds } = await seedAndAnalyze(sequelize, () => seed(sequelize, company.id), [
      'accounting_entries',
      'accounting_entry_lines',
    ]);
    console.log(
      `\nseeded ${ENTRIES} entries (${2 * ENTRIES} lines) in ${seedSeconds.toFixed(1)} s through the triggers; VACUUM ANALYZE ${vacuumSeconds.toFixed(1)} s`,
    );

    const url = (query) => `${base}/api/companies/${company.id}/accounting-entries?${new URLSearchParams(query)}`;
    const lastPage = Math.ceil(ENTRIES / PAGE_SIZE);
    const cases = [
      ['first page', { page: 1, pageSize: PAGE_SIZE }],
      [`deep page (${lastPage}, offset ${(lastPage - 1) * PAGE_SIZE})`, { page: lastPage, pageSize: PAGE_SIZE }],
      ['status=draft, page 1', { page: 1, pageSize: PAGE_SIZE, status: 'draft' }],
      ['search "Loyer", page 1', { page: 1, pageSize: PAGE_SIZE, search: 'Loyer' }],
    ];
    console.log(
      `GET …/accounting-entries, pageSize ${PAGE_SIZE}, counters included — ${REQUESTS} sequential requests each (after 5 warm-up)`,
    );
    await timeGets(
      cases.map(([title, query]) => [title, url(query)]),
      { headers, requests: REQUESTS, pad: 36, describe: describePage },
    );
  });
})().catch((e) => {
  console.error(e);
  process.exit(1);
});

/**
 * 100 000 entries over two years and seven journals, two lines each (from a
 * few expense/revenue/treasury accounts), 90 % validated and 10 % drafts,
 * numbered per journal and year like the counters do.
 */
async function seed(sequelize, companyId) {
  await sequelize.query(
    `CREATE TABLE bench_seed AS
     SELECT g.i,
            gen_random_uuid() AS id,
            (ARRAY['VT','AC','BQ','CA','MM','OD','PA'])[1 + g.i % 7] AS journal,
            DATE '2025-01-01' + (g.i % 730) AS date,
            ((g.i * 7919) % 5000000 + 1000) / 100.0 AS amount
       FROM generate_series(1, $1) AS g(i)`,
    { bind: [ENTRIES] },
  );
  await sequelize.query(numberEntriesSql('bench_seed', 'i'));
  await inBatches(sequelize, ENTRIES, BATCH, async (transaction, from, to) => {
    const q = (text) => sequelize.query(text, { bind: [companyId, from, to], transaction });
    await q(`
      INSERT INTO accounting.accounting_entries (id, company_id, number, journal, date, description, reference, total)
      SELECT s.id, $1, s.number, s.journal, s.date,
             (ARRAY['Facture client', 'Achat fournitures', 'Loyer bureau', 'Règlement fournisseur', 'Frais bancaires'])[1 + s.i % 5] || ' ' || s.i,
             'REF-' || s.i, s.amount
        FROM bench_seed s WHERE s.i BETWEEN $2 AND $3`);
    await q(`
      INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit)
      SELECT s.id, $1, l.line_no, a.id, 'Ligne ' || l.line_no,
             CASE WHEN l.line_no = 1 THEN s.amount ELSE 0 END,
             CASE WHEN l.line_no = 2 THEN s.amount ELSE 0 END
        FROM bench_seed s
       CROSS JOIN (VALUES (1), (2)) AS l(line_no)
        JOIN accounting.accounts a ON a.company_id = $1
         AND a.code = CASE WHEN l.line_no = 1 THEN (ARRAY['4111', '601', '6222', '4011', '631'])[1 + s.i % 5]
                           ELSE (ARRAY['706', '4011', '521', '521', '571'])[1 + s.i % 5] END
       WHERE s.i BETWEEN $2 AND $3`);
    await q(`UPDATE accounting.accounting_entries e SET status = 'validated'
               FROM bench_seed s WHERE e.company_id = $1 AND e.id = s.id AND s.i BETWEEN $2 AND $3 AND s.i % 10 <> 0`);
  });
  await sequelize.query(entryCountersSql('bench_seed'), { bind: [companyId] });
  await sequelize.query('DROP TABLE bench_seed');
}
