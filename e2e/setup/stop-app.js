// Stops the app like Ctrl-C would, then drops the run's database and Redis keys.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { Redis } = require('ioredis');

const stateFile = path.join(os.tmpdir(), 'xaalis-e2e-state.json');

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

module.exports = async function stopApp() {
  if (!fs.existsSync(stateFile)) return;
  const s = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
  fs.rmSync(stateFile, { force: true });
  if (alive(s.pid)) {
    // A fault test may have left the supervisor paused (SIGSTOP): it must run to handle SIGINT.
    process.kill(s.pid, 'SIGCONT');
    process.kill(s.pid, 'SIGINT');
    for (let i = 0; i < 100 && alive(s.pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (alive(s.pid)) {
      try {
        process.kill(-s.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
  const c = new Client({ connectionString: s.admin });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS "${s.dbName}" WITH (FORCE)`);
  // The services' roles (`<database>_<service>`, infra/src/local/db-roles.ts): cluster-wide, so dropped too.
  const roles = await c.query('SELECT rolname FROM pg_roles WHERE starts_with(rolname, $1)', [`${s.dbName}_`]);
  for (const { rolname } of roles.rows) await c.query(`DROP ROLE IF EXISTS "${rolname.replace(/"/g, '""')}"`);
  await c.end();
  const redis = new Redis(process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${s.prefix}*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
  fs.rmSync(s.dataDir, { recursive: true, force: true });
};
