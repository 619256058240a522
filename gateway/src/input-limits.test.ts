import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { MESSAGES_HTTP, MESSAGES_TEXT, REGISTER_LIMITS, tooLong } from '@xaalis/contracts';
import type { Gateway } from './app';
import { loadConfig } from './config';
import { newRegistration, postJson, testGateway } from './test-support/gateway';
import { startService, type RunningChild } from './test-support/services';

// Registration and sign-in refuse NUL bytes and over-long fields with French
// 400s (a NUL was a 500), and a 500 of the gateway logs neither the SQL nor the
// bound values (the password hash, email and phone of a registration).
jest.setTimeout(30_000);

let accounting: RunningChild;
let gw: Gateway;
let lines: string[] = [];
const config = loadConfig();
let ipSeq = 0;
const nextIp = () => `10.77.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

beforeAll(async () => {
  accounting = await startService('accounting');
  gw = await testGateway({ logLevel: 'info', services: { ...config.services, accounting: accounting.url } });
  // Every logger of the app (pino-http's request loggers are its children) writes to the root's stream.
  const capture = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      cb();
    },
  });
  (gw.log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = capture;
}, 60_000);

afterAll(async () => {
  await gw?.close();
  await accounting?.stop();
});

const register = (body: object) => postJson(request(gw.app), '/api/register', body, nextIp());

describe('registration fields', () => {
  it.each(['username', 'email', 'password', 'firstName', 'lastName', 'companyName', 'phone', 'address'])(
    'a NUL byte in %s is a French 400',
    async (field) => {
      const form: Record<string, unknown> = newRegistration();
      const res = await register({ ...form, [field]: `${form[field] as string}\u0000x` });
      expect({ status: res.status, message: (res.body as { message?: string }).message }).toEqual({
        status: 400,
        message: MESSAGES_TEXT.nulByte,
      });
    },
  );

  it.each([
    ['firstName', REGISTER_LIMITS.name],
    ['lastName', REGISTER_LIMITS.name],
    ['companyName', REGISTER_LIMITS.name],
    ['username', REGISTER_LIMITS.username],
    ['phone', REGISTER_LIMITS.phone],
    ['address', REGISTER_LIMITS.address],
    ['password', REGISTER_LIMITS.password],
  ] as const)('%s is capped at %i characters', async (field, max) => {
    const res = await register({ ...newRegistration(), [field]: 'a'.repeat(max + 1) });
    expect({ status: res.status, message: (res.body as { message?: string }).message }).toEqual({ status: 400, message: tooLong(max) });
  });

  it('the email is capped at 254 characters', async () => {
    const res = await register({ ...newRegistration(), email: `${'a'.repeat(250)}@exemple.sn` });
    expect({ status: res.status, message: (res.body as { message?: string }).message }).toEqual({
      status: 400,
      message: tooLong(REGISTER_LIMITS.email),
    });
  });
});

describe('sign-in fields', () => {
  it('a NUL byte in the username or password is a French 400, not a 500', async () => {
    for (const body of [
      { username: 'awa\u0000', password: 'secret123' },
      { username: 'awa', password: 'secret\u0000' },
    ]) {
      const res = await postJson(request(gw.app), '/api/login', body, nextIp());
      expect({ status: res.status, message: (res.body as { message?: string }).message }).toEqual({
        status: 400,
        message: MESSAGES_TEXT.nulByte,
      });
    }
  });
});

describe('the log of a 500', () => {
  const trigger = `log_probe_${randomUUID().replace(/-/g, '')}`;
  const probe = newRegistration({ username: `probe_${randomUUID().slice(0, 8)}`, phone: '+221 70 999 88 77' });

  beforeAll(async () => {
    // Only the probe's insert fails: the other tests of the run are not affected.
    await gw.sequelize.query(`
      CREATE FUNCTION identity.${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.username = '${probe.username}' THEN RAISE EXCEPTION 'probe failure'; END IF;
        RETURN NEW;
      END $$`);
    await gw.sequelize.query(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON identity.users FOR EACH ROW EXECUTE FUNCTION identity.${trigger}()`,
    );
  });

  afterAll(async () => {
    await gw.sequelize.query(`DROP TRIGGER IF EXISTS ${trigger} ON identity.users`);
    await gw.sequelize.query(`DROP FUNCTION IF EXISTS identity.${trigger}()`);
  });

  it("keeps the error's message and SQLSTATE, never the SQL nor the registration's values", async () => {
    lines = [];
    const res = await register(probe);
    expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 500, body: { message: MESSAGES_HTTP.internal } });
    const logged = lines.map((l) => JSON.parse(l) as { msg?: string; err?: { message?: string; code?: string } });
    const unhandled = logged.find((l) => l.msg === 'unhandled error');
    expect(unhandled?.err).toMatchObject({ message: 'probe failure', code: 'P0001' });
    const all = lines.join('\n');
    for (const secret of [probe.email, probe.phone, probe.password, '$argon2', 'INSERT INTO']) expect(all).not.toContain(secret);
  });
});
