import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import request from 'supertest';
import { HEADERS, MESSAGES_AUTH, MESSAGES_HTTP, serviceUnavailableMessage, statusSegment } from '@xaalis/contracts';
import type { Gateway } from '../../app';
import { loadConfig } from '../../config';
import { freePort, startService, type RunningChild } from '../../test-support/services';
import { newRegistration, postJson, redisHas, sessionCookieFrom, sessionIdFrom, sessionKey, testGateway } from '../../test-support/gateway';
import { unsignSessionId } from '../sessions';

// Argon2 hashing and child services are slow under parallel workers (the project-level testTimeout is not applied by Jest).
jest.setTimeout(30_000);

// The real accounting and hr services as child processes behind a real gateway.
let accounting: RunningChild;
let hr: RunningChild;
let gw: Gateway;
const config = loadConfig();

type Agent = ReturnType<typeof request.agent>;
interface SignedIn {
  agent: Agent;
  companyId: string;
  /** "xaalis.sid=..." for requests to another gateway instance sharing Redis. */
  cookie: string;
}
let alice: SignedIn;
let bob: SignedIn;

async function signUp(): Promise<SignedIn> {
  const agent = request.agent(gw.app);
  const res = await postJson(agent, '/api/register', newRegistration());
  expect(res.status).toBe(201);
  const cookie = [res.headers['set-cookie']]
    .flat()
    .find((c) => c?.startsWith('xaalis.sid='))!
    .split(';')[0];
  return { agent, companyId: res.body.companyId, cookie };
}

beforeAll(async () => {
  [accounting, hr] = await Promise.all([startService('accounting'), startService('hr')]);
  gw = await testGateway({ services: { ...config.services, accounting: accounting.url, hr: hr.url } });
  alice = await signUp();
  bob = await signUp();
}, 60_000);

afterAll(async () => {
  await gw?.close();
  await Promise.all([accounting?.stop(), hr?.stop()]);
});

describe('tenancy guard', () => {
  it("serves the user's own company through the accounting service", async () => {
    const res = await alice.agent.get(`/api/companies/${alice.companyId}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(alice.companyId);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it("answers 404 for another company's record and resources", async () => {
    for (const path of [
      `/api/companies/${bob.companyId}`,
      `/api/companies/${bob.companyId}/invoices`,
      `/api/companies/${bob.companyId}/${statusSegment('hr')}`,
    ]) {
      const res = await alice.agent.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MESSAGES_HTTP.notFound });
    }
  });

  it('answers 401 JSON to signed-out requests on proxied paths', async () => {
    for (const path of [`/api/companies/${alice.companyId}`, '/api/invoices/123', `/api/companies/${alice.companyId}/employees`]) {
      const res = await request(gw.app).get(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: MESSAGES_AUTH.notAuthenticated });
    }
  });

  it('answers 404 JSON for unknown /api paths', async () => {
    for (const path of [
      '/api/nope',
      `/api/companies/${alice.companyId}/nope`,
      '/api/companies',
      `/api/companies/${alice.companyId}/../${bob.companyId}`,
      '/api/constructor',
    ]) {
      const res = await alice.agent.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MESSAGES_HTTP.notFound });
    }
  });
});

describe('proxy', () => {
  it('reaches the hr service (company-scoped status route)', async () => {
    const res = await alice.agent.get(`/api/companies/${alice.companyId}/${statusSegment('hr')}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ service: 'hr', companyId: alice.companyId });
  });

  it('sets identity headers from the session, ignoring those sent by the browser', async () => {
    const res = await alice.agent
      .get(`/api/companies/${alice.companyId}/${statusSegment('accounting')}`)
      .set('X-Company-Id', bob.companyId)
      .set('X-User-Id', '00000000-0000-0000-0000-000000000000')
      .set('X-Internal-Token', 'forged');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ service: 'accounting', companyId: alice.companyId });

    // The browser's X-Company-Id does not pick the company either.
    const record = await alice.agent.get(`/api/companies/${alice.companyId}`).set('X-Company-Id', bob.companyId);
    expect(record.body.id).toBe(alice.companyId);
  });

  it('streams request bodies to the service (PUT of the company record) and refreshes /api/user', async () => {
    const current = (await alice.agent.get(`/api/companies/${alice.companyId}`)).body;
    const res = await alice.agent
      .put(`/api/companies/${alice.companyId}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ...current, name: 'Hôtel Téranga', sector: 'hotel' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Hôtel Téranga', sector: 'hotel' });
    const me = await alice.agent.get('/api/user');
    expect(me.body).toMatchObject({ companyName: 'Hôtel Téranga', sector: 'hotel' });
  });

  it('applies the CSRF rule to proxied writes', async () => {
    const res = await alice.agent.put(`/api/companies/${alice.companyId}`).type('form').send({ name: 'x' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MESSAGES_HTTP.csrf });
  });

  it('services refuse direct calls without the internal token', async () => {
    const headers = { 'x-company-id': alice.companyId };
    const none = await fetch(`${accounting.url}/api/companies/${alice.companyId}`, { headers });
    expect(none.status).toBe(403);
    const wrong = await fetch(`${hr.url}/api/companies/${alice.companyId}/${statusSegment('hr')}`, {
      headers: { ...headers, 'x-internal-token': 'forged' },
    });
    expect(wrong.status).toBe(403);
  });

  it('answers 503 JSON in under a second when a service is down, and keeps serving the others', async () => {
    const partial = await testGateway({
      services: { ...config.services, accounting: accounting.url, hr: `http://127.0.0.1:${await freePort()}` },
    });
    try {
      // Same Redis prefix and secret: alice's session cookie is valid on this gateway too.
      const cookie = alice.cookie;
      const started = Date.now();
      const down = await request(partial.app)
        .get(`/api/companies/${alice.companyId}/${statusSegment('hr')}`)
        .set('Cookie', cookie);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(down.status).toBe(503);
      expect(down.headers['content-type']).toMatch(/application\/json/);
      expect(down.body).toEqual({ message: serviceUnavailableMessage('hr') });

      const up = await request(partial.app)
        .get(`/api/companies/${alice.companyId}/${statusSegment('accounting')}`)
        .set('Cookie', cookie);
      expect(up.status).toBe(200);
    } finally {
      await partial.close();
    }
  });

  it('answers 503 when a service accepts the connection but never answers (proxy timeout)', async () => {
    const silent = net.createServer(() => {}); // accepts, reads nothing, answers nothing
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const port = (silent.address() as net.AddressInfo).port;
    const partial = await testGateway({ proxyTimeoutMs: 300, services: { ...config.services, sector: `http://127.0.0.1:${port}` } });
    try {
      const started = Date.now();
      const res = await request(partial.app)
        .get(`/api/companies/${alice.companyId}/${statusSegment('sector')}`)
        .set('Cookie', alice.cookie);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: serviceUnavailableMessage('sector') });
      // undici checks its timeouts on a coarse (about 1 s) clock: 300 ms here, 30 s in production.
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      await partial.close();
      silent.close();
    }
  });
});

describe('plain signed-in reads (session read without express-session)', () => {
  /** A new user; `key` is its session's Redis key. */
  async function freshUser() {
    const agent = request.agent(gw.app);
    const res = await postJson(agent, '/api/register', newRegistration());
    return { agent, companyId: res.body.companyId as string, key: sessionKey(config, sessionIdFrom(res.headers['set-cookie'])!) };
  }
  const edit = async (key: string, change: Record<string, unknown>) => {
    const stored = { ...(JSON.parse((await gw.redis!.get(key))!) as Record<string, unknown>), ...change };
    await gw.redis!.set(key, JSON.stringify(stored), 'KEEPTTL');
  };

  it('checks the cookie signature exactly as express-session signs it', async () => {
    const res = await postJson(request(gw.app), '/api/register', newRegistration());
    const cookie = sessionCookieFrom(res.headers['set-cookie'])!;
    const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';')));
    const sid = sessionIdFrom(res.headers['set-cookie'])!;
    expect(unsignSessionId(value, config.sessionSecret)).toBe(sid);
    expect(decodeURIComponent(signedCookieValue(sid))).toBe(value);
    expect(unsignSessionId(value, 'another-secret')).toBeNull();
    expect(unsignSessionId(value.replace(sid, `${sid.slice(0, -1)}${sid.endsWith('A') ? 'B' : 'A'}`), config.sessionSecret)).toBeNull();
    expect(unsignSessionId(value.slice(2), config.sessionSecret)).toBeNull();
    expect(unsignSessionId(`${value}x`, config.sessionSecret)).toBeNull();
  });

  it('proxies without writing the session (no Set-Cookie, TTL untouched)', async () => {
    const u = await freshUser();
    await gw.redis!.expire(u.key, 600);
    const res = await u.agent.get(`/api/companies/${u.companyId}/third-parties`);
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res.headers['set-cookie'])).toBeUndefined();
    expect(await gw.redis!.ttl(u.key)).toBeLessThanOrEqual(600);
  });

  it('pushes the expiry back on a read when it is due (through express-session)', async () => {
    const u = await freshUser();
    await edit(u.key, { touchedAt: Date.now() - 61_000 });
    const res = await u.agent.get(`/api/companies/${u.companyId}/third-parties`);
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res.headers['set-cookie'])).toBeTruthy();
    expect(await gw.redis!.ttl(u.key)).toBeGreaterThan(30 * 60);
  });

  it('ends the session on a read past the 12 h lifetime or the idle timeout', async () => {
    for (const change of [{ loginAt: Date.now() - 12 * 3600_000 - 1000 }, { touchedAt: Date.now() - 32 * 60_000 }]) {
      const u = await freshUser();
      await edit(u.key, change);
      const res = await u.agent.get(`/api/companies/${u.companyId}/third-parties`);
      expect(res.status).toBe(401);
      expect(await redisHas(gw.redis!, u.key)).toBe(false);
    }
  });

  it('answers with the same security headers as the ordinary chain, and a request id kept end to end', async () => {
    const u = await freshUser();
    const fast = await u.agent.get(`/api/companies/${u.companyId}/third-parties`).set(HEADERS.requestId, 'trace-42.a');
    expect(fast.status).toBe(200);
    expect(fast.headers[HEADERS.requestId]).toBe('trace-42.a');
    // The gateway's own route goes through Express, helmet's middleware included.
    const ordinary = await u.agent.get('/api/user');
    expect(ordinary.status).toBe(200);
    const security = [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'strict-transport-security',
      'referrer-policy',
    ];
    for (const name of security) {
      expect(ordinary.headers[name]).toBeTruthy();
      expect(fast.headers[name]).toBe(ordinary.headers[name]);
    }
    expect(fast.headers['x-powered-by']).toBeUndefined();
    // An id that does not look like one is replaced, never echoed.
    const odd = await u.agent.get(`/api/companies/${u.companyId}/third-parties`).set(HEADERS.requestId, 'a b<c>');
    expect(odd.headers[HEADERS.requestId]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a forged or foreign cookie and keeps the tenancy guard', async () => {
    const u = await freshUser();
    const forged = signedCookieValue(u.key.slice(u.key.lastIndexOf(':') + 1)).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const res = await request(gw.app).get(`/api/companies/${u.companyId}/third-parties`).set('Cookie', `xaalis.sid=${forged}`);
    expect(res.status).toBe(401);
    const other = await u.agent.get(`/api/companies/${alice.companyId}/third-parties`);
    expect(other.status).toBe(404);
  });
});

describe('GET /api/health', () => {
  it("reports the gateway's checks and each service to a holder of the internal token", async () => {
    const res = await request(gw.app).get('/api/health').set(HEADERS.internalToken, config.internalToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      service: 'gateway',
      checks: { database: true, redis: true },
      services: { accounting: 'ok', hr: 'ok' },
    });
    expect(['ok', 'degraded']).toContain(res.body.status);
  });
});

/** The cookie value express-session sets for `sid` (URI-encoded `s:<sid>.<signature>`). */
function signedCookieValue(sid: string): string {
  const mac = createHmac('sha256', config.sessionSecret).update(sid).digest('base64').replace(/=+$/, '');
  return encodeURIComponent(`s:${sid}.${mac}`);
}
