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
  constructor(client: Redis, prefix: string) {
    super({ client, prefix });
  }
  override get(sid: string, cb?: Callback) {
    return super.get(sid, guard(cb));
  }
  override set(sid: string, sess: SessionData, cb?: Callback) {
    return super.set(sid, sess, guard(cb));
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
