import { createRedis } from '@xaalis/service-kit';
import type { Redis } from 'ioredis';
import { createMemoryLoginLimiter, createRedisLoginLimiter, type LoginLimiter } from './limiter';

// Against the test run's real Redis (key prefix of the run).
let redis: Redis;
beforeAll(() => {
  redis = createRedis(process.env.REDIS_URL!, { enableOfflineQueue: true });
});
afterAll(() => redis.disconnect());

const prefix = () => `${process.env.REDIS_PREFIX}:limiter-test-${Math.random().toString(36).slice(2)}`;

describe.each([
  ['redis', () => createRedisLoginLimiter(redis, prefix(), { max: 3, windowSeconds: 1 })],
  ['memory', () => createMemoryLoginLimiter({ max: 3, windowSeconds: 1 })],
])('%s login limiter', (_name, make: () => LoginLimiter) => {
  it('blocks a username (case-insensitively) after max failures, for the window only', async () => {
    const limiter = make();
    for (let i = 0; i < 3; i++) {
      expect(await limiter.isBlocked('Awa', `ip${i}`)).toBe(false);
      await limiter.recordFailure('awa', `ip${i}`);
    }
    expect(await limiter.isBlocked('AWA', 'ip-other')).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await limiter.isBlocked('awa', 'ip-other')).toBe(false);
  });

  it('blocks an address after max failures; reset clears only the username', async () => {
    const limiter = make();
    for (let i = 0; i < 3; i++) await limiter.recordFailure(`user${i}`, 'ip-a');
    expect(await limiter.isBlocked('someone', 'ip-a')).toBe(true);
    expect(await limiter.isBlocked('someone', 'ip-b')).toBe(false);

    for (let i = 0; i < 3; i++) await limiter.recordFailure('fatou', `ip-c${i}`);
    await limiter.reset('fatou');
    expect(await limiter.isBlocked('fatou', 'ip-d')).toBe(false);
    expect(await limiter.isBlocked('user0', 'ip-a')).toBe(true);
  });
});
