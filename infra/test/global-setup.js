// Jest global setup: one throw-away Postgres database and one Redis key prefix per run.
const { Client } = require('pg');
const { randomBytes } = require('node:crypto');

module.exports = async function globalSetup() {
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = process.env.TEST_DATABASE_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `xaalis_test_${id}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${dbName}"`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  process.env.DATABASE_URL = url.toString();
  process.env.REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  process.env.REDIS_PREFIX = `xaalis_test_${id}`;
  process.env.INTERNAL_TOKEN = 'test-internal-token';
  process.env.LOG_LEVEL = 'silent';
  globalThis.__XAALIS_TEST__ = { admin, dbName, prefix: process.env.REDIS_PREFIX };
};
