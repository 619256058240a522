import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createSequelize, migrate, type Migration } from '@xaalis/service-kit';
import { citusStatements, classify, LOCAL_TABLES, readCatalog, REFERENCE_TABLES, shardingViolations, type TableKind } from './sharding';

// Ready to shard by company: the catalog of a database that every service migrated, checked as Citus
// would check it (infra/SHARDING.md). In a database of its own: the run's database is shared by the
// test files running alongside, and this file takes keys down and up again.

const ROOT = path.resolve(__dirname, '..', '..');
/** Each schema, the folder of its migrations and its migration that made the keys shardable. */
const SERVICES = [
  { schema: 'identity', dir: 'gateway/src/migrations', shardKeys: '0005-shard-keys' },
  { schema: 'accounting', dir: 'services/accounting/src/migrations', shardKeys: '0032-shard-keys' },
  { schema: 'hr', dir: 'services/hr/src/migrations', shardKeys: '0010-shard-keys' },
  { schema: 'sector', dir: 'services/sector/src/migrations', shardKeys: '0007-shard-keys' },
];

const runUrl = new URL(process.env.DATABASE_URL ?? '');
const adminUrl = new URL(runUrl.toString());
adminUrl.pathname = '/postgres';
const dbName = `${decodeURIComponent(runUrl.pathname.slice(1))}_shard_${randomBytes(2).toString('hex')}`;
const dbUrl = new URL(runUrl.toString());
dbUrl.pathname = `/${dbName}`;

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: adminUrl.toString() });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

const sequelize = createSequelize(dbUrl.toString());
const query = async <T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> =>
  (await sequelize.query(sql, { bind: params }))[0] as T[];
const catalog = (schemas?: readonly string[]) => readCatalog(query, schemas);
const context = (schema: string) => ({ context: { sequelize, schema, queryInterface: sequelize.getQueryInterface() } });
const shardKeys = async (s: (typeof SERVICES)[number]) =>
  (await import(path.join(ROOT, s.dir, s.shardKeys))) as Migration & { prebuild: (schema: string) => string[] };

/** Every key, unique index and foreign key of the services' schemas, as Postgres prints them. */
const keysAndIndexes = () =>
  query<{ name: string; def: string }>(
    `SELECT conrelid::regclass::text || ' ' || conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE connamespace::regnamespace::text = ANY ($1::text[]) AND contype IN ('p', 'u', 'f', 'x')
     UNION ALL
     SELECT schemaname || '.' || indexname, indexdef FROM pg_indexes WHERE schemaname = ANY ($1::text[])
     ORDER BY 1`,
    [SERVICES.map((s) => s.schema)],
  );

beforeAll(async () => {
  await admin(`CREATE DATABASE "${dbName}"`);
  // One Sequelize per service, as each runs: umzug's log model is defined once per instance, in its first schema.
  for (const s of SERVICES) {
    const own = createSequelize(dbUrl.toString());
    await migrate(own, s.schema, path.join(ROOT, s.dir)).finally(() => own.close());
  }
}, 120_000);

afterAll(async () => {
  await sequelize.close();
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
});

describe('ready to shard by company (Citus, distribution column company_id)', () => {
  it('every table of the services is distributed by company with company_id in its keys, or declared reference or local', async () => {
    const found = await catalog();
    expect(shardingViolations(found)).toEqual([]);
    const kinds = classify(found);
    expect(kinds.get('accounting.companies')).toBe('distributed');
    expect(kinds.get('accounting.accounting_entry_lines')).toBe('distributed');
    expect(kinds.get('identity.memberships')).toBe('distributed');
    expect(kinds.get('identity.users')).toBe('reference');
    expect([...kinds.values()].filter((k) => k === 'distributed').length).toBeGreaterThan(80);

    // The switch: the foreign keys dropped, every distributed or reference table once (the companies table
    // before those co-located with it), the foreign keys added again.
    const statements = citusStatements(found);
    const distributing = statements.filter((q) => q.startsWith('SELECT create_'));
    const tables = distributing.map((q) => /'([a-z_]+\.[a-z_]+)'/.exec(q)![1]);
    expect(distributing[0]).toBe(`SELECT create_reference_table('identity.users');`);
    expect(distributing[1]).toBe(`SELECT create_distributed_table('accounting.companies', 'id');`);
    expect(distributing).toContain(
      `SELECT create_distributed_table('accounting.accounting_entry_lines', 'company_id', colocate_with => 'accounting.companies');`,
    );
    expect([...tables].sort()).toEqual(
      [...kinds]
        .filter(([, k]) => k !== 'local')
        .map(([t]) => t)
        .sort(),
    );
    const foreignKeys = found.constraints.filter((c) => c.type === 'f');
    expect(statements.slice(0, foreignKeys.length)).toEqual(foreignKeys.map((fk) => `ALTER TABLE ${fk.table} DROP CONSTRAINT ${fk.name};`));
    expect(statements).toContain(
      'ALTER TABLE accounting.open_items ADD CONSTRAINT open_items_entry_line_id_fkey FOREIGN KEY (entry_line_id, company_id) REFERENCES accounting.accounting_entry_lines(id, company_id) ON DELETE CASCADE;',
    );
    expect(statements.length).toBe(2 * foreignKeys.length + distributing.length);
  });

  it('infra/SHARDING.md lists each table under its kind', async () => {
    const plan = fs.readFileSync(path.join(ROOT, 'infra', 'SHARDING.md'), 'utf8');
    /** The `schema.table` names of a `### <title>` section of the plan. */
    const listed = (title: string) => {
      const start = plan.indexOf(`\n### ${title}`);
      expect(start).toBeGreaterThan(-1);
      const end = plan.slice(start + 1).search(/\n##/);
      const section = plan.slice(start, end < 0 ? undefined : start + 1 + end);
      return [...new Set([...section.matchAll(/`((?:identity|accounting|hr|sector)\.[a-z_]+)`/g)].map((m) => m[1]))].sort();
    };
    const kinds = classify(await catalog());
    const of = (kind: TableKind) =>
      [...kinds]
        .filter(([, k]) => k === kind)
        .map(([name]) => name)
        .sort();
    expect(listed('Distributed tables')).toEqual(of('distributed'));
    expect(listed('Reference tables')).toEqual(of('reference'));
    expect(listed('Local tables')).toEqual(of('local'));
    expect(of('reference')).toEqual(Object.keys(REFERENCE_TABLES).sort());
    expect(of('local')).toEqual(Object.keys(LOCAL_TABLES).sort());
  });

  it('names every table or key that would not shard', async () => {
    const p = `probe_${randomBytes(2).toString('hex')}`;
    await sequelize.query(`
      CREATE SCHEMA ${p};
      CREATE TABLE ${p}.parents (id uuid, company_id uuid NOT NULL, code text, PRIMARY KEY (id, company_id), UNIQUE (company_id, code));
      CREATE TABLE ${p}.children (id uuid, company_id uuid NOT NULL, parent_id uuid, PRIMARY KEY (company_id, id),
        FOREIGN KEY (parent_id, company_id) REFERENCES ${p}.parents (id, company_id));
      CREATE TABLE ${p}.bare_keys (id uuid PRIMARY KEY, company_id uuid NOT NULL, code text CONSTRAINT bare_keys_code_key UNIQUE, label text);
      CREATE UNIQUE INDEX bare_keys_label_key ON ${p}.bare_keys (lower(label)) WHERE label IS NOT NULL;
      CREATE UNIQUE INDEX bare_keys_code_including ON ${p}.bare_keys (code) INCLUDE (company_id);
      CREATE TABLE ${p}.keyless (company_id uuid NOT NULL, note text);
      CREATE TABLE ${p}.crossed (id uuid, company_id uuid NOT NULL, parent_id uuid, PRIMARY KEY (id, company_id),
        CONSTRAINT crossed_parent_fkey FOREIGN KEY (company_id, parent_id) REFERENCES ${p}.parents (id, company_id));
      CREATE TABLE ${p}.bookings (id uuid, company_id uuid NOT NULL, during daterange, PRIMARY KEY (id, company_id),
        CONSTRAINT bookings_overlap EXCLUDE USING gist (during WITH &&));
      CREATE TABLE ${p}.settings (key text PRIMARY KEY);
      CREATE TABLE ${p}.shared (id uuid PRIMARY KEY, company_id uuid, parent_id uuid,
        CONSTRAINT shared_parent_fkey FOREIGN KEY (parent_id, company_id) REFERENCES ${p}.parents (id, company_id));
      CREATE TABLE ${p}.log (id uuid PRIMARY KEY);
      CREATE TABLE ${p}.uses_log (id uuid, company_id uuid NOT NULL, log_id uuid, PRIMARY KEY (id, company_id),
        CONSTRAINT uses_log_log_fkey FOREIGN KEY (log_id) REFERENCES ${p}.log (id));
    `);
    try {
      const found = await catalog([p]);
      const reason = 'probe';
      const declared = {
        reference: { [`${p}.shared`]: { reason }, [`${p}.missing`]: { reason } },
        local: { [`${p}.log`]: { reason, companyId: 'a note for a column it does not have' }, [`${p}.missing`]: { reason } },
      };
      const offences = [
        `${p}.bare_keys: primary key bare_keys_pkey lacks company_id`,
        `${p}.bare_keys: unique constraint bare_keys_code_key lacks company_id`,
        `${p}.bare_keys: unique index bare_keys_label_key lacks company_id`,
        // INCLUDE columns take no part in uniqueness.
        `${p}.bare_keys: unique index bare_keys_code_including lacks company_id`,
        `${p}.keyless: no primary key`,
        `${p}.crossed: foreign key crossed_parent_fkey to ${p}.parents does not pair the company columns`,
        `${p}.bookings: exclusion constraint bookings_overlap lacks company_id`,
        `${p}.settings: no company_id column and not declared`,
        `${p}.shared: declared reference but has a company_id column`,
        `${p}.shared: foreign key shared_parent_fkey from a reference table to the distributed ${p}.parents`,
        `${p}.log: declared with a companyId note but has no company_id column`,
        `${p}.uses_log: foreign key uses_log_log_fkey from a distributed table to the local ${p}.log`,
        `${p}.missing: declared in REFERENCE_TABLES but no such table`,
        `${p}.missing: declared in LOCAL_TABLES but no such table`,
        `${p}.missing: declared both in REFERENCE_TABLES and in LOCAL_TABLES`,
      ];
      const violations = shardingViolations(found, declared);
      expect(violations).toEqual(expect.arrayContaining(offences.map((o) => expect.stringContaining(o))));
      // Nothing else: parents and children are fine.
      expect(violations).toHaveLength(offences.length);
    } finally {
      await sequelize.query(`DROP SCHEMA ${p} CASCADE`);
    }
  });

  it('the shard-keys migrations go down to the keys before them and up again, with or without indexes built beforehand', async () => {
    const ready = await keysAndIndexes();
    for (const s of [...SERVICES].reverse()) await (await shardKeys(s)).down!(context(s.schema));
    const before = shardingViolations(await catalog());
    for (const offence of [
      'accounting.invoice_lines: primary key invoice_lines_pkey lacks company_id',
      'accounting.reconciliation_items: no primary key',
      'accounting.bank_statements: unique index bank_statements_manual_key lacks company_id',
      'accounting.open_items: foreign key open_items_entry_line_id_fkey to accounting.accounting_entry_lines does not pair',
      'hr.payslips: unique constraint payslips_employee_period_key lacks company_id',
      'hr.payslips: foreign key payslips_payroll_payment_id_fkey to hr.payroll_payments does not pair',
      'sector.project_billings: unique index project_billings_one_pending_idx lacks company_id',
      'identity.invitations: primary key invitations_pkey lacks company_id',
    ])
      expect(before).toContainEqual(expect.stringContaining(offence));

    // The online path: the new keys' indexes built beforehand (CONCURRENTLY, outside a transaction) for two schemas.
    for (const s of SERVICES.filter((x) => x.schema === 'hr' || x.schema === 'sector'))
      for (const statement of (await shardKeys(s)).prebuild(s.schema)) await sequelize.query(statement);
    for (const s of SERVICES) await (await shardKeys(s)).up(context(s.schema));
    expect(shardingViolations(await catalog())).toEqual([]);
    expect(await keysAndIndexes()).toEqual(ready);
  });
});
