import type { Redis } from 'ioredis';
import { SessionUnavailableError } from '../sessions';

export interface LimiterOptions {
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters: a key's window starts at its first hit and lasts
 * `windowSeconds`; once a key holds `max` hits, `take` refuses until the window ends.
 */
export interface WindowCounters {
  /** Counts one hit on every key, atomically, unless one of them already holds `max` (then false, nothing counted). */
  take(keys: string[]): Promise<boolean>;
  /** Takes one hit back from `key` (if its window is still open). */
  giveBack(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/**
 * Login attempts per username and per client address. An attempt is reserved
 * (counted) BEFORE the password is checked, in one atomic step, so parallel
 * requests cannot all pass a check made before any of them is counted; a failed
 * check simply keeps its reservation.
 */
export interface LoginLimiter {
  /** false: the username or the address has used up its attempts (429, nothing verified). */
  reserve(username: string, ip: string): Promise<boolean>;
  /**
   * After a successful check: clears the counter of the account that authenticated
   * (`accountUsername` comes from its row, never the typed text) and gives the
   * address its reservation back.
   */
  release(accountUsername: string, ip: string): Promise<void>;
}

/** Registrations per client address (each costs an argon2 hash, a company and a user row). */
export interface RegistrationLimiter {
  /** false: the address has used up its registrations for the window (429). */
  reserve(ip: string): Promise<boolean>;
}

/**
 * Actions a signed-in user may take at most `max` times per window (sending invitations, creating
 * companies), counted per user id before the work is done.
 */
export interface UserQuota {
  /** false: the user has used up this action for the window (429, nothing done). */
  reserve(userId: string): Promise<boolean>;
  /** The action failed on our side (e.g. a service down): the reservation is given back. */
  giveBack(userId: string): Promise<void>;
}

// Usernames are unique case-insensitively (identity.users lower(username) index), so the lower-cased
// name designates exactly one account.
const userKey = (username: string) => `login-failures:user:${username.trim().toLowerCase().slice(0, 200)}`;
const ipKey = (ip: string) => `login-failures:ip:${ip}`;
const registerKey = (ip: string) => `registrations:ip:${ip}`;

export const loginLimiter = (counters: WindowCounters): LoginLimiter => ({
  reserve: (username, ip) => counters.take([userKey(username), ipKey(ip)]),
  release: async (accountUsername, ip) => {
    await Promise.all([counters.clear(userKey(accountUsername)), counters.giveBack(ipKey(ip))]);
  },
});

export const registrationLimiter = (counters: WindowCounters): RegistrationLimiter => ({
  reserve: (ip) => counters.take([registerKey(ip)]),
});

export const userQuota = (counters: WindowCounters, action: string): UserQuota => {
  const key = (userId: string) => `quota:${action}:user:${userId}`;
  return {
    reserve: (userId) => counters.take([key(userId)]),
    giveBack: (userId) => counters.giveBack(key(userId)),
  };
};

// Check every key, then count on every key with the window set on the first hit: one script, so atomic.
// A refused attempt counts nowhere (a blocked address cannot push up other usernames' counters).
const TAKE = `
local max = tonumber(ARGV[1])
for _, k in ipairs(KEYS) do
  if tonumber(redis.call('GET', k) or '0') >= max then return 0 end
end
for _, k in ipairs(KEYS) do
  redis.call('INCR', k)
  redis.call('EXPIRE', k, ARGV[2], 'NX')
end
return 1`;

// DECR keeps the key's expiry; a key that has expired meanwhile is not recreated.
const GIVE_BACK = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 1 then redis.call('DECR', KEYS[1]) elseif n == 1 then redis.call('DEL', KEYS[1]) end
return 1`;

export function createRedisCounters(redis: Redis, prefix: string, opts: LimiterOptions): WindowCounters {
  const key = (k: string) => `${prefix}:${k}`;
  // Redis trouble on the sign-in path is a session-service outage for the user: 503.
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw new SessionUnavailableError(err);
    }
  };
  return {
    take: (keys) => guarded(async () => (await redis.eval(TAKE, keys.length, ...keys.map(key), opts.max, opts.windowSeconds)) === 1),
    giveBack: (k) =>
      guarded(async () => {
        await redis.eval(GIVE_BACK, 1, key(k));
      }),
    clear: (k) =>
      guarded(async () => {
        await redis.del(key(k));
      }),
  };
}

/** The same rules in process memory, for the single-process fallback without Redis (synchronous, so atomic). */
export function createMemoryCounters(opts: LimiterOptions): WindowCounters {
  const counters = new Map<string, { count: number; until: number }>();
  const get = (k: string) => {
    const c = counters.get(k);
    if (c && c.until <= Date.now()) counters.delete(k);
    return counters.get(k);
  };
  return {
    take: (keys) => {
      if (keys.some((k) => (get(k)?.count ?? 0) >= opts.max)) return Promise.resolve(false);
      for (const k of keys) {
        const c = get(k);
        counters.set(k, { count: (c?.count ?? 0) + 1, until: c?.until ?? Date.now() + opts.windowSeconds * 1000 });
      }
      return Promise.resolve(true);
    },
    giveBack: (k) => {
      const c = get(k);
      if (c && c.count > 1) c.count -= 1;
      else counters.delete(k);
      return Promise.resolve();
    },
    clear: (k) => {
      counters.delete(k);
      return Promise.resolve();
    },
  };
}

export const createRedisLoginLimiter = (redis: Redis, prefix: string, opts: LimiterOptions) =>
  loginLimiter(createRedisCounters(redis, prefix, opts));
export const createMemoryLoginLimiter = (opts: LimiterOptions) => loginLimiter(createMemoryCounters(opts));
export const createRedisRegistrationLimiter = (redis: Redis, prefix: string, opts: LimiterOptions) =>
  registrationLimiter(createRedisCounters(redis, prefix, opts));
export const createMemoryRegistrationLimiter = (opts: LimiterOptions) => registrationLimiter(createMemoryCounters(opts));
export const createRedisUserQuota = (redis: Redis, prefix: string, action: string, opts: LimiterOptions) =>
  userQuota(createRedisCounters(redis, prefix, opts), action);
export const createMemoryUserQuota = (action: string, opts: LimiterOptions) => userQuota(createMemoryCounters(opts), action);
