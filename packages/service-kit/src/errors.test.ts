import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import type { Sequelize } from 'sequelize';
import { MESSAGES_HTTP } from '@xaalis/contracts';
import { createServiceApp } from './app';
import { createSequelize } from './db';
import { isDatabaseUnavailable } from './errors';
import { createLogger } from './logger';
import { caseSensitiveRouter } from './routes';

// The shared error handler and logger against a real Postgres: the database's
// refusals of input data are French 400s, and a 500's log line keeps the error's
// message and SQLSTATE but never the SQL text nor the bound values.
const TOKEN = 'service-kit-test-token';
const SECRET_HASH = `$argon2id$v=19$m=65536,t=3,p=4$${randomUUID()}`;
const EMAIL = `awa.${randomUUID().slice(0, 8)}@exemple.sn`;
const PHONE = '+221 77 123 45 67';
const table = `log_probe_${randomUUID().replace(/-/g, '')}`;

let sequelize: Sequelize;
let lines: string[];

/** A logger writing JSON lines into `lines`. */
function capturedLogger() {
  lines = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      cb();
    },
  });
  return createLogger('service-kit-test', 'info', stream);
}

function app(log = capturedLogger()) {
  const api = caseSensitiveRouter();
  // Each route sends the secrets as bind parameters of a query the database refuses.
  // (Sequelize rewrites a NUL in a plain string parameter as the two characters "\0";
  // arrays and jsonb reach Postgres, which refuses them.)
  const query = (sql: string, bind: unknown[]) => sequelize.query(sql, { bind });
  const route = (path: string, sql: string, bind: unknown[]) =>
    api.get(path, async (_req, res) => {
      await query(sql, bind);
      res.json({ ok: true }); // not expected: each query fails
    });
  route('/division-by-zero', 'SELECT $1::text AS hash, $2::text AS email, $3::text AS phone, 1 / ($4::int - $4::int)', [
    SECRET_HASH,
    EMAIL,
    PHONE,
    7,
  ]);
  // Like a registration: a unique violation whose detail, fields and items carry the email.
  route('/unique', `INSERT INTO public.${table} (email, password_hash, phone) VALUES ($1, $2, $3)`, [EMAIL, SECRET_HASH, PHONE]);
  route('/overflow', 'SELECT $1::numeric(15,2)', ['99999999999999.00']);
  route('/nul', 'SELECT $1::text[]', [['a\u0000b']]);
  route('/not-a-uuid', 'SELECT $1::uuid', ['a\u0000b']);
  route('/nul-jsonb', 'SELECT $1::jsonb', ['{"a":"\\u0000"}']);
  route('/too-long', `INSERT INTO public.${table} (email, password_hash, phone) VALUES ($1, 'x', $2)`, [randomUUID(), '0'.repeat(40)]);
  return createServiceApp({ name: 'service-kit-test', log, internalToken: TOKEN, sequelize, redis: null, api });
}

const get = (path: string) => request(app()).get(`/api${path}`).set('X-Internal-Token', TOKEN);

beforeAll(async () => {
  sequelize = createSequelize(process.env.DATABASE_URL as string, { poolMax: 2 });
  await sequelize.query(`CREATE TABLE public.${table} (email text UNIQUE, password_hash text, phone varchar(30))`);
  await sequelize.query(`INSERT INTO public.${table} (email, password_hash, phone) VALUES ($1, $2, $3)`, {
    bind: [EMAIL, SECRET_HASH, PHONE],
  });
});

afterAll(async () => {
  await sequelize.query(`DROP TABLE IF EXISTS public.${table}`);
  await sequelize.close();
});

describe("the database's refusals of input data are French 400s, never 500s", () => {
  it.each([
    ['/overflow', MESSAGES_HTTP.numericOverflow], // 22003
    ['/nul', MESSAGES_HTTP.invalidText], // 22021
    ['/nul-jsonb', MESSAGES_HTTP.invalidText], // 22P05
    ['/too-long', MESSAGES_HTTP.textTooLong], // 22001
    ['/not-a-uuid', MESSAGES_HTTP.validation], // 22P02
  ])('%s', async (path, message) => {
    const res = await get(path);
    expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 400, body: { message } });
  });

  it('any other database error stays a 500', async () => {
    const res = await get('/division-by-zero');
    expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 500, body: { message: MESSAGES_HTTP.internal } });
  });
});

describe('error logs keep the message and SQLSTATE, never SQL text or bound values', () => {
  const secretsIn = (text: string) => [SECRET_HASH, EMAIL, PHONE, 'SELECT', 'INSERT'].filter((s) => text.includes(s));

  it('a 500 through a route (the request logger of pino-http)', async () => {
    await get('/division-by-zero').expect(500);
    const line = lines.find((l) => l.includes('unhandled error'));
    expect(line).toBeDefined();
    const logged = JSON.parse(line as string) as { err: { type: string; message: string; code: string; stack: string } };
    expect(logged.err).toMatchObject({ type: 'SequelizeDatabaseError', message: 'division by zero', code: '22012' });
    expect(logged.err.stack).toContain('at ');
    expect(secretsIn(lines.join('\n'))).toEqual([]);
  });

  it('a unique violation, whose detail, fields and items carry the values', async () => {
    await get('/unique').expect(500);
    const line = lines.find((l) => l.includes('unhandled error'));
    const logged = JSON.parse(line as string) as { err: Record<string, unknown> };
    expect(logged.err).toMatchObject({ type: 'SequelizeUniqueConstraintError', code: '23505' });
    expect(JSON.stringify(logged.err)).toContain(`${table}_email_key`); // the constraint's name is kept
    expect(secretsIn(lines.join('\n'))).toEqual([]);
  });

  it('an error logged directly, under any key, by the logger and its children', async () => {
    const err = await sequelize.query('SELECT $1::text, 1 / ($2::int - $2::int)', { bind: [SECRET_HASH, 1] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ sql: expect.any(String), parameters: [SECRET_HASH, 1] }); // what there is to hide
    const log = capturedLogger();
    log.error({ err }, 'direct');
    log.error(err as Error);
    log.warn({ error: err, wrapped: new Error('outer', { cause: err }) }, 'other keys');
    log.child({ job: 'x' }, { serializers: { err: pino.stdSerializers.err } }).error({ err }, 'child with its own serializers');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toContain('division by zero');
    expect(secretsIn(lines.join('\n'))).toEqual([]);
  });
});

describe('a database out of reach is a French 503, never a 500', () => {
  const unavailable = { status: 503, body: { message: MESSAGES_HTTP.databaseUnavailable } };

  /** GET `path` on a service whose one route runs `sql` on `db` (a database of its own, not the app's). */
  async function getQuerying(db: Sequelize, path: string, sql: string) {
    const api = caseSensitiveRouter();
    api.get(path, async (_req, res) => {
      await db.query(sql);
      res.json({ ok: true });
    });
    return request(createServiceApp({ name: 'service-kit-test', log: capturedLogger(), internalToken: TOKEN, sequelize, redis: null, api }))
      .get(`/api${path}`)
      .set('X-Internal-Token', TOKEN);
  }

  it('a connection terminated under the query (SQLSTATE 57P01, as in a fast shutdown)', async () => {
    // A pool of its own: the terminated connection may be handed out once more before pg notices its end.
    const own = createSequelize(process.env.DATABASE_URL as string, { poolMax: 1 });
    try {
      const res = await getQuerying(own, '/terminated', 'SELECT pg_terminate_backend(pg_backend_pid())');
      expect({ status: res.status, body: res.body as unknown, retryAfter: res.headers['retry-after'] }).toEqual({
        ...unavailable,
        retryAfter: '1',
      });
    } finally {
      await own.close();
    }
  });

  it('a database that refuses connections (Sequelize ConnectionRefusedError)', async () => {
    const down = createSequelize('postgres://postgres@127.0.0.1:1/none', { poolMax: 1 });
    try {
      const res = await getQuerying(down, '/refused', 'SELECT 1');
      expect({ status: res.status, body: res.body as unknown }).toEqual(unavailable);
    } finally {
      await down.close();
    }
  });

  it.each([
    ['a pool that cannot get a connection', { name: 'SequelizeConnectionAcquireTimeoutError' }, true],
    [
      'a lost connection (pg, no SQLSTATE)',
      { name: 'SequelizeDatabaseError', parent: { message: 'Connection terminated unexpectedly' } },
      true,
    ],
    [
      'a database starting up (57P03)',
      { name: 'SequelizeDatabaseError', parent: { code: '57P03', message: 'the database system is starting up' } },
      true,
    ],
    ['a connection failure (08006)', { name: 'SequelizeDatabaseError', parent: { code: '08006' } }, true],
    ['a division by zero (22012)', { name: 'SequelizeDatabaseError', parent: { code: '22012', message: 'division by zero' } }, false],
    ['a plain error', new Error('boom'), false],
  ])('isDatabaseUnavailable: %s → %s', (_label, err, expected) => {
    expect(isDatabaseUnavailable(err)).toBe(expected);
  });
});
