#!/usr/bin/env node
// Time from `npm start` (node infra/local/start.js) to "ready" on a built checkout.
// Runs it RUNS times against the same data directory: the first run of a new data
// directory includes the embedded Postgres initialisation, later runs are warm.
// Usage: node infra/bench/startup-time.js [runs=3]   (stop any running instance first)
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const runs = Number(process.argv[2] ?? 3);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-bench-start-'));
// As root, Postgres runs as the `postgres` user, which must be able to enter the folder.
fs.chmodSync(dataDir, 0o755);

function once() {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const env = { ...process.env, XAALIS_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const child = spawn(process.execPath, [path.join(root, 'infra/local/start.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (d) => {
      out += d;
      if (out.includes('Xaalis est prêt')) {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        child.kill('SIGINT');
        child.once('exit', () => resolve(ms));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      if (!out.includes('Xaalis est prêt')) reject(new Error(`start exited (${code}) before ready:\n${out.slice(-2000)}`));
    });
  });
}

(async () => {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const ms = await once();
    times.push(ms);
    console.log(`run ${i + 1}${i === 0 ? ' (new data directory)' : ''}: ${(ms / 1000).toFixed(2)} s`);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  const warm = times.slice(1);
  if (warm.length)
    console.log(`warm start, mean of ${warm.length}: ${(warm.reduce((a, b) => a + b, 0) / warm.length / 1000).toFixed(2)} s`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
