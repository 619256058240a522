import { RedisStore } from 'connect-redis';
import type { SessionData } from 'express-session';
import type { Redis } from 'ioredis';

/** A Redis failure on the session path: the error handler turns it into a 503. */
export class SessionUnavailableError extends Error {
  constructor(cause: unknown) {
    super('session store unavailable', { cause });
    this.name = 'SessionUnavailableError';
  }
}

/**
 * Sessions just signed in (establishSession), whose first save creates the Redis key. Every later
 * save of a signed-in session only updates a key that must still exist (see GuardedRedisStore.set).
 */
const newSessions = new WeakSet<object>();
export const markNewSession = (sess: object) => void newSessions.add(sess);

/** connect-redis's own callback type (its data argument is untyped). */
type Callback = NonNullable<Parameters<RedisStore['get']>[1]>;

const guard = (cb?: Callback): Callback | undefined =>
  cb &&
  ((err, data) => {
    cb(err ? new SessionUnavailableError(err) : err, data);
  });

/**
 * connect-redis with its errors tagged, so "Redis is down" answers 503 JSON
 * instead of a generic 500. The ioredis client itself fails fast (no offline
 * queue, one retry, a command timeout), so nothing hangs.
 */
export class GuardedRedisStore extends RedisStore {
  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    super({ client: redis, prefix });
  }
  override get(sid: string, cb?: Callback) {
    return super.get(sid, guard(cb));
  }
  /**
   * Saving a signed-in session that is not new (the once-a-minute expiry refresh, a company name
   * re-read) only updates the key if it still exists (SET … XX): a request that was running while
   * the user logged out, or while a password change ended the session, cannot bring it back.
   */
  override set(sid: string, sess: SessionData, cb?: Callback) {
    if (newSessions.delete(sess) || !sess.userId) return super.set(sid, sess, guard(cb));
    // The cookie's remaining lifetime, as connect-redis computes its TTL.
    const ms = Math.ceil(sess.cookie.maxAge ?? 0);
    if (ms <= 0) return this.destroy(sid, cb);
    const done = guard(cb);
    return this.redis.set(this.prefix + sid, JSON.stringify(sess), 'PX', ms, 'XX').then(
      () => {
        done?.(null);
      },
      (err: unknown) => {
        done?.(err);
      },
    );
  }
  override touch(sid: string, sess: SessionData, cb?: Callback) {
    return super.touch(sid, sess, guard(cb));
  }
  override destroy(sid: string, cb?: Callback) {
    return super.destroy(sid, guard(cb));
  }
}

/** Fails with SessionUnavailableError unless Redis answers (checked before irreversible work). */
export function storeCheck(redis: Redis | null): () => Promise<void> {
  return async () => {
    if (!redis) return;
    try {
      await redis.ping();
    } catch (err) {
      throw new SessionUnavailableError(err);
    }
  };
}
