#!/usr/bin/env node
// The hash chain of validated entries (migration 0013): its cost on a bulk validation (the
// journal import's statements, 10 000 entries per transaction) and on single postings
// (postEntry), with its trigger enabled and disabled in alternation (superuser: ALTER TABLE …
// DISABLE TRIGGER), then 'Vérifier l'intégrité' on a company of 100 000 entries.
// Needs the built services (`npx tsc -b services/accounting`) and Postgres (as ledger-posting.js).
// Usage: node infra/bench/ledger-chain.js
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const { accountingDist, withBenchDatabase, migrateAccounting, insertCompany } = require('./lib/ledger');
const { now } = require('./lib/timing');

(async () => {
  await withBenchDatabase(async (databaseUrl) => {
    const { createSequelize } = require('@xaalis/service-kit');
    const { postEntry } = require(path.join(accountingDist, 'modules', 'posting'));
    const { ledgerIntegrityService } = require(path.join(accountingDist, 'modules', 'ledger-integrity'));
    const sequelize = createSequelize(databaseUrl, { poolMax: 4 });
    try {
      await migrateAccounting(sequelize);
      const newCompany = (name) => insertCompany(sequelize, name);
      const toggle = (on) =>
        sequelize.query(`ALTER TABLE accounting.accounting_entries ${on ? 'ENABLE' : 'DISABLE'} TRIGGER accounting_entries_posted_chain`);
      const accounts = async (companyId) =>
        Object.fromEntries(
          (
            await sequelize.query(
              `SELECT code, id FROM accounting.accounts WHERE company_id = '${companyId}' AND code IN ('4111','706','4431','6222','521')`,
            )
          )[0].map((r) => [r.code, r.id]),
        );

      // ── bulk: the import's statements, N entries (alternating 3-line sales and 2-line bank entries) in one transaction
      let numberSeq = 0;
      async function bulk(companyId, acc, n) {
        const ids = [],
          nums = [],
          dates = [],
          totals = [];
        const lE = [],
          lNo = [],
          lAcc = [],
          lDesc = [],
          lD = [],
          lC = [],
          lDate = [];
        for (let i = 0; i < n; i++) {
          const id = randomUUID();
          const k = ++numberSeq;
          const date = `2025-${String(1 + (k % 12)).padStart(2, '0')}-15`;
          ids.push(id);
          nums.push(`OD-2025-${String(k).padStart(8, '0')}`);
          dates.push(date);
          const ht = 10000 + (k % 9000);
          // Alternately a 3-line sale (client TTC / services HT / VAT) and a 2-line bank payment of a fee.
          let lines;
          if (k % 2) {
            const vat = Math.round(ht * 0.18);
            totals.push(`${ht + vat}.00`);
            lines = [
              [1, '4111', ht + vat, 0],
              [2, '706', 0, ht],
              [3, '4431', 0, vat],
            ];
          } else {
            totals.push(`${ht}.00`);
            lines = [
              [1, '6222', ht, 0],
              [2, '521', 0, ht],
            ];
          }
          for (const [no, a, d, c] of lines) {
            lE.push(id);
            lNo.push(no);
            lAcc.push(acc[a]);
            lDesc.push(`Ligne ${no} ${k}`);
            lD.push(`${d}.00`);
            lC.push(`${c}.00`);
            lDate.push(date);
          }
        }
        const t = {};
        await sequelize.transaction(async (transaction) => {
          let t0 = now();
          await sequelize.query(
            `INSERT INTO accounting.accounting_entries (id, company_id, number, journal, date, description, total)
             SELECT e.id, $1, e.number, 'OD', e.date, 'Bench', e.total FROM unnest($2::uuid[], $3::text[], $4::date[], $5::numeric[]) AS e(id, number, date, total)`,
            { bind: [companyId, ids, nums, dates, totals], transaction },
          );
          await sequelize.query(
            `INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit, entry_date)
             SELECT l.e, $1, l.no, l.a, l.d, l.deb, l.cred, l.dt FROM unnest($2::uuid[], $3::int[], $4::uuid[], $5::text[], $6::numeric[], $7::numeric[], $8::date[]) AS l(e, no, a, d, deb, cred, dt)`,
            { bind: [companyId, lE, lNo, lAcc, lDesc, lD, lC, lDate], transaction },
          );
          t.insert = now() - t0;
          t0 = now();
          await sequelize.query(
            `UPDATE accounting.accounting_entries AS e SET status = 'validated' FROM unnest($2::uuid[]) AS v(id) WHERE e.id = v.id AND e.company_id = $1`,
            { bind: [companyId, ids], transaction },
          );
          t.validate = now() - t0;
          t0 = now();
          await sequelize.query('SET CONSTRAINTS ALL IMMEDIATE', { transaction });
          t.deferred = now() - t0;
        });
        return { ...t, lines: lE.length };
      }

      const company = await newCompany('Bulk');
      const acc = await accounts(company);
      await bulk(company, acc, 500); // warm-up
      const sum = { on: [], off: [] };
      for (let round = 0; round < 3; round++)
        for (const mode of round % 2 ? ['off', 'on'] : ['on', 'off']) {
          await toggle(mode === 'on');
          const t0 = now();
          const r = await bulk(company, acc, 10000);
          const total = now() - t0;
          sum[mode].push(total);
          console.log(
            `bulk 10000 entries (${r.lines} lines) chain ${mode.padEnd(3)}: total ${total.toFixed(0)} ms (insert ${r.insert.toFixed(0)}, validate UPDATE ${r.validate.toFixed(0)}, deferred/seal ${r.deferred.toFixed(0)})`,
          );
        }
      await toggle(true);
      const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
      console.log(`bulk median: on ${med(sum.on).toFixed(0)} ms, off ${med(sum.off).toFixed(0)} ms`);

      // ── single postings: postEntry sequential, blocks of 100 alternating
      const single = await newCompany('Single');
      const sale = (i) => ({
        companyId: single,
        journal: 'VT',
        date: '2026-03-15',
        description: `Facture ${i}`,
        lines: [
          { accountCode: '4111', description: 'Client', debit: '118000.00' },
          { accountCode: '706', description: 'Prestations HT', credit: '100000.00' },
          { accountCode: '4431', description: 'TVA 18 %', credit: '18000.00' },
        ],
      });
      for (let i = 0; i < 50; i++) await sequelize.transaction((tx) => postEntry(tx, sale(i)));
      const per = { on: [], off: [] };
      for (let round = 0; round < 4; round++)
        for (const mode of round % 2 ? ['off', 'on'] : ['on', 'off']) {
          await toggle(mode === 'on');
          const t0 = now();
          for (let i = 0; i < 100; i++) await sequelize.transaction((tx) => postEntry(tx, sale(i)));
          per[mode].push((now() - t0) / 100);
        }
      await toggle(true);
      console.log(
        `postEntry sequential, ms per posting (blocks of 100): on ${per.on.map((x) => x.toFixed(2)).join(' ')} | off ${per.off.map((x) => x.toFixed(2)).join(' ')}`,
      );
      console.log(`postEntry median ms: on ${med(per.on).toFixed(2)}, off ${med(per.off).toFixed(2)}`);

      // ── the check on ~100k entries
      const big = await newCompany('Cent mille');
      const bacc = await accounts(big);
      for (let i = 0; i < 10; i++) await bulk(big, bacc, 10000);
      for (const tb of ['accounting_entries', 'accounting_entry_lines', 'ledger_chain'])
        await sequelize.query(`VACUUM ANALYZE accounting.${tb}`);
      const svc = ledgerIntegrityService(sequelize);
      for (let i = 0; i < 2; i++) {
        const t0 = now();
        const r = await svc.check(big);
        console.log(`check ${r.checked} entries: ok=${r.ok} in ${(now() - t0).toFixed(0)} ms`);
      }
    } finally {
      await sequelize.close();
    }
  });
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
