#!/usr/bin/env node
// The dashboard's reads on a company with 10 000 invoices and 100 000 ledger
// lines: GET …/dashboard, …/cash-flow/3months, …/cash-flow/1year (and the
// revenue breakdown and treasury screen), through the accounting service's HTTP
// API with the gateway's internal headers. Median and p95 over REQUESTS
// sequential requests each, after 5 warm-up requests.
//
// The lines table is shared by every company: NEIGHBOURS other companies of
// the same size are seeded too. The same requests are then timed again with
// the lines index of migration 0002 instead of the covering one of 0004
// (swapped for the second round), to show what 0004 buys.
//
// Seeding goes through the ledger's own rules (entries inserted as drafts,
// their lines added, then validated in batches: the deferred triggers check
// each one), all companies together in date order (their rows interleaved in
// the shared tables, as a real database fills up), over the two years up to today: 10 000 invoices (sale, service,
// purchase; 5 % drafts, ~70 % paid, the rest open, some partly paid) with their
// VT/AC postings and the BQ/CA/MM postings of their payments, then expenses,
// cash transfers and loan instalments up to the line count, 3 loans of 24
// instalments.
//
// Needs the built services (`npm run build:server`) and Postgres (DATABASE_URL,
// default: a fresh database on postgres://postgres@127.0.0.1:5432, dropped at the end).
// Usage: node infra/bench/dashboard.js [invoices=10000] [lines=100000] [requests=50] [neighbours=3]
const { randomUUID } = require('node:crypto');
const { TOKEN, withAccountingCompany, createCompany, generateChart, seedAndAnalyze, inBatches } = require('./lib/ledger');
const { timeGets, numericArgs } = require('./lib/timing');

const [INVOICES, LINES, REQUESTS, NEIGHBOURS] = numericArgs(10_000, 100_000, 50, 3);
const BATCH = 5_000;
const TODAY = new Date().toISOString().slice(0, 10);

/** The company measured. */
const COMPANY = { name: 'Tableau de Bord SA', sector: 'commerce', fiscalYear: '07-01' };

(async () => {
  await withAccountingCompany(COMPANY, async ({ base, sequelize, company, headers }) => {
    // Neighbours with their own ledgers in the same tables: every query must stay within the company.
    const neighbours = [];
    for (let i = 1; i <= NEIGHBOURS; i++) {
      const n = await createCompany(base, { name: `Voisin ${i} SA`, sector: 'service' });
      await generateChart(base, n.id, { 'x-internal-token': TOKEN, 'x-company-id': n.id, 'x-user-role': 'owner' });
      neighbours.push(n.id);
    }

    const { seeded, seedSeconds } = await seedAndAnalyze(sequelize, async () => {
      await seedAll(
        sequelize,
        [company.id, ...neighbours].map((id) => ({ id, invoices: INVOICES, lines: LINES })),
      );
      return counts(sequelize, company.id);
    }, ['accounting_entries', 'accounting_entry_lines', 'invoices', 'loan_payments', 'accounts']);
    const [[all]] = await sequelize.query(
      'SELECT (SELECT count(*) FROM accounting.accounting_entries)::int AS entries, (SELECT count(*) FROM accounting.accounting_entry_lines)::int AS lines',
    );
    console.log(
      `\nseeded ${seeded.invoices} invoices, ${seeded.entries} entries, ${seeded.lines} lines for the company measured, and as much for ${NEIGHBOURS} neighbours ` +
        `(tables: ${all.entries} entries, ${all.lines} lines) in ${seedSeconds.toFixed(1)} s; today ${TODAY}`,
    );

    const cases = [
      ['dashboard', '/dashboard'],
      ['cash-flow/3months', '/cash-flow/3months'],
      ['cash-flow/1year', '/cash-flow/1year'],
      ['revenue-breakdown', '/revenue-breakdown'],
      ['treasury', '/treasury'],
    ];
    const round = async (title) => {
      console.log(`\n${title} — ${REQUESTS} sequential requests each (after 5 warm-up)`);
      await timeGets(
        cases.map(([name, suffix]) => [name, `${base}/api/companies/${company.id}${suffix}`]),
        { headers, requests: REQUESTS, pad: 20, msWidth: 10, describe },
      );
    };

    await verify(sequelize, company.id, base, headers);
    await round('schema as migrated (0004: lines by company and account, covering entry_id, debit, credit)');
    // Before 0004: its index swapped back for the one of 0002 it supersedes.
    await sequelize.query(`
      CREATE INDEX accounting_entry_lines_account_idx ON accounting.accounting_entry_lines (company_id, account_id);
      DROP INDEX accounting.accounting_entry_lines_account_amounts_idx;`);
    await sequelize.query('VACUUM (ANALYZE) accounting.accounting_entry_lines');
    await round("before 0004 (0002's index on lines (company_id, account_id), not covering)");
  });
})().catch((e) => {
  console.error(e);
  process.exit(1);
});

/** The dashboard's figures against the plain join of lines and entries (the obvious SQL), on the seeded data. */
async function verify(sequelize, companyId, base, headers) {
  const d = await (await fetch(`${base}/api/companies/${companyId}/dashboard`, { headers })).json();
  const [[x]] = await sequelize.query(
    `SELECT round(coalesce(sum(l.credit - l.debit) FILTER (WHERE a.code LIKE '70%' AND e.date >= $3::date), 0), 2)::text AS revenue,
            round(coalesce(sum(l.debit - l.credit) FILTER (WHERE a.code LIKE '5%' AND left(a.code, 2) NOT IN ('58', '59')), 0), 2)::text AS treasury,
            round(coalesce(sum(l.debit - l.credit) FILTER (WHERE a.code LIKE '411%'), 0), 2)::text AS receivables,
            round(coalesce(sum(l.credit - l.debit) FILTER (WHERE a.code LIKE '401%'), 0), 2)::text AS payables
       FROM accounting.accounting_entry_lines l
       JOIN accounting.accounts a ON a.id = l.account_id
       JOIN accounting.accounting_entries e ON e.id = l.entry_id
      WHERE e.company_id = $1 AND e.status <> 'draft' AND e.date <= $2::date`,
    { bind: [companyId, TODAY, d.fiscalYear.start] },
  );
  for (const k of ['revenue', 'treasury', 'receivables', 'payables']) {
    if (d[k] !== x[k]) throw new Error(`dashboard ${k} ${d[k]} ≠ ledger ${x[k]}`);
  }
  console.log(`checked: the dashboard's revenue, treasury, receivables and payables equal the plain ledger sums (${JSON.stringify(x)})`);
}

function describe(name, body) {
  if (name === 'dashboard')
    return `revenue ${body.revenue} (${body.revenueTrend ?? '–'} %), treasury ${body.treasury}, ${body.upcomingPayments.length} upcoming`;
  if (name.startsWith('cash-flow')) return `${body.points.length} points, last net ${body.points.at(-1).net}`;
  if (name === 'revenue-breakdown') return `total ${body.total}, ${body.items.length} items`;
  if (name === 'treasury') return `${body.accounts.length} accounts, inflows ${body.expectedInflows}, outflows ${body.expectedOutflows}`;
  return '';
}

/**
 * Seeds every company at once, as a shared database fills up over time: each
 * company's invoices, entries and lines are staged in scratch tables, then all
 * entries are copied into the ledger in date order (the companies' rows
 * interleaved in the tables, as in real life), in batches of BATCH entries
 * (drafts, lines, validation: the triggers check every entry at commit); then
 * each company's third parties, invoices, loans and instalments.
 */
async function seedAll(sequelize, companies) {
  const q = (text, bind = []) => sequelize.query(text, { bind });
  for (const [k, c] of companies.entries()) await stage(sequelize, k, c.id, c.invoices, c.lines);
  await q('DROP TABLE IF EXISTS bench_e, bench_l');
  await q(`CREATE TABLE bench_e AS
           SELECT s.*, row_number() OVER (ORDER BY s.date, s.id) AS seq
             FROM (${companies.map((_, k) => `SELECT * FROM bench_e_${k}`).join(' UNION ALL ')}) s`);
  await q(`CREATE TABLE bench_l AS ${companies.map((_, k) => `SELECT * FROM bench_l_${k}`).join(' UNION ALL ')}`);
  await q('CREATE INDEX ON bench_e (seq); CREATE INDEX ON bench_l (entry_id); ANALYZE bench_e; ANALYZE bench_l;');
  const [[{ entries }]] = await q('SELECT count(*)::int AS entries FROM bench_e');
  await inBatches(sequelize, entries, BATCH, async (transaction, from, to) => {
    const tq = (text) => sequelize.query(text, { bind: [from, to], transaction });
    await tq(`
      INSERT INTO accounting.accounting_entries (id, company_id, number, journal, date, description, total)
      SELECT e.id, e.company_id, e.journal || '-B-' || lpad(e.seq::text, 7, '0'), e.journal, e.date, e.description,
             (SELECT sum(debit) FROM bench_l l WHERE l.entry_id = e.id)
        FROM bench_e e WHERE e.seq BETWEEN $1 AND $2 ORDER BY e.seq`);
    await tq(`
      INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit)
      SELECT l.entry_id, e.company_id, l.line_no, a.id, e.description, l.debit, l.credit
        FROM bench_e e JOIN bench_l l ON l.entry_id = e.id
        JOIN accounting.accounts a ON a.company_id = e.company_id AND a.code = l.code
       WHERE e.seq BETWEEN $1 AND $2 AND (l.debit > 0 OR l.credit > 0)
       ORDER BY e.seq, l.line_no`);
    await tq(
      `UPDATE accounting.accounting_entries e SET status = 'validated' FROM bench_e s WHERE e.id = s.id AND s.seq BETWEEN $1 AND $2`,
    );
  });
  for (const [k, c] of companies.entries()) await finish(sequelize, k, c.id);
  await q(`DROP TABLE bench_e, bench_l, ${companies.map((_, k) => `bench_inv_${k}, bench_e_${k}, bench_l_${k}`).join(', ')}`);
}

/** One company's invoices (bench_inv_k), entries (bench_e_k) and lines (bench_l_k), in scratch tables. */
async function stage(sequelize, k, companyId, invoiceCount, lineTarget) {
  const q = (text, bind = []) => sequelize.query(text, { bind });
  const inv = `bench_inv_${k}`;
  const ent = `bench_e_${k}`;
  const lin = `bench_l_${k}`;
  await q(`DROP TABLE IF EXISTS ${inv}, ${ent}, ${lin}`);
  await q(
    `CREATE TABLE ${inv} AS
     SELECT i, gen_random_uuid() AS id, gen_random_uuid() AS entry_id, gen_random_uuid() AS pay_entry_id,
            (ARRAY['sale', 'service', 'purchase'])[1 + i % 3] AS type,
            $2::date - (i * 7919 % 730) AS date,
            ((i::bigint * 104729) % 2000000 + 10000)::numeric(15,2) AS subtotal,
            CASE WHEN i % 20 = 0 THEN 'draft' WHEN i % 10 < 7 THEN 'paid' ELSE 'validated' END AS status,
            (ARRAY['bank', 'cash', 'orange'])[1 + i % 3] AS method
       FROM generate_series(1, $1) AS g(i)`,
    [invoiceCount, TODAY],
  );
  await q(`
    ALTER TABLE ${inv} ADD COLUMN vat numeric(15,2), ADD COLUMN total numeric(15,2), ADD COLUMN paid numeric(15,2), ADD COLUMN number text;
    UPDATE ${inv} SET vat = round(subtotal * 0.18, 2);
    UPDATE ${inv} SET total = subtotal + vat,
                      number = (CASE type WHEN 'sale' THEN 'FV' WHEN 'service' THEN 'FS' ELSE 'FA' END) || '-B-' || lpad(i::text, 6, '0');
    UPDATE ${inv} SET paid = CASE WHEN status = 'paid' THEN total WHEN status = 'validated' AND i % 3 = 0 THEN round(total / 2, 2) ELSE 0 END;`);

  // Entries: the invoices' postings, their payments', then fillers.
  await q(
    `CREATE TABLE ${ent} AS
     SELECT $2::uuid AS company_id, entry_id AS id, CASE WHEN type = 'purchase' THEN 'AC' ELSE 'VT' END AS journal, date, 'Facture ' || number AS description
       FROM ${inv} WHERE status <> 'draft'
     UNION ALL
     SELECT $2::uuid, pay_entry_id, (CASE method WHEN 'bank' THEN 'BQ' WHEN 'cash' THEN 'CA' ELSE 'MM' END), least(date + i % 40, $1::date), 'Règlement ' || number
       FROM ${inv} WHERE paid > 0`,
    [TODAY, companyId],
  );
  await q(`
    CREATE TABLE ${lin} AS
    SELECT entry_id, l.line_no, l.code, l.debit, l.credit FROM ${inv} i
     CROSS JOIN LATERAL (VALUES
       (1, CASE WHEN i.type = 'purchase' THEN '601' ELSE '4111' END, CASE WHEN i.type = 'purchase' THEN i.subtotal ELSE i.total END, 0::numeric),
       (2, CASE WHEN i.type = 'purchase' THEN '4452' WHEN i.type = 'sale' THEN '701' ELSE '706' END, CASE WHEN i.type = 'purchase' THEN i.vat ELSE 0 END, CASE WHEN i.type = 'purchase' THEN 0 ELSE i.subtotal END),
       (3, CASE WHEN i.type = 'purchase' THEN '4011' ELSE '4431' END, 0, CASE WHEN i.type = 'purchase' THEN i.total ELSE i.vat END)
     ) AS l(line_no, code, debit, credit)
     WHERE i.status <> 'draft'
    UNION ALL
    SELECT pay_entry_id, l.line_no, l.code, l.debit, l.credit FROM ${inv} i
     CROSS JOIN LATERAL (VALUES
       (1, CASE WHEN i.type = 'purchase' THEN '4011' ELSE (CASE i.method WHEN 'bank' THEN '521' WHEN 'cash' THEN '571' ELSE '5521' END) END, i.paid, 0::numeric),
       (2, CASE WHEN i.type = 'purchase' THEN (CASE i.method WHEN 'bank' THEN '521' WHEN 'cash' THEN '571' ELSE '5521' END) ELSE '4111' END, 0, i.paid)
     ) AS l(line_no, code, debit, credit)
     WHERE i.paid > 0`);
  const [[{ n }]] = await q(`SELECT count(*)::int AS n FROM ${lin}`);
  // Fillers, two lines each (plus the two of the opening capital): expenses paid by bank or cash, bank → cash transfers, other revenue cashed.
  const fillers = Math.max(0, Math.ceil((lineTarget - n - 2) / 2));
  const capital = randomUUID();
  await q(
    `CREATE TABLE bench_f_${k} AS
     SELECT g.i, gen_random_uuid() AS id, $2::date - (g.i * 7907 % 730) AS date, ((g.i::bigint * 15485863) % 500000 + 1000)::numeric(15,2) AS amount,
            (ARRAY['6052', '6222', '6242', '6281', 'T', '7071', '631', '6612'])[1 + g.i % 8] AS kind
       FROM generate_series(1, $1) AS g(i)`,
    [fillers, TODAY],
  );
  await q(
    `INSERT INTO ${ent}
     SELECT $1::uuid, id, CASE WHEN kind = 'T' THEN 'CA' WHEN kind = '7071' THEN 'VT' WHEN g.i % 2 = 0 THEN 'BQ' ELSE 'CA' END, date,
            CASE kind WHEN 'T' THEN 'Alimentation caisse' WHEN '7071' THEN 'Produits accessoires' ELSE 'Dépense ' || kind END || ' ' || g.i
       FROM bench_f_${k} g`,
    [companyId],
  );
  await q(`
    INSERT INTO ${lin}
    SELECT id, 1, CASE WHEN kind = 'T' THEN '571' WHEN kind = '7071' THEN '521' ELSE kind END, amount, 0 FROM bench_f_${k}
    UNION ALL
    SELECT id, 2, CASE WHEN kind = 'T' THEN '521' WHEN kind = '7071' THEN '7071' WHEN i % 2 = 0 THEN '521' ELSE '571' END, 0, amount FROM bench_f_${k};
    DROP TABLE bench_f_${k};`);
  await q(`INSERT INTO ${ent} SELECT $1::uuid, '${capital}'::uuid, 'OD', min(date), 'Apport en capital' FROM ${ent}`, [companyId]);
  await q(`INSERT INTO ${lin} VALUES ('${capital}'::uuid, 1, '521', 5000000000, 0), ('${capital}'::uuid, 2, '101', 0, 5000000000)`);
}

/** One company's third parties, invoices (pointing at their postings), loans and instalments. */
async function finish(sequelize, k, companyId) {
  await sequelize.transaction(async (transaction) => {
    const tq = (text) => sequelize.query(text, { bind: [companyId], transaction });
    await tq(`
      INSERT INTO accounting.third_parties (company_id, type, name, payment_terms)
      SELECT $1, CASE WHEN g.i <= 50 THEN 'client' ELSE 'supplier' END, 'Tiers ' || g.i, 15 * (1 + g.i % 4) FROM generate_series(1, 70) AS g(i)`);
    await tq(`
      INSERT INTO accounting.invoices (id, company_id, number, type, status, date, due_date, third_party_id, subtotal, vat_amount, total, paid_amount, payment_method, entry_id)
      SELECT i.id, $1, i.number, i.type, i.status, i.date, CASE WHEN i.i % 4 = 0 THEN NULL ELSE i.date + 30 END,
             (SELECT id FROM accounting.third_parties t WHERE t.company_id = $1 AND t.name = 'Tiers ' || (CASE WHEN i.type = 'purchase' THEN 51 + i.i % 20 ELSE 1 + i.i % 50 END)),
             i.subtotal, i.vat, i.total, i.paid, i.method, CASE WHEN i.status <> 'draft' THEN i.entry_id END
        FROM bench_inv_${k} i`);
    await tq(`
      INSERT INTO accounting.loans (company_id, lender, amount, interest_rate, start_date, end_date, remaining_balance)
      SELECT $1, (ARRAY['CBAO', 'BICIS', 'Ecobank'])[g.i], 12000000, 9, date_trunc('month', now())::date - 365, date_trunc('month', now())::date + 365, 6000000
        FROM generate_series(1, 3) AS g(i)`);
    await tq(`
      INSERT INTO accounting.loan_payments (company_id, loan_id, due_date, principal_amount, interest_amount, total_amount, status, payment_date)
      SELECT $1, l.id, (l.start_date + make_interval(months => k.k))::date, 500000, 45000, 545000,
             CASE WHEN l.start_date + make_interval(months => k.k) < now() THEN 'paid' ELSE 'pending' END,
             CASE WHEN l.start_date + make_interval(months => k.k) < now() THEN (l.start_date + make_interval(months => k.k))::date END
        FROM accounting.loans l CROSS JOIN generate_series(1, 24) AS k(k) WHERE l.company_id = $1`);
  });
}

async function counts(sequelize, companyId) {
  const [[c]] = await sequelize.query(
    `SELECT (SELECT count(*) FROM accounting.invoices WHERE company_id = $1)::int AS invoices,
            (SELECT count(*) FROM accounting.accounting_entries WHERE company_id = $1)::int AS entries,
            (SELECT count(*) FROM accounting.accounting_entry_lines WHERE company_id = $1)::int AS lines`,
    { bind: [companyId] },
  );
  return c;
}
