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
    redisUrl: process.env.REDIS_URL ?? DEFAULTS.redisUrl,
    redisPrefix: env('REDIS_PREFIX', 'xaalis'),
    internalToken: env('INTERNAL_TOKEN', DEFAULTS.internalToken),
    logLevel: env('LOG_LEVEL', 'info'),
  };
}
