import { Redis, type RedisOptions } from 'ioredis';

/**
 * An ioredis client. `forWorker` connections block on Redis commands, so BullMQ
 * requires `maxRetriesPerRequest: null`; request-path clients fail fast instead
 * so a Redis outage answers 503 quickly rather than hanging.
 */
export function createRedis(url: string, opts: { forWorker?: boolean } & RedisOptions = {}): Redis {
  const { forWorker, ...rest } = opts;
  return new Redis(url, {
    maxRetriesPerRequest: forWorker ? null : 1,
    enableOfflineQueue: forWorker ? true : false,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    // Closing a client whose socket already failed still arms this timer (not unref'd):
    // keep it short so stopped processes and test runs exit promptly.
    disconnectTimeout: 500,
    lazyConnect: false,
    ...rest,
  });
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
