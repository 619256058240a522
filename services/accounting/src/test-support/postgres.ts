// Test helpers: throw-away Postgres clusters on free loopback ports for the outage tests — a
// plain one (initdb + pg_ctl) and a pg_auto_failover formation (monitor, primary, secondary).
// The shared Postgres on 5432 serves the other test files. Postgres refuses to run as root: as
// root, every tool runs as `postgres`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { sleep } from './outage';

/** The folder of initdb/pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<v>/bin. */
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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** A temporary folder the cluster's user owns. */
function ownedDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  return dir;
}

/** [command, args] running `file args` as the cluster's user. */
const asPostgres = (file: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];

/** A throw-away cluster. */
export function privatePostgres(bin: string, port: number) {
  const dir = ownedDir('xaalis-pg-restart-');
  const data = path.join(dir, 'data');
  const run = (tool: string, args: string[]) => execFileSync(...asPostgres(path.join(bin, tool), args), { stdio: 'pipe', cwd: dir });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/xaalis`,
    start: () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '30', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']),
    running: () => fs.existsSync(path.join(data, 'postmaster.pid')),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function query<T extends object>(url: string, sql: string): Promise<T[]> {
  const c = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  c.on('error', () => {});
  try {
    await c.connect();
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end().catch(() => {});
  }
}

/** pg_autoctl (Debian's pg-auto-failover-cli with postgresql-<v>-auto-failover), or null. */
export function pgAutoctl(bin: string | null): string | null {
  for (const candidate of [bin && path.join(bin, 'pg_autoctl'), '/usr/bin/pg_autoctl'])
    if (candidate && fs.existsSync(candidate)) return candidate;
  return null;
}

export interface Formation {
  /** `pg_autoctl show uri`'s multi-host URL (target_session_attrs=read-write), user postgres. */
  url: string;
  /** The node that is primary now ('node_1' or 'node_2'), from the monitor. */
  primary(): Promise<string>;
  /** Kills a node at once (its keeper and its Postgres): a machine lost. */
  kill(node: string): void;
  /** The monitor's log of state changes. */
  monitorLog(): string;
  close(): Promise<void>;
}

/**
 * A pg_auto_failover formation: a monitor, then node_1 (primary) and node_2 (its synchronous
 * secondary), each `pg_autoctl … --run` as a child. The monitor notices a lost node and gives up
 * on its demotion faster than by default (2 s unhealthy, 5 s demote timeout instead of 20 s and
 * 30 s), so a failover takes seconds.
 */
export async function autoFailoverFormation(autoctl: string, bin: string): Promise<Formation> {
  const dir = ownedDir('xaalis-pg-failover-');
  const children: ChildProcess[] = [];
  const logs = (name: string) => path.join(dir, `${name}.log`);
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: path.join(dir, 'config'),
    XDG_DATA_HOME: path.join(dir, 'data'),
    PATH: `${bin}:${process.env.PATH}`,
  };
  const ports = { monitor: await freePort(), node_1: await freePort(), node_2: await freePort() };
  const monitorUrl = `postgres://postgres@127.0.0.1:${ports.monitor}/pg_auto_failover`;
  const nodeUrl = `postgres://autoctl_node@127.0.0.1:${ports.monitor}/pg_auto_failover?sslmode=disable`;
  const common = ['--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl', '--pgctl', path.join(bin, 'pg_ctl'), '--run'];

  function run(name: 'monitor' | 'node_1' | 'node_2', args: string[]) {
    const out = fs.openSync(logs(name), 'a');
    const child = spawn(...asPostgres(autoctl, args), { cwd: dir, env, detached: true, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    children.push(child);
  }
  async function until(what: string, done: () => Promise<boolean>, timeoutMs: number, meanwhile?: () => Promise<unknown>) {
    const deadline = Date.now() + timeoutMs;
    while (!(await done().catch(() => false))) {
      if (Date.now() > deadline)
        throw new Error(
          `pg_auto_failover: ${what} not reached in ${timeoutMs} ms\n${fs.readFileSync(logs('monitor'), 'utf8').slice(-3000)}`,
        );
      await meanwhile?.().catch(() => {});
      await sleep(500);
    }
  }
  const states = () =>
    query<{ nodename: string; reportedstate: string; goalstate: string }>(
      monitorUrl,
      'SELECT nodename, reportedstate, goalstate FROM pgautofailover.node',
    );
  const stateOf = async (node: string) => (await states()).find((s) => s.nodename === node)?.reportedstate;
  const killGroup = (child: ChildProcess) => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  const killPostmaster = (data: string) => {
    const pidFile = path.join(data, 'postmaster.pid');
    if (!fs.existsSync(pidFile)) return;
    try {
      process.kill(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGKILL');
    } catch {
      /* already gone */
    }
  };

  const formation: Formation = {
    url: '',
    // A lost node's reported state stays what it last said: the monitor's goal for it tells.
    primary: async () =>
      (await states()).find((s) => ['primary', 'wait_primary'].includes(s.goalstate) && s.reportedstate === s.goalstate)?.nodename ?? '',
    kill: (node) => {
      killGroup(children[node === 'node_1' ? 1 : 2]);
      killPostmaster(path.join(dir, node));
    },
    monitorLog: () => fs.readFileSync(logs('monitor'), 'utf8'),
    close: async () => {
      for (const child of children) killGroup(child);
      for (const name of ['monitor', 'node_1', 'node_2']) killPostmaster(path.join(dir, name));
      await sleep(200);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    run('monitor', ['create', 'monitor', '--pgdata', path.join(dir, 'monitor'), '--pgport', String(ports.monitor), ...common]);
    await until('monitor up', async () => (await query(monitorUrl, 'SELECT 1')).length === 1, 60_000);
    for (const [setting, value] of Object.entries({
      health_check_period: 1000,
      health_check_timeout: 1000,
      health_check_retry_delay: 500,
      health_check_max_retries: 1,
      node_considered_unhealthy_timeout: 2000,
      primary_demote_timeout: 5000,
    }))
      await query(monitorUrl, `ALTER SYSTEM SET pgautofailover.${setting} = ${value}`);
    await query(monitorUrl, 'SELECT pg_reload_conf()');
    const node = (name: 'node_1' | 'node_2') =>
      run(name, [
        'create',
        'postgres',
        '--pgdata',
        path.join(dir, name),
        '--pgport',
        String(ports[name]),
        '--monitor',
        nodeUrl,
        '--dbname',
        'xaalis',
        '--name',
        name,
        ...common,
      ]);
    node('node_1');
    await until('node_1 single', async () => (await stateOf('node_1')) === 'single', 60_000);
    node('node_2');
    // pg_basebackup waits for a (spread) checkpoint on the primary: ask for one now and then.
    const checkpoint = () => query(`postgres://postgres@127.0.0.1:${ports.node_1}/postgres`, 'CHECKPOINT');
    await until(
      'node_1 primary and node_2 secondary',
      async () => (await stateOf('node_1')) === 'primary' && (await stateOf('node_2')) === 'secondary',
      90_000,
      checkpoint,
    );
    const shown = execFileSync(...asPostgres(autoctl, ['show', 'uri', '--pgdata', path.join(dir, 'monitor'), '--formation', 'default']), {
      cwd: dir,
      env,
    })
      .toString()
      .trim();
    formation.url = shown.replace('postgres://', 'postgres://postgres@').replace(/&?sslmode=[a-z-]+/, '');
    return formation;
  } catch (err) {
    await formation.close();
    throw err;
  }
}
