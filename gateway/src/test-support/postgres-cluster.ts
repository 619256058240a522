// Test helpers: throw-away Postgres clusters (initdb, pg_ctl, pg_basebackup) on free loopback
// ports, for the read-replica and failover tests. Postgres refuses to run as root: as root,
// every tool runs as `postgres`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './services';

/** The folder of initdb/pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<v>/bin; null when absent. */
export function pgBin(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

const asRoot = process.getuid?.() === 0;

/** A folder the cluster's user owns. */
export function clusterDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  return dir;
}

/** Runs a Postgres tool (from `bin`, or on PATH when bin is null) as the cluster's user. */
export function runAsPostgres(bin: string | null, tool: string, args: string[], cwd: string): string {
  const file = bin ? path.join(bin, tool) : tool;
  return execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, {
    stdio: 'pipe',
    cwd,
    env: { ...process.env, PGUSER: 'postgres' },
  }).toString();
}

export interface Cluster {
  port: number;
  dir: string;
  data: string;
  /** `postgres://postgres@127.0.0.1:<port>/<database>` */
  url(database?: string): string;
  start(): void;
  stop(mode?: 'fast' | 'immediate'): void;
  running(): boolean;
  remove(): void;
}

const SETTINGS = ['-c listen_addresses=127.0.0.1', '-c fsync=off', '-c full_page_writes=off'];

function cluster(bin: string, dir: string, data: string, port: number): Cluster {
  const options = [`-p ${port}`, `-k ${dir}`, ...SETTINGS].join(' ');
  return {
    port,
    dir,
    data,
    url: (database = 'xaalis') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () =>
      void runAsPostgres(bin, 'pg_ctl', ['-D', data, '-l', path.join(dir, `log-${port}`), '-o', options, '-w', '-t', '60', 'start'], dir),
    stop: (mode = 'fast') => void runAsPostgres(bin, 'pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop'], dir),
    running: () => fs.existsSync(path.join(data, 'postmaster.pid')),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A new primary (trust auth, replication allowed from loopback: initdb's default pg_hba). */
export async function primaryCluster(bin: string): Promise<Cluster> {
  const dir = clusterDir('xaalis-pg-primary-');
  const data = path.join(dir, 'data');
  runAsPostgres(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], dir);
  return cluster(bin, dir, data, await freePort());
}

/**
 * A streaming replica of `primary` (pg_basebackup -R), not started. `applyDelay`
 * (recovery_min_apply_delay) makes it replay each commit that much later: a replica
 * that lags, on purpose.
 */
export async function replicaOf(bin: string, primary: Cluster, opts: { applyDelay?: string } = {}): Promise<Cluster> {
  const dir = clusterDir('xaalis-pg-replica-');
  const data = path.join(dir, 'data');
  runAsPostgres(
    bin,
    'pg_basebackup',
    ['-D', data, '-R', '-X', 'stream', '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
    dir,
  );
  if (opts.applyDelay) fs.appendFileSync(path.join(data, 'postgresql.auto.conf'), `recovery_min_apply_delay = '${opts.applyDelay}'\n`);
  return cluster(bin, dir, data, await freePort());
}

export async function adminQuery<T extends object = Record<string, unknown>>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const c = new Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** Waits until the replica has replayed everything the primary had written when called. */
export async function caughtUp(primary: Cluster, replica: Cluster, timeoutMs = 60_000): Promise<void> {
  const [{ lsn }] = await adminQuery<{ lsn: string }>(primary.url('postgres'), 'SELECT pg_current_wal_insert_lsn()::text AS lsn');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await adminQuery<{ done: boolean }>(replica.url('postgres'), 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [
      lsn,
    ]);
    if (row.done) return;
    if (Date.now() > deadline) throw new Error(`replica not caught up with ${lsn} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
