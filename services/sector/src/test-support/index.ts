// Helpers for the service's integration tests (real Postgres and Redis from the
// Jest global setup; nothing is mocked). Not imported by the service itself.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import type { InternalInvoiceInput, InternalInvoiceSummary, SectorModule } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../server';

export const TOKEN = process.env.INTERNAL_TOKEN as string;

/** The headers the gateway sends for a signed-in user of `companyId`. */
export const asTenant = (companyId: string) => ({
  'X-Internal-Token': TOKEN,
  'X-Company-Id': companyId,
  'X-User-Role': 'owner',
  'X-User-Id': randomUUID(),
});

/** Switches these modules on for the company (its saved choice: the gate then needs no accounting service). */
export async function enableModules(service: RunningService, companyId: string, modules: SectorModule[]): Promise<void> {
  await request(service.app).put(`/api/companies/${companyId}/modules`).set(asTenant(companyId)).send({ modules }).expect(200);
}

/** A new company with these modules switched on in its settings. */
export async function companyWithModules(service: RunningService, modules: SectorModule[]): Promise<string> {
  const id = randomUUID();
  await enableModules(service, id, modules);
  return id;
}

/** The API path of one of a company's resources, e.g. `companyPath(id, 'rooms')`. */
export const companyPath = (companyId: string, resource: string) => `/api/companies/${companyId}/${resource}`;

/** A request of a tenancy check: method, path and, for a write, its body. */
export type Probe = [method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object];

/** The `message` of an error answer. */
export const messageOf = (res: request.Response) => (res.body as { message: string }).message;

/**
 * The skeleton of an internal service's stand-in: JSON bodies, every call
 * recorded in `calls` (prefixed with `label` when given), the connection
 * dropped while `isUp()` is false and a wrong internal token refused. Each test
 * adds its own routes.
 */
export function standIn(calls: string[], isUp: () => boolean, label?: string): express.Express {
  const app = express();
  app.use(express.json());
  app.use((req, res, next) => {
    calls.push(label ? `${label} ${req.method} ${req.path}` : `${req.method} ${req.path}`);
    if (!isUp()) req.socket.destroy();
    else if (req.get('x-internal-token') !== TOKEN) res.status(403).json({ message: 'Accès interne refusé' });
    else next();
  });
  return app;
}

/** An invoice the accounting stand-in made: what its internal route answers, with the company and the request. */
export type StandInInvoice = InternalInvoiceSummary & { companyId: string; body: InternalInvoiceInput };

export interface InvoiceCreation {
  /** The new invoice's status, total and third party; or answers the request itself (e.g. a 404) and returns null. */
  figures: (
    body: InternalInvoiceInput,
    req: express.Request<{ cid: string }>,
    res: express.Response,
  ) => Pick<InternalInvoiceSummary, 'status' | 'total' | 'thirdPartyId'> | null;
  /** True: the invoice is made, then the connection dropped (the caller cannot know it was made). */
  dropAfterCreate: () => boolean;
}

/**
 * An accounting stand-in (see `standIn`) that creates invoices like the real internal route
 * (`POST /internal/companies/:cid/invoices`), idempotently: a sourceId the company already used
 * answers its invoice (200); a new one, numbered FS-2026-NNNN in creation order, is kept in
 * `invoices` and answered 201. Each test adds its other routes to `app`.
 */
export function invoicingStandIn(
  calls: string[],
  isUp: () => boolean,
  { figures, dropAfterCreate }: InvoiceCreation,
  label?: string,
): { app: express.Express; invoices: Map<string, StandInInvoice> } {
  const app = standIn(calls, isUp, label);
  const invoices = new Map<string, StandInInvoice>();
  app.post('/internal/companies/:cid/invoices', (req: express.Request<{ cid: string }>, res) => {
    const body = req.body as InternalInvoiceInput;
    const key = `${req.params.cid}:${body.sourceId}`;
    const existing = invoices.get(key);
    if (existing) {
      res.status(200).json(existing);
      return;
    }
    const made = figures(body, req, res);
    if (!made) return;
    const invoice: StandInInvoice = {
      id: randomUUID(),
      number: `FS-2026-${String(invoices.size + 1).padStart(4, '0')}`,
      ...made,
      paidAmount: '0.00',
      date: body.date,
      sourceId: body.sourceId,
      companyId: req.params.cid,
      body,
    };
    invoices.set(key, invoice);
    if (dropAfterCreate()) req.socket.destroy();
    else res.status(201).json(invoice);
  });
  return { app, invoices };
}

export interface ServiceWithStandIns {
  service: RunningService;
  /** Requests to the service (supertest). */
  api: () => ReturnType<typeof request>;
  /** Sends each request with `headers` (another company's user) and expects 404: records of other companies do not exist for it. */
  expectNotFound(headers: Record<string, string>, probes: Probe[]): Promise<void>;
  /** Each stand-in's base URL, by its environment variable. */
  urls: Record<string, string>;
  /** Stops the service, then the stand-ins, and puts the environment back. */
  close(): Promise<void>;
}

/**
 * Starts each stand-in on a free local port with its URL in the named
 * environment variable (e.g. ACCOUNTING_URL), then the real sector service.
 */
export async function startWithStandIns(standIns: Record<string, http.RequestListener>): Promise<ServiceWithStandIns> {
  const saved = new Map<string, string | undefined>();
  const servers: http.Server[] = [];
  const urls: Record<string, string> = {};
  for (const [variable, listener] of Object.entries(standIns)) {
    const server = http.createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    saved.set(variable, process.env[variable]);
    urls[variable] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env[variable] = urls[variable];
  }
  const service = await start({ port: 0 });
  return {
    service,
    api: () => request(service.app),
    async expectNotFound(headers, probes) {
      for (const [method, path, body] of probes) {
        const req = request(service.app)[method](path).set(headers);
        await (body ? req.send(body) : req).expect(404);
      }
    },
    urls,
    async close() {
      await service.close();
      for (const server of servers) await new Promise((resolve) => server.close(resolve));
      Object.assign(process.env, Object.fromEntries(saved));
    },
  };
}

/**
 * For a test file: starts the service with these stand-ins before its tests and stops them all
 * after. The object returned is filled in by then: read `running.service` inside tests and hooks.
 */
export function runWithStandIns(standIns: Record<string, http.RequestListener>): ServiceWithStandIns {
  // `api` is there from the start, so that a test file can take it before the service runs.
  const running = { api: () => request(running.service.app) } as ServiceWithStandIns;
  beforeAll(async () => Object.assign(running, await startWithStandIns(standIns)));
  afterAll(() => running.close());
  return running;
}

export interface ChildService {
  url: string;
  stop(): Promise<void>;
}

/**
 * Another domain service, for real, as a child process: `services/<name>/dist/server.js` (built by
 * `npx tsc -b tsconfig.json`) on a free port with this run's environment (database, Redis prefix,
 * internal token), once its /health answers. For the tests that check what the owner records of
 * the sector's calls; services never import each other, even in tests.
 */
export async function startChildService(name: 'accounting' | 'hr'): Promise<ChildService> {
  const entry = path.resolve(__dirname, '..', '..', '..', name, 'dist', 'server.js');
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run "npx tsc -b tsconfig.json" first`);
  const probe = http.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  for (const deadline = Date.now() + 30_000; ;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(500) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} not healthy after 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
