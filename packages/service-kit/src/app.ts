import { randomUUID } from 'node:crypto';
import express, { type Express, type Router } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Sequelize } from 'sequelize';
import type { Redis } from 'ioredis';
import { HEADERS } from '@xaalis/contracts';
import { sendDraining, type Drain } from './drain';
import { errorHandler, notFoundHandler } from './errors';
import { requireInternalToken, requireRole, requireSameCompany } from './tenant';
import { errorSerializer, type Logger } from './logger';

export interface ServiceAppOptions {
  name: string;
  log: Logger;
  internalToken: string;
  sequelize: Sequelize;
  /** null in the single-process fallback (no Redis). */
  redis: Redis | null;
  /** Set while the process shuts down: /ready answers 503 'draining' (the server still answers the rest). */
  drain?: Pick<Drain, 'draining'>;
  /** Mounted at /api (behind the internal token). */
  api: Router;
  /** Mounted at /internal (service-to-service calls, behind the internal token). */
  internal?: Router;
  bodyLimit?: string;
}

/**
 * The Express app every service shares: request ids propagated from the gateway,
 * structured logs, helmet, JSON bodies, health and readiness probes, the internal
 * token check, and one JSON error handler.
 */
export function createServiceApp(opts: ServiceAppOptions): Express {
  const app = express();
  // Before the first route: the app's router is made with it (each Router is made by caseSensitiveRouter).
  app.set('case sensitive routing', true);
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(
    pinoHttp({
      logger: opts.log,
      genReqId: (req, res) => {
        const id = (req.headers[HEADERS.requestId] as string | undefined) ?? randomUUID();
        res.setHeader(HEADERS.requestId, id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/ready' },
      // Never log headers: they carry the internal token and the gateway's tenant headers.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        // pino-http replaces the logger's serializers with its own: keep errors cleaned of SQL and bound values.
        err: errorSerializer,
      },
    }),
  );
  app.use(helmet());

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', service: opts.name });
  });
  app.get('/ready', async (_req, res) => {
    if (opts.drain?.draining) {
      sendDraining(res, opts.name);
      return;
    }
    const checks: Record<string, boolean> = {};
    checks.database = await opts.sequelize
      .query('SELECT 1')
      .then(() => true)
      .catch(() => false);
    if (opts.redis)
      checks.redis = await opts.redis.ping().then(
        () => true,
        () => false,
      );
    const ok = Object.values(checks).every(Boolean);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'unavailable', service: opts.name, checks });
  });

  const guard = requireInternalToken(opts.internalToken);
  app.use(express.json({ limit: opts.bodyLimit ?? '1mb' }));
  app.use('/api', guard);
  // Routers also declare requireSameCompany on their company routes; this
  // catch-all makes forgetting it harmless: another company's path is a 404.
  app.use('/api/companies/:companyId', requireSameCompany);
  // The gateway checked the membership; the role it sent decides which calls go through.
  app.use('/api', requireRole);
  app.use('/api', opts.api);
  if (opts.internal) app.use('/internal', guard, opts.internal);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
