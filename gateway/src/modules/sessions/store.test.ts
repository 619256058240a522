import { randomUUID } from 'node:crypto';
import { Cookie, type SessionData } from 'express-session';
import { Redis } from 'ioredis';
import { loadConfig } from '../../config';
import { GuardedRedisStore, markNewSession } from './store';

// Real Redis under the run's prefix.
const config = loadConfig();
let redis: Redis;
let store: GuardedRedisStore;
const prefix = `${config.redisPrefix}:store-test-${randomUUID()}:`;

beforeAll(() => {
  redis = new Redis(config.redisUrl);
  store = new GuardedRedisStore(redis, prefix);
});

afterAll(() => {
  redis.disconnect();
});

const signedIn = (): SessionData => {
  const cookie = new Cookie();
  cookie.maxAge = 60_000;
  return { cookie, userId: randomUUID(), loginAt: Date.now() } as SessionData;
};
const save = (sid: string, sess: SessionData) =>
  new Promise<void>((resolve, reject) => {
    void store.set(sid, sess, (err: unknown) => (err instanceof Error ? reject(err) : resolve()));
  });

describe('GuardedRedisStore.set', () => {
  it('creates the key for a session just signed in', async () => {
    const sid = randomUUID();
    const sess = signedIn();
    markNewSession(sess);
    await save(sid, sess);
    expect(await redis.pttl(prefix + sid)).toBeGreaterThan(50_000);
  });

  it('updates a signed-in session that still exists, with the TTL of its cookie', async () => {
    const sid = randomUUID();
    await redis.set(prefix + sid, '{}', 'EX', 5);
    const sess = { ...signedIn(), touchedAt: 42 };
    await save(sid, sess);
    expect(JSON.parse((await redis.get(prefix + sid))!)).toMatchObject({ userId: sess.userId, touchedAt: 42 });
    expect(await redis.pttl(prefix + sid)).toBeGreaterThan(50_000);
  });

  it('never brings back a signed-in session ended meanwhile (logout, password change)', async () => {
    const sid = randomUUID();
    await save(sid, signedIn()); // e.g. the once-a-minute refresh of a request that ran across the logout
    expect(await redis.exists(prefix + sid)).toBe(0);
  });
});
