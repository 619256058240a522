import { Client } from 'pg';

/** libpq's target_session_attrs (https://www.postgresql.org/docs/current/libpq-connect.html). */
export const TARGET_SESSION_ATTRS = ['any', 'read-write', 'read-only', 'primary', 'standby', 'prefer-standby'] as const;
export type TargetSessionAttrs = (typeof TARGET_SESSION_ATTRS)[number];

export interface DatabaseHost {
  host: string;
  port: number;
}

export interface DatabaseUrl {
  hosts: DatabaseHost[];
  database: string;
  user: string;
  password: string | undefined;
  targetSessionAttrs: TargetSessionAttrs;
  /** pg's `ssl` from libpq's sslmode: require encrypts, verify-ca/verify-full also check the certificate; prefer and allow do not encrypt (pg cannot fall back). */
  ssl: boolean | { rejectUnauthorized: false } | undefined;
  /** The other query parameters, handed to pg as they are. */
  params: Record<string, string>;
}

/**
 * A libpq connection URI, several hosts included:
 * `postgres://user:password@host1:5432,host2:5433/db?target_session_attrs=read-write`
 * (WHATWG URL refuses a host list, and pg reads one host only).
 */
export function parseDatabaseUrl(url: string): DatabaseUrl {
  const m = /^postgres(?:ql)?:\/\/(?:([^@/]*)@)?([^/?]*)(?:\/([^?]*))?(?:\?(.*))?$/.exec(url);
  if (!m) throw new Error('DATABASE_URL must be a postgres:// URL');
  const [, userInfo = '', hostList, database = '', query = ''] = m;
  const [user = '', password] = userInfo.split(':').map(decodeURIComponent);
  const hosts = hostList.split(',').map((part): DatabaseHost => {
    const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(part);
    const [host, port] = v6 ? [v6[1], v6[2]] : part.split(':');
    return { host: host || 'localhost', port: port ? Number(port) : 5432 };
  });
  const params = Object.fromEntries(new URLSearchParams(query));
  const attrs = params.target_session_attrs ?? 'any';
  const sslmode = params.sslmode;
  delete params.target_session_attrs;
  delete params.sslmode;
  const ssl =
    sslmode === 'require'
      ? { rejectUnauthorized: false as const }
      : sslmode === 'verify-ca' || sslmode === 'verify-full'
        ? true
        : undefined;
  if (!(TARGET_SESSION_ATTRS as readonly string[]).includes(attrs)) throw new Error(`target_session_attrs=${attrs} is not supported`);
  return {
    hosts,
    database: decodeURIComponent(database),
    user,
    password,
    targetSessionAttrs: attrs as TargetSessionAttrs,
    ssl,
    params,
  };
}

interface HostState {
  standby: boolean;
  readOnly: boolean;
}

const PROBE_TIMEOUT_MS = 2_000;

async function probe(url: DatabaseUrl, host: DatabaseHost): Promise<HostState | null> {
  const client = new Client({
    ...host,
    user: url.user,
    password: url.password,
    database: url.database,
    ssl: url.ssl,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
  });
  // A server that dies under the probe emits 'error' on the client as well as failing the query.
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ standby: boolean; read_only: string }>(
      `SELECT pg_is_in_recovery() AS standby, current_setting('transaction_read_only') AS read_only`,
    );
    return { standby: rows[0].standby, readOnly: rows[0].read_only === 'on' };
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

const fits: Record<Exclude<TargetSessionAttrs, 'prefer-standby'>, (s: HostState) => boolean> = {
  any: () => true,
  'read-write': (s) => !s.standby && !s.readOnly,
  'read-only': (s) => s.standby || s.readOnly,
  primary: (s) => !s.standby,
  standby: (s) => s.standby,
};

/**
 * Which host a new connection should open, by libpq's rules: hosts in order, the
 * last one chosen first (it is the primary until a failover). Probes run one
 * round at a time: a pool opening ten connections at once probes once.
 */
export function hostPicker(url: DatabaseUrl): () => Promise<DatabaseHost | null> {
  let last = 0;
  let round: Promise<DatabaseHost | null> | null = null;

  async function find(): Promise<DatabaseHost | null> {
    const order = url.hosts.map((_, i) => (last + i) % url.hosts.length);
    const states = new Map<number, HostState | null>();
    const stateOf = async (i: number) => {
      if (!states.has(i)) states.set(i, await probe(url, url.hosts[i]));
      return states.get(i) ?? null;
    };
    const passes: ((s: HostState) => boolean)[] =
      url.targetSessionAttrs === 'prefer-standby' ? [fits.standby, fits.any] : [fits[url.targetSessionAttrs]];
    for (const accepts of passes) {
      for (const i of order) {
        const state = await stateOf(i);
        if (state && accepts(state)) {
          last = i;
          return url.hosts[i];
        }
      }
    }
    return null;
  }

  return () => (round ??= find().finally(() => (round = null)));
}
