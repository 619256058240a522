// Test helpers: real domain services as child processes, free ports, a gateway app.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { ServiceName } from '@xaalis/contracts';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** A port nobody listens on right now (also used as "a service that is down"). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningChild {
  name: ServiceName;
  url: string;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited with code ${child.exitCode}:\n${output()}`);
    const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(500) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`service at ${url} not healthy after ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts `node services/<name>/dist/server.js` (built by `npx tsc -b`) on a free
 * port with the test run's environment (DATABASE_URL, REDIS_URL, REDIS_PREFIX,
 * INTERNAL_TOKEN from the Jest global setup), and waits for its /health.
 * The free port can be taken by a parallel suite before the child binds it:
 * on EADDRINUSE it starts again on another port.
 */
export async function startService(name: ServiceName, env: Record<string, string> = {}): Promise<RunningChild> {
  const entry = path.join(ROOT, 'services', name, 'dist', 'server.js');
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run "npx tsc -b" first`);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(name, entry, env);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof Error) || !err.message.includes('EADDRINUSE')) throw err;
    }
  }
}

async function startOnFreePort(name: ServiceName, entry: string, env: Record<string, string>): Promise<RunningChild> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(url, child, () => output, 30_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { name, url, stop };
}
