// Fault test: Redis stopped under a running gateway, then started again. Signed-in calls answer
// 503 JSON within a second while it is down, and sign-in works again once it is back, without
// restarting the gateway. A private redis-server on its own port (the shared one on 6379 serves
// the other test files in parallel).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import request from 'supertest';
import { HEADERS, MESSAGES_HTTP, type Company } from '@xaalis/contracts';
import type { Gateway } from '../../app';
import { loadConfig } from '../../config';
import { freePort } from '../../test-support/services';
import { newRegistration, postJson, sessionCookieFrom, testGateway } from '../../test-support/gateway';

// Argon2 hashing on a busy 2-core machine, plus a Redis restart and reconnection.
jest.setTimeout(30_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a Redis server answers PING on the port (a raw RESP exchange, no client to clean up). */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/**
 * Starts a redis-server without persistence (its data is gone after a restart) and waits until it
 * answers; resolves to the function that stops it (SIGTERM, SIGKILL if it lingers; idempotent).
 */
async function startRedis(port: number): Promise<() => Promise<void>> {
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let spawnError: Error | null = null;
  child.on('error', (err) => (spawnError = err));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (exited()) return;
    const exit = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await exit;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 10_000;
  while (!(await pings(port))) {
    if (spawnError || exited() || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server on port ${port} did not start: ${spawnError ?? ''}\n${output}`);
    }
    await sleep(50);
  }
  return stop;
}

/**
 * A stand-in accounting service: the internal company routes the gateway calls at registration and
 * sign-in, and one owned path (/api/invoices) answering with the identity the gateway forwarded.
 */
async function startAccountingStandIn(): Promise<{ url: string; close(): Promise<void> }> {
  const companies = new Map<string, Company>();
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'POST' && path === '/internal/companies') {
        const input = JSON.parse(raw) as Pick<Company, 'id' | 'name' | 'address' | 'phone' | 'email' | 'sector'>;
        const now = new Date().toISOString();
        const company: Company = {
          registrationNumber: null,
          taxNumber: null,
          fiscalYear: String(new Date().getFullYear()),
          createdAt: now,
          updatedAt: now,
          ...input,
        };
        companies.set(company.id, company);
        json(res, 201, company);
        return;
      }
      const company = /^\/api\/companies\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && company) {
        const found = companies.get(decodeURIComponent(company[1]));
        json(res, found ? 200 : 404, found ?? { message: MESSAGES_HTTP.notFound });
        return;
      }
      if (req.method === 'GET' && path === '/api/invoices') {
        json(res, 200, { companyId: req.headers[HEADERS.companyId], userId: req.headers[HEADERS.userId] });
        return;
      }
      json(res, 404, { message: MESSAGES_HTTP.notFound });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The request's answer and how long it took (ms). */
async function timed(req: request.Test): Promise<{ res: request.Response; ms: number }> {
  const started = Date.now();
  const res = await req;
  return { res, ms: Date.now() - started };
}

const cookiePair = (res: request.Response): string => {
  const cookie = sessionCookieFrom(res.headers['set-cookie']);
  if (!cookie) throw new Error(`no session cookie in the answer (status ${res.status})`);
  return cookie.split(';')[0];
};

let redisPort: number;
/** Stops the current redis-server (idempotent; afterAll calls it whatever happened). */
let stopRedis: () => Promise<void> = async () => {};
let accounting: Awaited<ReturnType<typeof startAccountingStandIn>>;
let gw: Gateway;

beforeAll(async () => {
  redisPort = await freePort();
  stopRedis = await startRedis(redisPort);
  accounting = await startAccountingStandIn();
  gw = await testGateway({
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    services: { ...loadConfig().services, accounting: accounting.url },
  });
});

afterAll(async () => {
  // The gateway first, so its Redis client does not start reconnecting to a stopped server.
  await gw?.close();
  await stopRedis();
  await accounting?.close();
});

it('answers 503 JSON within a second while Redis is stopped, and signs in again once it is back', async () => {
  const form = newRegistration();
  const registered = await postJson(request(gw.app), '/api/register', form);
  expect(registered.status).toBe(201);
  const cookie = cookiePair(registered);
  const companyId = (registered.body as { companyId: string }).companyId;
  const login = () => postJson(request(gw.app), '/api/login', { username: form.username, password: form.password });

  // Signed in: the gateway's own route and a proxied read (the read-only session path).
  expect((await request(gw.app).get('/api/user').set('Cookie', cookie)).status).toBe(200);
  const read = await request(gw.app).get('/api/invoices').set('Cookie', cookie);
  expect(read.status).toBe(200);
  expect(read.body).toEqual({ companyId, userId: (registered.body as { id: string }).id });

  // Redis stops (its sessions with it).
  await stopRedis();

  // Calls keep coming for a while (the client's reconnection delay grows meanwhile): each one
  // gets the 503 JSON answer within a second, never a hang or a 500.
  const unavailable = { message: MESSAGES_HTTP.sessionUnavailable };
  const calls = {
    user: () => request(gw.app).get('/api/user').set('Cookie', cookie),
    proxied: () => request(gw.app).get('/api/invoices').set('Cookie', cookie),
    login,
  };
  const outageEnds = Date.now() + 2_000;
  do {
    for (const [name, call] of Object.entries(calls) as [keyof typeof calls, () => request.Test][]) {
      const { res, ms } = await timed(call());
      expect({ name, status: res.status, body: res.body as unknown }).toEqual({ name, status: 503, body: unavailable });
      expect(ms).toBeLessThan(1000);
    }
    await sleep(200);
  } while (Date.now() < outageEnds);

  // Redis is back on the same port, empty: the gateway reconnects by itself and sign-in works again.
  stopRedis = await startRedis(redisPort);
  const deadline = Date.now() + 8_000;
  let again = await login();
  while (again.status === 503 && Date.now() < deadline) {
    await sleep(100);
    again = await login();
  }
  expect(again.status).toBe(200);
  const newCookie = cookiePair(again);

  const back = await request(gw.app).get('/api/user').set('Cookie', newCookie);
  expect(back.status).toBe(200);
  expect(back.body).toMatchObject({ username: form.username, companyId });
  const readAgain = await request(gw.app).get('/api/invoices').set('Cookie', newCookie);
  expect(readAgain.status).toBe(200);
  expect(readAgain.body).toMatchObject({ companyId });
  // The old session did not survive the restart (no persistence): signed out, not an error.
  expect((await request(gw.app).get('/api/user').set('Cookie', cookie)).status).toBe(401);
});
