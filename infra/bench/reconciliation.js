#!/usr/bin/env node
// Bank reconciliation at size (issue 28 figures):
//   1. a 10 000-line CSV statement uploaded (parsed in the worker pool, previewed)
//      and confirmed through the API;
//   2. automatic matching of those 10 000 statement lines against 100 000
//      unreconciled ledger lines of the same treasury account (521): POST
//      …/auto-match, then GET …/auto-match/:jobId every 10 ms until completed —
//      end to end, the BullMQ worker running in this process (target ≤ 3 s);
//   3. the matching screen's first page at that size: GET …/statement-lines and
//      …/ledger-lines (status=unmatched, pageSize 50, count and sum included),
//      before and after the matching (target ≤ 100 ms);
//   4. a second matching: nothing more matched.
// The ledger is seeded through its own triggers (drafts, lines, then validated);
// one statement line in ten of the ledger's, dated 0–3 days later, plus 500
// bank fees the ledger lacks. Needs the built services (`npm run build:server`),
// Postgres and Redis (REDIS_URL, default redis://127.0.0.1:6379).
// Usage: node infra/bench/reconciliation.js [ledgerLines=100000] [statementLines=10000] [requests=30]
const { withAccountingWorker, tenantHeaders, createCompany, generateChart, inBatches, vacuumAnalyze, ms, now } = require('./lib/ledger');
const { numericArgs, timeSequential } = require('./lib/timing');

const [LEDGER, STATEMENT, REQUESTS] = numericArgs(100_000, 10_000, 30);
const FEES = Math.round(STATEMENT / 20);
const BATCH = 20_000;
const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));

(async () => {
  await withAccountingWorker(async ({ base, sequelize }) => {
    const company = await createCompany(base, { name: 'Banque du Cap-Vert SA', sector: 'service' });
    const headers = tenantHeaders(company.id);
    await generateChart(base, company.id, headers);
    const accounts = await (await fetch(`${base}/api/companies/${company.id}/treasury-accounts`, { headers })).json();
    const bank = accounts.items.find((a) => a.kind === 'bank' && a.isDefault);
    const accountUrl = `${base}/api/companies/${company.id}/treasury-accounts/${bank.id}`;

    const t0 = now();
    const csv = await seed(sequelize, company.id);
    await vacuumAnalyze(sequelize, ['accounting_entries', 'accounting_entry_lines', 'account_balances', 'account_day_balances']);
    console.log(`seeded ${LEDGER} validated entries on 521 (${2 * LEDGER} lines) in ${((now() - t0) / 1000).toFixed(1)} s`);

    // 1. Upload and confirm.
    const u0 = now();
    const up = await fetch(`${accountUrl}/statements?fileName=releve.csv`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: csv,
    });
    if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
    const preview = await up.json();
    const uploaded = now() - u0;
    const c0 = now();
    const conf = await fetch(`${accountUrl}/statements/${preview.id}/confirm`, { method: 'POST', headers });
    if (conf.status !== 200) throw new Error(`confirm: ${conf.status} ${await conf.text()}`);
    console.log(
      `1. statement of ${preview.lineCount} lines (${(csv.length / 1024).toFixed(0)} KiB): upload + preview ${ms(uploaded)}, confirm ${ms(now() - c0)}; errors ${preview.errorCount}`,
    );
    await vacuumAnalyze(sequelize, ['bank_statement_lines']);

    const panes = async (label) => {
      for (const pane of ['statement-lines', 'ledger-lines']) {
        let body;
        const s = await timeSequential(async () => {
          const res = await fetch(`${accountUrl}/${pane}?status=unmatched&pageSize=50`, { headers });
          if (res.status !== 200) throw new Error(`${pane}: ${res.status}`);
          body = await res.json();
        }, REQUESTS);
        console.log(
          `   ${label} GET …/${pane.padEnd(15)} first page: median ${ms(s.median)}, p95 ${ms(s.p95)} (${body.totalItems} unmatched)`,
        );
      }
    };
    console.log('3. matching screen, first page:');
    await panes('before matching,');

    // 2. Automatic matching, end to end.
    const match = async () => {
      const m0 = now();
      const res = await fetch(`${accountUrl}/auto-match`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
      });
      if (res.status !== 202) throw new Error(`auto-match: ${res.status} ${await res.text()}`);
      const { jobId } = await res.json();
      for (;;) {
        const status = await (await fetch(`${accountUrl}/auto-match/${jobId}`, { headers })).json();
        if (status.state === 'completed' || status.state === 'failed') return { ...status, ms: now() - m0 };
        await sleep(10);
      }
    };
    const first = await match();
    console.log(
      `2. automatic matching, ${STATEMENT + FEES} statement lines × ${LEDGER} ledger lines: ${first.state} in ${ms(first.ms)} — ${first.matched} matched, ${first.ambiguous} ambiguous`,
    );
    await vacuumAnalyze(sequelize, ['reconciliation_items', 'reconciliations']);
    await panes('after matching, ');
    const second = await match();
    console.log(`4. second matching: ${second.state} in ${ms(second.ms)} — ${second.matched} more matched`);
  });
})().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * LEDGER entries on 521 over 2025–2026 (debits and credits, distinct amounts
 * mostly), validated; answers the CSV statement: one line in ten of theirs,
 * dated 0–3 days later, and FEES bank fees the ledger lacks.
 */
async function seed(sequelize, companyId) {
  await sequelize.query(
    `CREATE TABLE bench_seed AS
     SELECT g.i, gen_random_uuid() AS id, DATE '2025-01-01' + (g.i % 700) AS date,
            ((g.i * 7919) % 50000000 + 1000) / 100.0 AS amount, g.i % 3 = 0 AS outflow,
            'BQ-' || extract(year FROM DATE '2025-01-01' + (g.i % 700)) || '-' || lpad(g.i::text, 6, '0') AS number
       FROM generate_series(1, $1) AS g(i)`,
    { bind: [LEDGER] },
  );
  await inBatches(sequelize, LEDGER, BATCH, async (transaction, from, to) => {
    const q = (text) => sequelize.query(text, { bind: [companyId, from, to], transaction });
    await q(`
      INSERT INTO accounting.accounting_entries (id, company_id, number, journal, date, description, reference, total)
      SELECT s.id, $1, s.number, 'BQ', s.date, CASE WHEN s.outflow THEN 'Règlement fournisseur ' ELSE 'Encaissement client ' END || s.i,
             'REF-' || s.i, s.amount
        FROM bench_seed s WHERE s.i BETWEEN $2 AND $3`);
    await q(`
      INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit)
      SELECT s.id, $1, l.line_no, a.id, 'Ligne ' || s.i,
             CASE WHEN (l.line_no = 1) <> s.outflow THEN s.amount ELSE 0 END,
             CASE WHEN (l.line_no = 1) = s.outflow THEN s.amount ELSE 0 END
        FROM bench_seed s
       CROSS JOIN (VALUES (1), (2)) AS l(line_no)
        JOIN accounting.accounts a ON a.company_id = $1
         AND a.code = CASE WHEN l.line_no = 1 THEN '521' WHEN s.outflow THEN '4011' ELSE '4111' END
       WHERE s.i BETWEEN $2 AND $3`);
    await q(`UPDATE accounting.accounting_entries e SET status = 'validated'
               FROM bench_seed s WHERE e.company_id = $1 AND e.id = s.id AND s.i BETWEEN $2 AND $3`);
  });
  const [rows] = await sequelize.query(
    `SELECT to_char(date + (i % 4), 'DD/MM/YYYY') AS d, CASE WHEN outflow THEN 'PRLV FOURNISSEUR ' ELSE 'VIR CLIENT ' END || i AS label,
            'REF-' || i AS ref, CASE WHEN outflow THEN '-' ELSE '' END || replace(amount::numeric(15,2)::text, '.', ',') AS amount
       FROM bench_seed WHERE i % $1 = 0 ORDER BY date, i`,
    { bind: [Math.max(1, Math.floor(LEDGER / STATEMENT))] },
  );
  await sequelize.query('DROP TABLE bench_seed');
  const lines = rows.slice(0, STATEMENT).map((r) => `${r.d};${r.label};${r.ref};${r.amount}`);
  for (let f = 0; f < FEES; f++)
    lines.push(`${String(1 + (f % 28)).padStart(2, '0')}/06/2026;FRAIS TENUE DE COMPTE;;-2500,${String(f % 100).padStart(2, '0')}`);
  return ['Date;Libellé;Référence;Montant', ...lines].join('\n');
}
