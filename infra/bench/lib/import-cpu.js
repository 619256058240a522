// CPU time of the journal import, for comparisons on a shared machine where
// wall-clock figures swing with other work: preloaded into import.js, it adds
// a line after the job, from the upload to the job's end,
//   cpu (upload → job done) node=…s pg=…s
// node: this process, all threads (the service, its parse worker, the BullMQ
// worker); pg: the Postgres backends connected to the bench database, read
// from /proc (Postgres on this machine, Linux), sampled every 100 ms.
// Usage: node -r ./infra/bench/lib/import-cpu.js infra/bench/import.js 100000 true xlsx
const fs = require('node:fs');
const { Client } = require('pg');

const TICKS_PER_SECOND = 100;
const lastSeen = new Map();
let client = null;
let pids = [];
let done = false;

/** utime + stime of a process in seconds; null once it has exited. */
function cpuOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function sample() {
  for (const pid of pids) {
    const cpu = cpuOf(pid);
    if (cpu !== null) lastSeen.set(pid, cpu);
  }
}

const timer = setInterval(async () => {
  const url = process.env.DATABASE_URL;
  if (!url || done) return;
  try {
    if (!client) {
      client = new Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
      await client.connect();
    }
    const database = new URL(url).pathname.slice(1);
    const rows = (await client.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database])).rows;
    pids = rows.map((r) => r.pid);
    sample();
  } catch {
    // A sample missed: the next one counts.
  }
}, 100);
timer.unref();

const pgCpu = () => {
  sample();
  return [...lastSeen.values()].reduce((a, b) => a + b, 0);
};
const nodeCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

let start = null;
const log = console.log;
console.log = (...args) => {
  const line = String(args[0]);
  if (line.startsWith('generated')) start = { node: nodeCpu(), pg: pgCpu() };
  if (line.startsWith('end to end') && start)
    log(`cpu (upload → job done) node=${(nodeCpu() - start.node).toFixed(2)}s pg=${(pgCpu() - start.pg).toFixed(2)}s`);
  if (line.startsWith('check:')) {
    done = true;
    clearInterval(timer);
    const c = client;
    client = null;
    c?.end().catch(() => {});
  }
  log(...args);
};
