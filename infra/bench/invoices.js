#!/usr/bin/env node
// Invoices at scale, through the accounting service's HTTP API (with the
// gateway's internal headers):
//   1. GET /api/companies/:id/invoices — first page with the company's
//      counters, and a few filters — on a company with 10 000 invoices and
//      ~100 000 entry lines;
//   2. invoices validated per second (PATCH /api/invoices/:id/validate: the
//      VT posting, a stock movement, the invoice's status, one transaction
//      each), sequentially and 4 at a time;
//   3. for scale: drafts created per second, a PDF, the .xlsx export of all 10 000.
// Seeding follows the ledger's rules: entries are inserted as drafts, their
// lines added, then validated (the deferred triggers check each at commit);
// invoices point at their postings; counters are set to the numbers used.
// Afterwards: numbers gap-free, debits = credits, 4111 = customer balances due.
// Needs the built services (`npm run build:server`) and Postgres (DATABASE_URL,
// default: a fresh database on postgres://postgres@127.0.0.1:5432, dropped at the end).
// Usage: node infra/bench/invoices.js [invoices=10000] [entryLines=100000] [requests=50] [validations=200]
const { withAccountingCompany, seedAndAnalyze, inBatches, numberEntriesSql, entryCountersSql, summary, ms, now } = require('./lib/ledger');
const { timeSequential, timeConcurrent, timeGets, describePage, numericArgs } = require('./lib/timing');

const [INVOICES, ENTRY_LINES, REQUESTS, VALIDATIONS] = numericArgs(10_000, 100_000, 50, 200);
const PAGE_SIZE = 25;
const BATCH = 20_000;

/** The company measured. */
const COMPANY = {
  name: 'Commerce Général SARL',
  sector: 'service',
  address: 'Avenue Cheikh Anta Diop, Dakar',
  registrationNumber: 'SN-DKR-2020-B-4242',
  taxNumber: '004242424 2G3',
};

(async () => {
  await withAccountingCompany(COMPANY, async ({ base, sequelize, company, headers: ownerHeaders }) => {
    const headers = { ...ownerHeaders, 'content-type': 'application/json' };
    const api = async (method, url, body, expected = 200) => {
      const res = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (res.status !== expected) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res;
    };

    const { seeded, seedSeconds, vacuumSeconds } = await seedAndAnalyze(sequelize, () => seed(sequelize, company.id), [
      'invoices',
      'invoice_lines',
      'payments',
      'accounting_entries',
      'accounting_entry_lines',
      'third_parties',
    ]);
    console.log(
      `\nseeded ${seeded.invoices} invoices (${seeded.invoiceLines} lines, ${seeded.payments} payments), ${seeded.entries} entries with ${seeded.entryLines} lines, in ${seedSeconds.toFixed(1)} s through the triggers; VACUUM ANALYZE ${vacuumSeconds.toFixed(1)} s`,
    );

    // 1. The list.
    const list = (query) => `${base}/api/companies/${company.id}/invoices?${new URLSearchParams(query)}`;
    const lastPage = Math.ceil(INVOICES / PAGE_SIZE);
    const cases = [
      ['first page', { page: 1, pageSize: PAGE_SIZE }],
      [`deep page (${lastPage})`, { page: lastPage, pageSize: PAGE_SIZE }],
      ['status=validated', { page: 1, pageSize: PAGE_SIZE, status: 'validated' }],
      ['type=purchase', { page: 1, pageSize: PAGE_SIZE, type: 'purchase' }],
      ['payable=true', { page: 1, pageSize: PAGE_SIZE, payable: 'true' }],
      ['search "Client 17" (third party)', { page: 1, pageSize: PAGE_SIZE, search: 'Client 17' }],
      ['search "FV-2025-01" (number)', { page: 1, pageSize: PAGE_SIZE, search: 'FV-2025-01' }],
    ];
    console.log(`\nGET …/invoices, pageSize ${PAGE_SIZE}, counters included — ${REQUESTS} sequential requests each (after 5 warm-up)`);
    await timeGets(
      cases.map(([title, query]) => [title, list(query)]),
      { headers, requests: REQUESTS, pad: 34, describe: describePage },
    );

    // 2. Validations: drafts created through the API, then validated.
    const [client] = await sequelize.query(`SELECT id FROM accounting.third_parties WHERE company_id = $1 AND type = 'client' LIMIT 1`, {
      bind: [company.id],
      type: 'SELECT',
    });
    const item = await (
      await api(
        'POST',
        `/api/companies/${company.id}/inventory`,
        { name: 'Sac de riz 50 kg', category: 'ingredient', unit: 'pcs', currentStock: '100000', unitCost: '25000' },
        201,
      )
    ).json();
    const draft = (i) => ({
      invoice: {
        type: 'sale',
        number: 'FV-2026-0001',
        thirdPartyId: client.id,
        date: '2026-03-15',
        dueDate: '2026-04-14',
        paymentMethod: 'bank',
        vatRate: '18.00',
      },
      lines: [
        {
          description: 'Sac de riz 50 kg',
          quantity: String(1 + (i % 5)),
          unitPrice: '25000.00',
          inventoryItemId: item.id,
          useExistingProduct: true,
        },
        { description: 'Livraison', quantity: '1', unitPrice: String(5000 + i) },
      ],
    });
    const createLatencies = [];
    const ids = [];
    const c0 = now();
    for (let i = 0; i < 2 * VALIDATIONS; i++) {
      const t = now();
      ids.push((await (await api('POST', `/api/companies/${company.id}/invoices`, draft(i), 201)).json()).id);
      createLatencies.push(now() - t);
    }
    const createSeconds = (now() - c0) / 1000;
    const cs = summary(createLatencies);
    console.log(
      `\nPOST …/invoices (draft, 2 lines, one a product): ${ids.length} sequential, ${(ids.length / createSeconds).toFixed(0)} invoices/s, latency median ${ms(cs.median)} p95 ${ms(cs.p95)}`,
    );

    async function validateAll(title, batch, workers) {
      const t = now();
      const latencies = await timeConcurrent(batch.length, workers, (i) => api('PATCH', `/api/invoices/${batch[i]}/validate`));
      const seconds = (now() - t) / 1000;
      const s = summary(latencies);
      console.log(
        `  ${title.padEnd(34)} ${String(batch.length).padStart(4)} invoices  ${(batch.length / seconds).toFixed(0).padStart(4)} validated/s   latency median ${ms(s.median)}  p95 ${ms(s.p95)}`,
      );
    }
    console.log('PATCH /api/invoices/:id/validate (VT posting, 3 entry lines, 1 stock movement, one transaction each)');
    await validateAll('sequential (1 at a time)', ids.slice(0, VALIDATIONS), 1);
    await validateAll('concurrent (4 at a time)', ids.slice(VALIDATIONS), 4);

    // 3. A PDF and the export of every invoice.
    let pdfBytes = 0;
    let pdf = 0;
    const pdfTimes = await timeSequential(
      async () => {
        pdfBytes = (await (await api('GET', `/api/invoices/${ids[pdf++]}/pdf`)).arrayBuffer()).byteLength;
      },
      10,
      0,
    );
    console.log(`\nGET /api/invoices/:id/pdf: median ${ms(pdfTimes.median)} (${pdfBytes} bytes)`);
    const x0 = now();
    const xlsx = await (await api('GET', `/api/companies/${company.id}/invoices/export.xlsx`)).arrayBuffer();
    console.log(
      `GET …/invoices/export.xlsx (all ${INVOICES + ids.length} invoices): ${ms(now() - x0)} (${(xlsx.byteLength / 1024).toFixed(0)} KiB)`,
    );

    // Integrity.
    const [[nums]] = await sequelize.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE seq <> rn)::int AS gaps FROM (
         SELECT split_part(number, '-', 3)::int AS seq, row_number() OVER (PARTITION BY split_part(number, '-', 1), split_part(number, '-', 2) ORDER BY number) AS rn
           FROM accounting.invoices WHERE company_id = $1) s`,
      { bind: [company.id] },
    );
    const [[bal]] = await sequelize.query(
      `SELECT sum(l.debit)::text AS d, sum(l.credit)::text AS c,
              sum(l.debit - l.credit) FILTER (WHERE a.code = '4111')::text AS receivables
         FROM accounting.accounting_entry_lines l JOIN accounting.accounts a ON a.id = l.account_id WHERE l.company_id = $1`,
      { bind: [company.id] },
    );
    const [[due]] = await sequelize.query(
      `SELECT sum(total - paid_amount) FILTER (WHERE status IN ('validated', 'paid') AND type <> 'purchase')::text AS due FROM accounting.invoices WHERE company_id = $1`,
      { bind: [company.id] },
    );
    console.log(
      `\nintegrity: ${nums.n} invoice numbers, ${nums.gaps} out of sequence; debits ${bal.d} = credits ${bal.c}: ${bal.d === bal.c}; 4111 ${bal.receivables} = customer balances due ${due.due}: ${bal.receivables === due.due}`,
    );
    if (nums.gaps || bal.d !== bal.c || bal.receivables !== due.due) process.exitCode = 1;
  });
})().catch((e) => {
  console.error(e);
  process.exit(1);
});

/**
 * INVOICES invoices over 18 months: a quarter each sale (twice) / service /
 * purchase… (sale, sale, service, purchase), 15 % drafts, 5 % cancelled drafts,
 * 20 % paid (one bank payment), 60 % validated; two lines each; 50 clients and
 * 20 suppliers. Every validated or paid invoice has its VT/AC posting (3 lines),
 * every payment its BQ posting (2 lines); OD entries (2 lines) fill up to
 * ENTRY_LINES entry lines.
 */
async function seed(sequelize, companyId) {
  const q = (text, bind = [], transaction) => sequelize.query(text, { bind, transaction });
  await q(
    `INSERT INTO accounting.third_parties (company_id, type, name, code)
     SELECT $1, k.type, k.label || ' ' || n, upper(left(k.type, 1)) || lpad(n::text, 3, '0')
       FROM (VALUES ('client', 'Client', 50), ('supplier', 'Fournisseur', 20)) AS k(type, label, count)
      CROSS JOIN LATERAL generate_series(0, k.count - 1) AS n`,
    [companyId],
  );
  await q(
    `CREATE TABLE bench_tp AS
     SELECT id, type, row_number() OVER (PARTITION BY type ORDER BY code) - 1 AS n FROM accounting.third_parties WHERE company_id = $1`,
    [companyId],
  );
  await q(
    `CREATE TABLE bench_inv AS
     SELECT g.i, gen_random_uuid() AS id,
            (ARRAY['sale', 'sale', 'service', 'purchase'])[1 + g.i % 4] AS type,
            DATE '2025-01-01' + (g.i * 37 % 540) AS date,
            CASE WHEN g.i % 20 < 3 THEN 'draft' WHEN g.i % 20 = 3 THEN 'cancelled' WHEN g.i % 20 < 8 THEN 'paid' ELSE 'validated' END AS status,
            ((g.i * 7919) % 2000000 + 1000)::numeric(15,2) AS subtotal
       FROM generate_series(1, $1) AS g(i)`,
    [INVOICES],
  );
  await q(`
    ALTER TABLE bench_inv ADD COLUMN vat numeric(15,2), ADD COLUMN total numeric(15,2), ADD COLUMN tp uuid, ADD COLUMN number text,
      ADD COLUMN entry_id uuid, ADD COLUMN pay_entry_id uuid, ADD COLUMN pay_id uuid;
    UPDATE bench_inv SET vat = round(subtotal * 0.18, 2);
    UPDATE bench_inv SET total = subtotal + vat,
      entry_id = CASE WHEN status IN ('validated', 'paid') THEN gen_random_uuid() END,
      pay_entry_id = CASE WHEN status = 'paid' THEN gen_random_uuid() END,
      pay_id = CASE WHEN status = 'paid' THEN gen_random_uuid() END;
    UPDATE bench_inv b SET tp = t.id FROM bench_tp t
     WHERE t.type = CASE WHEN b.type = 'purchase' THEN 'supplier' ELSE 'client' END
       AND t.n = b.i % CASE WHEN b.type = 'purchase' THEN 20 ELSE 50 END;
    UPDATE bench_inv s SET number = p.prefix || '-' || p.yr || '-' || lpad(p.seq::text, 4, '0')
      FROM (SELECT i, CASE type WHEN 'sale' THEN 'FV' WHEN 'purchase' THEN 'FA' ELSE 'FS' END AS prefix, extract(year FROM date)::int AS yr,
                   row_number() OVER (PARTITION BY type, extract(year FROM date) ORDER BY date, i) AS seq FROM bench_inv) p
     WHERE p.i = s.i;
    CREATE INDEX ON bench_inv (i);`);

  const [[{ posted }]] = await q(`SELECT (count(entry_id) * 3 + count(pay_entry_id) * 2)::int AS posted FROM bench_inv`);
  const filler = Math.max(0, Math.round((ENTRY_LINES - posted) / 2));
  await q(
    `CREATE TABLE bench_e AS
     SELECT row_number() OVER () AS k, x.* FROM (
       SELECT entry_id AS id, i, 'inv' AS kind, CASE WHEN type = 'purchase' THEN 'AC' ELSE 'VT' END AS journal, date, total FROM bench_inv WHERE entry_id IS NOT NULL
       UNION ALL SELECT pay_entry_id, i, 'pay', 'BQ', date + 10, total FROM bench_inv WHERE pay_entry_id IS NOT NULL
       UNION ALL SELECT gen_random_uuid(), -g.i, 'od', 'OD', DATE '2025-01-01' + (g.i % 540), ((g.i * 7919) % 500000 + 100)::numeric(15,2) FROM generate_series(1, $1) AS g(i)
     ) x`,
    [filler],
  );
  await q(numberEntriesSql('bench_e', 'k'));
  const [[{ entries }]] = await q('SELECT count(*)::int AS entries FROM bench_e');

  await inBatches(sequelize, entries, BATCH, async (transaction, from, to) => {
    const b = (text) => q(text, [companyId, from, to], transaction);
    await b(`
      INSERT INTO accounting.accounting_entries (id, company_id, number, journal, date, description, reference, total, source_type, source_id)
      SELECT e.id, $1, e.number, e.journal, e.date,
             CASE e.kind WHEN 'inv' THEN 'Facture ' || v.number WHEN 'pay' THEN 'Règlement facture ' || v.number ELSE 'Opération diverse ' || -e.i END,
             v.number, e.total,
             CASE e.kind WHEN 'inv' THEN 'invoice' WHEN 'pay' THEN 'payment' END,
             CASE e.kind WHEN 'inv' THEN v.id::text WHEN 'pay' THEN v.pay_id::text END
        FROM bench_e e LEFT JOIN bench_inv v ON v.i = e.i
       WHERE e.k BETWEEN $2 AND $3`);
    // Lines as the posting engine writes them (DESIGN.md §6), by kind and invoice type.
    await b(`
      INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit, third_party_id)
      SELECT e.id, $1, l.line_no, a.id, 'Ligne ' || l.line_no, l.debit, l.credit, l.tp
        FROM bench_e e
        LEFT JOIN bench_inv v ON v.i = e.i
       CROSS JOIN LATERAL (
         SELECT * FROM (VALUES
           -- customer invoice: D 4111 TTC / C 701|706 HT / C 4431 VAT
           (e.kind = 'inv' AND v.type <> 'purchase', 1, '4111', v.total, 0::numeric, v.tp),
           (e.kind = 'inv' AND v.type <> 'purchase', 2, CASE v.type WHEN 'sale' THEN '701' ELSE '706' END, 0, v.subtotal, NULL::uuid),
           (e.kind = 'inv' AND v.type <> 'purchase', 3, '4431', 0, v.vat, NULL),
           -- purchase invoice: D 601 HT + D 4452 VAT / C 4011 TTC
           (e.kind = 'inv' AND v.type = 'purchase', 1, '601', v.subtotal, 0, NULL),
           (e.kind = 'inv' AND v.type = 'purchase', 2, '4452', v.vat, 0, NULL),
           (e.kind = 'inv' AND v.type = 'purchase', 3, '4011', 0, v.total, v.tp),
           -- payments by bank
           (e.kind = 'pay' AND v.type <> 'purchase', 1, '521', v.total, 0, NULL),
           (e.kind = 'pay' AND v.type <> 'purchase', 2, '4111', 0, v.total, v.tp),
           (e.kind = 'pay' AND v.type = 'purchase', 1, '4011', v.total, 0, v.tp),
           (e.kind = 'pay' AND v.type = 'purchase', 2, '521', 0, v.total, NULL),
           -- other operations: rent, supplies, fees paid by bank or cash
           (e.kind = 'od', 1, (ARRAY['6222', '6047', '631', '6052'])[1 + abs(e.i) % 4], e.total, 0, NULL),
           (e.kind = 'od', 2, (ARRAY['521', '571'])[1 + abs(e.i) % 2], 0, e.total, NULL)
         ) AS x(applies, line_no, code, debit, credit, tp) WHERE x.applies
       ) l
        JOIN accounting.accounts a ON a.company_id = $1 AND a.code = l.code
       WHERE e.k BETWEEN $2 AND $3`);
    await b(
      `UPDATE accounting.accounting_entries e SET status = 'validated' FROM bench_e s WHERE e.company_id = $1 AND e.id = s.id AND s.k BETWEEN $2 AND $3`,
    );
  });

  await sequelize.transaction(async (transaction) => {
    const b = (text) => q(text, [companyId], transaction);
    await b(`
      INSERT INTO accounting.invoices (id, company_id, number, type, status, date, due_date, third_party_id, subtotal, vat_rate, vat_amount, total, paid_amount, payment_method, entry_id)
      SELECT id, $1, number, type, status, date, date + 30, tp, subtotal, 18.00, vat, total, CASE WHEN status = 'paid' THEN total ELSE 0 END, 'bank', entry_id FROM bench_inv`);
    await b(`
      INSERT INTO accounting.invoice_lines (invoice_id, company_id, line_no, description, quantity, unit_price, total)
      SELECT v.id, $1, l.line_no, l.description, 1, l.amount, l.amount
        FROM bench_inv v
       CROSS JOIN LATERAL (VALUES (1, 'Marchandises et prestations', round(v.subtotal * 0.6, 0)), (2, 'Transport et frais', v.subtotal - round(v.subtotal * 0.6, 0))) AS l(line_no, description, amount)`);
    await b(`
      INSERT INTO accounting.payments (id, company_id, type, invoice_id, amount, date, method, reference, entry_id)
      SELECT pay_id, $1, 'invoice_payment', id, total, date + 10, 'bank', 'VIR-' || i, pay_entry_id FROM bench_inv WHERE pay_id IS NOT NULL`);
    await b(`
      INSERT INTO accounting.invoice_counters (company_id, type, year, last_number)
      SELECT $1, type, extract(year FROM date)::int, count(*) FROM bench_inv GROUP BY 2, 3`);
    await b(entryCountersSql('bench_e'));
  });

  const [[counts]] = await q(
    `SELECT (SELECT count(*) FROM accounting.invoices WHERE company_id = $1)::int AS invoices,
            (SELECT count(*) FROM accounting.invoice_lines WHERE company_id = $1)::int AS "invoiceLines",
            (SELECT count(*) FROM accounting.payments WHERE company_id = $1)::int AS payments,
            (SELECT count(*) FROM accounting.accounting_entries WHERE company_id = $1)::int AS entries,
            (SELECT count(*) FROM accounting.accounting_entry_lines WHERE company_id = $1)::int AS "entryLines"`,
    [companyId],
  );
  await q('DROP TABLE bench_e; DROP TABLE bench_inv; DROP TABLE bench_tp');
  return counts;
}
