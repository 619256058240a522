import { closeRedis, createRedis, isRedisUnavailable, isSentinelUrl, parseSentinelUrl } from './redis';

describe('parseSentinelUrl', () => {
  it('reads the Sentinels, the master name, the database and the password', () => {
    expect(parseSentinelUrl('redis-sentinel://:s3cret@10.0.0.1:26379,10.0.0.2:26380,sentinel-3:26381/xaalis?db=2')).toEqual({
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: '10.0.0.2', port: 26380 },
        { host: 'sentinel-3', port: 26381 },
      ],
      name: 'xaalis',
      db: 2,
      password: 's3cret',
    });
  });

  it('defaults the ports to 26379 and the database to 0; takes IPv6 hosts in brackets', () => {
    expect(parseSentinelUrl('redis-sentinel://a,[::1],[fd00::2]:5000/main')).toEqual({
      sentinels: [
        { host: 'a', port: 26379 },
        { host: '::1', port: 26379 },
        { host: 'fd00::2', port: 5000 },
      ],
      name: 'main',
      db: 0,
    });
  });

  it('percent-decodes user, password, name and the Sentinels’ credentials, keeping a + as it is', () => {
    const target = parseSentinelUrl('REDIS-SENTINEL://app:p%40ss%3Aw+rd@h:1/my%20master/?sentinelUsername=sent&sentinelPassword=a%26b+c');
    expect(target).toMatchObject({
      username: 'app',
      password: 'p@ss:w+rd',
      name: 'my master',
      sentinelUsername: 'sent',
      sentinelPassword: 'a&b+c',
    });
  });

  it.each([
    ['redis://127.0.0.1:6379', /Not a redis-sentinel/],
    ['redis-sentinel://h1:26379', /without \/<masterName>/],
    ['redis-sentinel://h1:26379/', /master's name/],
    ['redis-sentinel://h1:26379/a/b', /master's name/],
    ['redis-sentinel://h1:26379,,h2/m', /bad sentinel address ""/],
    ['redis-sentinel:///m', /bad sentinel address ""/],
    ['redis-sentinel://h1:0/m', /bad port/],
    ['redis-sentinel://h1:70000/m', /bad port/],
    ['redis-sentinel://h1:port/m', /bad sentinel address/],
    ['redis-sentinel://h1/m?db=x', /db must be a whole number/],
    ['redis-sentinel://h1/m?tls=1', /unknown parameter tls/],
    ['redis-sentinel://h1/m%zz', /bad percent-encoding/],
  ])('refuses %s', (url, message) => {
    expect(() => parseSentinelUrl(url)).toThrow(message);
  });

  it('tells Sentinel URLs from the others', () => {
    expect(isSentinelUrl(' redis-sentinel://h/m')).toBe(true);
    expect(isSentinelUrl('redis://h:6379')).toBe(false);
    expect(isSentinelUrl('rediss://h:6379')).toBe(false);
    expect(isSentinelUrl('')).toBe(false);
  });
});

describe('createRedis', () => {
  it('builds a Sentinel client from a redis-sentinel:// URL, keeping the fail-fast and worker behaviours', async () => {
    const url = 'redis-sentinel://:pw@127.0.0.1:1,127.0.0.1:2/xaalis?db=3';
    const fast = createRedis(url, { lazyConnect: true });
    const worker = createRedis(url, { forWorker: true, lazyConnect: true });
    try {
      expect(fast.options).toMatchObject({
        sentinels: [
          { host: '127.0.0.1', port: 1 },
          { host: '127.0.0.1', port: 2 },
        ],
        name: 'xaalis',
        db: 3,
        password: 'pw',
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
      });
      expect(worker.options).toMatchObject({ name: 'xaalis', enableOfflineQueue: true, maxRetriesPerRequest: null });
      // Not ioredis's failover detector (it can end a reconnecting client for good): a demoted
      // master's READONLY answer makes the client reconnect through the Sentinels instead.
      expect(fast.options.failoverDetector).toBeFalsy();
      expect(fast.options.reconnectOnError?.(new Error("READONLY You can't write against a read only replica."))).toBe(2);
      expect(fast.options.reconnectOnError?.(new Error('ERR unknown command'))).toBe(false);
      // BullMQ's duplicates (a worker's blocking connection) follow the same Sentinels.
      const copy = worker.duplicate();
      expect(copy.options).toMatchObject({ sentinels: worker.options.sentinels, name: 'xaalis' });
      copy.disconnect();
    } finally {
      await closeRedis(fast);
      await closeRedis(worker);
    }
  });

  it('still takes a plain redis:// URL as before', async () => {
    const client = createRedis('redis://127.0.0.1:6390/4', { lazyConnect: true });
    try {
      expect(client.options).toMatchObject({ host: '127.0.0.1', port: 6390, db: 4, enableOfflineQueue: false });
      expect(client.options.sentinels).toBeFalsy();
    } finally {
      await closeRedis(client);
    }
  });
});

describe('isRedisUnavailable', () => {
  it.each([
    [{ name: 'MaxRetriesPerRequestError', message: 'Reached the max retries per request limit' }, true],
    [new Error('Connection is closed.'), true],
    [new Error("Stream isn't writeable and enableOfflineQueue options is false"), true],
    [new Error("READONLY You can't write against a read only replica."), true],
    [new Error('Command timed out'), true],
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }), true],
    [new Error('Custom Id cannot be integers'), false],
    [new Error('ERR wrong number of arguments'), false],
    [null, false],
  ])('%p → %p', (err, expected) => {
    expect(isRedisUnavailable(err)).toBe(expected);
  });
});
