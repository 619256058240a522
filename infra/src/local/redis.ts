import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './ports';

export interface RedisHandle {
  /** '' in the single-process fallback (no Redis at all). */
  url: string;
  source: 'env' | 'local' | 'spawned' | 'none';
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const onPath = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;

/**
 * DESIGN.md §3: REDIS_URL if set; else 127.0.0.1:6379 if it answers; else a
 * `redis-server` from PATH on a free port; else no Redis (explicit fallback).
 */
export async function findRedis(dataDir: string, log: (m: string) => void): Promise<RedisHandle> {
  if (process.env.REDIS_URL !== undefined) {
    return { url: process.env.REDIS_URL, source: process.env.REDIS_URL ? 'env' : 'none', stop: async () => {} };
  }
  const local = 'redis://127.0.0.1:6379';
  if (await answers(local)) return { url: local, source: 'local', stop: async () => {} };
  if (onPath('redis-server')) {
    const port = await freePort();
    const dir = path.join(dataDir, 'redis');
    fs.mkdirSync(dir, { recursive: true });
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: 'ignore',
    });
    const url = `redis://127.0.0.1:${port}`;
    for (let i = 0; i < 50 && !(await answers(url)); i++) await new Promise((r) => setTimeout(r, 100));
    log(`Redis démarré sur le port ${port} (redis-server)`);
    return {
      url,
      source: 'spawned',
      stop: () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    };
  }
  return { url: '', source: 'none', stop: async () => {} };
}
