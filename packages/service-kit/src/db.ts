import { ConnectionRefusedError, Sequelize, type Options, type QueryInterface } from 'sequelize';
import { SequelizeStorage, Umzug } from 'umzug';
import type { Logger } from './logger';
import { hostPicker, parseDatabaseUrl } from './db-hosts';

export function createSequelize(databaseUrl: string, opts: { poolMax?: number } = {}): Sequelize {
  const options: Options = {
    dialect: 'postgres',
    logging: false,
    pool: { max: opts.poolMax ?? 10, min: 0, idle: 10_000, acquire: 10_000 },
    // timestamps are stored as timestamptz and read back in UTC
    timezone: '+00:00',
    // No JIT: on the reports' larger plans it cost 0.8–0.9 s of compilation for
    // queries that run in a few hundred ms (infra/bench/reports.js, 10M lines).
    dialectOptions: { options: '-c jit=off' },
  };
  const url = parseDatabaseUrl(databaseUrl);
  if (url.hosts.length === 1 && url.targetSessionAttrs === 'any') return new Sequelize(databaseUrl, options);
  // Several hosts (a failover pair, as `pg_autoctl show uri` prints it) and/or
  // target_session_attrs: pg understands neither, so each new connection first
  // finds the host that fits (libpq's rules), the last good one tried first.
  const pick = hostPicker(url);
  return new Sequelize(url.database, url.user, url.password, {
    ...options,
    host: url.hosts[0].host,
    port: url.hosts[0].port,
    dialectOptions: { ...url.params, ...(url.ssl ? { ssl: url.ssl } : {}), ...options.dialectOptions },
    hooks: {
      beforeConnect: async (config) => {
        const host = await pick();
        if (!host) throw new ConnectionRefusedError(new Error(`no host of ${url.hosts.length} accepts ${url.targetSessionAttrs} sessions`));
        config.host = host.host;
        config.port = String(host.port);
      },
    },
  });
}

/** What each migration receives: `up({ context: { queryInterface, sequelize, schema } })`. */
export interface MigrationContext {
  queryInterface: QueryInterface;
  sequelize: Sequelize;
  schema: string;
}

export type Migration = {
  up: (ctx: { context: MigrationContext }) => Promise<void>;
  down?: (ctx: { context: MigrationContext }) => Promise<void>;
};

/**
 * Runs a service's umzug migrations (`<dir>/NNNN-name.js`) inside its own schema;
 * the migration log lives in `<schema>.migrations`.
 */
export async function migrate(sequelize: Sequelize, schema: string, migrationsDir: string, log?: Logger): Promise<string[]> {
  const umzug = new Umzug<MigrationContext>({
    migrations: {
      glob: ['[0-9][0-9][0-9][0-9]-*.{js,ts}', { cwd: migrationsDir, ignore: ['**/*.d.ts', '**/*.test.*'] }],
      resolve: ({ name, path: file, context }) => {
        const mod = require(file as string) as Migration;
        return {
          name: name.replace(/\.(js|ts)$/, ''),
          up: () => mod.up({ context }),
          down: () => (mod.down ? mod.down({ context }) : Promise.resolve()),
        };
      },
    },
    context: { queryInterface: sequelize.getQueryInterface(), sequelize, schema },
    storage: new SequelizeStorage({ sequelize, schema, tableName: 'migrations' }),
    logger: undefined,
  });
  // One migrator at a time per schema, even when several processes (server,
  // worker, parallel test files) start together. The lock is transaction-scoped:
  // a session lock taken through the pool could be released on another pooled
  // connection (and so never released). It is held by this transaction's
  // connection while umzug works on other pooled connections, and released at
  // commit or rollback whatever happens. CREATE SCHEMA runs under the lock too:
  // concurrent `CREATE SCHEMA IF NOT EXISTS` can fail on pg_namespace's unique index.
  return sequelize.transaction(async (transaction) => {
    await sequelize.query('SELECT pg_advisory_xact_lock(:k)', { replacements: { k: hashKey(schema) }, transaction });
    // Only when missing: CREATE SCHEMA checks the database's CREATE privilege even with
    // IF NOT EXISTS, which a service's own role lacks (db-roles.ts creates its schema for it).
    const [found] = await sequelize.query('SELECT 1 FROM pg_namespace WHERE nspname = :schema', { replacements: { schema }, transaction });
    if (!found.length) await sequelize.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const done = await umzug.up();
    const names = done.map((m) => m.name);
    if (names.length) log?.info({ schema, migrations: names }, 'migrations applied');
    return names;
  });
}

function hashKey(text: string): number {
  let h = 0;
  for (const c of text) h = (Math.imul(31, h) + c.charCodeAt(0)) | 0;
  return h;
}
