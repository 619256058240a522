import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { HEADERS, SERVICES, type ServiceName } from '@xaalis/contracts';
import { createDrain } from '@xaalis/service-kit';
import { createGatewayApp, type Gateway } from '../../app';
import { loadConfig } from '../../config';
import { testGateway } from '../../test-support/gateway';
import { HEALTH_CACHE_MS } from './routes';

const TOKEN = 'health-test-internal-token-0123456789abcdef';

/** Stand-ins for the three services: count the /health probes, answer `status`. */
interface StubService {
  url: string;
  hits: number;
  status: number;
  close(): Promise<void>;
}

async function stubService(): Promise<StubService> {
  const stub = { hits: 0, status: 200 };
  const server = http.createServer((req, res) => {
    if (req.url === '/health') stub.hits++;
    res.writeHead(stub.status, { 'Content-Type': 'application/json' }).end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return Object.assign(stub, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}

let stubs: Record<ServiceName, StubService>;
let gw: Gateway;

beforeEach(async () => {
  stubs = Object.fromEntries(await Promise.all(SERVICES.map(async (s) => [s, await stubService()] as const))) as Record<
    ServiceName,
    StubService
  >;
  const services = Object.fromEntries(SERVICES.map((s) => [s, stubs[s].url])) as Record<ServiceName, string>;
  gw = await testGateway({ services, internalToken: TOKEN });
});

afterEach(async () => {
  jest.restoreAllMocks();
  await gw.close();
  await Promise.all(SERVICES.map((s) => stubs[s].close()));
});

const health = (token?: string) => {
  const req = request(gw.app).get('/api/health');
  return token === undefined ? req : req.set(HEADERS.internalToken, token);
};

describe('GET /api/health', () => {
  it('tells the public only the overall status', async () => {
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('gives the details only with the right internal token', async () => {
    expect((await health('wrong-token')).body).toEqual({ status: 'ok' });
    expect((await health(TOKEN.slice(0, -1))).body).toEqual({ status: 'ok' });
    const res = await health(TOKEN);
    expect(res.body).toEqual({
      status: 'ok',
      service: 'gateway',
      checks: { database: true, redis: true },
      services: { accounting: 'ok', hr: 'ok', sector: 'ok' },
    });
  });

  it('says degraded without saying what is down', async () => {
    stubs.hr.status = 500;
    expect((await health()).body).toEqual({ status: 'degraded' });
    expect((await health(TOKEN)).body.services).toEqual({ accounting: 'ok', hr: 'unavailable', sector: 'ok' });
  });

  it('probes the services once per cache period, however many calls arrive', async () => {
    const burst = await Promise.all(Array.from({ length: 20 }, () => health()));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    await health(TOKEN);
    expect(SERVICES.map((s) => stubs[s].hits)).toEqual([1, 1, 1]);

    // Once the cache period is over, the next call probes again.
    const later = Date.now() + HEALTH_CACHE_MS;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    await health();
    expect(SERVICES.map((s) => stubs[s].hits)).toEqual([2, 2, 2]);
  });
});

describe('GET /health', () => {
  it('stays a plain liveness answer', async () => {
    expect((await request(gw.app).get('/health')).body).toEqual({ status: 'ok', service: 'gateway' });
  });
});

describe('GET /ready', () => {
  it('is ready while services are down: the gateway answers their 503 itself', async () => {
    for (const s of SERVICES) stubs[s].status = 500;
    const res = await request(gw.app).get('/ready');
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { status: 'ready', service: 'gateway' } });
  });

  it('answers 503 draining while the server drains, /health staying 200', async () => {
    const drain = createDrain(0);
    const draining = await createGatewayApp(loadConfig({ internalToken: TOKEN }), { drain });
    try {
      expect((await request(draining.app).get('/ready')).status).toBe(200);
      await drain.begin();
      const res = await request(draining.app).get('/ready');
      expect({ status: res.status, body: res.body }).toEqual({ status: 503, body: { status: 'draining', service: 'gateway' } });
      expect((await request(draining.app).get('/health')).status).toBe(200);
    } finally {
      await draining.close();
    }
  });
});
