import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { MESSAGES_ENTRY_IMPORT, MESSAGES_HTTP } from '@xaalis/contracts';
import type { Gateway } from '../app';
import { testGateway } from '../test-support/gateway';
import { nginxBinary, rawRequest, startNginx, type RawResponse, type RunningNginx } from '../test-support/nginx';

// The nginx of docker-compose (infra/docker), run by Debian's nginx in front of a real
// gateway or of an echo server that shows what nginx forwards.

/** The headers helmet sets on the gateway's answers, which nginx must send identically on the front ends. */
const HELMET_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const STATIC_PATHS = ['/', '/comptabilite/ecritures', '/remotes/accounting/remoteEntry.js', '/remotes/accounting/main.1234.js'];

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; upstream: string }> {
  const server = http.createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, upstream: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const closeServer = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

const describeWithNginx = nginxBinary() ? describe : describe.skip;
if (!nginxBinary()) console.warn('nginx is not installed: the nginx tests are skipped (apt-get install -y nginx-light)');

describeWithNginx('nginx in front of the gateway', () => {
  let gw: Gateway;
  let gatewayServer: http.Server;
  let gatewayPort: number;
  let nginx: RunningNginx;
  /** The same nginx with the Host header of the original config ($host, no port). */
  let oldNginx: RunningNginx;

  beforeAll(async () => {
    gw = await testGateway();
    const running = await listen(gw.app);
    gatewayServer = running.server;
    gatewayPort = Number(running.upstream.split(':')[1]);
    [nginx, oldNginx] = await Promise.all([
      startNginx({ mode: 'http', upstream: running.upstream }),
      startNginx({
        mode: 'http',
        upstream: running.upstream,
        editSite: (site) => site.replace('proxy_set_header Host $http_host;', 'proxy_set_header Host $host;'),
      }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([nginx?.close(), oldNginx?.close()]);
    if (gatewayServer) await closeServer(gatewayServer);
    await gw?.close();
  });

  /** POST /api/login as the browser on http://localhost:<port> sends it. */
  const browserLogin = (port: number) =>
    rawRequest({
      port,
      method: 'POST',
      path: '/api/login',
      headers: { Origin: `http://localhost:${port}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'personne_nginx_test', password: 'mauvais-mot-de-passe' }),
    });

  it('lets a same-origin write through the CSRF check on a non-default port', async () => {
    const res = await browserLogin(nginx.httpPort);
    expect(res.status).not.toBe(403);
    expect([400, 401]).toContain(res.status); // reached the login route: unknown user
  });

  it('(the former `Host $host` refused the same write as cross-origin)', async () => {
    const res = await browserLogin(oldNginx.httpPort);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toEqual({ message: MESSAGES_HTTP.csrf });
  });

  it('still refuses a foreign Origin', async () => {
    const res = await rawRequest({
      port: nginx.httpPort,
      method: 'POST',
      path: '/api/login',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it("sends the gateway's security headers, CSP included, on every front-end file", async () => {
    const fromGateway = await rawRequest({ port: gatewayPort, path: '/health' });
    const expected = Object.fromEntries(HELMET_HEADERS.map((h) => [h, fromGateway.headers[h]]));
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(expected['x-frame-options']).toBe('DENY');
    for (const h of HELMET_HEADERS) expect(expected[h]).toBeDefined();

    const responses: RawResponse[] = await Promise.all(STATIC_PATHS.map((p) => rawRequest({ port: nginx.httpPort, path: p })));
    for (const [i, res] of responses.entries()) {
      expect({ path: STATIC_PATHS[i], status: res.status }).toEqual({ path: STATIC_PATHS[i], status: 200 });
      expect(Object.fromEntries(HELMET_HEADERS.map((h) => [h, res.headers[h]]))).toEqual(expected);
      expect(res.headers['cache-control']).toBeDefined(); // the per-location header is kept beside them
      expect(res.headers['strict-transport-security']).toBeUndefined(); // plain HTTP
      expect(res.headers.server).toBe('nginx'); // server_tokens off: no version
    }
    // Error pages too.
    const missing = await rawRequest({ port: nginx.httpPort, path: '/remotes/accounting/absent.js' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(expected['content-security-policy']);
    expect(missing.headers['x-frame-options']).toBe('DENY');
  });

  it("passes the gateway's own headers through /api unchanged (no duplicates)", async () => {
    const fromGateway = await rawRequest({ port: gatewayPort, path: '/api/user' });
    const viaNginx = await rawRequest({ port: nginx.httpPort, path: '/api/user' });
    expect(viaNginx.status).toBe(401);
    for (const h of HELMET_HEADERS) expect(viaNginx.headers[h]).toBe(fromGateway.headers[h]);
  });
});

describeWithNginx('what nginx forwards to the gateway', () => {
  let echo: http.Server;
  let upstream: string;
  let plain: RunningNginx;
  let tls: RunningNginx;

  beforeAll(async () => {
    ({ server: echo, upstream } = await listen((req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(req.headers));
    }));
    [plain, tls] = await Promise.all([startNginx({ mode: 'http', upstream }), startNginx({ mode: 'tls', upstream })]);
  });

  afterAll(async () => {
    await Promise.all([plain?.close(), tls?.close()]);
    if (echo) await closeServer(echo);
  });

  const forwarded = async (port: number, headers: Record<string, string> = {}, useTls = false) =>
    JSON.parse((await rawRequest({ port, tls: useTls, path: '/api/echo', headers })).body) as Record<string, string>;

  it('plain HTTP: the Host with its port, and its own scheme', async () => {
    const seen = await forwarded(plain.httpPort);
    expect(seen.host).toBe(`localhost:${plain.httpPort}`);
    expect(seen['x-forwarded-proto']).toBe('http');
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
  });

  it("behind a TLS load balancer: the balancer's X-Forwarded-Proto (only http or https)", async () => {
    expect((await forwarded(plain.httpPort, { 'X-Forwarded-Proto': 'https' }))['x-forwarded-proto']).toBe('https');
    expect((await forwarded(plain.httpPort, { 'X-Forwarded-Proto': 'javascript' }))['x-forwarded-proto']).toBe('http');
  });

  it('lets journal-import uploads up to 64 MB through, other API bodies up to 1 MB, and answers beyond in French JSON', async () => {
    const post = (path: string, size: number) =>
      rawRequest({ port: plain.httpPort, method: 'POST', path, headers: { 'Content-Type': 'text/csv' }, body: 'x'.repeat(size) });
    const importPath = '/api/companies/4f1c2b6e-0000-4000-8000-000000000001/entry-imports?kind=entries&fileName=a.csv';
    expect((await post(importPath, 30 * 1024 * 1024)).status).toBe(200);
    expect((await post('/api/companies/4f1c2b6e-0000-4000-8000-000000000001/accounts', 2 * 1024 * 1024)).status).toBe(413);
    const tooLarge = await post(importPath, 65 * 1024 * 1024);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toEqual({ message: MESSAGES_ENTRY_IMPORT.tooLarge });
  });

  it('drops a client-supplied X-Forwarded-Host (the gateway would take it for the Host)', async () => {
    const seen = await forwarded(plain.httpPort, { 'X-Forwarded-Host': 'evil.example' });
    expect(seen['x-forwarded-host']).toBeUndefined();
  });

  it('sends HSTS on the front ends only when the browser is on HTTPS', async () => {
    const viaBalancer = await rawRequest({ port: plain.httpPort, path: '/', headers: { 'X-Forwarded-Proto': 'https' } });
    expect(viaBalancer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const overTls = await rawRequest({ port: tls.tlsPort!, tls: true, path: '/' });
    expect(overTls.status).toBe(200);
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(overTls.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('TLS in nginx: https forwarded whatever the client claims, and port 80 redirects', async () => {
    const seen = await forwarded(tls.tlsPort!, { 'X-Forwarded-Proto': 'http' }, true);
    expect(seen['x-forwarded-proto']).toBe('https');
    expect(seen.host).toBe(`localhost:${tls.tlsPort}`);
    const redirect = await rawRequest({ port: tls.httpPort, path: '/api/user?x=1' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('https://localhost/api/user?x=1');
  });
});
