import { Router } from 'express';
import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize';
import { SERVICES, type ServiceName } from '@xaalis/contracts';

const PROBE_TIMEOUT_MS = 1_000;

/** false unless `check` succeeds within the probe timeout. */
const within = (check: Promise<unknown>) =>
  Promise.race([
    check.then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((r) => setTimeout(r, PROBE_TIMEOUT_MS, false).unref()),
  ]);

async function probe(url: string): Promise<'ok' | 'unavailable'> {
  try {
    const res = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await res.body?.cancel();
    return res.ok ? 'ok' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/**
 * GET /health: the gateway process is up (liveness).
 * GET /api/health: the gateway's database and Redis, and each service's /health,
 * probed in parallel with a short timeout. Always 200 while the gateway itself
 * answers; `status` says whether everything is up.
 */
export function healthRoutes(deps: { sequelize: Sequelize; redis: Redis | null; services: Record<ServiceName, string> }): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  router.get('/api/health', async (_req, res) => {
    const [database, redis, ...states] = await Promise.all([
      within(deps.sequelize.query('SELECT 1')),
      deps.redis ? within(deps.redis.ping()) : Promise.resolve(null),
      ...SERVICES.map((s) => probe(deps.services[s])),
    ]);
    const services = Object.fromEntries(SERVICES.map((s, i) => [s, states[i]]));
    const ok = database && redis !== false && states.every((s) => s === 'ok');
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: ok ? 'ok' : 'degraded', service: 'gateway', checks: { database, redis }, services });
  });
  return router;
}
