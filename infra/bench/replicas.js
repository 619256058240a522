#!/usr/bin/env node
// Two copies of every process behind nginx, proven correct under the mixed load (issue 32).
// Runs mixed-load.js twice at the same bounded rate, each against a stack of its own:
//   1. --replicas N (default 2): XAALIS_REPLICAS=N — N gateways, N of each service and of
//      each worker, behind one nginx run from infra/docker's configuration
//      (infra/src/local/replicas.ts) — with the replica checks: a session opened on each
//      gateway valid on each other one, a logout on one refused (401) on the other at the
//      next request (before the load and every --session-check-every s during it); ping jobs
//      (--job-rate a second) each processed once by the competing workers; every kept job
//      started no more often than attempted; each job scheduler run once per period; each
//      source posted once; and mixed-load's own checks (no 5xx, every acknowledged write in
//      the database, invoice and entry numbers gap-free per company);
//   2. the same on 1× (--replicas 1, the same checks where they apply), unless --no-baseline;
// then prints throughput, latency and the checks side by side. Exit code 1 when a run fails.
// A 2-core machine shows no gain from 2×: the point is correctness.
//
// Usage: node infra/bench/replicas.js [--duration 600] [--rate 20] [--replicas 2] [--job-rate 1]
//          [--session-check-every 60] [--no-baseline] [-- other mixed-load.js options]
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

function parseArgs(argv) {
  const o = { duration: 600, rate: 20, replicas: 2, jobRate: 1, sessionCheckEvery: 60, baseline: true, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      o.rest = argv.slice(i + 1);
      break;
    }
    if (a === '--no-baseline') {
      o.baseline = false;
      continue;
    }
    const [name, inline] = a.replace(/^--/, '').split('=', 2);
    const key = name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!a.startsWith('--') || !(key in o) || typeof o[key] !== 'number') throw new Error(`option inconnue : ${a}`);
    const value = Number(inline ?? argv[++i]);
    if (!Number.isFinite(value)) throw new Error(`nombre invalide pour ${a}`);
    o[key] = value;
  }
  if (!Number.isInteger(o.replicas) || o.replicas < 2) throw new Error('--replicas : 2 ou plus');
  return o;
}

const opts = parseArgs(process.argv.slice(2));

/** One mixed-load.js run with its own stack; resolves with its figures (null when it wrote none) and exit code. */
function run(replicas) {
  const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-replicas-bench-')), 'figures.json');
  const args = [
    path.join(__dirname, 'mixed-load.js'),
    ...['--duration', opts.duration, '--rate', opts.rate, '--replicas', replicas, '--job-rate', opts.jobRate].map(String),
    ...['--session-check-every', String(opts.sessionCheckEvery), '--json', json],
    ...opts.rest,
  ];
  console.log(`\n# ${replicas}× — node ${path.relative(process.cwd(), args[0])} ${args.slice(1).join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    child.on('exit', (code) => {
      const figures = fs.existsSync(json) ? JSON.parse(fs.readFileSync(json, 'utf8')) : null;
      fs.rmSync(path.dirname(json), { recursive: true, force: true });
      resolve({ replicas, code, figures });
    });
  });
}

const f1 = (v) =>
  v === null || v === undefined ? '—' : typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(1)) : String(v);

/** The CPU seconds of each process of a kind (its replicas: `accounting#1`, `accounting#2`), joined with ' + '. */
const cpuOf = (f, kind) =>
  Object.entries(f.cpuSecondsDuringLoad ?? {})
    .filter(([name]) => name === kind || name.startsWith(`${kind}#`))
    .map(([, v]) => v.toFixed(1))
    .join(' + ') || '—';

function table(runs) {
  const row = (label, get) => `| ${label} | ${runs.map((r) => (r.figures ? f1(get(r.figures)) : '—')).join(' | ')} |`;
  const sum = (list, key) => (list ? list.reduce((s, x) => s + x[key], 0) : null);
  console.log(`\n## Replicas — ${opts.rate} req/s for ${opts.duration} s, ${os.cpus().length} CPUs\n`);
  console.log(`| | ${runs.map((r) => `${r.replicas}× every process`).join(' | ')} |`);
  console.log(`|---|${runs.map(() => '---:').join('|')}|`);
  const lines = [
    row('Node processes', (f) => f.processes),
    row('requests started (load phase)', (f) => f.started),
    row('answered per second', (f) => f.answeredPerSecond),
    row('p50 ms', (f) => f.p50),
    row('p95 ms', (f) => f.p95),
    row('p99 ms', (f) => f.p99),
    row('5xx (all phases)', (f) => f.s5xx),
    row('no answer', (f) => f.noAnswer),
    row('unexpected 4xx', (f) => f.unexpected4xx),
    row('acknowledged writes checked in SQL', (f) => f.writesAcknowledged),
    row('acknowledged writes missing', (f) => f.writesMissing),
    row('mismatches (incl. numbers out of sequence)', (f) => f.mismatches),
    row('invoice numbers / out of sequence', (f) => `${f.invoiceNumbers.n} / ${f.invoiceNumbers.gaps}`),
    row('entry numbers / out of sequence', (f) => `${f.entryNumbers.n} / ${f.entryNumbers.gaps}`),
    row('session checks across gateways / failed', (f) => (f.sessions ? `${f.sessions.checks} / ${f.sessions.failures}` : 'n/a')),
    row('workers per queue (accounting / hr / sector)', (f) =>
      f.jobs?.workers ? ['accounting', 'hr', 'sector'].map((q) => f.jobs.workers[q]).join(' / ') : '—',
    ),
    row('ping jobs sent / completed', (f) => (f.jobs ? `${f.jobs.sent} / ${f.jobs.completed}` : '—')),
    row('jobs processed more than once', (f) => (f.jobs ? f.jobs.duplicates : '—')),
    row('scheduled runs / two in one period / missed', (f) =>
      f.schedules ? `${sum(f.schedules, 'runs')} / ${sum(f.schedules, 'twoInOnePeriod')} / ${sum(f.schedules, 'missedPeriods')}` : '—',
    ),
    row('sources posted / more than once', (f) => `${f.postings.sources ?? '—'} / ${f.postings.duplicated ?? '—'}`),
    ...['nginx', 'gateway', 'accounting', 'accounting-worker'].map((kind) => row(`CPU s during the load: ${kind}`, (f) => cpuOf(f, kind))),
    row(
      'RSS MiB, sum: start / peak / end',
      (f) => `${f.rssMiB.start.toFixed(0)} / ${f.rssMiB.peak.toFixed(0)} / ${f.rssMiB.end.toFixed(0)}`,
    ),
    row('verdict', (f) => (f.verdict.length ? `FAILED: ${f.verdict.join('; ')}` : 'OK')),
  ];
  console.log(lines.join('\n'));
}

// Ctrl-C reaches the running mixed-load.js too (same process group), which stops its stack:
// wait for it, and start no further run.
let interrupted = false;
process.on('SIGINT', () => (interrupted = true));

(async () => {
  const runs = [await run(opts.replicas)];
  if (opts.baseline && !interrupted) runs.push(await run(1));
  table(runs);
  const failed = runs.filter((r) => r.code !== 0 || !r.figures);
  if (failed.length) {
    console.log(`\nFAILED: ${failed.map((r) => `${r.replicas}× (code ${r.code})`).join(', ')}`);
    process.exitCode = 1;
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
