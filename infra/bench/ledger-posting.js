#!/usr/bin/env node
// Entries posted per second through the posting engine (postEntry), each in its
// own transaction as invoices and payments do: sequentially, then with
// concurrency in one journal (all postings queue on one counter row: gap-free
// numbering is serial by design) and spread over the seven journals.
// Checks afterwards that the numbers have no gap and the ledger balances.
// Needs the built services (`npm run build:server`) and Postgres (DATABASE_URL,
// default: a fresh database on postgres://postgres@127.0.0.1:5432, dropped at the end).
// Usage: node infra/bench/ledger-posting.js [postings=2000] [concurrency levels=4,16]
const path = require('node:path');
const { accountingDist, withBenchDatabase, migrateAccounting, insertCompany, summary, ms, now } = require('./lib/ledger');
const { timeConcurrent } = require('./lib/timing');

const total = Number(process.argv[2] ?? 2000);
const levels = String(process.argv[3] ?? '4,16')
  .split(',')
  .map(Number);
const JOURNALS = ['VT', 'AC', 'BQ', 'CA', 'MM', 'OD', 'PA'];

(async () => {
  await withBenchDatabase(async (databaseUrl) => {
    const { createSequelize } = require('@xaalis/service-kit');
    const { postEntry } = require(path.join(accountingDist, 'modules', 'posting'));
    const sequelize = createSequelize(databaseUrl, { poolMax: Math.max(...levels) + 4 });
    try {
      await migrateAccounting(sequelize);
      const newCompany = (name) => insertCompany(sequelize, name);

      // A sale invoice as DESIGN §6 posts it: client TTC / services HT / VAT.
      let n = 0;
      const sale = (companyId, journal) => {
        const ht = 10000 + ((n++ * 7919) % 990000);
        const vat = Math.round(ht * 0.18);
        return {
          companyId,
          journal,
          date: '2026-03-15',
          description: `Facture ${n}`,
          lines: [
            { accountCode: '4111', description: 'Client', debit: `${ht + vat}.00` },
            { accountCode: '706', description: 'Prestations HT', credit: `${ht}.00` },
            { accountCode: '4431', description: 'TVA 18 %', credit: `${vat}.00` },
          ],
        };
      };
      const postOne = (companyId, journal) => sequelize.transaction((tx) => postEntry(tx, sale(companyId, journal)));

      async function run(title, companyId, journalOf, workers) {
        const t0 = now();
        const latencies = await timeConcurrent(total, workers, (i) => postOne(companyId, journalOf(i)));
        const seconds = (now() - t0) / 1000;
        const s = summary(latencies);
        console.log(
          `${title.padEnd(44)} ${String(total).padStart(5)} postings  ${(total / seconds).toFixed(0).padStart(5)} entries/s   latency median ${ms(s.median)}  p95 ${ms(s.p95)}`,
        );
      }

      // Warm-up (connections, plans), not measured.
      const warm = await newCompany('Échauffement');
      for (let i = 0; i < 50; i++) await postOne(warm, 'OD');

      console.log(
        `\npostEntry: sale invoice, 3 lines, one transaction each (Postgres ${(await sequelize.query('SHOW server_version', { type: 'SELECT' }))[0].server_version})`,
      );
      await run('sequential (1 at a time), journal VT', await newCompany('Séquentiel'), () => 'VT', 1);
      for (const c of levels) {
        await run(`concurrent (${c} at a time), journal VT`, await newCompany(`Un journal ×${c}`), () => 'VT', c);
        await run(
          `concurrent (${c} at a time), 7 journals`,
          await newCompany(`Sept journaux ×${c}`),
          (i) => JOURNALS[i % JOURNALS.length],
          c,
        );
      }

      // Integrity: per company and journal, numbers 1..n; debits = credits.
      const [checks] = await sequelize.query(`
        SELECT e.company_id, e.journal, count(*)::int AS n, max(split_part(e.number, '-', 3)::int) AS max_no,
               count(DISTINCT e.number)::int AS distinct_no
          FROM accounting.accounting_entries e GROUP BY e.company_id, e.journal`);
      const gaps = checks.filter((r) => r.n !== r.max_no || r.n !== r.distinct_no);
      const [[bal]] = await sequelize.query('SELECT sum(debit)::text AS d, sum(credit)::text AS c FROM accounting.accounting_entry_lines');
      console.log(
        `integrity: ${checks.length} journal series, ${gaps.length} with a gap or duplicate; debits ${bal.d} = credits ${bal.c}: ${bal.d === bal.c}`,
      );
      if (gaps.length || bal.d !== bal.c) process.exitCode = 1;
    } finally {
      await sequelize.close();
    }
  });
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
