// Helpers for the service's integration tests (real Postgres and Redis from the
// Jest global setup; nothing is mocked). Not imported by the service itself.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import type { SectorModule } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from './server';

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

export interface ServiceWithStandIns {
  service: RunningService;
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
    urls,
    async close() {
      await service.close();
      for (const server of servers) await new Promise((resolve) => server.close(resolve));
      Object.assign(process.env, Object.fromEntries(saved));
    },
  };
}
