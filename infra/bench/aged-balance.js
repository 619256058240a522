#!/usr/bin/env node
// Aged balance and lettrage at size (issue 29 figures):
//   1. GET …/reports/aged-balance?type=receivable for 10 000 clients and 500 000
//      invoice lines on 4111 (one sale entry each, over 2025–2026), 100 000 of them
//      paid and lettered in full, through the API (target ≤ 300 ms), read from the
//      open items the triggers of migration 0029 keep;
//   2. the automatic lettrage of 100 000 payments: each payment's lettering of its
//      invoice as the payment's transaction runs it (letterInvoiceIn's lettering,
//      letterIn: lock the lines, check, take a code, insert, the database's check
//      trigger), one transaction per payment, four at a time.
// The ledger is seeded through its own triggers (drafts, lines, then validated).
// Needs the built services (`npm run build:server`) and Postgres.
// Usage: node infra/bench/aged-balance.js [clients=10000] [invoiceLines=500000] [payments=100000] [requests=30]
const path = require('node:path');
const { withAccountingService, tenantHeaders, createCompany, generateChart, inBatches, vacuumAnalyze, ms, now } = require('./lib/ledger');
const { numericArgs, timeSequential } = require('./lib/timing');

const [CLIENTS, LINES, PAYMENTS, REQUESTS] = numericArgs(10_000, 500_000, 100_000, 30);
const BATCH = 25_000;
const { letterIn } = require(path.join(__dirname, '../../services/accounting/dist/modules/letterings/lettering'));

(async () => {
  await withAccountingService(async ({ base, sequelize }) => {
    const company = await createCompany(base, { name: 'Distribution Sahel SA', sector: 'service' });
    const headers = tenantHeaders(company.id);
    await generateChart(base, company.id, headers);
    const t0 = now();
    await seed(sequelize, company.id);
    await vacuumAnalyze(sequelize, ['third_parties', 'accounting_entries', 'accounting_entry_lines']);
    console.log(
      `seeded ${CLIENTS} clients, ${LINES} sales and ${PAYMENTS} payments on 4111 (${2 * (LINES + PAYMENTS)} lines) in ${((now() - t0) / 1000).toFixed(1)} s`,
    );

    // 2. The lettering of each payment with its invoice, one transaction per payment.
    const pairs = await sequelize.query(
      `SELECT s.line_id AS sale, p.line_id AS payment FROM bench_pairs s JOIN bench_pairs p ON p.i = s.i AND p.kind = 'payment' WHERE s.kind = 'sale'`,
      { type: 'SELECT' },
    );
    const l0 = now();
    let next = 0;
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        while (next < pairs.length) {
          const pair = pairs[next++];
          await sequelize.transaction((transaction) =>
            letterIn(sequelize, transaction, company.id, [pair.sale, pair.payment], { partial: true, source: 'auto', userId: null }),
          );
        }
      }),
    );
    const lettering = now() - l0;
    console.log(
      `2. automatic lettrage of ${pairs.length} payments: ${(lettering / 1000).toFixed(1)} s, ${ms(lettering / pairs.length)} per payment (4 at a time)`,
    );
    // As autovacuum would after such a load: the lettered lines left open_items (migration 0029).
    await vacuumAnalyze(sequelize, ['letterings', 'lettering_lines', 'open_items']);

    // 1. The aged balance.
    let body;
    const url = `${base}/api/companies/${company.id}/reports/aged-balance?type=receivable&date=2026-11-30`;
    const s = await timeSequential(async () => {
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`aged balance: ${res.status} ${await res.text()}`);
      body = await res.json();
    }, REQUESTS);
    console.log(
      `1. GET …/reports/aged-balance: median ${ms(s.median)}, p95 ${ms(s.p95)} — ${body.rows.length} clients, total ${body.totals.total} (> 90 j ${body.totals.over90})`,
    );
    await sequelize.query('DROP TABLE bench_pairs');
  });
})().catch((err) => {
  console.error(err);
  process.exit(1);
});

/** CLIENTS clients; LINES sale entries (D 4111 on a client / C 706) and PAYMENTS payments of the first ones (D 521 / C 4111). */
async function seed(sequelize, companyId) {
  await sequelize.query(
    `INSERT INTO accounting.third_parties (company_id, type, name, code)
     SELECT $1, 'client', 'Client ' || lpad(g::text, 5, '0'), 'C' || g FROM generate_series(1, $2) g`,
    { bind: [companyId, CLIENTS] },
  );
  await sequelize.query(
    `CREATE TABLE bench_pairs AS
     SELECT g.i, k.kind, gen_random_uuid() AS entry_id, gen_random_uuid() AS line_id,
            DATE '2025-01-01' + (g.i % 690) + CASE WHEN k.kind = 'payment' THEN 20 ELSE 0 END AS date,
            ((g.i::bigint * 7919) % 5000000 + 10000) / 100.0 AS amount,
            (SELECT id FROM accounting.third_parties t WHERE t.company_id = $1 AND t.code = 'C' || (1 + g.i % $2)) AS tp
       FROM generate_series(1, $3) AS g(i)
      CROSS JOIN (VALUES ('sale'), ('payment')) AS k(kind)
      WHERE k.kind = 'sale' OR g.i <= $4`,
    { bind: [companyId, CLIENTS, LINES, PAYMENTS] },
  );
  const [[{ n }]] = await sequelize.query('SELECT count(*)::int AS n FROM bench_pairs');
  await sequelize.query('ALTER TABLE bench_pairs ADD COLUMN row_no serial');
  await sequelize.query('CREATE INDEX ON bench_pairs (row_no)');
  await sequelize.query('CREATE INDEX ON bench_pairs (i, kind)');
  await inBatches(sequelize, n, BATCH, async (transaction, from, to) => {
    const q = (text) => sequelize.query(text, { bind: [companyId, from, to], transaction });
    await q(`
      INSERT INTO accounting.accounting_entries (id, company_id, number, journal, date, description, reference, total)
      SELECT b.entry_id, $1, CASE WHEN b.kind = 'sale' THEN 'VT-' ELSE 'BQ-' END || extract(year FROM b.date) || '-' || lpad(b.row_no::text, 7, '0'),
             CASE WHEN b.kind = 'sale' THEN 'VT' ELSE 'BQ' END, b.date,
             CASE WHEN b.kind = 'sale' THEN 'Facture ' ELSE 'Encaissement ' END || b.i, 'FV-' || b.i, b.amount
        FROM bench_pairs b WHERE b.row_no BETWEEN $2 AND $3`);
    await q(`
      INSERT INTO accounting.accounting_entry_lines (id, entry_id, company_id, line_no, account_id, description, debit, credit, third_party_id)
      SELECT CASE WHEN l.line_no = 1 THEN b.line_id ELSE gen_random_uuid() END, b.entry_id, $1, l.line_no, a.id, 'Facture ' || b.i,
             CASE WHEN (l.line_no = 1) = (b.kind = 'sale') THEN b.amount ELSE 0 END,
             CASE WHEN (l.line_no = 1) <> (b.kind = 'sale') THEN b.amount ELSE 0 END,
             CASE WHEN l.line_no = 1 THEN b.tp END
        FROM bench_pairs b
       CROSS JOIN (VALUES (1), (2)) AS l(line_no)
        JOIN accounting.accounts a ON a.company_id = $1
         AND a.code = CASE WHEN l.line_no = 1 THEN '4111' WHEN b.kind = 'sale' THEN '706' ELSE '521' END
       WHERE b.row_no BETWEEN $2 AND $3`);
    await q(`UPDATE accounting.accounting_entries e SET status = 'validated'
               FROM bench_pairs b WHERE e.company_id = $1 AND e.id = b.entry_id AND b.row_no BETWEEN $2 AND $3`);
  });
}
