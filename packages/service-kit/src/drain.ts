import type { Server, ServerResponse } from 'node:http';
import type { Logger } from './logger';

// Graceful shutdown shared by the gateway and the services: on SIGTERM a server first drains
// (its /ready answers 503 'draining', so a balancer that follows readiness takes it out, while
// it keeps answering every request), then stops accepting, lets running requests finish and
// closes its connections.

/** Requests still running this long after the server stops accepting are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * `DRAIN_SECONDS`: how long a stopping server keeps serving while its /ready says 'draining'.
 * 0 by default (tests, `npm start`, compose: nothing balances on readiness there); the
 * Kubernetes manifests set it (infra/k8s/config.yaml).
 */
export function drainSecondsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DRAIN_SECONDS?.trim();
  if (!raw) return 0;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`DRAIN_SECONDS must be a number of seconds, 0 or more (got "${raw}")`);
  return seconds;
}

export interface Drain {
  readonly seconds: number;
  /** True from the start of the shutdown on: /ready answers 503 'draining'. */
  readonly draining: boolean;
  /** Starts draining (once, however many callers) and resolves when the drain period is over. */
  begin(): Promise<void>;
}

export function createDrain(seconds = 0): Drain {
  let draining = false;
  let done: Promise<void> | undefined;
  return {
    seconds,
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
      return (done ??= new Promise((resolve) => setTimeout(resolve, seconds * 1000)));
    },
  };
}

/** The /ready answer of a draining process (the app's own checks are not run). */
export function sendDraining(res: { status(code: number): { json(body: unknown): unknown } }, service: string): void {
  res.status(503).json({ status: 'draining', service });
}

/**
 * From the drain on, every answer closes its connection: keep-alive clients (nginx, the
 * gateway's pool to the services) open their next connection to another replica instead of
 * reusing this one until it is closed under them. One flag read per request otherwise.
 */
export function closeConnectionsWhileDraining(server: Server, drain: Drain): void {
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (drain.draining) res.setHeader('Connection', 'close');
  });
}

/** Stops accepting, lets running requests finish (cut after `graceMs`), closes every connection. */
export function closeServer(server: Server, graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
  return new Promise((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    // A keep-alive connection whose request was running at close() stays open once answered
    // (until keepAliveTimeout, 65 s): close connections as they become idle.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearTimeout(cut);
      clearInterval(idle);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** What the shutdown signal runs: drain, then `close` (once, whoever calls it). */
export function drainThenClose(drain: Drain, close: () => Promise<void>, log?: Logger): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () =>
    (done ??= (async () => {
      if (drain.seconds > 0) log?.info({ drainSeconds: drain.seconds }, 'draining: /ready answers 503, requests still served');
      await drain.begin();
      await close();
    })());
}

/** On SIGTERM or SIGINT: run `shutdown`, then exit. A second signal kills at once. */
export function shutdownOnSignals(shutdown: () => Promise<void>, log?: Logger): void {
  const onSignal = (signal: NodeJS.Signals) => {
    log?.info({ signal }, 'shutting down');
    shutdown().then(
      () => process.exit(0),
      (err: unknown) => {
        if (log) log.error({ err }, 'shutdown failed');
        else console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
