import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express, Router } from 'express';
import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize';
import { QUEUES, SERVICE_DEFAULT_PORTS, statusSegment, type ServiceName } from '@xaalis/contracts';
import { createServiceApp } from './app';
import { commonConfig, envInt, type CommonConfig } from './config';
import { createSequelize, migrate } from './db';
import { closeConnectionsWhileDraining, closeServer, createDrain, drainSecondsFromEnv, drainThenClose, shutdownOnSignals } from './drain';
import { createLogger, type Logger } from './logger';
import { createJobQueue, createJobWorker, upsertJobSchedules, type JobHandlers, type JobQueue, type JobSchedule } from './queue';
import { closeRedis, createRedis } from './redis';
import { ReadReplica, writePositions } from './read-replica';
import { caseSensitiveRouter } from './routes';
import { closeWorkerPool } from './workers';
import { requireSameCompany } from './tenant';

/** What a service's routers and job handlers are built from. */
export interface ServiceContext {
  name: ServiceName;
  /** The service's Postgres schema; its models set it explicitly. */
  schema: string;
  config: CommonConfig;
  log: Logger;
  sequelize: Sequelize;
  /** The streaming replica heavy reads may use (DATABASE_READ_URL); null: none. See readRouting. */
  readReplica: ReadReplica | null;
  /** Request-path client (readiness); null in the single-process fallback (no Redis). */
  redis: Redis | null;
  /** The service's own queue (QUEUES[name]); runs jobs inline when there is no Redis. */
  queue: JobQueue;
}

export interface ServiceDefinition {
  name: ServiceName;
  schema: string;
  /** Folder of the `NNNN-name.{ts,js}` migrations (usually `path.join(__dirname, 'migrations')`). */
  migrationsDir: string;
  /** Mounted at /api, behind the internal token. */
  buildApi(ctx: ServiceContext): Router;
  /** Mounted at /internal, behind the internal token (gateway and service-to-service calls). */
  buildInternal?(ctx: ServiceContext): Router;
  /** Named handlers of the service's queue, used by its worker (and inline without Redis). */
  jobHandlers(ctx: ServiceContext): JobHandlers;
  /**
   * Recurring jobs of the service's queue (company-wide sweeps, idempotent),
   * registered with BullMQ's `upsertJobScheduler` when the worker starts.
   * Without Redis there is no worker and nothing is scheduled.
   */
  jobSchedules?(ctx: ServiceContext): JobSchedule[];
}

export interface StartOptions {
  /** Defaults to PORT, then the service's default port; 0 picks a free port. */
  port?: number;
  /** Defaults to true: migrations always run before the service listens. */
  runMigrations?: boolean;
  /** How long `shutdown` drains before closing; defaults to DRAIN_SECONDS (0 when unset). */
  drainSeconds?: number;
}

export interface RunningService {
  /** The port actually listened on (useful with port 0). */
  port: number;
  app: Express;
  ctx: ServiceContext;
  /** Stops accepting requests, lets running ones finish, then closes every connection. */
  close: () => Promise<void>;
  /** What SIGTERM runs: /ready answers 503 'draining' for the drain period, requests are still served, then `close`. */
  shutdown: () => Promise<void>;
}

export interface RunningWorker {
  ctx: ServiceContext;
  close: () => Promise<void>;
}

export interface ServiceRunner {
  start: (opts?: StartOptions) => Promise<RunningService>;
  startWorker: () => Promise<RunningWorker>;
  migrateOnly: () => Promise<string[]>;
  /** Entry-point helper for `node dist/{server,worker,migrate}.js`: runs, logs, exits on signals. */
  main(kind: 'server' | 'worker' | 'migrate'): void;
}

/** The tenancy probe every service answers: `GET /api/companies/:companyId/<name>-status`. */
export function companyStatusRouter(name: ServiceName): Router {
  const router = caseSensitiveRouter();
  router.get(`/companies/:companyId/${statusSegment(name)}`, requireSameCompany, (req, res) => {
    res.json({ service: name, companyId: req.params.companyId });
  });
  return router;
}

function createContext(def: ServiceDefinition): { ctx: ServiceContext; handlers: JobHandlers } {
  const config = commonConfig();
  const log = createLogger(def.name, config.logLevel);
  const sequelize = createSequelize(config.databaseUrl);
  const redis = config.redisUrl ? createRedis(config.redisUrl) : null;
  // ioredis reconnects by itself; without a listener each error would be printed as unhandled.
  redis?.on('error', (err) => log.warn({ err: err.message }, 'redis error'));
  // Handlers need the context (database, queue for follow-up jobs) and the
  // inline queue needs the handlers: the queue reads this object at call time.
  const handlers: JobHandlers = {};
  const queue = createJobQueue({ name: QUEUES[def.name], redisUrl: config.redisUrl, prefix: config.redisPrefix, handlers, log });
  const readReplica = config.databaseReadUrl ? new ReadReplica(sequelize, createSequelize(config.databaseReadUrl), log) : null;
  const ctx: ServiceContext = { name: def.name, schema: def.schema, config, log, sequelize, readReplica, redis, queue };
  Object.assign(handlers, def.jobHandlers(ctx));
  return { ctx, handlers };
}

async function closeContext(ctx: ServiceContext): Promise<void> {
  await ctx.queue.close();
  // The process's pool threads (PDFs, workbooks), if a task ever started them.
  await closeWorkerPool();
  if (ctx.redis) await closeRedis(ctx.redis);
  await ctx.readReplica?.replica.close();
  await ctx.sequelize.close();
}

/** Resolves once, however many times it is called (signal and test teardown may both close). */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Everything a service's entry points need: `server.ts`, `worker.ts` and
 * `migrate.ts` are one line each on top of this.
 */
export function runService(def: ServiceDefinition): ServiceRunner {
  async function start(opts: StartOptions = {}): Promise<RunningService> {
    // Read before anything opens: a wrong DRAIN_SECONDS stops the start.
    const drain = createDrain(opts.drainSeconds ?? drainSecondsFromEnv());
    const { ctx } = createContext(def);
    try {
      if (opts.runMigrations !== false) await migrate(ctx.sequelize, def.schema, def.migrationsDir, ctx.log);
      const api = caseSensitiveRouter();
      // With a replica, writes tell the gateway where the primary stands after them.
      if (ctx.readReplica) api.use(writePositions(ctx.readReplica));
      api.use(companyStatusRouter(def.name));
      api.use(def.buildApi(ctx));
      const app = createServiceApp({
        name: def.name,
        log: ctx.log,
        internalToken: ctx.config.internalToken,
        sequelize: ctx.sequelize,
        redis: ctx.redis,
        drain,
        api,
        internal: def.buildInternal?.(ctx),
      });
      const server = http.createServer(app);
      closeConnectionsWhileDraining(server, drain);
      // Longer than the gateway's (and load balancers') idle timeouts, so a
      // reused keep-alive socket is never closed by us while a request is sent on it.
      server.keepAliveTimeout = 65_000;
      server.headersTimeout = 66_000;
      const port = await listen(server, opts.port ?? envInt('PORT', SERVICE_DEFAULT_PORTS[def.name]));
      ctx.log.info({ port }, 'listening');
      const close = once(async () => {
        await closeServer(server);
        await closeContext(ctx);
      });
      return { port, app, ctx, close, shutdown: drainThenClose(drain, close, ctx.log) };
    } catch (err) {
      await closeContext(ctx);
      throw err;
    }
  }

  async function startWorker(): Promise<RunningWorker> {
    const { ctx, handlers } = createContext(def);
    if (!ctx.config.redisUrl) {
      // Single-process fallback: the server runs jobs inline, there is nothing to consume.
      ctx.log.warn('REDIS_URL is empty: no worker, jobs run inside the service');
      return { ctx, close: once(() => closeContext(ctx)) };
    }
    try {
      // Jobs (scheduled ones first) read tables a new version may only now create:
      // consume nothing before the schema is current (a no-op when the server migrated).
      await migrate(ctx.sequelize, def.schema, def.migrationsDir, ctx.log);
    } catch (err) {
      await closeContext(ctx);
      throw err;
    }
    const worker = createJobWorker({
      name: QUEUES[def.name],
      redisUrl: ctx.config.redisUrl,
      prefix: ctx.config.redisPrefix,
      handlers,
      log: ctx.log,
    });
    try {
      await worker.worker.waitUntilReady();
      const schedules = def.jobSchedules?.(ctx) ?? [];
      // Always run, even with none declared: removes schedules a previous version declared.
      if (ctx.queue.queue) await upsertJobSchedules(ctx.queue.queue, schedules);
      if (schedules.length > 0) ctx.log.info({ schedules: schedules.map((s) => s.id) }, 'job schedules registered');
    } catch (err) {
      await worker.close();
      await closeContext(ctx);
      throw err;
    }
    ctx.log.info({ queue: QUEUES[def.name] }, 'worker started');
    const close = once(async () => {
      // Waits for the jobs in progress, so none is left half-processed.
      await worker.close();
      await closeContext(ctx);
    });
    return { ctx, close };
  }

  // Only the database: migrating must not need Redis.
  async function migrateOnly(): Promise<string[]> {
    const config = commonConfig();
    const sequelize = createSequelize(config.databaseUrl);
    try {
      return await migrate(sequelize, def.schema, def.migrationsDir, createLogger(def.name, config.logLevel));
    } finally {
      await sequelize.close();
    }
  }

  function main(kind: 'server' | 'worker' | 'migrate'): void {
    const log = createLogger(def.name, commonConfig().logLevel);
    const fail = (err: unknown) => {
      log.fatal({ err }, `${kind} failed`);
      process.exit(1);
    };
    if (kind === 'migrate') {
      migrateOnly().then(() => process.exit(0), fail);
      return;
    }
    // A worker has no requests to drain: it finishes its running jobs (close) at once.
    (kind === 'server' ? start().then((s) => s.shutdown) : startWorker().then((w) => w.close)).then(
      (shutdown) => shutdownOnSignals(shutdown, log),
      fail,
    );
  }

  return { start, startWorker, migrateOnly, main };
}
