import { promisify } from 'node:util';
import type { Store } from 'express-session';
import type { Redis } from 'ioredis';
import { ABSOLUTE_LIFETIME_MS } from './middleware';
import { SessionUnavailableError } from './store';

/**
 * The session ids of each user (added at login and registration, removed at logout), so a
 * password change can end the user's other sessions. Ids of sessions that expired on their own
 * may linger until the set expires; destroying them again is harmless.
 */
export interface UserSessions {
  add(userId: string, sid: string): Promise<void>;
  remove(userId: string, sid: string): Promise<void>;
  /** Ends every other session of the user (removed from the store: their cookies are signed out). */
  endOthers(userId: string, keepSid: string): Promise<void>;
}

export interface UserSessionsOptions {
  /** null: kept in memory beside the in-memory session store. */
  redis: Redis | null;
  redisPrefix: string;
  store: Store;
}

export function createUserSessions({ redis, redisPrefix, store }: UserSessionsOptions): UserSessions {
  const destroy = (sid: string) => promisify(store.destroy.bind(store))(sid);
  if (!redis) {
    const byUser = new Map<string, Set<string>>();
    return {
      add: (userId, sid) => {
        byUser.set(userId, (byUser.get(userId) ?? new Set<string>()).add(sid));
        return Promise.resolve();
      },
      remove: (userId, sid) => {
        byUser.get(userId)?.delete(sid);
        return Promise.resolve();
      },
      async endOthers(userId, keepSid) {
        const others = [...(byUser.get(userId) ?? [])].filter((sid) => sid !== keepSid);
        await Promise.all(others.map(destroy));
        byUser.set(userId, new Set([keepSid]));
      },
    };
  }

  const key = (userId: string) => `${redisPrefix}:user-sessions:${userId}`;
  // No session outlives its absolute lifetime: neither does the set (renewed at each login).
  const ttl = Math.ceil(ABSOLUTE_LIFETIME_MS / 1000);
  const guarded = async (work: () => Promise<unknown>): Promise<void> => {
    try {
      await work();
    } catch (err) {
      throw err instanceof SessionUnavailableError ? err : new SessionUnavailableError(err);
    }
  };
  return {
    add: (userId, sid) => guarded(() => redis.multi().sadd(key(userId), sid).expire(key(userId), ttl).exec()),
    remove: (userId, sid) => guarded(() => redis.srem(key(userId), sid)),
    endOthers: (userId, keepSid) =>
      guarded(async () => {
        const others = (await redis.smembers(key(userId))).filter((sid) => sid !== keepSid);
        await Promise.all(others.map(destroy));
        await redis.multi().del(key(userId)).sadd(key(userId), keepSid).expire(key(userId), ttl).exec();
      }),
  };
}
