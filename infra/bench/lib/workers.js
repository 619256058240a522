// Shared by the benchmarks that run a service's BullMQ worker or HTTP server as child processes
// (as deployed: the request loop and the jobs in different processes), on the real Redis under a
// fresh key prefix.
const path = require('node:path');
const net = require('node:net');
const { spawn } = require('node:child_process');

/**
 * `node <dist>/<script>.js` (worker or server) as a child process on `env`; resolves `ready` once it
 * logs `readyMessage` ('worker started', 'listening'). Its warnings and errors (pino level ≥ 40)
 * are echoed (the first five), counted in `problems`.
 */
function startChild(dist, script, env, readyMessage, problems = []) {
  const child = spawn(process.execPath, [path.join(dist, `${script}.js`)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) {
        let record;
        try {
          record = JSON.parse(line);
        } catch {
          if (line.trim()) console.error(`[${script}] ${line}`);
          continue;
        }
        if (record.msg === readyMessage) resolve();
        if (record.level >= 40) {
          problems.push(record);
          if (problems.length <= 5) console.error(`[${script}] ${line}`);
        }
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => reject(new Error(`${dist}/${script}.js exited (${code}) before starting`)));
  });
  return {
    ready,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Deletes the Redis keys under `prefix` (a bench's queues). */
async function clearRedisPrefix(redisUrl, prefix) {
  const Redis = require('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

module.exports = { startChild, freePort, clearRedisPrefix };
