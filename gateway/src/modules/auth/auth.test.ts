import request from 'supertest';
import { MESSAGES_AUTH, MESSAGES_HTTP, serviceUnavailableMessage } from '@xaalis/contracts';
import { loadConfig } from '../../config';
import { freePort } from '../../test-support/services';
import {
  authApp,
  companyStatus,
  gatewayTo,
  newRegistration,
  postJson,
  recordingAccountingClient,
  redisHas,
  sessionIdFrom,
  sessionKey,
  gatewayWithAccountingForFile,
} from '../../test-support/gateway';
import { createUsersRepository } from '../users';
import { hashPassword } from './passwords';

// Argon2 hashing and child services are slow under parallel workers (the project-level testTimeout is not applied by Jest).
jest.setTimeout(30_000);

// Real Postgres, Redis and accounting service (a child process); nothing mocked.
const stack = gatewayWithAccountingForFile();
const config = loadConfig();

const userCount = async (username: string) => {
  const [rows] = await stack.gw.sequelize.query('SELECT count(*)::int AS n FROM identity.users WHERE username = :username', {
    replacements: { username },
  });
  return (rows as { n: number }[])[0].n;
};

describe('POST /api/register', () => {
  it('creates the user and the company, signs in with a secure cookie', async () => {
    const agent = request.agent(stack.gw.app);
    const form = newRegistration();
    const res = await postJson(agent, '/api/register', form);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: form.username,
      email: form.email,
      firstName: 'Awa',
      lastName: 'Diop',
      companyName: form.companyName,
      sector: 'restauration', // 'restaurant' accepted, stored spelling returned
      phone: form.phone,
      address: form.address,
    });
    expect(res.body.companyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toHaveProperty('passwordHash');

    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('xaalis.sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain HTTP here; Secure follows req.secure

    const [rows] = await stack.gw.sequelize.query('SELECT password_hash, company_id FROM identity.users WHERE username = :u', {
      replacements: { u: form.username },
    });
    const row = (rows as { password_hash: string; company_id: string }[])[0];
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.company_id).toBe(res.body.companyId);

    // The company exists in the accounting service, reachable through the gateway.
    const company = await agent.get(`/api/companies/${res.body.companyId}`);
    expect(company.status).toBe(200);
    expect(company.body).toMatchObject({ id: res.body.companyId, name: form.companyName, sector: 'restauration', email: form.email });

    const me = await agent.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
  });

  it('over HTTPS (behind a trusted proxy) names the cookie __Host-xaalis.sid: Secure, Path=/, no Domain; it works', async () => {
    const res = await postJson(request(stack.gw.app), '/api/register', newRegistration()).set('X-Forwarded-Proto', 'https');
    expect(res.status).toBe(201);
    const cookies = [res.headers['set-cookie']].flat();
    expect(cookies.some((c) => c?.startsWith('xaalis.sid='))).toBe(false);
    const cookie = cookies.find((c) => c?.startsWith('__Host-xaalis.sid='))!;
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).toMatch(/HttpOnly/i);
    const pair = cookie.split(';')[0];
    const me = await request(stack.gw.app).get('/api/user').set('X-Forwarded-Proto', 'https').set('Cookie', pair);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.id);
  });

  it('in production never sends the cookie without Secure', async () => {
    const prod = await gatewayTo({ accounting: stack.accounting.url }, { alwaysSecureCookies: true });
    try {
      const plain = await postJson(request(prod.app), '/api/register', newRegistration());
      expect(plain.status).toBe(201);
      expect(plain.headers['set-cookie']).toBeUndefined();
      const tls = await postJson(request(prod.app), '/api/register', newRegistration()).set('X-Forwarded-Proto', 'https');
      expect([tls.headers['set-cookie']].flat().find((c) => c?.startsWith('__Host-xaalis.sid='))).toMatch(/; Secure/i);
    } finally {
      await prod.close();
    }
  });

  it('answers 400 with the French messages of the form', async () => {
    const res = await postJson(request(stack.gw.app), '/api/register', { username: 'ab', email: 'pas-un-email', password: '123' });
    expect(res.status).toBe(400);
    const messages = (res.body.issues as { path: string; message: string }[]).map((i) => `${i.path}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'username: Au moins 3 caractères',
        'email: Email valide requis',
        'password: Au moins 6 caractères',
        'firstName: Prénom requis',
        'lastName: Nom requis',
        "companyName: Nom de l'entreprise requis",
        'phone: Téléphone requis',
        'address: Adresse requise',
        "sector: Secteur d'activité requis",
      ]),
    );
    expect(res.body.message).toBe('Au moins 3 caractères');
  });

  it('refuses a username or an email already used (409)', async () => {
    const form = newRegistration();
    expect((await postJson(request(stack.gw.app), '/api/register', form)).status).toBe(201);
    const sameUsername = await postJson(request(stack.gw.app), '/api/register', { ...newRegistration(), username: form.username });
    expect(sameUsername.status).toBe(409);
    expect(sameUsername.body.message).toBe(MESSAGES_AUTH.usernameTaken);
    const sameEmail = await postJson(request(stack.gw.app), '/api/register', { ...newRegistration(), email: form.email.toUpperCase() });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe(MESSAGES_AUTH.emailTaken);
  });

  it('leaves no user behind when the accounting service is down', async () => {
    const down = await gatewayTo({ accounting: `http://127.0.0.1:${await freePort()}` });
    try {
      const form = newRegistration();
      const res = await postJson(request(down.app), '/api/register', form);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(serviceUnavailableMessage('accounting'));
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await userCount(form.username)).toBe(0);
    } finally {
      await down.close();
    }
  });
});

describe('registration compensation', () => {
  it('deletes the company again when the user cannot be committed', async () => {
    // The real routes, accounting and database, with a transaction whose commit fails.
    const users = createUsersRepository(stack.gw.sequelize);
    const failingUsers = {
      ...users,
      transaction: async () => {
        const tx = await users.transaction();
        tx.commit = async () => {
          await tx.rollback();
          throw new Error('commit failed');
        };
        return tx;
      },
    };
    const { client, created } = recordingAccountingClient(stack.accounting.url);
    const app = authApp(stack.gw.sequelize, failingUsers, client);

    const form = newRegistration();
    const res = await postJson(request(app), '/register', form);
    expect(res.status).toBe(500);
    expect(created).toHaveLength(1);
    expect(await userCount(form.username)).toBe(0);
    expect(await companyStatus(stack.accounting.url, created[0])).toBe(404);
  });
});

describe('POST /api/login', () => {
  const form = newRegistration();
  beforeAll(async () => {
    expect((await postJson(request(stack.gw.app), '/api/register', form)).status).toBe(201);
  });

  it('signs in with the right password and regenerates the session id', async () => {
    const agent = request.agent(stack.gw.app);
    const first = await postJson(agent, '/api/login', { username: form.username, password: form.password }, '10.1.0.1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ username: form.username, companyName: form.companyName, sector: 'restauration' });
    const before = sessionIdFrom(first.headers['set-cookie'])!;
    expect(await redisHas(stack.gw.redis!, sessionKey(config, before))).toBe(true);

    const second = await postJson(agent, '/api/login', { username: form.username, password: form.password }, '10.1.0.1');
    expect(second.status).toBe(200);
    const after = sessionIdFrom(second.headers['set-cookie'])!;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(await redisHas(stack.gw.redis!, sessionKey(config, before))).toBe(false);
    expect(await redisHas(stack.gw.redis!, sessionKey(config, after))).toBe(true);
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const wrong = await postJson(request(stack.gw.app), '/api/login', { username: form.username, password: 'mauvais' }, '10.1.0.2');
    const unknown = await postJson(request(stack.gw.app), '/api/login', { username: 'personne_xyz', password: 'mauvais' }, '10.1.0.3');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: MESSAGES_AUTH.invalidCredentials });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 400 with French messages for empty fields', async () => {
    const res = await postJson(request(stack.gw.app), '/api/login', {}, '10.1.0.4');
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { message: string }) => i.message)).toEqual([
      MESSAGES_AUTH.usernameRequired,
      MESSAGES_AUTH.passwordRequired,
    ]);
  });

  it('blocks a username after 10 failures, even with the right password', async () => {
    const victim = newRegistration();
    expect((await postJson(request(stack.gw.app), '/api/register', victim)).status).toBe(201);
    // Failures from ten different addresses: only the username counter reaches the limit.
    for (let i = 0; i < 10; i++) {
      const res = await postJson(request(stack.gw.app), '/api/login', { username: victim.username, password: 'mauvais' }, `10.2.0.${i}`);
      expect(res.status).toBe(401);
    }
    const blocked = await postJson(
      request(stack.gw.app),
      '/api/login',
      { username: victim.username, password: victim.password },
      '10.2.1.1',
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MESSAGES_AUTH.tooManyAttempts);
  });

  it('blocks an address after 10 failures, whatever the username', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await postJson(request(stack.gw.app), '/api/login', { username: `inconnu${i}`, password: 'mauvais' }, '10.3.0.1');
      expect(res.status).toBe(401);
    }
    const blocked = await postJson(request(stack.gw.app), '/api/login', { username: form.username, password: form.password }, '10.3.0.1');
    expect(blocked.status).toBe(429);
    // Another address is not affected.
    expect(
      (await postJson(request(stack.gw.app), '/api/login', { username: form.username, password: form.password }, '10.3.0.2')).status,
    ).toBe(200);
  });

  it('resets the username counter after a successful login', async () => {
    const user = newRegistration();
    expect((await postJson(request(stack.gw.app), '/api/register', user)).status).toBe(201);
    const fail = (i: number) =>
      postJson(request(stack.gw.app), '/api/login', { username: user.username, password: 'mauvais' }, `10.4.${i}.1`);
    for (let i = 0; i < 9; i++) expect((await fail(i)).status).toBe(401);
    expect(
      (await postJson(request(stack.gw.app), '/api/login', { username: user.username, password: user.password }, '10.4.100.1')).status,
    ).toBe(200);
    for (let i = 10; i < 19; i++) expect((await fail(i)).status).toBe(401);
  });
});

describe('sessions', () => {
  it('GET /api/user answers 401 JSON when signed out', async () => {
    const res = await request(stack.gw.app).get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES_AUTH.notAuthenticated });
  });

  it('POST /api/logout removes the session from Redis; the old cookie is then signed out', async () => {
    const agent = request.agent(stack.gw.app);
    const reg = await postJson(agent, '/api/register', newRegistration());
    const sid = sessionIdFrom(reg.headers['set-cookie'])!;
    const oldCookie = [reg.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('xaalis.sid='))!
      .split(';')[0];
    expect(await redisHas(stack.gw.redis!, sessionKey(config, sid))).toBe(true);

    const out = await agent.post('/api/logout').set('X-Requested-With', 'XMLHttpRequest');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect([out.headers['set-cookie']].flat().join()).toMatch(/xaalis\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(await redisHas(stack.gw.redis!, sessionKey(config, sid))).toBe(false);

    const after = await request(stack.gw.app).get('/api/user').set('Cookie', oldCookie);
    expect(after.status).toBe(401);
  });

  it('GET /api/logout from our own pages ends the session and redirects to /; GET /api/login redirects to /auth', async () => {
    const agent = request.agent(stack.gw.app);
    const reg = await postJson(agent, '/api/register', newRegistration());
    const sid = sessionIdFrom(reg.headers['set-cookie'])!;
    const out = await agent.get('/api/logout').set('Sec-Fetch-Site', 'same-origin');
    expect(out.status).toBe(302);
    expect(out.headers.location).toBe('/');
    expect(await redisHas(stack.gw.redis!, sessionKey(config, sid))).toBe(false);
    expect((await agent.get('/api/user')).status).toBe(401);

    const login = await request(stack.gw.app).get('/api/login');
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe('/auth');
  });

  it('GET /api/logout typed in the address bar (Sec-Fetch-Site: none) ends the session', async () => {
    const agent = request.agent(stack.gw.app);
    await postJson(agent, '/api/register', newRegistration());
    const out = await agent.get('/api/logout').set('Sec-Fetch-Site', 'none');
    expect(out.status).toBe(302);
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  it.each([['cross-site'], ['same-site'], [undefined]])(
    'GET /api/logout from a foreign link (Sec-Fetch-Site: %s) redirects to / but keeps the session',
    async (site) => {
      const agent = request.agent(stack.gw.app);
      const reg = await postJson(agent, '/api/register', newRegistration());
      const sid = sessionIdFrom(reg.headers['set-cookie'])!;
      const out = site ? await agent.get('/api/logout').set('Sec-Fetch-Site', site) : await agent.get('/api/logout');
      expect(out.status).toBe(302);
      expect(out.headers.location).toBe('/');
      expect([out.headers['set-cookie']].flat().join()).not.toMatch(/1970/);
      expect(await redisHas(stack.gw.redis!, sessionKey(config, sid))).toBe(true);
      expect((await agent.get('/api/user')).status).toBe(200);
    },
  );

  it('ends a session 12 hours after login whatever the activity', async () => {
    const agent = request.agent(stack.gw.app);
    const reg = await postJson(agent, '/api/register', newRegistration());
    const key = sessionKey(config, sessionIdFrom(reg.headers['set-cookie'])!);
    const stored = JSON.parse((await stack.gw.redis!.get(key))!);
    stored.loginAt = Date.now() - 12 * 3600_000 - 1000;
    await stack.gw.redis!.set(key, JSON.stringify(stored), 'EX', 600);

    expect((await agent.get('/api/user')).status).toBe(401);
    expect(await redisHas(stack.gw.redis!, key)).toBe(false);
  });

  /** Rewrites the stored session (its TTL kept), as if time had passed. */
  const editSession = async (key: string, edit: (stored: Record<string, unknown>) => void) => {
    const stored = JSON.parse((await stack.gw.redis!.get(key))!) as Record<string, unknown>;
    edit(stored);
    await stack.gw.redis!.set(key, JSON.stringify(stored), 'KEEPTTL');
  };
  const sessionCookieOf = (res: request.Response) => [res.headers['set-cookie']].flat().find((c) => c?.startsWith('xaalis.sid='));
  /** Minutes from now to the cookie's Expires. */
  const cookieMinutes = (res: request.Response) =>
    (Date.parse(/Expires=([^;]+)/.exec(sessionCookieOf(res) ?? '')?.[1] ?? '') - Date.now()) / 60_000;

  it('keeps the idle timeout rolling, pushed back at most once a minute (30 to 31 minutes from the last request)', async () => {
    const agent = request.agent(stack.gw.app);
    const reg = await postJson(agent, '/api/register', newRegistration());
    expect(cookieMinutes(reg)).toBeGreaterThan(30);
    const key = sessionKey(config, sessionIdFrom(reg.headers['set-cookie'])!);
    expect(await stack.gw.redis!.ttl(key)).toBeGreaterThan(30 * 60);

    // Within the minute: no store write, no cookie.
    await stack.gw.redis!.expire(key, 600);
    const soon = await agent.get('/api/user');
    expect(soon.status).toBe(200);
    expect(sessionCookieOf(soon)).toBeUndefined();
    expect(await stack.gw.redis!.ttl(key)).toBeLessThanOrEqual(600);

    // Pushed back over a minute ago: this request pushes it back again (TTL and cookie).
    await editSession(key, (s) => {
      s.touchedAt = Date.now() - 61_000;
    });
    const later = await agent.get('/api/user');
    expect(later.status).toBe(200);
    expect(cookieMinutes(later)).toBeGreaterThan(30);
    expect(cookieMinutes(later)).toBeLessThanOrEqual(31);
    const ttl = await stack.gw.redis!.ttl(key);
    expect(ttl).toBeGreaterThan(30 * 60);
    expect(ttl).toBeLessThanOrEqual(31 * 60);
    expect((JSON.parse((await stack.gw.redis!.get(key))!) as { touchedAt: number }).touchedAt).toBeGreaterThan(Date.now() - 10_000);
  });

  it('ends a session idle for longer than the timeout even if the store still holds it', async () => {
    const agent = request.agent(stack.gw.app);
    const reg = await postJson(agent, '/api/register', newRegistration());
    const key = sessionKey(config, sessionIdFrom(reg.headers['set-cookie'])!);
    await editSession(key, (s) => {
      s.touchedAt = Date.now() - 32 * 60_000;
    });
    expect((await agent.get('/api/user')).status).toBe(401);
    expect(await redisHas(stack.gw.redis!, key)).toBe(false);
  });

  it('logout ends the session at once on every gateway process (no per-process cache)', async () => {
    const other = await gatewayTo({ accounting: stack.accounting.url });
    try {
      const agent = request.agent(stack.gw.app);
      const reg = await postJson(agent, '/api/register', newRegistration());
      const cookie = sessionCookieOf(reg)!.split(';')[0];
      expect((await request(other.app).get('/api/user').set('Cookie', cookie)).status).toBe(200);
      expect((await agent.post('/api/logout').set('X-Requested-With', 'XMLHttpRequest')).status).toBe(200);
      expect((await request(other.app).get('/api/user').set('Cookie', cookie)).status).toBe(401);
      expect((await request(other.app).get(`/api/companies/${reg.body.companyId}`).set('Cookie', cookie)).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('CSRF', () => {
  it('refuses a form post and a foreign Origin with 403 JSON', async () => {
    const form = await request(stack.gw.app).post('/api/login').type('form').send({ username: 'a', password: 'b' });
    expect(form.status).toBe(403);
    expect(form.body).toEqual({ message: MESSAGES_HTTP.csrf });
    const foreign = await request(stack.gw.app)
      .post('/api/login')
      .set('Origin', 'https://evil.example')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ username: 'a', password: 'b' }));
    expect(foreign.status).toBe(403);
  });

  it('accepts JSON from the same origin, and bodiless writes with X-Requested-With', async () => {
    const same = await request(stack.gw.app)
      .post('/api/login')
      .set('Host', 'xaalis.test:8080')
      .set('Origin', 'http://xaalis.test:8080')
      .set('Content-Type', 'application/json')
      .set('X-Forwarded-For', '10.5.0.1')
      .send(JSON.stringify({ username: 'personne', password: 'x' }));
    expect(same.status).toBe(401);
    expect((await request(stack.gw.app).post('/api/logout')).status).toBe(403);
    expect((await request(stack.gw.app).post('/api/logout').set('X-Requested-With', 'XMLHttpRequest')).status).toBe(200);
  });
});

describe('POST /api/companies', () => {
  it('creates a company for a user who has none, then another one: the user owns both and works in the newest', async () => {
    // A user without a company (e.g. created before companies were required).
    const users = createUsersRepository(stack.gw.sequelize);
    const form = newRegistration();
    await users.create({ ...form, passwordHash: await hashPassword(form.password), companyId: null });
    const agent = request.agent(stack.gw.app);
    const login = await postJson(agent, '/api/login', { username: form.username, password: form.password }, '10.6.0.1');
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ companyId: null, role: null });

    const created = await postJson(agent, '/api/companies', { name: 'Boulangerie Ndiaye', sector: 'commerce', email: '' }, '10.6.0.1');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Boulangerie Ndiaye', sector: 'commerce', fiscalYear: '01-01' });

    const me = await agent.get('/api/user');
    expect(me.body).toMatchObject({ companyId: created.body.id, companyName: 'Boulangerie Ndiaye', sector: 'commerce', role: 'owner' });
    expect((await agent.get(`/api/companies/${created.body.id}`)).status).toBe(200);

    // A firm takes on a new client: a second company, the session moves to it.
    const second = await postJson(agent, '/api/companies', { name: 'Atelier Sow', sector: 'transformation' }, '10.6.0.1');
    expect(second.status).toBe(201);
    expect((await agent.get('/api/user')).body).toMatchObject({ companyId: second.body.id, companyName: 'Atelier Sow', role: 'owner' });
    const mine = (await agent.get('/api/memberships').expect(200)).body as { companyId: string; role: string; current: boolean }[];
    expect(mine.map((m) => [m.companyId, m.role, m.current])).toEqual([
      [second.body.id, 'owner', true],
      [created.body.id, 'owner', false],
    ]);
  });

  it('answers 401 when signed out and 400 with French messages for a bad company', async () => {
    expect((await postJson(request(stack.gw.app), '/api/companies', { name: 'X', sector: 'commerce' })).status).toBe(401);
    const users = createUsersRepository(stack.gw.sequelize);
    const form = newRegistration();
    await users.create({ ...form, passwordHash: await hashPassword(form.password), companyId: null });
    const agent = request.agent(stack.gw.app);
    await postJson(agent, '/api/login', { username: form.username, password: form.password }, '10.6.0.2');
    const bad = await postJson(agent, '/api/companies', { name: '', sector: 'inconnu' }, '10.6.0.2');
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { message: string }) => i.message)).toEqual(["Nom de l'entreprise requis", "Secteur d'activité requis"]);
  });
});
