// Jest global teardown: drop the run's database and its Redis keys.
const { Client } = require('pg');
const { Redis } = require('ioredis');

module.exports = async function globalTeardown() {
  const t = globalThis.__XAALIS_TEST__;
  if (!t) return;
  const client = new Client({ connectionString: t.admin });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${t.dbName}" WITH (FORCE)`);
  await client.end();
  const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${t.prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
};
