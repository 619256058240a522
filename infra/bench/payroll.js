#!/usr/bin/env node
// Payroll (issue 11): two figures, through the services' HTTP APIs with the
// gateway's internal headers, with Redis and the real workers:
//  1. 'Générer la paie du mois' for N employees: the time from
//     POST /api/companies/:id/payrolls/generate {period} (202, job id) until the
//     HR worker's job is completed (polling GET …/payrolls/generate/:jobId,
//     {state, done, total}), and N drafts exist. Then the same request again
//     (nothing missing: every employee skipped).
//  2. Posting N validated slips through the queues: PATCH /api/payrolls/:id/validate
//     for every draft (8 at a time), then the time until every slip shows its
//     postedEntryNumber (HR outbox → post-payslip on the accounting worker, PA
//     entry → payslip-posted on the HR worker). Checks: exactly N PA entries with
//     source_type 'payslip' for the company, each balanced, no slip left in the outbox.
//     Then a second period generated, its N drafts validated with the accounting
//     queue paused, and the drain of the N queued postings timed from the resume.
// Starts the accounting and HR services in this process and both workers as child
// processes (`node services/*/dist/worker.js`, 4 jobs at a time each, as deployed).
// Employees are inserted in SQL (hr.employees), monthly salaries 150 000 – 1 049 999.
// Needs the built services (`npm run build:server`), Postgres (DATABASE_URL, default: a
// fresh database on postgres://postgres@127.0.0.1:5432, dropped at the end) and Redis
// (BENCH_REDIS_URL, default redis://127.0.0.1:6379; keys under a fresh prefix, deleted at the end).
// Usage: node infra/bench/payroll.js [employees=1000] [generate]
// With `generate`, only figure 1 (issue 26: ≤ 1 s for 1 000 employees): node infra/bench/payroll.js 1000 generate
const path = require('node:path');
const { startChild } = require('./lib/workers');
const { randomBytes } = require('node:crypto');
const {
  root,
  accountingDist,
  withBenchDatabase,
  TOKEN,
  tenantHeaders,
  createCompany,
  generateChart,
  summary,
  ms,
  now,
} = require('./lib/ledger');
const { timeConcurrent } = require('./lib/timing');

const EMPLOYEES = Number(process.argv[2] ?? 1000);
const GENERATE_ONLY = process.argv[3] === 'generate';
const PERIOD = '2026-10';
const SECOND_PERIOD = '2026-11';
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `xaalis-bench-${randomBytes(4).toString('hex')}`;
const POSTING_TIMEOUT_MS = 15 * 60_000;
const hrDist = path.join(root, 'services', 'hr', 'dist');

const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));
const seconds = (t) => `${(t / 1000).toFixed(2)} s`;

/** A service's worker (`node <dist>/worker.js`) as a child process, ready once it logs 'worker started'. */
const startWorker = (dist, env, problems) => startChild(dist, 'worker', env, 'worker started', problems);

/** Deletes the bench's Redis keys (its queues) under REDIS_PREFIX. */
async function clearRedisPrefix() {
  const Redis = require('ioredis');
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

async function api(base, headers, method, pathAndQuery, body, expected = 200) {
  const res = await fetch(`${base}${pathAndQuery}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== expected) throw new Error(`${method} ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Every slip of the list's answer to `query` (e.g. 'period=2024-06&status=draft'), page by page (100 a page, the largest). */
async function allSlips(hrBase, headers, companyId, query) {
  const slips = [];
  for (let page = 1; ; page++) {
    const list = await api(hrBase, headers, 'GET', `/api/companies/${companyId}/payrolls?${query}&page=${page}&pageSize=100`);
    slips.push(...list.items);
    if (slips.length >= list.totalItems || list.items.length === 0) return slips;
  }
}

/** Polls the generation job until it ends: { state, done, total, polls }. */
async function waitForGeneration(hrBase, headers, companyId, jobId) {
  for (let polls = 1; ; polls++) {
    const progress = await api(hrBase, headers, 'GET', `/api/companies/${companyId}/payrolls/generate/${encodeURIComponent(jobId)}`);
    if (progress.state === 'completed' || progress.state === 'failed') return { ...progress, polls };
    await sleep(25);
  }
}

/** 'Générer la paie du mois' once: total time to the job's end, and its last progress. */
async function generate(hrBase, headers, companyId, period) {
  const t0 = now();
  const { jobId } = await api(hrBase, headers, 'POST', `/api/companies/${companyId}/payrolls/generate`, { period }, 202);
  const accepted = now() - t0;
  const progress = await waitForGeneration(hrBase, headers, companyId, jobId);
  return { total: now() - t0, accepted, progress };
}

/** The accounting service's queue (same Redis and prefix as the services), to pause and resume it: { pause, resume, close }. */
function accountingQueue(ctx) {
  const Redis = require('ioredis');
  const { Queue } = require('bullmq');
  const { QUEUES } = require('@xaalis/contracts');
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUES.accounting, { connection, prefix: ctx.config.redisPrefix });
  return {
    pause: () => queue.pause(),
    resume: () => queue.resume(),
    async close() {
      await queue.close();
      await connection.quit();
    },
  };
}

/** Slips of the period with their postedEntryNumber (SQL). */
async function countPosted(db, companyId, period) {
  const [{ posted }] = await db.query(
    `SELECT count(*)::int AS posted FROM hr.payslips WHERE company_id = $1 AND period = $2 AND posted_entry_number IS NOT NULL`,
    { bind: [companyId, period], type: 'SELECT' },
  );
  return posted;
}

/**
 * PATCH …/validate for every draft of the period (8 at a time), then waits until
 * every slip has its postedEntryNumber. With `pausing` (a BullMQ Queue), that
 * queue is paused during the validations and resumed after the last one.
 * Times from the first PATCH: { n, validated, allPosted, postedAtValidationEnd, posted }.
 */
async function validateAndPost(hrBase, headers, db, companyId, period, { pausing } = {}) {
  const slips = await allSlips(hrBase, headers, companyId, `period=${period}&status=draft`);
  if (pausing) await pausing.pause();
  const t0 = now();
  const latencies = await timeConcurrent(slips.length, 8, (i) => api(hrBase, headers, 'PATCH', `/api/payrolls/${slips[i].id}/validate`));
  const validated = now() - t0;
  const patch = summary(latencies);
  const postedAtValidationEnd = await countPosted(db, companyId, period);
  if (pausing) {
    await pausing.resume();
    await pausing.close();
  }
  console.log(
    `validate ${patch.n} drafts of ${period} (PATCH …/validate, 8 at a time${pausing ? ', accounting queue paused' : ''}): ${seconds(validated)} — ` +
      `median ${ms(patch.median)}, p95 ${ms(patch.p95)}, max ${ms(patch.max)}`,
  );
  let posted = postedAtValidationEnd;
  while (posted < slips.length) {
    if (now() - t0 > POSTING_TIMEOUT_MS)
      throw new Error(`posting: only ${posted}/${slips.length} slips posted after ${seconds(now() - t0)}`);
    await sleep(50);
    posted = await countPosted(db, companyId, period);
  }
  return { n: slips.length, validated, allPosted: now() - t0, postedAtValidationEnd, posted };
}

(async () => {
  const problems = [];
  await withBenchDatabase(async (databaseUrl) => {
    const env = { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX, INTERNAL_TOKEN: TOKEN, NODE_ENV: 'development' };
    Object.assign(process.env, { DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX, INTERNAL_TOKEN: TOKEN, LOG_LEVEL: 'silent' });
    const accounting = await require(path.join(accountingDist, 'server')).start({ port: 0 });
    const hr = await require(path.join(hrDist, 'server')).start({ port: 0 });
    const workers = [];
    try {
      // Migrated by the servers above: the workers start on the schemas.
      for (const dist of [accountingDist, hrDist]) workers.push(startWorker(dist, { ...env, LOG_LEVEL: 'info' }, problems));
      await Promise.all(workers.map((w) => w.ready));

      const accountingBase = `http://127.0.0.1:${accounting.port}`;
      const hrBase = `http://127.0.0.1:${hr.port}`;
      const company = await createCompany(accountingBase, { name: 'Grande Distribution du Sénégal SA', sector: 'commerce' });
      const headers = tenantHeaders(company.id);
      await generateChart(accountingBase, company.id, headers);

      const db = hr.ctx.sequelize;
      await db.query(
        `INSERT INTO hr.employees (company_id, employee_number, first_name, last_name, position, department, hire_date, salary, is_cadre, marital_status, children)
         SELECT $1, 'M-' || lpad(i::text, 5, '0'), 'Prénom' || i, 'Nom' || i, 'Agent', 'Service ' || (i % 12),
                DATE '2024-01-15' + (i % 300), 150000 + (i * 7919) % 900000, i % 7 = 0,
                (ARRAY['single', 'married', 'divorced', 'widowed'])[1 + i % 4], (i % 5)::smallint
           FROM generate_series(1, $2::int) AS i`,
        { bind: [company.id, EMPLOYEES] },
      );
      await db.query('VACUUM (ANALYZE) hr.employees');
      console.log(`${EMPLOYEES} employees (SQL), period ${PERIOD}; workers: 4 jobs at a time each; Redis prefix ${REDIS_PREFIX}`);

      // 1. 'Générer la paie du mois'.
      const first = await generate(hrBase, headers, company.id, PERIOD);
      const [{ drafts }] = await db.query(
        `SELECT count(*)::int AS drafts FROM hr.payslips WHERE company_id = $1 AND period = $2 AND status = 'draft'`,
        {
          bind: [company.id, PERIOD],
          type: 'SELECT',
        },
      );
      console.log(
        `Générer la paie du mois (${EMPLOYEES} employees): ${seconds(first.total)} to '${first.progress.state}' ` +
          `(202 in ${ms(first.accepted)}, ${first.progress.polls} polls, progress ${first.progress.done}/${first.progress.total}) — ` +
          `${drafts} drafts, ${(drafts / (first.total / 1000)).toFixed(1)} drafts/s`,
      );
      const again = await generate(hrBase, headers, company.id, PERIOD);
      console.log(`again, nothing missing (${again.progress.done}/${again.progress.total} skipped): ${seconds(again.total)}`);
      if (first.progress.state !== 'completed' || drafts !== EMPLOYEES || again.progress.total !== EMPLOYEES) process.exitCode = 1;
      if (GENERATE_ONLY) return;

      // 2. Validate every draft, then wait for every posting: with the workers running, then with the
      // accounting queue paused during the validations (the drain of N queued postings alone).
      const live = await validateAndPost(hrBase, headers, db, company.id, PERIOD);
      console.log(
        `post ${live.n} validated slips through the queues: ${seconds(live.allPosted)} from the first PATCH to every postedEntryNumber ` +
          `(${seconds(live.allPosted - live.validated)} after the last PATCH, ${live.postedAtValidationEnd} already posted then) — ` +
          `${(live.n / (live.allPosted / 1000)).toFixed(1)} entries/s`,
      );
      // Checks: every slip shows its number through the API; N balanced PA entries, once each.
      const after = await allSlips(hrBase, headers, company.id, `period=${PERIOD}`);
      const shown = after.filter((p) => p.status === 'validated' && p.postedEntryNumber && !p.postingPending).length;
      const [check] = await accounting.ctx.sequelize.query(
        `SELECT count(*)::int AS entries, count(DISTINCT e.source_id)::int AS slips,
                count(*) FILTER (WHERE e.journal <> 'PA' OR e.status <> 'validated')::int AS odd,
                count(*) FILTER (WHERE l.debit <> l.credit)::int AS unbalanced
           FROM accounting.accounting_entries e
           JOIN LATERAL (SELECT sum(debit) AS debit, sum(credit) AS credit FROM accounting.accounting_entry_lines WHERE entry_id = e.id) l ON true
          WHERE e.company_id = $1 AND e.source_type = 'payslip'`,
        { bind: [company.id], type: 'SELECT' },
      );
      const [{ outbox }] = await db.query(
        `SELECT count(*)::int AS outbox FROM hr.payslips WHERE company_id = $1 AND unposted_events <> '{}'`,
        {
          bind: [company.id],
          type: 'SELECT',
        },
      );
      console.log(
        `check: ${shown}/${after.length} slips validated with postedEntryNumber (API); ${check.entries} entries source_type 'payslip' ` +
          `for ${check.slips} slips (${check.odd} not validated PA, ${check.unbalanced} unbalanced); ${outbox} slips left in the outbox; ${problems.length} worker warnings/errors`,
      );
      if (shown !== EMPLOYEES || check.entries !== EMPLOYEES || check.slips !== EMPLOYEES || check.odd || check.unbalanced || outbox) {
        process.exitCode = 1;
      }

      const second = await generate(hrBase, headers, company.id, SECOND_PERIOD);
      console.log(`Générer la paie du mois, period ${SECOND_PERIOD}: ${seconds(second.total)}`);
      const paused = await validateAndPost(hrBase, headers, db, company.id, SECOND_PERIOD, { pausing: accountingQueue(accounting.ctx) });
      console.log(
        `queue paused while validating: post ${paused.n} queued slips: ${seconds(paused.allPosted - paused.validated)} from the resume to every postedEntryNumber ` +
          `— ${(paused.n / ((paused.allPosted - paused.validated) / 1000)).toFixed(1)} entries/s`,
      );
      const [{ entries }] = await accounting.ctx.sequelize.query(
        `SELECT count(*)::int AS entries FROM accounting.accounting_entries WHERE company_id = $1 AND source_type = 'payslip' AND journal = 'PA'`,
        { bind: [company.id], type: 'SELECT' },
      );
      console.log(`check: ${entries} PA entries source_type 'payslip' after both periods (expected ${2 * EMPLOYEES})`);
      if (paused.posted !== EMPLOYEES || entries !== 2 * EMPLOYEES) process.exitCode = 1;
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await hr.close();
      await accounting.close();
      await clearRedisPrefix();
    }
  });
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
