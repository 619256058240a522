// Starts the product with `node infra/local/start.js` (what `npm start` runs) on a
// throw-away database, free ports and its own Redis key prefix.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');

const root = path.resolve(__dirname, '..', '..');
const stateFile = path.join(os.tmpdir(), 'xaalis-e2e-state.json');

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

module.exports = async function startApp() {
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = process.env.TEST_DATABASE_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `xaalis_e2e_${id}`;
  const c = new Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE "${dbName}"`);
  await c.end();
  const dbUrl = new URL(admin);
  dbUrl.pathname = `/${dbName}`;

  const [port, accounting, hr, sector] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-e2e-data-'));
  const prefix = `xaalis_e2e_${id}`;
  const child = spawn(process.execPath, [path.join(root, 'infra', 'local', 'start.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
      REDIS_PREFIX: prefix,
      PORT: String(port),
      ACCOUNTING_PORT: String(accounting),
      HR_PORT: String(hr),
      SECTOR_PORT: String(sector),
      XAALIS_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The tests register many users from 127.0.0.1 (the default allows 5 an hour per address).
      REGISTER_MAX_PER_WINDOW: '100000',
      // Plain HTTP on 127.0.0.1: the session cookie follows req.secure (production default: always Secure).
      SESSION_COOKIE_SECURE: 'auto',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const collect = (d) => {
    output += d.toString();
    if (process.env.E2E_VERBOSE) process.stdout.write(d);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  let ready = false;
  while (Date.now() < deadline && child.exitCode === null) {
    if (output.includes('Xaalis est prêt')) {
      ready = true;
      break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  fs.writeFileSync(stateFile, JSON.stringify({ pid: child.pid, admin, dbName, prefix, dataDir, baseUrl }));
  if (!ready) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    throw new Error(`The app did not start for the end-to-end tests:\n${output.slice(-4000)}`);
  }
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  child.unref();
  process.env.E2E_BASE_URL = baseUrl;
  // For the fault tests (service-down.e2e.test.ts): the supervisor's pid and the services' ports.
  process.env.E2E_APP_PID = String(child.pid);
  process.env.E2E_SERVICE_PORTS = JSON.stringify({ accounting, hr, sector });
};
