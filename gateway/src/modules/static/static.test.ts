import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { MESSAGES_HTTP } from '@xaalis/contracts';
import { notFoundHandler } from '@xaalis/service-kit';
import { loadConfig, remotesFromEnv } from '../../config';
import { testGateway } from '../../test-support/gateway';
import type { Gateway } from '../../app';
import { remotesConfigRoute, staticRoutes } from './routes';

// Argon2 hashing and child services are slow under parallel workers (the project-level testTimeout is not applied by Jest).
jest.setTimeout(30_000);

let dir: string;
beforeAll(() => {
  // A fake build tree: shell/dist and mfe-hr/dist, no mfe-sector build.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-static-'));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  };
  write('shell/dist/index.html', '<!doctype html><title>Xaalis</title>');
  write('shell/dist/main.3f9a1c2b7d4e5f60.js', 'console.log(1)');
  write('mfe-hr/dist/remoteEntry.js', 'var hr;');
  write('mfe-hr/dist/412.9ab8c7d6e5f40312.js', 'chunk');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const appFor = (staticDir: string) => express().use(staticRoutes(staticDir)).use(notFoundHandler);

describe('static serving (local mode)', () => {
  it('serves index.html without caching and hashed assets for a year', async () => {
    const app = appFor(dir);
    const index = await request(app).get('/').set('Accept', 'text/html');
    expect(index.status).toBe(200);
    expect(index.text).toContain('<title>Xaalis</title>');
    expect(index.headers['cache-control']).toBe('no-cache');

    const asset = await request(app).get('/main.3f9a1c2b7d4e5f60.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves each remote under /remotes/<name>/, remoteEntry.js revalidated', async () => {
    const app = appFor(dir);
    const entry = await request(app).get('/remotes/hr/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/remotes/hr/412.9ab8c7d6e5f40312.js')).headers['cache-control']).toMatch(/immutable/);
    const missing = await request(app).get('/remotes/sector/remoteEntry.js');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: MESSAGES_HTTP.notFound });
  });

  it('falls back to the shell for client routes, not for /api, /config, /remotes or non-HTML requests', async () => {
    const app = appFor(dir);
    const page = await request(app).get('/factures').set('Accept', 'text/html,application/xhtml+xml');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Xaalis</title>');
    for (const url of ['/api/whatever', '/config/other.json', '/remotes/accounting/x.js']) {
      expect((await request(app).get(url).set('Accept', 'text/html')).status).toBe(404);
    }
    expect((await request(app).get('/factures').set('Accept', 'application/json')).status).toBe(404);
    expect((await request(app).post('/factures').set('Accept', 'text/html')).status).toBe(404);
  });

  it('explains in French when the front end is not built', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-empty-'));
    try {
      const res = await request(appFor(empty)).get('/').set('Accept', 'text/html');
      expect(res.status).toBe(503);
      expect(res.text).toContain('npm run build');
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('GET /config/remotes.json', () => {
  it('lists every remote under /remotes/<name>/ by default', async () => {
    const res = await request(express().use(remotesConfigRoute(remotesFromEnv({})))).get('/config/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({
      remotes: [
        { name: 'accounting', entry: '/remotes/accounting/remoteEntry.js' },
        { name: 'hr', entry: '/remotes/hr/remoteEntry.js' },
        { name: 'sector', entry: '/remotes/sector/remoteEntry.js' },
      ],
    });
  });

  it('honours REMOTES_DISABLED and REMOTE_<NAME>_URL', () => {
    expect(remotesFromEnv({ REMOTES_DISABLED: 'sector, accounting', REMOTE_HR_URL: 'https://cdn.example/hr/remoteEntry.js' })).toEqual({
      remotes: [{ name: 'hr', entry: 'https://cdn.example/hr/remoteEntry.js' }],
    });
  });
});

describe('the whole gateway', () => {
  let gw: Gateway;
  beforeAll(async () => {
    const config = loadConfig(
      { staticDir: dir },
      { ...process.env, REMOTES_DISABLED: 'sector', REMOTE_HR_URL: 'https://cdn.example/hr/remoteEntry.js' },
    );
    gw = await testGateway(config);
  });
  afterAll(() => gw?.close());

  it('serves remotes.json from its environment, and the shell with a CSP allowing the remote origin', async () => {
    const remotes = await request(gw.app).get('/config/remotes.json');
    expect(remotes.body.remotes.map((r: { name: string }) => r.name)).toEqual(['accounting', 'hr']);
    expect(remotes.body.remotes[1].entry).toBe('https://cdn.example/hr/remoteEntry.js');

    const page = await request(gw.app).get('/tresorerie').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://cdn.example");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers['x-request-id']).toBeTruthy();
  });

  it('answers unknown non-page paths with 404 JSON', async () => {
    const res = await request(gw.app).get('/nothing.js').set('Accept', 'application/javascript');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: MESSAGES_HTTP.notFound });
  });
});
