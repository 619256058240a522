import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type Express } from 'express';
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
  type Drain,
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
import { requestId, securityHeaders, securityHeadersMiddleware } from './modules/response-headers';

export interface Gateway {
  /** The request listener: the proxy's fast path for plain reads, the Express app for the rest. */
  app: (req: IncomingMessage, res: ServerResponse) => void;
  /** The Express app behind it (the ordinary chain), for tests that walk its routers. */
  express: Express;
  sequelize: Sequelize;
  redis: Redis | null;
  log: Logger;
  close(): Promise<void>;
}

/** Session-store failures are "try again shortly", not internal errors. */
const gatewayErrorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (err instanceof SessionUnavailableError) {
    req.log?.warn({ err: (err.cause as Error)?.message }, 'session store unavailable');
    // Else express-session saves the session as the answer ends, fails the same way, and the
    // connection is cut instead of answered (seen during a Sentinel failover).
    (req as { session?: unknown }).session = undefined;
    if (!res.headersSent) res.status(503).json({ message: MESSAGES_HTTP.sessionUnavailable });
    return;
  }
  errorHandler(err, req, res, next);
};

/** Waits briefly for the first Redis connection so the first requests do not fail needlessly. */
async function redisReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return;
  await Promise.race([once(redis, 'ready'), new Promise((r) => setTimeout(r, ms).unref())]).catch(() => {});
}

export interface GatewayAppOptions {
  /** The server's drain (server.ts): /ready answers 503 while it drains. */
  drain?: Pick<Drain, 'draining'>;
}

export async function createGatewayApp(config: GatewayConfig, opts: GatewayAppOptions = {}): Promise<Gateway> {
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
  const headers = securityHeaders(config);
  const proxy = createServiceProxy({ ...config, log, readSession, access, securityHeaders: headers, requestId });
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
        const id = requestId(req.headers[HEADERS.requestId]);
        res.setHeader(HEADERS.requestId, id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/ready' || req.url === '/api/health' },
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
  app.use(securityHeadersMiddleware(headers));

  // One canonical form of every /api path, before anything reads it.
  app.use(canonicalPathGuard);

  // Routes that work without sessions (and so while Redis is down).
  app.use(healthRoutes({ sequelize, redis, services: config.services, internalToken: config.internalToken, drain: opts.drain }));
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

  // Most requests, plain signed-in reads of a service's path, are proxied before Express sees
  // them (see fastRead); everything else goes through the app.
  const trust = app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean;
  const handle = (req: IncomingMessage, res: ServerResponse) => proxy.fastRead(req, res, trust, () => void app(req, res));

  return {
    app: handle,
    express: app,
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
