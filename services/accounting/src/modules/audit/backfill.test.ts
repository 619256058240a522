import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { QueryTypes, type Sequelize } from 'sequelize';
import { createSequelize, type Migration } from '@xaalis/service-kit';

// Migration 0014's backfill: documents stored before the audit trail get the
// history their columns tell. Run in a scratch schema (migrations 0001–0011,
// documents written as the service did, then 0014), so the shared test schema is untouched.
const dir = path.join(__dirname, '../../migrations');
const BEFORE = [
  '0001-init',
  '0002-ledger',
  '0003-invoicing',
  '0004-reporting-indexes',
  '0005-document-audit',
  '0006-investments',
  '0007-loans',
  '0008-account-balances',
  '0009-stock-consumptions',
  '0010-invoice-sources',
  '0011-entry-imports',
];

let sequelize: Sequelize;
const schema = `audit_backfill_${randomUUID().slice(0, 8)}`;
const s = `"${schema}"`;

const run = async (name: string) => {
  const m = (await import(path.join(dir, name))) as Migration;
  await m.up({ context: { sequelize, schema, queryInterface: sequelize.getQueryInterface() } });
};

beforeAll(async () => {
  sequelize = createSequelize(process.env.DATABASE_URL as string);
  await sequelize.query(`CREATE SCHEMA ${s}`);
  for (const name of BEFORE) await run(name);
});

afterAll(async () => {
  await sequelize.query(`DROP SCHEMA ${s} CASCADE`);
  await sequelize.close();
});

it('gives the documents already stored their history (created, validated, cancelled), marked backfilled', async () => {
  const [creator, validator, canceller] = [randomUUID(), randomUUID(), randomUUID()];
  const q = (sql: string, bind: unknown[] = []) => sequelize.query(sql, { bind, type: QueryTypes.SELECT });
  const [{ id: company }] = (await q(`INSERT INTO ${s}.companies (name, sector) VALUES ('Ancienne', 'service') RETURNING id`)) as {
    id: string;
  }[];
  const account = async (code: string, type: string, category: string) =>
    (
      (await q(`INSERT INTO ${s}.accounts (company_id, code, name, type, category, level) VALUES ($1, $2, $2, $3, $4, 3) RETURNING id`, [
        company,
        code,
        type,
        category,
      ])) as { id: string }[]
    )[0].id;
  const expense = await account('601', 'expense', 'charge');
  const bank = await account('521', 'asset', 'actif');
  // An entry validated then cancelled by its reversal, as reverseEntry does.
  const entry = async (number: string, reversalOf: string | null) => {
    const [{ id }] = (await q(
      `INSERT INTO ${s}.accounting_entries (company_id, number, journal, date, description, total, created_by, reversal_of_id)
       VALUES ($1, $2, 'OD', '2025-06-01', 'Achat', '100.00', $3, $4) RETURNING id`,
      [company, number, reversalOf ? canceller : creator, reversalOf],
    )) as { id: string }[];
    await q(
      `INSERT INTO ${s}.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit)
       VALUES ($1, $2, 1, $3, 'a', $5, $6), ($1, $2, 2, $4, 'b', $6, $5)`,
      [id, company, expense, bank, reversalOf ? '0' : '100.00', reversalOf ? '100.00' : '0'],
    );
    await q(`UPDATE ${s}.accounting_entries SET status = 'validated', validated_by = $2 WHERE id = $1`, [
      id,
      reversalOf ? canceller : validator,
    ]);
    return id;
  };
  const original = await entry('OD-2025-00001', null);
  const reversal = await entry('OD-2025-00002', original);
  await q(`UPDATE ${s}.accounting_entries SET status = 'cancelled', reversed_by_id = $2, cancelled_by = $3 WHERE id = $1`, [
    original,
    reversal,
    canceller,
  ]);
  const draft = await sequelize.transaction(async (transaction) => {
    const [row] = await sequelize.query<{ id: string }>(
      `INSERT INTO ${s}.accounting_entries (company_id, number, journal, date, description, total)
       VALUES ($1, 'OD-2025-00003', 'OD', '2025-06-02', 'Brouillon', '0') RETURNING id`,
      { bind: [company], type: QueryTypes.SELECT, transaction },
    );
    return row.id;
  });
  const [{ id: expensePayment }] = (await q(
    `INSERT INTO ${s}.payments (company_id, type, amount, date, method, account_id, created_by)
     VALUES ($1, 'expense', '100.00', '2025-06-01', 'bank', $2, $3) RETURNING id`,
    [company, expense, creator],
  )) as { id: string }[];

  await run('0014-audit-events');

  const events = (await q(
    `SELECT object_type, object_id, action, user_id, details->>'backfilled' AS backfilled, at
       FROM ${s}.audit_events WHERE company_id = $1 ORDER BY object_type, object_id, at, id`,
    [company],
  )) as { object_type: string; object_id: string; action: string; user_id: string | null; backfilled: string; at: Date }[];
  const of = (id: string) => events.filter((e) => e.object_id === id).map((e) => [e.action, e.user_id]);
  expect(of(original)).toEqual([
    ['created', creator],
    ['validated', validator],
    ['cancelled', canceller],
  ]);
  expect(of(reversal)).toEqual([
    ['created', canceller],
    ['validated', canceller],
  ]);
  expect(of(draft)).toEqual([['created', null]]);
  expect(of(expensePayment)).toEqual([['created', creator]]);
  expect(events.every((e) => e.backfilled === 'true')).toBe(true);

  // From now on the triggers record, and the trail is append-only in this schema too.
  await q(
    `INSERT INTO ${s}.payments (company_id, type, amount, date, method, account_id, created_by) VALUES ($1, 'expense', '5.00', '2025-06-03', 'cash', $2, $3)`,
    [company, expense, validator],
  );
  const [{ n }] = (await q(`SELECT count(*)::int AS n FROM ${s}.audit_events WHERE user_id = $1 AND details->>'backfilled' IS NULL`, [
    validator,
  ])) as { n: number }[];
  expect(n).toBe(1);
  await expect(sequelize.query(`DELETE FROM ${s}.audit_events`)).rejects.toMatchObject({ parent: { code: 'XA030' } });
});
