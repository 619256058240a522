import { createHmac } from 'node:crypto';
import request from 'supertest';
import { HEADERS, MESSAGES_HTTP } from '@xaalis/contracts';
import type { Gateway } from '../../app';
import { loadConfig } from '../../config';
import { freePort } from '../../test-support/services';
import { newRegistration, postJson, testGateway } from '../../test-support/gateway';
import { createUsersRepository } from '../users';
import { hashPassword } from '../auth';

// Argon2 hashing and child services are slow under parallel workers (the project-level testTimeout is not applied by Jest).
jest.setTimeout(30_000);

// Redis is down for this gateway (a closed port): the session routes must answer
// 503 JSON at once, and what needs no session keeps working.
let gw: Gateway;

beforeAll(async () => {
  gw = await testGateway({ redisUrl: `redis://127.0.0.1:${await freePort()}` });
});

afterAll(async () => {
  await gw?.close();
});

/** A correctly signed session cookie (as express-session signs it), so the store is consulted. */
function signedCookie(sid: string): string {
  const mac = createHmac('sha256', loadConfig().sessionSecret).update(sid).digest('base64').replace(/=+$/, '');
  return `xaalis.sid=${encodeURIComponent(`s:${sid}.${mac}`)}`;
}

const fast = async (req: request.Test) => {
  const started = Date.now();
  const res = await req;
  expect(Date.now() - started).toBeLessThan(1000);
  return res;
};

describe('when Redis is down', () => {
  it('answers 503 JSON quickly on routes that read a session', async () => {
    const res = await fast(request(gw.app).get('/api/user').set('Cookie', signedCookie('some-session-id')));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: MESSAGES_HTTP.sessionUnavailable });
    // Proxied reads (read without express-session) too.
    const read = await fast(request(gw.app).get('/api/invoices/1').set('Cookie', signedCookie('some-session-id')));
    expect(read.status).toBe(503);
    expect(read.body).toEqual({ message: MESSAGES_HTTP.sessionUnavailable });
  });

  it('answers 503 JSON quickly to login and registration (nothing is created)', async () => {
    const login = await fast(postJson(request(gw.app), '/api/login', { username: 'awa', password: 'secret123' }));
    expect(login.status).toBe(503);
    expect(login.body).toEqual({ message: MESSAGES_HTTP.sessionUnavailable });

    const form = newRegistration();
    const register = await fast(postJson(request(gw.app), '/api/register', form));
    expect(register.status).toBe(503);
    const [rows] = await gw.sequelize.query('SELECT 1 FROM identity.users WHERE username = :u', { replacements: { u: form.username } });
    expect(rows).toHaveLength(0);
  });

  it('keeps serving what needs no session', async () => {
    expect((await request(gw.app).get('/config/remotes.json')).status).toBe(200);
    expect((await request(gw.app).get('/api/login')).status).toBe(302);
    const health = await fast(request(gw.app).get('/api/health').set(HEADERS.internalToken, loadConfig().internalToken));
    expect(health.status).toBe(200);
    expect(health.body.checks).toEqual({ database: true, redis: false });
    expect(health.body.status).toBe('degraded');
  });
});

describe('without Redis (REDIS_URL empty: single-process fallback)', () => {
  it('keeps sessions in memory: login, user, logout', async () => {
    const memory = await testGateway({ redisUrl: '' });
    try {
      expect(memory.redis).toBeNull();
      const form = newRegistration();
      await createUsersRepository(memory.sequelize).create({ ...form, passwordHash: await hashPassword(form.password), companyId: null });
      const agent = request.agent(memory.app);
      expect((await postJson(agent, '/api/login', { username: form.username, password: form.password })).status).toBe(200);
      expect((await agent.get('/api/user')).body.username).toBe(form.username);
      expect((await agent.post('/api/logout').set('X-Requested-With', 'XMLHttpRequest')).status).toBe(200);
      expect((await agent.get('/api/user')).status).toBe(401);
    } finally {
      await memory.close();
    }
  });
});
