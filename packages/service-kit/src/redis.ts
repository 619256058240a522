import { Redis, type RedisOptions } from 'ioredis';

/** The scheme of a Redis URL that names Sentinels instead of a server (see parseSentinelUrl). */
export const SENTINEL_SCHEME = 'redis-sentinel:';

/** Sentinels' port when a host of the list gives none (Redis's default). */
const SENTINEL_PORT = 26379;

export interface SentinelTarget {
  sentinels: { host: string; port: number }[];
  /** The master group's name, as in `sentinel monitor <name> …`. */
  name: string;
  db: number;
  /** Credentials of the master and replicas (the URL's user info). */
  username?: string;
  password?: string;
  /** Credentials of the Sentinels themselves, when they require some (query parameters). */
  sentinelUsername?: string;
  sentinelPassword?: string;
}

export const isSentinelUrl = (url: string): boolean => url.trim().toLowerCase().startsWith(`${SENTINEL_SCHEME}//`);

/**
 * Parses a Sentinel URL (`new URL()` refuses several hosts):
 *
 *   redis-sentinel://[[username]:password@]host1[:port1][,host2[:port2]…]/masterName[?db=N&sentinelUsername=…&sentinelPassword=…]
 *
 * e.g. `redis-sentinel://:s3cret@10.0.0.1:26379,10.0.0.2:26379,10.0.0.3:26379/xaalis?db=0`.
 * Ports default to 26379; IPv6 hosts in brackets (`[::1]:26379`). The user info is for the master
 * and replicas (what `redis://` URLs carry); the Sentinels' own credentials, if they have any, go
 * in the query. Every part is percent-decoded. Throws on anything else, naming what is wrong.
 */
export function parseSentinelUrl(url: string): SentinelTarget {
  const text = url.trim();
  if (!isSentinelUrl(text)) throw new Error(`Not a ${SENTINEL_SCHEME}// URL`);
  const rest = text.slice(SENTINEL_SCHEME.length + 2);
  const slash = rest.indexOf('/');
  if (slash < 0) throw new Error(`${SENTINEL_SCHEME}// URL without /<masterName>`);
  const authority = rest.slice(0, slash);
  const [pathPart, query = ''] = splitOnce(rest.slice(slash + 1), '?');

  const at = authority.lastIndexOf('@');
  const userInfo = at >= 0 ? authority.slice(0, at) : '';
  const hosts = at >= 0 ? authority.slice(at + 1) : authority;
  const [user, pass] = splitOnce(userInfo, ':');

  const sentinels = hosts.split(',').map((entry) => parseHost(entry.trim()));
  const name = decode(pathPart.replace(/\/+$/, ''));
  if (!name || name.includes('/')) throw new Error(`${SENTINEL_SCHEME}// URL: the path must be the master's name alone`);

  // Not URLSearchParams: it reads '+' as a space, which would change a password.
  const params = new Map<string, string>();
  for (const pair of query.split('&').filter(Boolean)) {
    const [key, value = ''] = splitOnce(pair, '=');
    if (!['db', 'sentinelUsername', 'sentinelPassword'].includes(key))
      throw new Error(`${SENTINEL_SCHEME}// URL: unknown parameter ${key}`);
    params.set(key, decode(value));
  }
  const dbText = params.get('db') ?? '0';
  if (!/^\d+$/.test(dbText)) throw new Error(`${SENTINEL_SCHEME}// URL: db must be a whole number`);

  const target: SentinelTarget = { sentinels, name, db: Number(dbText) };
  if (user) target.username = decode(user);
  if (pass !== undefined && pass !== '') target.password = decode(pass);
  const sentinelUsername = params.get('sentinelUsername');
  const sentinelPassword = params.get('sentinelPassword');
  if (sentinelUsername) target.sentinelUsername = sentinelUsername;
  if (sentinelPassword) target.sentinelPassword = sentinelPassword;
  return target;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const i = text.indexOf(separator);
  return i < 0 ? [text, undefined] : [text.slice(0, i), text.slice(i + 1)];
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new Error(`${SENTINEL_SCHEME}// URL: bad percent-encoding`);
  }
}

function parseHost(entry: string): { host: string; port: number } {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]\s]+))(?::(\d+))?$/.exec(entry);
  if (!match) throw new Error(`${SENTINEL_SCHEME}// URL: bad sentinel address "${entry}"`);
  const port = match[3] === undefined ? SENTINEL_PORT : Number(match[3]);
  if (port < 1 || port > 65535) throw new Error(`${SENTINEL_SCHEME}// URL: bad port in "${entry}"`);
  return { host: match[1] ?? match[2], port };
}

/**
 * Options of a client that asks the Sentinels where the master is, on each (re)connection.
 * Reconnection is retried every 500 ms at most: the failover itself takes a few seconds, and the
 * first try after it should find the new master promptly (a try is one Sentinel query).
 * Not ioredis's `failoverDetector`: its +switch-master handler, arriving while the client is
 * already reconnecting (the master died), aborts that reconnection and leaves the client ended
 * for good (seen about once in ten failovers under load; every later command fails until the
 * process restarts). A client still connected to a demoted master instead reconnects on its first
 * READONLY answer (the command is sent again to the new master where an offline queue allows).
 */
function sentinelOptions(target: SentinelTarget): RedisOptions {
  return {
    sentinels: target.sentinels,
    name: target.name,
    db: target.db,
    username: target.username,
    password: target.password,
    sentinelUsername: target.sentinelUsername,
    sentinelPassword: target.sentinelPassword,
    reconnectOnError: (err) => (err.message.startsWith('READONLY') ? 2 : false),
    // A Sentinel that accepts the connection but does not answer must not hold up the
    // reconnection: the next one is asked.
    sentinelCommandTimeout: 1000,
    sentinelRetryStrategy: (times) => Math.min(times * 100, 1000),
    retryStrategy: (times) => Math.min(times * 100, 500),
  };
}

/**
 * An ioredis client, for a `redis://` URL or a `redis-sentinel://` one (parseSentinelUrl): with
 * Sentinels it follows the master through failovers, and so does every duplicate BullMQ makes of it.
 * `forWorker` connections block on Redis commands, so BullMQ requires `maxRetriesPerRequest: null`;
 * they also queue commands while reconnecting and resend the unanswered ones to the new master
 * (a job finished during a failover is still acknowledged). Request-path clients fail fast instead,
 * so a Redis outage or a failover answers 503 quickly rather than hanging.
 */
export function createRedis(url: string, opts: { forWorker?: boolean } & RedisOptions = {}): Redis {
  const { forWorker, ...rest } = opts;
  const common: RedisOptions = {
    maxRetriesPerRequest: forWorker ? null : 1,
    enableOfflineQueue: forWorker ? true : false,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    // Closing a client whose socket already failed still arms this timer (not unref'd):
    // keep it short so stopped processes and test runs exit promptly.
    disconnectTimeout: 500,
    lazyConnect: false,
  };
  if (isSentinelUrl(url)) return new Redis({ ...common, ...sentinelOptions(parseSentinelUrl(url)), ...rest });
  return new Redis(url, { ...common, ...rest });
}

/**
 * Errors of a Redis command that did not get through (server stopped, connection lost or not yet
 * back, a failover under way, a demoted master refusing writes): made again shortly, it succeeds.
 */
export function isRedisUnavailable(err: unknown): boolean {
  const e = err as { name?: unknown; code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  if (typeof e.code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(e.code)) return true;
  return (
    typeof e.message === 'string' &&
    /^(READONLY|LOADING|MASTERDOWN|NOREPLICAS)\b|Connection is closed|Stream isn't writeable|Command timed out|All sentinels are unreachable/.test(
      e.message,
    )
  );
}

/**
 * Whether the master behind `client` has a replica in sync (state online): null when the client is
 * not on a master (a demoted one: its writes are refused). Asked before a write that must survive a
 * failover, to know whether to confirm it with replicaConfirms afterwards: a replica that goes away
 * in between makes the confirmation fail (safe). Without one (just after a failover, until the old
 * master rejoins as a replica and copies everything) no replica could be promoted with less than
 * the master has, and waiting for one would refuse every write meanwhile: the master's own
 * acknowledgement is then all there is.
 */
export async function replicaInSync(client: Redis): Promise<boolean | null> {
  const info = await client.info('replication');
  if (!/^role:master\r?$/m.test(info)) return null;
  return /^slave\d+:.*state=online/m.test(info);
}

/** How long a write waits for a replica to confirm it (replicaConfirms). */
export const REPLICA_ACK_MS = 2000;

/**
 * Whether a replica has acknowledged every write of this connection so far (WAIT 1), within
 * timeoutMs. Sentinel promotes the most up-to-date replica, which then has them: a write confirmed
 * so survives the master's death.
 */
export async function replicaConfirms(client: Redis, timeoutMs = REPLICA_ACK_MS): Promise<boolean> {
  return (await client.wait(1, timeoutMs)) >= 1;
}

/**
 * Closes a client for good. Closing while ioredis is still in its handshake
 * races with its ready check, which then "recovers" by disconnecting again and
 * leaves a timer behind (processes and test runs do not exit): so let the
 * handshake end first, at most connectTimeout.
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'connecting' || client.status === 'connect') {
    await new Promise<void>((resolve) => {
      const events = ['ready', 'error', 'close', 'end'] as const;
      const done = () => {
        clearTimeout(timer);
        for (const e of events) client.off(e, done);
        resolve();
      };
      const timer = setTimeout(done, 2000);
      for (const e of events) client.once(e, done);
    });
  }
  client.disconnect();
}
