import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import type { Sequelize } from 'sequelize';
import { createSequelize, migrate } from './db';
import {
  SERVICE_DATABASES,
  canProvisionRoles,
  defaultRolePrefix,
  dropServiceRoles,
  provisionServiceRoles,
  urlForRole,
  type ServiceRole,
} from './db-roles';

// Against the real Postgres, in a database of its own (the run's shared database is being
// migrated by other test files): roles are cluster-wide, so they are named after that
// database (unique per run) and dropped at the end.

const ROOT = path.resolve(__dirname, '..', '..', '..');
const MIGRATIONS: Record<string, string> = {
  identity: path.join(ROOT, 'gateway', 'src', 'migrations'),
  accounting: path.join(ROOT, 'services', 'accounting', 'src', 'migrations'),
  hr: path.join(ROOT, 'services', 'hr', 'src', 'migrations'),
  sector: path.join(ROOT, 'services', 'sector', 'src', 'migrations'),
};

const runUrl = new URL(process.env.DATABASE_URL ?? '');
const adminUrl = new URL(runUrl.toString());
adminUrl.pathname = '/postgres';
const dbName = `${decodeURIComponent(runUrl.pathname.slice(1))}_roles_${randomBytes(2).toString('hex')}`;
const dbUrl = new URL(runUrl.toString());
dbUrl.pathname = `/${dbName}`;
const DB = dbUrl.toString();

const prefix = defaultRolePrefix(DB);
const roles: ServiceRole[] = SERVICE_DATABASES.map((d) => ({
  ...d,
  role: `${prefix}${d.service}`,
  password: randomBytes(16).toString('hex'),
}));
const roleOf = (service: string): ServiceRole => {
  const found = roles.find((r) => r.service === service);
  if (!found) throw new Error(service);
  return found;
};

const opened: Sequelize[] = [];
const as = (service: string): Sequelize => {
  const r = roleOf(service);
  const s = createSequelize(urlForRole(DB, r.role, r.password), { poolMax: 2 });
  opened.push(s);
  return s;
};

async function adminQuery<T extends object>(sql: string, params: unknown[] = [], url = DB): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** Every object of the four schemas whose owner is not its service's role (extension members aside). */
const misowned = () =>
  adminQuery<{ schema: string; name: string; owner: string }>(
    `SELECT n.nspname AS schema, x.name, pg_get_userbyid(x.owner) AS owner
       FROM (SELECT relnamespace AS ns, relname::text AS name, relowner AS owner, oid, 'pg_class'::regclass AS cls FROM pg_class
             UNION ALL SELECT pronamespace, proname::text, proowner, oid, 'pg_proc'::regclass FROM pg_proc
             -- enums, domains, ranges (array and row types follow their element or table)
             UNION ALL SELECT typnamespace, typname::text, typowner, oid, 'pg_type'::regclass FROM pg_type WHERE typtype IN ('e', 'd', 'r')
             UNION ALL SELECT oid, '(schema)', nspowner, oid, 'pg_namespace'::regclass FROM pg_namespace) x
       JOIN pg_namespace n ON n.oid = x.ns
      WHERE n.nspname = ANY($1)
        AND pg_get_userbyid(x.owner) <> $2 || CASE n.nspname WHEN 'identity' THEN 'gateway' ELSE n.nspname END
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = x.cls AND d.objid = x.oid AND d.deptype = 'e')`,
    [roles.map((r) => r.schema), prefix],
  );

/** The SQLSTATE a promise fails with. */
const sqlState = (p: Promise<unknown>) =>
  p.then(
    () => 'succeeded',
    (err: unknown) => {
      const e = err as { parent?: { code?: string }; code?: string; message?: string };
      return e.parent?.code ?? e.code ?? e.message ?? 'failed';
    },
  );

beforeAll(async () => {
  await adminQuery(`CREATE DATABASE "${dbName}"`, [], adminUrl.toString());
});

afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`, [], adminUrl.toString());
  await dropServiceRoles(
    adminUrl.toString(),
    roles.map((r) => r.role),
  );
});

describe('one Postgres role per service', () => {
  it('takes over a database that earlier versions migrated as the administrator', async () => {
    expect(await canProvisionRoles(DB)).toBe(true);
    // One Sequelize per schema, as in the services (umzug's storage model is one per instance).
    for (const schema of ['identity', 'hr', 'accounting']) {
      const admin = createSequelize(DB, { poolMax: 2 });
      await migrate(admin, schema, MIGRATIONS[schema]).finally(() => admin.close());
    }
    expect((await misowned()).length).toBeGreaterThan(0);

    await provisionServiceRoles(DB, roles);
    expect(await misowned()).toEqual([]);
    const [meta] = await adminQuery<{ owner: string }>(
      `SELECT tableowner AS owner FROM pg_tables WHERE schemaname = 'hr' AND tablename = 'migrations'`,
    );
    expect(meta.owner).toBe(roleOf('hr').role);
  });

  it('provisions again harmlessly, even twice at once', async () => {
    await Promise.all([provisionServiceRoles(DB, roles), provisionServiceRoles(DB, roles)]);
    expect(await misowned()).toEqual([]);
    const found = await adminQuery<{ rolname: string; rolsuper: boolean; rolcreatedb: boolean }>(
      'SELECT rolname, rolsuper, rolcreatedb FROM pg_roles WHERE rolname = ANY($1) ORDER BY rolname',
      [roles.map((r) => r.role)],
    );
    expect(found).toEqual(
      roles.map((r) => ({ rolname: r.role, rolsuper: false, rolcreatedb: false })).sort((a, b) => a.rolname.localeCompare(b.rolname)),
    );
  });

  it('lets each service run its migrations as its own role (no superuser needed)', async () => {
    const applied = await Promise.all(roles.map((r) => migrate(as(r.service), r.schema, MIGRATIONS[r.schema])));
    const bySchema = Object.fromEntries(roles.map((r, i) => [r.schema, applied[i].length]));
    // identity, hr and accounting (tables, functions, triggers) were migrated by the administrator before.
    expect(bySchema).toMatchObject({ identity: 0, hr: 0, accounting: 0 });
    expect(bySchema.sector).toBeGreaterThan(0);
    expect(await misowned()).toEqual([]);
  });

  it('lets a role read and write its own schema', async () => {
    const hr = as('hr');
    await hr.query(`INSERT INTO hr.job_runs (job_id, name) VALUES ('roles-test', 'ping')`);
    await hr.query(`UPDATE hr.job_runs SET attempts = 2 WHERE job_id = 'roles-test'`);
    const [rows] = await hr.query(`SELECT attempts FROM hr.job_runs WHERE job_id = 'roles-test'`);
    expect(rows).toEqual([{ attempts: 2 }]);
    await hr.query(`DELETE FROM hr.job_runs WHERE job_id = 'roles-test'`);
    await hr.query('CREATE TABLE hr.roles_test_scratch (id int); DROP TABLE hr.roles_test_scratch;');
  });

  it("refuses another service's tables and any object outside the role's schema", async () => {
    const hr = as('hr');
    const accounting = as('accounting');
    const [hrStates, accountingStates] = await Promise.all([
      Promise.all([
        sqlState(hr.query('SELECT count(*) FROM accounting.job_runs')),
        sqlState(hr.query('SELECT count(*) FROM identity.users')),
        sqlState(hr.query('CREATE TABLE public.roles_test (id int)')),
        sqlState(hr.query('CREATE SCHEMA roles_test')),
        sqlState(hr.query('CREATE TABLE sector.roles_test (id int)')),
      ]),
      Promise.all([
        sqlState(accounting.query('SELECT count(*) FROM hr.employees')),
        sqlState(accounting.query('DELETE FROM sector.job_runs')),
        sqlState(accounting.query('SELECT count(*) FROM identity.migrations')),
      ]),
    ]);
    // 42501: insufficient_privilege (permission denied for schema / database)
    expect([...hrStates, ...accountingStates]).toEqual(Array(8).fill('42501'));
  });
});
