import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize';
import { HEADERS, MESSAGES_HTTP } from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  createLogger,
  createRedis,
  createSequelize,
  errorHandler,
  errorSerializer,
  HttpError,
  notFoundHandler,
  type Logger,
} from '@xaalis/service-kit';
import { DEV_SESSION_SECRET, type GatewayConfig } from './config';
import { batchedStdout } from './log-output';
import { createUsersRepository, usersRoutes } from './modules/users';
import {
  createSessionReader,
  createSessionStore,
  createUserSessions,
  sessionMiddleware,
  SessionUnavailableError,
  storeCheck,
} from './modules/sessions';
import {
  createMemoryLoginLimiter,
  createMemoryRegistrationLimiter,
  createRedisLoginLimiter,
  createRedisRegistrationLimiter,
  createQuotas,
} from './modules/rate-limit';
import { csrfGuard } from './modules/csrf';
import { canonicalPathGuard } from './modules/canonical';
import { authRedirectRoutes, authRoutes } from './modules/auth';
import { companiesRoutes, createAccountingClient, createWorkspace } from './modules/companies';
import { createAccess, createMemberships, membershipsRoutes } from './modules/memberships';
import { createServiceProxy } from './modules/proxy';
import { remotesConfigRoute, staticRoutes } from './modules/static';
import { healthRoutes } from './modules/health';

export interface Gateway {
  app: Express;
  sequelize: Sequelize;
  redis: Redis | null;
  log: Logger;
  close(): Promise<void>;
}

// Incoming request ids are kept only when they look like ids (they end up in logs and headers).
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Session-store failures are "try again shortly", not internal errors. */
const gatewayErrorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (err instanceof SessionUnavailableError) {
    req.log?.warn({ err: (err.cause as Error)?.message }, 'session store unavailable');
    if (!res.headersSent) res.status(503).json({ message: MESSAGES_HTTP.sessionUnavailable });
    return;
  }
  errorHandler(err, req, res, next);
};

function contentSecurityPolicy(config: GatewayConfig) {
  if (!config.cspEnabled) return false as const;
  // Remotes moved to another origin (REMOTE_<NAME>_URL) must be allowed to load.
  const remoteOrigins = config.remotes.remotes
    .map((r) => {
      try {
        return new URL(r.entry).origin;
      } catch {
        return null; // relative: same origin
      }
    })
    .filter((o): o is string => !!o);
  return {
    useDefaults: true,
    directives: {
      'script-src': ["'self'", ...remoteOrigins],
      'connect-src': ["'self'", ...remoteOrigins],
      // MUI/emotion inject <style> tags at run time.
      'style-src': ["'self'", "'unsafe-inline'", ...remoteOrigins],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:', ...remoteOrigins],
      // No page of ours is ever framed (clickjacking); nginx sends the same policy (infra/docker/nginx).
      'frame-ancestors': ["'none'"],
      // Local mode is plain HTTP on any host name: do not force https sub-resources.
      'upgrade-insecure-requests': null,
    },
  };
}

/** Waits briefly for the first Redis connection so the first requests do not fail needlessly. */
async function redisReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return;
  await Promise.race([once(redis, 'ready'), new Promise((r) => setTimeout(r, ms).unref())]).catch(() => {});
}

export async function createGatewayApp(config: GatewayConfig): Promise<Gateway> {
  const log = createLogger('gateway', config.logLevel, batchedStdout());
  if (config.sessionSecret === DEV_SESSION_SECRET)
    log.warn('SESSION_SECRET is not set: using the development secret (never in production)');

  const sequelize = createSequelize(config.databaseUrl);
  let redis: Redis | null = null;
  if (config.redisUrl) {
    // Request path: no offline queue, one retry and a command timeout, so a Redis outage is a quick 503.
    // A short disconnectTimeout: closing while Redis is unreachable must not keep the process alive.
    redis = createRedis(config.redisUrl, { commandTimeout: 1_500, disconnectTimeout: 200 });
    let lastWarn = 0;
    redis.on('error', (err) => {
      if (Date.now() - lastWarn > 30_000) log.warn({ err: err.message }, 'redis error');
      lastWarn = Date.now();
    });
    await redisReady(redis, 2_000);
  } else {
    log.warn('REDIS_URL is empty: sessions and login counters are kept in memory (single process only)');
  }

  const users = createUsersRepository(sequelize);
  const accounting = createAccountingClient(config.services.accounting, config.internalToken);
  const limiterOptions = { max: config.loginMaxFailures, windowSeconds: config.loginWindowSeconds };
  const limiter = redis ? createRedisLoginLimiter(redis, config.redisPrefix, limiterOptions) : createMemoryLoginLimiter(limiterOptions);
  const registerOptions = { max: config.registerMaxPerWindow, windowSeconds: config.registerWindowSeconds };
  const registrations = redis
    ? createRedisRegistrationLimiter(redis, config.redisPrefix, registerOptions)
    : createMemoryRegistrationLimiter(registerOptions);
  const quotas = createQuotas(redis, config);
  const store = createSessionStore({ redis, redisPrefix: config.redisPrefix });
  const userSessions = createUserSessions({ redis, redisPrefix: config.redisPrefix, store });
  const access = createAccess(sequelize, redis, config.redisPrefix);
  const memberships = createMemberships(sequelize, access);
  const workspace = createWorkspace({ users, accounting, memberships, access });
  const readSession = createSessionReader({
    store,
    secret: config.sessionSecret,
    access,
    redis,
    sessionPrefix: `${config.redisPrefix}:sess:`,
  });
  const proxy = createServiceProxy({ ...config, log, readSession, access });
  const companyUsers = usersRoutes({
    companyUsers: (companyId) => memberships.companyUsers(companyId),
    isMember: async (userId, companyId) => (await access.role(userId, companyId)) !== null,
  });

  const app = express();
  // Before the first route (the app's router is made with it); every Router is a caseSensitiveRouter.
  app.set('case sensitive routing', true);
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const incoming = req.headers[HEADERS.requestId];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader(HEADERS.requestId, id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/api/health' },
      // As in the services: no headers in the logs (session cookies, the shared secret), and the
      // full pino-http request serialisation with redaction was a tenth of each proxied request.
      // The raw request and response go to these serializers (pino-http's own would first copy
      // every header of both).
      wrapSerializers: false,
      serializers: {
        req: (req: { id: unknown; method: string; url: string; originalUrl?: string }) => ({
          id: req.id,
          method: req.method,
          url: req.originalUrl ?? req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        // Nor SQL text and bound values (password hashes, emails) of database errors.
        err: errorSerializer,
      },
    }),
  );
  app.use(helmet({ contentSecurityPolicy: contentSecurityPolicy(config), frameguard: { action: 'deny' } }));

  // One canonical form of every /api path, before anything reads it.
  app.use(canonicalPathGuard);

  // Plain signed-in reads of a service's path (most requests) are proxied at once: no router to
  // walk, no express-session (GET/HEAD: nothing for the CSRF check; the other requests go on).
  app.use('/api', proxy.readHandler);

  // Routes that work without sessions (and so while Redis is down).
  app.use(healthRoutes({ sequelize, redis, services: config.services, internalToken: config.internalToken }));
  app.use(remotesConfigRoute(config.remotes));
  app.use('/api', authRedirectRoutes());

  // Everything else under /api: CSRF check, session, then the proxy for the paths a service owns
  // (before the own routes: none of them is in the ownership table), the own routes, 404.
  const api = caseSensitiveRouter();
  api.use(csrfGuard(config.allowedOrigins));
  api.use(sessionMiddleware(store, config.sessionSecret, { alwaysSecure: config.alwaysSecureCookies }));
  api.use(proxy.handler);
  api.use(
    authRoutes({
      users,
      accounting,
      memberships,
      access,
      workspace,
      limiter,
      registrations,
      userSessions,
      checkSessionStore: storeCheck(redis),
    }),
  );
  api.use(companiesRoutes({ users, accounting, memberships, access, workspace, companyUsersChanged: companyUsers.changed, quotas }));
  api.use(
    membershipsRoutes({
      memberships,
      access,
      accounting,
      switchTo: (req, user, companyId, role) => workspace.switchTo(req, user, companyId, role),
      companyUsersChanged: companyUsers.changed,
      quotas,
    }),
  );
  api.use(companyUsers.router);
  api.use((_req, _res, next) => next(new HttpError(404, MESSAGES_HTTP.notFound)));
  app.use('/api', api);

  app.use(staticRoutes(config.staticDir));
  app.use(notFoundHandler);
  app.use(gatewayErrorHandler);

  return {
    app,
    sequelize,
    redis,
    log,
    async close() {
      proxy.close();
      redis?.disconnect();
      await sequelize.close();
    },
  };
}
