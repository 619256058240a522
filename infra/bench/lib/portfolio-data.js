// Data for the portfolio benchmarks (issue 16): many companies, each with its
// invoices, their postings and payments, and the monthly account balances,
// generated in SQL for all the companies at once. Shared by infra/bench/portfolio.js
// (the accounting service's GET /internal/portfolio) and a gateway-level measure.

/** The accounts the generated postings use, created where the company's chart lacks them. */
const ACCOUNTS = [
  ['101', 'Capital social', 'equity', 'passif', 3],
  ['4011', 'Fournisseurs', 'liability', 'passif', 4],
  ['4111', 'Clients', 'asset', 'actif', 4],
  ['4431', 'TVA facturée sur ventes', 'liability', 'passif', 4],
  ['4452', 'TVA récupérable sur achats', 'asset', 'actif', 4],
  ['521', 'Banques locales', 'asset', 'actif', 3],
  ['571', 'Caisse', 'asset', 'actif', 3],
  ['601', 'Achats de marchandises', 'expense', 'charge', 3],
  ['701', 'Ventes de marchandises', 'revenue', 'produit', 3],
  ['706', 'Services vendus', 'revenue', 'produit', 3],
];
const ACCOUNTS_SQL = ACCOUNTS.map(
  ([code, name, type, category, level]) => `('${code}', '${name}', '${type}', '${category}', ${level})`,
).join(', ');

/** Companies staged per statement: bounds the scratch tables and each transaction. */
const COMPANIES_PER_CHUNK = 10;

/**
 * Seeds `companyIds` (companies that exist, with or without their chart) with
 * `invoices` invoices each, dated over the two years up to `today`: 40 % sale,
 * 30 % service, 30 % purchase; 5 % drafts, 70 % paid, 25 % open (a third of
 * them half paid); due 30 days after their date, or no due date for one in
 * five (due then on the date plus the client's payment terms). Each invoice
 * that is not a draft has its VT/AC posting (3 lines) and each payment its
 * BQ/CA posting (2 lines), validated; every company has an opening capital
 * paid in at the bank. The monthly balances are then rebuilt
 * (accounting.rebuild_account_balances) and the tables analysed.
 *
 * `db`: a pg Client (or anything with pg's `query(text, values)`) connected as
 * a superuser: the rows are written with session_replication_role = replica
 * (the ledger's guards, checks and audit triggers are off in this session
 * only, restored at the end), as valid entries would have left them.
 * Entry numbers (`VT-P-…`) are outside the counters' format.
 * Returns the row counts.
 */
async function seedPortfolio(db, companyIds, { invoices = 10_000, today = new Date().toISOString().slice(0, 10) } = {}) {
  await db.query(`SET session_replication_role = replica; SET synchronous_commit = off; SET work_mem = '256MB'`);
  try {
    for (let from = 0; from < companyIds.length; from += COMPANIES_PER_CHUNK) {
      await seedChunk(db, companyIds.slice(from, from + COMPANIES_PER_CHUNK), invoices, today);
    }
    await db.query('SELECT accounting.rebuild_account_balances(c) FROM unnest($1::uuid[]) AS c', [companyIds]);
  } finally {
    await db.query('RESET session_replication_role; RESET synchronous_commit; RESET work_mem');
  }
  for (const table of ['accounts', 'third_parties', 'invoices', 'accounting_entries', 'accounting_entry_lines', 'account_balances']) {
    await db.query(`VACUUM (ANALYZE) accounting.${table}`);
  }
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM accounting.invoices WHERE company_id = ANY($1))::int AS invoices,
            (SELECT count(*) FROM accounting.accounting_entries WHERE company_id = ANY($1))::int AS entries,
            (SELECT count(*) FROM accounting.accounting_entry_lines WHERE company_id = ANY($1))::int AS lines,
            (SELECT count(*) FROM accounting.account_balances WHERE company_id = ANY($1))::int AS balances`,
    [companyIds],
  );
  return rows[0];
}

/** Some companies, in one transaction: scratch tables, then the ledger and the invoices. */
async function seedChunk(db, ids, invoices, today) {
  const q = (text, values = [ids]) => db.query(text, values);
  await q('BEGIN', []);
  try {
    await q(
      `INSERT INTO accounting.accounts (company_id, code, name, type, category, level)
       SELECT c, a.code, a.name, a.type, a.category, a.level FROM unnest($1::uuid[]) AS c
        CROSS JOIN (VALUES ${ACCOUNTS_SQL}) AS a (code, name, type, category, level)
       ON CONFLICT (company_id, code) DO NOTHING`,
    );
    // 20 clients (payment terms 15 to 60 days) and 10 suppliers per company.
    await q(
      `CREATE TEMP TABLE pf_tp ON COMMIT DROP AS
       SELECT c AS company_id, g.n, gen_random_uuid() AS id FROM unnest($1::uuid[]) AS c CROSS JOIN generate_series(0, 29) AS g (n)`,
    );
    await q(
      `INSERT INTO accounting.third_parties (id, company_id, type, name, payment_terms)
       SELECT id, company_id, CASE WHEN n < 20 THEN 'client' ELSE 'supplier' END, 'Tiers ' || n, 15 * (1 + n % 4) FROM pf_tp`,
      [],
    );
    await q(
      `CREATE TEMP TABLE pf_inv ON COMMIT DROP AS
       SELECT c AS company_id, g.i, gen_random_uuid() AS id, gen_random_uuid() AS entry_id, gen_random_uuid() AS pay_entry_id,
              CASE WHEN g.i % 10 < 4 THEN 'sale' WHEN g.i % 10 < 7 THEN 'service' ELSE 'purchase' END AS type,
              $3::date - (g.i * 7919 % 730) AS date,
              ((g.i::bigint * 104729) % 2000000 + 10000)::numeric(15,2) AS subtotal,
              CASE WHEN g.i % 20 = 0 THEN 'draft' WHEN g.i % 20 < 15 THEN 'paid' ELSE 'validated' END AS status,
              CASE WHEN g.i % 2 = 0 THEN 'bank' ELSE 'cash' END AS method
         FROM unnest($1::uuid[]) AS c CROSS JOIN generate_series(1, $2::int) AS g (i)`,
      [ids, invoices, today],
    );
    await q(
      `ALTER TABLE pf_inv ADD COLUMN vat numeric(15,2), ADD COLUMN total numeric(15,2), ADD COLUMN paid numeric(15,2),
                          ADD COLUMN pay_date date, ADD COLUMN due_date date;
       UPDATE pf_inv SET vat = round(subtotal * 0.18, 2);
       UPDATE pf_inv SET total = subtotal + vat;
       UPDATE pf_inv SET paid = CASE WHEN status = 'paid' THEN total WHEN status = 'validated' AND i % 3 = 0 THEN round(total / 2, 2) ELSE 0 END,
                         due_date = CASE WHEN i % 5 = 0 THEN NULL ELSE date + 30 END`,
      [],
    );
    await q('UPDATE pf_inv SET pay_date = least(date + i % 40, $1::date)', [today]);
    await q(
      `INSERT INTO accounting.invoices (id, company_id, number, type, status, date, due_date, third_party_id, subtotal, vat_amount, total,
                                        paid_amount, payment_method, entry_id, validated_at)
       SELECT i.id, i.company_id, (CASE i.type WHEN 'sale' THEN 'FV' WHEN 'service' THEN 'FS' ELSE 'FA' END) || '-P-' || lpad(i.i::text, 7, '0'),
              i.type, i.status, i.date, i.due_date, tp.id, i.subtotal, i.vat, i.total, i.paid, i.method,
              CASE WHEN i.status <> 'draft' THEN i.entry_id END, CASE WHEN i.status <> 'draft' THEN i.date::timestamptz END
         FROM pf_inv i
         JOIN pf_tp tp ON tp.company_id = i.company_id AND tp.n = CASE WHEN i.type = 'purchase' THEN 20 + i.i % 10 ELSE i.i % 20 END`,
      [],
    );
    // The postings: the invoices' (VT, AC), their payments' (BQ, CA), an opening capital.
    await q(
      `CREATE TEMP TABLE pf_e ON COMMIT DROP AS
       SELECT company_id, entry_id AS id, CASE WHEN type = 'purchase' THEN 'AC' ELSE 'VT' END AS journal, date, i, 'Facture' AS description
         FROM pf_inv WHERE status <> 'draft'
       UNION ALL
       SELECT company_id, pay_entry_id, CASE method WHEN 'bank' THEN 'BQ' ELSE 'CA' END, pay_date, i, 'Règlement' FROM pf_inv WHERE paid > 0
       UNION ALL
       SELECT c, gen_random_uuid(), 'OD', $2::date - 730, 0, 'Apport en capital' FROM unnest($1::uuid[]) AS c`,
      [ids, today],
    );
    await q(
      `CREATE TEMP TABLE pf_l ON COMMIT DROP AS
       SELECT i.company_id, i.entry_id, i.date, l.n, l.code, l.debit, l.credit FROM pf_inv i
        CROSS JOIN LATERAL (VALUES
          (1, CASE WHEN i.type = 'purchase' THEN '601' ELSE '4111' END, CASE WHEN i.type = 'purchase' THEN i.subtotal ELSE i.total END, 0::numeric),
          (2, CASE WHEN i.type = 'purchase' THEN '4452' WHEN i.type = 'sale' THEN '701' ELSE '706' END,
              CASE WHEN i.type = 'purchase' THEN i.vat ELSE 0 END, CASE WHEN i.type = 'purchase' THEN 0 ELSE i.subtotal END),
          (3, CASE WHEN i.type = 'purchase' THEN '4011' ELSE '4431' END, 0, CASE WHEN i.type = 'purchase' THEN i.total ELSE i.vat END)
        ) AS l (n, code, debit, credit)
        WHERE i.status <> 'draft'
       UNION ALL
       SELECT i.company_id, i.pay_entry_id, i.pay_date, l.n, l.code, l.debit, l.credit FROM pf_inv i
        CROSS JOIN LATERAL (VALUES
          (1, CASE WHEN i.type = 'purchase' THEN '4011' WHEN i.method = 'bank' THEN '521' ELSE '571' END, i.paid, 0::numeric),
          (2, CASE WHEN i.type <> 'purchase' THEN '4111' WHEN i.method = 'bank' THEN '521' ELSE '571' END, 0, i.paid)
        ) AS l (n, code, debit, credit)
        WHERE i.paid > 0
       UNION ALL
       SELECT e.company_id, e.id, e.date, v.n, v.code, v.debit, v.credit FROM pf_e e
        CROSS JOIN (VALUES (1, '521', 500000000::numeric, 0::numeric), (2, '101', 0, 500000000)) AS v (n, code, debit, credit)
        WHERE e.journal = 'OD'`,
      [],
    );
    await q(
      `INSERT INTO accounting.accounting_entries (id, company_id, number, journal, date, description, status, total, validated_at)
       SELECT e.id, e.company_id, e.journal || '-P-' || lpad(e.i::text, 7, '0'), e.journal, e.date, e.description, 'validated',
              t.total, e.date::timestamptz
         FROM pf_e e JOIN (SELECT entry_id, sum(debit) AS total FROM pf_l GROUP BY entry_id) t ON t.entry_id = e.id
        ORDER BY e.date`,
      [],
    );
    await q(
      `INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit, entry_date)
       SELECT l.entry_id, l.company_id, l.n, a.id, 'Écriture générée', l.debit, l.credit, l.date
         FROM pf_l l JOIN accounting.accounts a ON a.company_id = l.company_id AND a.code = l.code
        WHERE l.debit > 0 OR l.credit > 0
        ORDER BY l.date`,
      [],
    );
    await q('COMMIT', []);
  } catch (err) {
    await q('ROLLBACK', []);
    throw err;
  }
}

module.exports = { seedPortfolio };
