import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { HEADERS } from '@xaalis/contracts';
import { internalClient, serviceUrl } from './internal-client';
import { HttpError } from './errors';

describe('internalClient', () => {
  let server: Server;
  let base: string;
  const seen: { token?: string; body?: unknown; userId?: string; role?: string }[] = [];

  beforeAll(async () => {
    const app = express().use(express.json());
    app.get('/internal/ok', (req, res) => {
      seen.push({ token: req.header(HEADERS.internalToken) });
      res.json({ ok: true });
    });
    app.post('/internal/echo', (req, res) => {
      seen.push({ userId: req.header(HEADERS.userId), role: req.header(HEADERS.role) });
      res.status(201).json(req.body);
    });
    app.get('/internal/refused', (_req, res) =>
      res.status(400).json({ message: 'Quantité invalide', issues: [{ path: 'q', message: 'x' }] }),
    );
    app.get('/internal/broken', (_req, res) => res.status(500).json({ message: 'boom' }));
    app.get('/internal/slow', (_req, res) => setTimeout(() => res.json({}), 300));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('sends the internal token and returns the JSON body', async () => {
    await expect(internalClient('accounting', 'tok', base).get('/internal/ok')).resolves.toEqual({ ok: true });
    expect(seen.at(-1)?.token).toBe('tok');
    await expect(internalClient('accounting', 'tok', base).post('/internal/echo', { a: 1 })).resolves.toEqual({ a: 1 });
  });

  it('forwards the acting user and role, and nothing that is not a uuid or a known role', async () => {
    const client = internalClient('accounting', 'tok', base);
    const userId = '0b6f8a52-3c1e-4f7a-9d2b-5e8c1a4f6d30';
    await client.post('/internal/echo', {}, { userId, role: 'collaborator' });
    expect(seen.at(-1)).toEqual({ userId, role: 'collaborator' });
    await client.post('/internal/echo', {});
    expect(seen.at(-1)).toEqual({ userId: undefined, role: undefined });
    await client.post('/internal/echo', {}, { userId: null, role: null });
    expect(seen.at(-1)).toEqual({ userId: undefined, role: undefined });
    await client.post('/internal/echo', {}, { userId: 'alice', role: 'admin' as never });
    expect(seen.at(-1)).toEqual({ userId: undefined, role: undefined });
  });

  it("keeps the owner's 4xx message and issues", async () => {
    const err = await internalClient('accounting', 'tok', base)
      .get('/internal/refused')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 400, message: 'Quantité invalide' });
  });

  it('turns 5xx, timeouts and refused connections into a French 503', async () => {
    const client = internalClient('accounting', 'tok', base);
    await expect(client.get('/internal/broken')).rejects.toMatchObject({ status: 503 });
    await expect(client.get('/internal/slow', { timeoutMs: 50 })).rejects.toMatchObject({ status: 503 });
    await expect(internalClient('hr', 'tok', 'http://127.0.0.1:1').get('/x')).rejects.toMatchObject({ status: 503 });
  });

  it('reads the base URL from <SERVICE>_URL, else the default port', () => {
    expect(serviceUrl('accounting', { ACCOUNTING_URL: 'http://acc:9' })).toBe('http://acc:9');
    expect(serviceUrl('sector', {})).toBe('http://127.0.0.1:4103');
  });
});
