import fs from 'node:fs';
import request from 'supertest';
import { MESSAGES_AUTH, MESSAGES_SIGN_IN } from '@xaalis/contracts';
import { loadConfig } from '../../config';
import {
  authApp,
  companyStatus,
  gatewayTo,
  newRegistration,
  postJson,
  recordingAccountingClient,
  redisHas,
  sessionCookieFrom,
  sessionIdFrom,
  sessionKey,
  gatewayWithAccountingForFile,
} from '../../test-support/gateway';
import { createUsersRepository } from '../users';
import { COMMON_PASSWORDS_FILE, commonPasswords } from './password-rules';

// Argon2 hashing and child services are slow under parallel workers.
jest.setTimeout(60_000);

// Real Postgres, Redis and accounting service (a child process); nothing mocked.
const stack = gatewayWithAccountingForFile();
const config = loadConfig();

let ipCounter = 0;
/** A fresh client address, so address counters of other tests never interfere. */
const freshIp = () => `10.80.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const register = async (extra: Record<string, unknown> = {}) => {
  const form = newRegistration(extra);
  const res = await postJson(request(stack.gw.app), '/api/register', form);
  expect(res.status).toBe(201);
  return form;
};
const login = (username: string, password: string, ip = freshIp(), agent: { post(url: string): request.Test } = request(stack.gw.app)) =>
  postJson(agent, '/api/login', { username, password }, ip);

describe('usernames are unique ignoring case', () => {
  it('refuses a case variant of an existing username, in the route and in the database', async () => {
    const form = await register({ username: `AWA_${Date.now().toString(36)}` });
    const variant = await postJson(request(stack.gw.app), '/api/register', { ...newRegistration(), username: form.username.toLowerCase() });
    expect(variant.status).toBe(409);
    expect(variant.body.message).toBe(MESSAGES_AUTH.usernameTaken);
    // A concurrent registration that passed the check is stopped by the lower(username) index.
    const users = createUsersRepository(stack.gw.sequelize);
    await expect(
      users.create({ ...newRegistration(), username: form.username.toLowerCase(), passwordHash: 'x', companyId: null }),
    ).rejects.toMatchObject({ status: 409, message: MESSAGES_AUTH.usernameTaken });
    // Sign-in finds the account whatever the case typed.
    const res = await login(form.username.toLowerCase(), form.password);
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(form.username);
  });

  it('AWA/awa: failing on a victim and signing in to another account never resets the victim counter', async () => {
    const victim = await register({ username: `awa_${Date.now().toString(36)}` });
    const attacker = await register();
    // The attacker's own look-alike account cannot exist any more.
    const lookAlike = await postJson(request(stack.gw.app), '/api/register', {
      ...newRegistration(),
      username: victim.username.toUpperCase(),
    });
    expect(lookAlike.status).toBe(409);
    // Fail 9 times on the victim, sign in to the attacker's account, repeat: the victim's counter keeps growing.
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) statuses.push((await login(victim.username.toUpperCase(), 'mauvais1')).status);
      expect((await login(attacker.username, attacker.password)).status).toBe(200);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(config.loginMaxFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(18 - config.loginMaxFailures);
    expect((await login(victim.username, victim.password)).status).toBe(429);
  });
});

describe('login attempts are reserved before the password check', () => {
  it('100 parallel wrong logins for one username: at most the limit reach the check, the rest 429', async () => {
    const victim = await register();
    const results = await Promise.all(Array.from({ length: 100 }, () => login(victim.username, 'mauvais1')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(config.loginMaxFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - config.loginMaxFailures);
    for (const r of results.filter((x) => x.status === 429)) expect(r.body.message).toBe(MESSAGES_AUTH.tooManyAttempts);
    // Even the right password is refused now, without being verified.
    expect((await login(victim.username, victim.password)).status).toBe(429);
  });

  it('a successful login gives the address its attempt back', async () => {
    const user = await register();
    const ip = freshIp();
    for (let i = 0; i < config.loginMaxFailures - 1; i++) expect((await login(`inconnu_${i}`, 'mauvais1', ip)).status).toBe(401);
    // Nine failures and any number of successes from one address: successes do not use it up.
    for (let i = 0; i < 3; i++) expect((await login(user.username, user.password, ip)).status).toBe(200);
    expect((await login('inconnu_x', 'mauvais1', ip)).status).toBe(401);
    expect((await login(user.username, user.password, ip)).status).toBe(429);
  });
});

describe('registration is throttled per address', () => {
  it('refuses the N+1-th registration from one address with a French 429; other addresses go on', async () => {
    const limited = await gatewayTo({ accounting: stack.accounting.url }, { registerMaxPerWindow: 3 });
    try {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await postJson(request(limited.app), '/api/register', newRegistration(), ip)).status).toBe(201);
      const form = newRegistration();
      const refused = await postJson(request(limited.app), '/api/register', form, ip);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: MESSAGES_SIGN_IN.tooManyRegistrations });
      const [rows] = await limited.sequelize.query('SELECT 1 FROM identity.users WHERE username = :u', {
        replacements: { u: form.username },
      });
      expect(rows).toHaveLength(0);
      expect((await postJson(request(limited.app), '/api/register', newRegistration(), freshIp())).status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('defaults to 5 registrations per address per hour', () => {
    const saved = { max: process.env.REGISTER_MAX_PER_WINDOW, window: process.env.REGISTER_WINDOW_SECONDS };
    delete process.env.REGISTER_MAX_PER_WINDOW;
    delete process.env.REGISTER_WINDOW_SECONDS;
    try {
      expect(loadConfig()).toMatchObject({ registerMaxPerWindow: 5, registerWindowSeconds: 3600 });
    } finally {
      if (saved.max !== undefined) process.env.REGISTER_MAX_PER_WINDOW = saved.max;
      if (saved.window !== undefined) process.env.REGISTER_WINDOW_SECONDS = saved.window;
    }
  });

  it('keeps the session cookie always Secure in production unless SESSION_COOKIE_SECURE=auto', () => {
    expect(loadConfig({}, { NODE_ENV: 'production' }).alwaysSecureCookies).toBe(true);
    expect(loadConfig({}, { NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'auto' }).alwaysSecureCookies).toBe(false);
    expect(loadConfig({}, { NODE_ENV: 'development' }).alwaysSecureCookies).toBe(false);
    expect(loadConfig({}, { SESSION_COOKIE_SECURE: 'always' }).alwaysSecureCookies).toBe(true);
  });

  it('creates the company first and deletes it again when the user row fails', async () => {
    const users = createUsersRepository(stack.gw.sequelize);
    const { client, created } = recordingAccountingClient(stack.accounting.url);
    const failingUsers = {
      ...users,
      create: () => {
        // The company exists before the user row is written (no transaction open across the call).
        expect(created).toHaveLength(1);
        return Promise.reject(new Error('insert failed'));
      },
    };
    const app = authApp(stack.gw.sequelize, failingUsers, client);
    const res = await postJson(request(app), '/register', newRegistration());
    expect(res.status).toBe(500);
    expect(created).toHaveLength(1);
    expect(await companyStatus(stack.accounting.url, created[0])).toBe(404);
  });
});

describe('password rules', () => {
  it('bundles the 10 000 most common passwords', () => {
    expect(fs.existsSync(COMMON_PASSWORDS_FILE)).toBe(true);
    expect(commonPasswords().size).toBe(10_000);
    expect(commonPasswords().has('azerty')).toBe(true);
  });

  it.each([
    ['a common password', () => ({ password: 'Azerty' }), MESSAGES_SIGN_IN.passwordTooCommon],
    ['the username', (f: { username: string }) => ({ password: f.username.toUpperCase() }), MESSAGES_SIGN_IN.passwordIsUsername],
    [
      'the company name',
      (f: { companyName: string }) => ({ password: f.companyName.toLowerCase() }),
      MESSAGES_SIGN_IN.passwordIsCompanyName,
    ],
  ])('refuses %s at registration with a French message', async (_what, change, message) => {
    const form = newRegistration();
    const res = await postJson(request(stack.gw.app), '/api/register', { ...form, ...change(form) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, issues: [{ path: 'password', message }] });
    const [rows] = await stack.gw.sequelize.query('SELECT 1 FROM identity.users WHERE username = :u', {
      replacements: { u: form.username },
    });
    expect(rows).toHaveLength(0);
  });
});

describe('POST /api/user/password', () => {
  const change = (agent: { post(url: string): request.Test }, body: unknown, ip = '10.81.0.1') =>
    postJson(agent, '/api/user/password', body, ip);

  it('needs the current password, then ends the other sessions and keeps this one under a new id', async () => {
    const form = await register();
    const mine = request.agent(stack.gw.app);
    const myLogin = await login(form.username, form.password, freshIp(), mine);
    const mySid = sessionIdFrom(myLogin.headers['set-cookie'])!;
    const other = request.agent(stack.gw.app);
    const otherLogin = await login(form.username, form.password, freshIp(), other);
    const otherSid = sessionIdFrom(otherLogin.headers['set-cookie'])!;

    expect((await change(request(stack.gw.app), { currentPassword: form.password, newPassword: 'Teranga-2026' })).status).toBe(401);

    const wrong = await change(mine, { currentPassword: 'mauvais1', newPassword: 'Teranga-2026' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MESSAGES_SIGN_IN.currentPasswordWrong);
    // A wrong current password counts as a failed login of the account.
    expect(await stack.gw.redis!.get(`${config.redisPrefix}:login-failures:user:${form.username.toLowerCase()}`)).toBe('1');

    const common = await change(mine, { currentPassword: form.password, newPassword: 'password1' });
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(MESSAGES_SIGN_IN.passwordTooCommon);
    const short = await change(mine, { currentPassword: form.password, newPassword: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(MESSAGES_AUTH.min6);

    const ok = await change(mine, { currentPassword: form.password, newPassword: 'Teranga-2026' });
    expect(ok.status).toBe(200);
    const newSid = sessionIdFrom(ok.headers['set-cookie'])!;
    expect(newSid).toBeTruthy();
    expect(newSid).not.toBe(mySid);
    expect(await redisHas(stack.gw.redis!, sessionKey(config, mySid))).toBe(false);
    expect(await redisHas(stack.gw.redis!, sessionKey(config, otherSid))).toBe(false);

    expect((await mine.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await login(form.username, form.password)).status).toBe(401);
    expect((await login(form.username, 'Teranga-2026')).status).toBe(200);
  });

  it('does the same with the in-memory session store (no Redis)', async () => {
    const memory = await gatewayTo({ accounting: stack.accounting.url }, { redisUrl: '' });
    try {
      const form = newRegistration();
      const mine = request.agent(memory.app);
      expect((await postJson(mine, '/api/register', form)).status).toBe(201);
      const other = request.agent(memory.app);
      expect((await login(form.username, form.password, freshIp(), other)).status).toBe(200);
      const ok = await change(mine, { currentPassword: form.password, newPassword: 'Teranga-2026' });
      expect(ok.status).toBe(200);
      expect(sessionCookieFrom(ok.headers['set-cookie'])).toBeTruthy();
      expect((await mine.get('/api/user')).status).toBe(200);
      expect((await other.get('/api/user')).status).toBe(401);
    } finally {
      await memory.close();
    }
  });
});
