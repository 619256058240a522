// Test helpers: the three domain services and their workers started in-process from their
// sources (jest transforms them; a computed path keeps them out of the gateway's tsc project),
// behind an in-process gateway, with the routes each service's Express app declares.
import path from 'node:path';
import request from 'supertest';
import { SERVICES, type ServiceName } from '@xaalis/contracts';
import { listRoutes, type DiscoveredRoute, type RunningService, type RunningWorker, type ServiceRunner } from '@xaalis/service-kit';
import type { Gateway } from '../app';
import { loadConfig } from '../config';
import { newRegistration, postJson, testGateway } from './gateway';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const RUNNERS: Record<ServiceName, string> = { accounting: 'accountingService', hr: 'hrService', sector: 'sectorService' };

export interface Stack {
  gw: Gateway;
  services: Record<ServiceName, RunningService>;
  /** Every route of every service, `/health` and `/ready` left out. */
  routes: (DiscoveredRoute & { service: ServiceName })[];
  close(): Promise<void>;
}

const envName = (service: ServiceName) => `${service.toUpperCase()}_URL`;

async function runnerOf(name: ServiceName): Promise<ServiceRunner> {
  const file = path.join(ROOT, 'services', name, 'src', 'definition');
  const mod = (await import(file)) as Record<string, ServiceRunner | undefined>;
  const runner = mod[RUNNERS[name]];
  if (!runner) throw new Error(`${file} no longer exports ${RUNNERS[name]}: update test-support/stack.ts`);
  return runner;
}

/** Services (migrated first, one after the other), their workers, then the gateway in front. */
export async function startStack(): Promise<Stack> {
  const services = {} as Record<ServiceName, RunningService>;
  const workers: RunningWorker[] = [];
  // Services call each other at <NAME>_URL, read when their routers are built: each one
  // started is announced before the next starts (put back on close for the next test file).
  const saved = Object.fromEntries([...SERVICES.map(envName), 'REDIS_PREFIX'].map((name) => [name, process.env[name]]));
  // Its own Redis prefix: the stack's workers must not take the jobs of other test files running
  // at the same time (they share the run's database and Redis).
  process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}_stack`;
  for (const name of SERVICES) {
    const runner = await runnerOf(name);
    services[name] = await runner.start({ port: 0 });
    process.env[envName(name)] = `http://127.0.0.1:${services[name].port}`;
    workers.push(await runner.startWorker());
  }
  const config = loadConfig();
  const urls = Object.fromEntries(SERVICES.map((s) => [s, `http://127.0.0.1:${services[s].port}`])) as Record<ServiceName, string>;
  const gw = await testGateway({ services: { ...config.services, ...urls } });
  const routes = SERVICES.flatMap((service) =>
    listRoutes(services[service].app)
      .filter((r) => r.path !== '/health' && r.path !== '/ready')
      .map((r) => ({ ...r, service })),
  );
  return {
    gw,
    services,
    routes,
    async close() {
      await gw.close();
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(Object.values(services).map((s) => s.close()));
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) Reflect.deleteProperty(process.env, name);
        else process.env[name] = value;
      }
    },
  };
}

export type Agent = ReturnType<typeof request.agent>;
export interface SignedIn {
  agent: Agent;
  companyId: string;
}

/** Registers a user and company through the gateway; the agent keeps the session cookie. */
export async function signUp(gw: Gateway, ip: string, extra: Record<string, unknown> = {}): Promise<SignedIn> {
  const agent = request.agent(gw.app);
  const res = await postJson(agent, '/api/register', newRegistration({ sector: 'restauration', ...extra }), ip);
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return { agent, companyId: (res.body as { companyId: string }).companyId };
}
