import { Client } from 'pg';
import { parseDatabaseUrl } from './db-hosts';

/**
 * One Postgres role per service, owner of its own schema and of nothing else: a
 * compromised service cannot read another's tables. The roles run the services'
 * migrations and queries; an administrator connection (superuser, or CREATEROLE
 * owning the database) provisions them with `provisionServiceRoles` — on every
 * `npm start`, in compose's one-shot `db-roles` container, in the Kubernetes Job
 * (`node infra/dist/db-roles.js`). Idempotent: safe on every start and on a database
 * whose schemas and tables an earlier version created as the administrator.
 */
export interface ServiceDatabase {
  /** The process that connects: 'gateway' or a service name. */
  service: string;
  schema: string;
  /**
   * Extensions a migration creates in the schema: created here, as the administrator,
   * since a trusted extension needs CREATE on the database, which the roles do not get.
   */
  extensions?: readonly string[];
}

export const SERVICE_DATABASES: readonly ServiceDatabase[] = [
  { service: 'gateway', schema: 'identity' },
  { service: 'accounting', schema: 'accounting' },
  { service: 'hr', schema: 'hr' },
  { service: 'sector', schema: 'sector', extensions: ['btree_gist'] },
];

export interface ServiceRole extends ServiceDatabase {
  role: string;
  password: string;
}

/** Roles are cluster-wide: the default prefix is the database's name, so two databases of one cluster never share a role. */
export function defaultRolePrefix(databaseUrl: string): string {
  return `${databaseName(databaseUrl)}_`;
}

export function databaseName(databaseUrl: string): string {
  return parseDatabaseUrl(databaseUrl).database;
}

/** `databaseUrl` with another user and password (same host, port, database and options). */
export function urlForRole(databaseUrl: string, role: string, password: string): string {
  const url = new URL(databaseUrl);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** Whether the connection may create roles (superuser or CREATEROLE). */
export async function canProvisionRoles(adminUrl: string): Promise<boolean> {
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>(
      'SELECT rolsuper OR rolcreaterole AS ok FROM pg_roles WHERE rolname = current_user',
    );
    return rows.length > 0 && rows[0].ok;
  } finally {
    await client.end();
  }
}

function mustExistRow<T>(rows: T[]): T {
  if (!rows.length) throw new Error('current_user not found in pg_roles');
  return rows[0];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Role names Postgres keeps whole (longer ones are truncated, silently merging roles). */
const MAX_IDENTIFIER = 63;

/**
 * Creates or updates each role (LOGIN, its password, no other attribute), gives it
 * CONNECT on the database, its schema (created when missing) and every object in that
 * schema (tables, views, sequences, functions, types, the umzug `migrations` table),
 * and takes away what others could use: nothing on the schema for PUBLIC, no CREATE on
 * `public`. One transaction; runs again harmlessly.
 */
export async function provisionServiceRoles(adminUrl: string, roles: readonly ServiceRole[]): Promise<void> {
  for (const r of roles) {
    if (r.role.length > MAX_IDENTIFIER) throw new Error(`Role name too long (max ${MAX_IDENTIFIER}): ${r.role}`);
    if (!r.password) throw new Error(`No password for the role ${r.role}`);
  }
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query('BEGIN');
    // Two starts at once (server replicas, a Job and a developer): one at a time per database.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('xaalis:db-roles'))");
    const { rows: me } = await client.query<{ superuser: boolean; db: string }>(
      'SELECT rolsuper AS superuser, current_database() AS db FROM pg_roles WHERE rolname = current_user',
    );
    const { superuser, db: dbName } = mustExistRow(me);
    const db = ident(dbName);
    for (const r of roles) await provisionOne(client, r, db, superuser);
    // Before PostgreSQL 15 every role may create objects in `public`.
    await client.query(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') THEN REVOKE CREATE ON SCHEMA public FROM PUBLIC; END IF;
    END $$`);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

async function provisionOne(client: Client, r: ServiceRole, db: string, superuser: boolean): Promise<void> {
  const role = ident(r.role);
  const schema = ident(r.schema);
  // Roles are cluster-wide: another database's provisioning may create it at the same moment.
  await client.query(`DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${literal(r.role)}) THEN
      BEGIN
        CREATE ROLE ${role} LOGIN;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END;
    END IF;
  END $$`);
  await client.query(
    `ALTER ROLE ${role} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT PASSWORD ${literal(r.password)}`,
  );
  // A CREATEROLE administrator must be able to act as the role to give it objects.
  if (!superuser) await client.query(`GRANT ${role} TO CURRENT_USER`);
  await client.query(`GRANT CONNECT ON DATABASE ${db} TO ${role}`);
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema} AUTHORIZATION ${role}`);
  await client.query(`ALTER SCHEMA ${schema} OWNER TO ${role}`);
  await client.query(`REVOKE ALL ON SCHEMA ${schema} FROM PUBLIC`);
  for (const ext of r.extensions ?? []) await client.query(`CREATE EXTENSION IF NOT EXISTS ${ident(ext)} WITH SCHEMA ${schema}`);
  for (const statement of await ownershipTransfers(client, r)) await client.query(statement);
}

/** ALTER … OWNER TO statements for what in the schema the role does not own yet (extension members excepted). */
async function ownershipTransfers(client: Client, r: ServiceRole): Promise<string[]> {
  const role = ident(r.role);
  const { rows } = await client.query<{ kind: string; name: string }>(
    `WITH ns AS (SELECT oid FROM pg_namespace WHERE nspname = $1),
          me AS (SELECT oid FROM pg_roles WHERE rolname = $2),
          ext AS (SELECT classid, objid FROM pg_depend WHERE deptype = 'e')
     SELECT CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
              WHEN 'f' THEN 'FOREIGN TABLE' WHEN 'c' THEN 'TYPE' ELSE 'TABLE' END AS kind,
            format('%I.%I', $1::text, c.relname) AS name
       FROM pg_class c
      WHERE c.relnamespace = (SELECT oid FROM ns) AND c.relowner <> (SELECT oid FROM me)
        AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f', 'c')
        AND NOT EXISTS (SELECT 1 FROM ext WHERE ext.classid = 'pg_class'::regclass AND ext.objid = c.oid)
        -- serial and identity sequences follow their table
        AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
              AND d.objid = c.oid AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')))
     UNION ALL
     SELECT CASE p.prokind WHEN 'a' THEN 'AGGREGATE' WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END,
            p.oid::regprocedure::text
       FROM pg_proc p
      WHERE p.pronamespace = (SELECT oid FROM ns) AND p.proowner <> (SELECT oid FROM me)
        AND NOT EXISTS (SELECT 1 FROM ext WHERE ext.classid = 'pg_proc'::regclass AND ext.objid = p.oid)
     UNION ALL
     -- enums, domains, ranges (their array and multirange types follow)
     SELECT CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, format('%I.%I', $1::text, t.typname)
       FROM pg_type t
      WHERE t.typnamespace = (SELECT oid FROM ns) AND t.typowner <> (SELECT oid FROM me)
        AND t.typtype IN ('e', 'd', 'r')
        AND NOT EXISTS (SELECT 1 FROM ext WHERE ext.classid = 'pg_type'::regclass AND ext.objid = t.oid)`,
    [r.schema, r.role],
  );
  return rows.map((row) => `ALTER ${row.kind} ${row.name} OWNER TO ${role}`);
}

/** Drops roles made by `provisionServiceRoles` (tests, uninstall): their objects go to the current user first. */
export async function dropServiceRoles(adminUrl: string, roles: readonly string[]): Promise<void> {
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    for (const role of roles) {
      const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
      if (!rowCount) continue;
      await client.query(`REASSIGN OWNED BY ${ident(role)} TO CURRENT_USER`);
      await client.query(`DROP OWNED BY ${ident(role)}`);
      await client.query(`DROP ROLE ${ident(role)}`);
    }
  } finally {
    await client.end();
  }
}
