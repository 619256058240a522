import { createHash, timingSafeEqual } from 'node:crypto';
import type { Router } from 'express';
import { caseSensitiveRouter, sendDraining, type Drain } from '@xaalis/service-kit';
import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize';
import { HEADERS, SERVICES, type ServiceName } from '@xaalis/contracts';

const PROBE_TIMEOUT_MS = 1_000;
/** A flood of /api/health calls probes the database, Redis and the services at most once per this delay. */
export const HEALTH_CACHE_MS = 5_000;

type ServiceState = 'ok' | 'unavailable';

export interface HealthReport {
  status: 'ok' | 'degraded';
  service: 'gateway';
  checks: { database: boolean; redis: boolean | null };
  services: Record<ServiceName, ServiceState>;
}

/** false unless `check` succeeds within the probe timeout. */
const within = (check: Promise<unknown>) =>
  Promise.race([
    check.then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((r) => setTimeout(r, PROBE_TIMEOUT_MS, false).unref()),
  ]);

async function probe(url: string): Promise<ServiceState> {
  try {
    const res = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await res.body?.cancel();
    return res.ok ? 'ok' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

// Digests first: equal lengths for timingSafeEqual, and the token's length does not leak either.
const digest = (s: string) => createHash('sha256').update(s).digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

export interface HealthDeps {
  sequelize: Sequelize;
  redis: Redis | null;
  services: Record<ServiceName, string>;
  /** Callers holding it (operators, monitoring) see the details. */
  internalToken: string;
  cacheMs?: number;
  /** Set while the gateway shuts down: /ready answers 503 'draining'. */
  drain?: Pick<Drain, 'draining'>;
}

/**
 * GET /health: the gateway process is up (liveness).
 * GET /ready: 200 unless the gateway is draining (503 'draining': take it out of the balancing,
 * it still answers). Postgres, Redis and the services are not checked: while one is down the
 * gateway answers 503 JSON itself, which beats every replica leaving the Service.
 * GET /api/health: the gateway's database and Redis, and each service's /health,
 * probed in parallel with a short timeout, at most once per `cacheMs` (concurrent
 * calls share one probe). Always 200 while the gateway itself answers. Anyone gets
 * `{status}` only; the checks and the services' states (a map of what is down) need
 * the internal token header.
 */
export function healthRoutes(deps: HealthDeps): Router {
  const cacheMs = deps.cacheMs ?? HEALTH_CACHE_MS;
  let cached: { at: number; report: Promise<HealthReport> } | null = null;

  async function check(): Promise<HealthReport> {
    const [database, redis, ...states] = await Promise.all([
      within(deps.sequelize.query('SELECT 1')),
      deps.redis ? within(deps.redis.ping()) : Promise.resolve(null),
      ...SERVICES.map((s) => probe(deps.services[s])),
    ]);
    const services = Object.fromEntries(SERVICES.map((s, i) => [s, states[i]])) as Record<ServiceName, ServiceState>;
    const ok = database && redis !== false && states.every((s) => s === 'ok');
    return { status: ok ? 'ok' : 'degraded', service: 'gateway', checks: { database, redis }, services };
  }

  function report(): Promise<HealthReport> {
    const now = Date.now();
    if (!cached || now - cached.at >= cacheMs) cached = { at: now, report: check() };
    return cached.report;
  }

  const router = caseSensitiveRouter();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  router.get('/ready', (_req, res) => {
    if (deps.drain?.draining) sendDraining(res, 'gateway');
    else res.json({ status: 'ready', service: 'gateway' });
  });
  router.get('/api/health', async (req, res) => {
    const result = await report();
    const token = req.get(HEADERS.internalToken);
    res.setHeader('Cache-Control', 'no-store');
    res.json(token !== undefined && sameSecret(token, deps.internalToken) ? result : { status: result.status });
  });
  return router;
}
