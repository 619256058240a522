import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGatewayApp } from './app';
import { assertProductionSecrets, SERVICE_SECRETS } from '@xaalis/service-kit';
import { DEV_SESSION_SECRET, loadConfig, type GatewayConfig } from './config';
import { migrateIdentity } from './migrate';

export interface StartOptions {
  port?: number;
  /** Apply the identity migrations before listening (default true; they are idempotent). */
  runMigrations?: boolean;
  /** Test hook: any other configuration value. */
  config?: Partial<GatewayConfig>;
}

export async function start(opts: StartOptions = {}): Promise<{ port: number; close(): Promise<void> }> {
  const config = loadConfig({ ...opts.config, ...(opts.port !== undefined ? { port: opts.port } : {}) });
  const gateway = await createGatewayApp(config);
  let server: http.Server;
  try {
    if (opts.runMigrations !== false) await migrateIdentity(gateway.sequelize, gateway.log);
    server = http.createServer(gateway.app);
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
  return {
    port,
    async close() {
      // Let running requests finish (cut after 10 s); idle keep-alive sockets close at once.
      await new Promise<void>((resolve) => {
        const cut = setTimeout(() => server.closeAllConnections(), 10_000);
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      });
      await gateway.close();
    },
  };
}

if (require.main === module) {
  assertProductionSecrets([...SERVICE_SECRETS, 'SESSION_SECRET'], { knownDefaults: [DEV_SESSION_SECRET] });
  start()
    .then((running) => {
      const stop = () => {
        void running.close().finally(() => process.exit(0));
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
