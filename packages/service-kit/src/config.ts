import { parseDatabaseUrl } from './db-hosts';

/** Environment helpers: every setting has a default that works with `npm start`. */
export function env(name: string, fallback?: string): string {
  const value = process.env[name];
  if (value !== undefined && value !== '') return value;
  if (fallback !== undefined) return fallback;
  throw new Error(`Missing environment variable ${name}`);
}

export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number.parseInt(raw, 10);
  if (!Number.isFinite(n)) throw new Error(`Environment variable ${name} must be an integer`);
  return n;
}

export const DEFAULTS = {
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/xaalis',
  redisUrl: 'redis://127.0.0.1:6379',
  /** Development-only secret; deployments must set INTERNAL_TOKEN. */
  internalToken: 'xaalis-dev-internal-token',
} as const;

export interface CommonConfig {
  databaseUrl: string;
  /**
   * A streaming replica for the heavy reads (reports, dashboard, portfolio, exports);
   * null: they read the primary. A session's reads go to the primary until the replica
   * has replayed that session's last write (read-replica.ts).
   */
  databaseReadUrl: string | null;
  /** Empty string: no Redis (single-process fallback). */
  redisUrl: string;
  /** Prefix of every Redis key (queues, sessions): lets test runs share one Redis. */
  redisPrefix: string;
  internalToken: string;
  logLevel: string;
}

export function commonConfig(): CommonConfig {
  return {
    databaseUrl: env('DATABASE_URL', DEFAULTS.databaseUrl),
    databaseReadUrl: process.env.DATABASE_READ_URL || null,
    redisUrl: process.env.REDIS_URL ?? DEFAULTS.redisUrl,
    redisPrefix: env('REDIS_PREFIX', 'xaalis'),
    internalToken: env('INTERNAL_TOKEN', DEFAULTS.internalToken),
    logLevel: env('LOG_LEVEL', 'info'),
  };
}

/** Below this many bytes a shared secret is guessable offline (a signed cookie) or online (the internal token). */
export const MIN_SECRET_BYTES = 32;

/**
 * Values that must never protect a deployment: the development defaults and the
 * fallbacks the compose file once had (anyone can read them in the repository).
 */
export const KNOWN_DEFAULT_SECRETS: readonly string[] = [
  DEFAULTS.internalToken,
  'change-me-internal-token',
  'change-me-session-secret',
  'xaalis',
];

const HOW_TO_GENERATE = 'generate one with `openssl rand -hex 32`';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The password inside a `postgres://user:password@host/db` URL, if any and if the
 * database is reachable from elsewhere: `npm start`'s embedded Postgres listens on
 * 127.0.0.1 only, with a fixed local password.
 */
function databasePassword(url: string): string | undefined {
  try {
    // A failover pair lists several hosts (`host1:5432,host2:5432`), which WHATWG URL refuses.
    const parsed = parseDatabaseUrl(url);
    if (!parsed.password || parsed.hosts.every((h) => LOOPBACK.has(h.host) || LOOPBACK.has(`[${h.host}]`))) return undefined;
    return parsed.password;
  } catch {
    return undefined;
  }
}

function secretProblem(name: string, value: string | undefined, knownDefaults: ReadonlySet<string>): string | null {
  if (value === undefined || value === '') return `${name} is not set: ${HOW_TO_GENERATE}.`;
  if (knownDefaults.has(value.trim().toLowerCase()))
    return `${name} is a known default value (published in the repository): ${HOW_TO_GENERATE}.`;
  if (Buffer.byteLength(value, 'utf8') < MIN_SECRET_BYTES) return `${name} is shorter than ${MIN_SECRET_BYTES} bytes: ${HOW_TO_GENERATE}.`;
  return null;
}

export interface ProductionSecretsOptions {
  env?: NodeJS.ProcessEnv;
  /** Known defaults besides KNOWN_DEFAULT_SECRETS (e.g. the gateway's development session secret). */
  knownDefaults?: readonly string[];
}

/**
 * Refuses to start a production process (NODE_ENV=production) whose secrets are
 * missing, known defaults or short. `names` are environment variables holding a
 * secret; for DATABASE_URL the password inside the URL is checked, only when there
 * is one (certificate or peer authentication needs none) and the database is not on
 * the loopback interface. Throws one Error
 * listing every problem; outside production it does nothing, so `npm start` and
 * the tests keep their development defaults.
 */
export function assertProductionSecrets(names: readonly string[], options: ProductionSecretsOptions = {}): void {
  const env = options.env ?? process.env;
  if (env.NODE_ENV !== 'production') return;
  const knownDefaults = new Set([...KNOWN_DEFAULT_SECRETS, ...(options.knownDefaults ?? [])].map((s) => s.toLowerCase()));
  const problems: string[] = [];
  for (const name of names) {
    if (name === 'DATABASE_URL') {
      const password = databasePassword(env.DATABASE_URL ?? '');
      const problem =
        password === undefined ? null : secretProblem('the password in DATABASE_URL (POSTGRES_PASSWORD)', password, knownDefaults);
      if (problem) problems.push(problem);
      continue;
    }
    const problem = secretProblem(name, env[name], knownDefaults);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw new Error(`Refusing to start in production:\n- ${problems.join('\n- ')}`);
}

/** The secrets every service process (API and worker) checks at start. */
export const SERVICE_SECRETS = ['INTERNAL_TOKEN', 'DATABASE_URL'] as const;
