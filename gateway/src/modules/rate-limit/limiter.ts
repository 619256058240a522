import type { Redis } from 'ioredis';
import { SessionUnavailableError } from '../sessions';

/**
 * Failed-login counters per username and per client address, in fixed windows:
 * once either reaches `max` within `windowSeconds`, logins are refused until the
 * window ends, even with the right password.
 */
export interface LoginLimiter {
  isBlocked(username: string, ip: string): Promise<boolean>;
  recordFailure(username: string, ip: string): Promise<void>;
  /** A successful login clears the username's counter (not the address's). */
  reset(username: string): Promise<void>;
}

export interface LimiterOptions {
  max: number;
  windowSeconds: number;
}

const userKey = (username: string) => `user:${username.trim().toLowerCase().slice(0, 200)}`;
const ipKey = (ip: string) => `ip:${ip}`;

export function createRedisLoginLimiter(redis: Redis, prefix: string, opts: LimiterOptions): LoginLimiter {
  const key = (k: string) => `${prefix}:login-failures:${k}`;
  // Redis trouble on the login path is a session-service outage for the user: 503.
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw new SessionUnavailableError(err);
    }
  };
  const bump = (k: string) => redis.multi().incr(key(k)).expire(key(k), opts.windowSeconds, 'NX').exec();
  return {
    isBlocked: (username, ip) =>
      guarded(async () => {
        const counts = await redis.mget(key(userKey(username)), key(ipKey(ip)));
        return counts.some((c) => Number(c ?? 0) >= opts.max);
      }),
    recordFailure: (username, ip) =>
      guarded(async () => {
        await Promise.all([bump(userKey(username)), bump(ipKey(ip))]);
      }),
    reset: (username) =>
      guarded(async () => {
        await redis.del(key(userKey(username)));
      }),
  };
}

/** The same rules in process memory, for the single-process fallback without Redis. */
export function createMemoryLoginLimiter(opts: LimiterOptions): LoginLimiter {
  const counters = new Map<string, { count: number; until: number }>();
  const get = (k: string) => {
    const c = counters.get(k);
    if (c && c.until <= Date.now()) counters.delete(k);
    return counters.get(k)?.count ?? 0;
  };
  const bump = (k: string) => {
    const count = get(k) + 1;
    counters.set(k, { count, until: counters.get(k)?.until ?? Date.now() + opts.windowSeconds * 1000 });
  };
  return {
    isBlocked: (username, ip) => Promise.resolve(get(userKey(username)) >= opts.max || get(ipKey(ip)) >= opts.max),
    recordFailure: (username, ip) => {
      bump(userKey(username));
      bump(ipKey(ip));
      return Promise.resolve();
    },
    reset: (username) => {
      counters.delete(userKey(username));
      return Promise.resolve();
    },
  };
}
