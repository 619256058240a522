import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGatewayApp } from './app';
import {
  assertProductionSecrets,
  closeConnectionsWhileDraining,
  closeServer,
  createDrain,
  drainSecondsFromEnv,
  drainThenClose,
  SERVICE_SECRETS,
  shutdownOnSignals,
  type Logger,
} from '@xaalis/service-kit';
import { DEV_SESSION_SECRET, loadConfig, type GatewayConfig } from './config';
import { migrateIdentity } from './migrate';

export interface StartOptions {
  port?: number;
  /** Apply the identity migrations before listening (default true; they are idempotent). */
  runMigrations?: boolean;
  /** How long `shutdown` drains before closing; defaults to DRAIN_SECONDS (0 when unset). */
  drainSeconds?: number;
  /** Test hook: any other configuration value. */
  config?: Partial<GatewayConfig>;
}

export interface RunningGateway {
  port: number;
  log: Logger;
  /** Stops accepting, lets running requests finish (cut after 10 s), then closes Redis and Postgres. */
  close: () => Promise<void>;
  /** What SIGTERM runs: /ready answers 503 'draining' for the drain period, requests are still served, then `close`. */
  shutdown: () => Promise<void>;
}

export async function start(opts: StartOptions = {}): Promise<RunningGateway> {
  const config = loadConfig({ ...opts.config, ...(opts.port !== undefined ? { port: opts.port } : {}) });
  // Read before anything opens: a wrong DRAIN_SECONDS stops the start.
  const drain = createDrain(opts.drainSeconds ?? drainSecondsFromEnv());
  const gateway = await createGatewayApp(config, { drain });
  let server: http.Server;
  try {
    if (opts.runMigrations !== false) await migrateIdentity(gateway.sequelize, gateway.log);
    server = http.createServer(gateway.app);
    closeConnectionsWhileDraining(server, drain);
    // Longer than nginx's / load balancers' idle timeouts, so they never reuse a socket we are closing.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(config.port, resolve));
  } catch (err) {
    await gateway.close(); // release Redis and Postgres so the process can exit
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  gateway.log.info({ port }, 'gateway listening');
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      await closeServer(server);
      await gateway.close();
    })());
  return { port, log: gateway.log, close, shutdown: drainThenClose(drain, close, gateway.log) };
}

if (require.main === module) {
  assertProductionSecrets([...SERVICE_SECRETS, 'SESSION_SECRET'], { knownDefaults: [DEV_SESSION_SECRET] });
  start()
    .then((running) => shutdownOnSignals(running.shutdown, running.log))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
