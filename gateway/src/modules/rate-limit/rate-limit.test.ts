import { createRedis } from '@xaalis/service-kit';
import type { Redis } from 'ioredis';
import {
  createMemoryLoginLimiter,
  createMemoryRegistrationLimiter,
  createRedisLoginLimiter,
  createRedisRegistrationLimiter,
  createMemoryUserQuota,
  createRedisUserQuota,
  type LimiterOptions,
  type LoginLimiter,
  type RegistrationLimiter,
  type UserQuota,
} from './limiter';

// Against the test run's real Redis (key prefix of the run).
let redis: Redis;
beforeAll(() => {
  redis = createRedis(process.env.REDIS_URL!, { enableOfflineQueue: true });
});
afterAll(() => redis.disconnect());

const prefix = () => `${process.env.REDIS_PREFIX}:limiter-test-${Math.random().toString(36).slice(2)}`;
const opts: LimiterOptions = { max: 3, windowSeconds: 1 };

describe.each([
  ['redis', () => createRedisLoginLimiter(redis, prefix(), opts)],
  ['memory', () => createMemoryLoginLimiter(opts)],
])('%s login limiter', (_name, make: () => LoginLimiter) => {
  it('reserves max attempts per username (case-insensitively), then refuses for the window only', async () => {
    const limiter = make();
    for (let i = 0; i < 3; i++) expect(await limiter.reserve(i % 2 ? 'Awa' : 'awa', `ip${i}`)).toBe(true);
    expect(await limiter.reserve('AWA', 'ip-other')).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await limiter.reserve('awa', 'ip-other')).toBe(true);
  });

  it('reserves atomically: of 50 parallel attempts exactly max get through', async () => {
    const limiter = make();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => limiter.reserve('fatou', `ip-par${i}`)));
    expect(results.filter(Boolean)).toHaveLength(3);
  });

  it('refuses an address after max attempts; a refused attempt counts nowhere', async () => {
    const limiter = make();
    for (let i = 0; i < 3; i++) expect(await limiter.reserve(`user${i}`, 'ip-a')).toBe(true);
    expect(await limiter.reserve('someone', 'ip-a')).toBe(false);
    expect(await limiter.reserve('someone', 'ip-b')).toBe(true);
    // 'someone' was counted once (from ip-b), not for the refused attempt from ip-a.
    expect(await limiter.reserve('someone', 'ip-c')).toBe(true);
    expect(await limiter.reserve('someone', 'ip-d')).toBe(true);
    expect(await limiter.reserve('someone', 'ip-e')).toBe(false);
  });

  it('release clears the account counter and gives the address one attempt back', async () => {
    const limiter = make();
    for (let i = 0; i < 3; i++) await limiter.reserve('moussa', `ip-m${i}`);
    expect(await limiter.reserve('moussa', 'ip-x')).toBe(false);
    await limiter.release('Moussa', 'ip-m0');
    expect(await limiter.reserve('moussa', 'ip-x')).toBe(true);

    for (let i = 0; i < 3; i++) await limiter.reserve(`u${i}`, 'ip-y');
    expect(await limiter.reserve('other', 'ip-y')).toBe(false);
    await limiter.release('u0', 'ip-y');
    expect(await limiter.reserve('other', 'ip-y')).toBe(true);
    expect(await limiter.reserve('other2', 'ip-y')).toBe(false);
  });
});

describe.each([
  ['redis', () => createRedisRegistrationLimiter(redis, prefix(), opts)],
  ['memory', () => createMemoryRegistrationLimiter(opts)],
])('%s registration limiter', (_name, make: () => RegistrationLimiter) => {
  it('allows max registrations per address per window', async () => {
    const limiter = make();
    const results = await Promise.all(Array.from({ length: 10 }, () => limiter.reserve('10.9.9.9')));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await limiter.reserve('10.9.9.10')).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await limiter.reserve('10.9.9.9')).toBe(true);
  });
});

describe.each([
  ['redis', () => createRedisUserQuota(redis, prefix(), 'invitations', opts)],
  ['memory', () => createMemoryUserQuota('invitations', opts)],
])('%s user quota', (_name, make: () => UserQuota) => {
  it('allows max actions per user per window, atomically; a failed action is given back', async () => {
    const quota = make();
    const results = await Promise.all(Array.from({ length: 10 }, () => quota.reserve('user-a')));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await quota.reserve('user-b')).toBe(true);
    await quota.giveBack('user-a');
    expect(await quota.reserve('user-a')).toBe(true);
    expect(await quota.reserve('user-a')).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await quota.reserve('user-a')).toBe(true);
  });
});
