// The checks of a replicated stack (XAALIS_REPLICAS, infra/src/local/replicas.ts) that
// mixed-load.js runs with --replicas: sessions shared by the gateways, each BullMQ job
// processed once by the competing workers, each scheduled job run once per period.
const { Queue } = require('bullmq');
const { Redis } = require('ioredis');
const { Client } = require('pg');

const QUEUE_NAMES = ['accounting', 'hr', 'sector'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- sessions

async function call(port, method, url, cookie, body) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { cookie: cookie ?? '', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  const set = res.headers.getSetCookie().find((c) => /^(__Host-)?xaalis\.sid=/.test(c));
  return { status: res.status, body: parsed, cookie: set ? set.split(';')[0] : null };
}

/**
 * One round over every ordered pair of gateways (A, B), straight to their own ports: a sign-in
 * on A is valid on B (the user, a proxied read), and after a logout on A, B answers 401 to the
 * very next request. Returns { checks, failures: [text] }.
 */
async function sessionRound({ gateways, username, password, companyId }) {
  const failures = [];
  let checks = 0;
  const expect = (what, actual, expected) => {
    checks++;
    if (actual !== expected) failures.push(`${what}: ${actual}, attendu ${expected}`);
  };
  const read = `/api/companies/${companyId}/invoices?page=1&pageSize=1`;
  for (const [i, a] of gateways.entries()) {
    for (const [j, b] of gateways.entries()) {
      if (i === j) continue;
      const pair = `passerelle ${i + 1} → ${j + 1}`;
      try {
        const login = await call(a, 'POST', '/api/login', '', { username, password });
        expect(`${pair}, connexion`, login.status, 200);
        if (!login.cookie) continue;
        expect(
          `${pair}, GET /api/user avec la session de l'autre`,
          (await call(b, 'GET', '/api/user', login.cookie)).body?.username,
          username,
        );
        expect(`${pair}, lecture avec la session de l'autre`, (await call(b, 'GET', read, login.cookie)).status, 200);
        expect(`${pair}, déconnexion`, (await call(a, 'POST', '/api/logout', login.cookie, {})).status, 200);
        expect(`${pair}, GET /api/user après la déconnexion sur l'autre`, (await call(b, 'GET', '/api/user', login.cookie)).status, 401);
        expect(`${pair}, lecture après la déconnexion sur l'autre`, (await call(b, 'GET', read, login.cookie)).status, 401);
      } catch (e) {
        checks++;
        failures.push(`${pair}: ${e.message}`);
      }
    }
  }
  return { checks, failures };
}

// ---------------------------------------------------------------- jobs processed once

/**
 * `ping` jobs (every service's worker records each in <schema>.job_runs) added at `rate` per
 * second across the three queues while the load runs. One attempt and kept once completed:
 * a second start of one of them can only be a duplicate delivery.
 */
function pingProducer({ redisUrl, prefix, companyIds, rate }) {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queues = Object.fromEntries(QUEUE_NAMES.map((q) => [q, new Queue(q, { connection, prefix })]));
  const sent = Object.fromEntries(QUEUE_NAMES.map((q) => [q, []]));
  const run = Date.now().toString(36);
  const errors = [];
  let k = 0;
  let timer = null;
  return {
    sent,
    errors,
    start() {
      if (!(rate > 0)) return;
      timer = setInterval(() => {
        const queue = QUEUE_NAMES[k % QUEUE_NAMES.length];
        const jobId = `bench-ping-${run}-${k}`;
        const companyId = companyIds[k % companyIds.length];
        k++;
        queues[queue]
          .add('ping', { companyId }, { jobId, attempts: 1, removeOnComplete: false, removeOnFail: false })
          .then(() => sent[queue].push(jobId))
          .catch((e) => errors.length < 10 && errors.push(e.message));
      }, 1000 / rate);
    },
    stop() {
      if (timer) clearInterval(timer);
    },
    async close() {
      this.stop();
      await Promise.all(Object.values(queues).map((q) => q.close()));
      connection.disconnect();
    },
  };
}

/** HGETALL of each id of one queue: { id: fields } (null when the job is gone). */
async function jobHashes(redis, prefix, queue, ids) {
  const pipeline = redis.pipeline();
  for (const id of ids) pipeline.hgetall(`${prefix}:${queue}:${id}`);
  const results = await pipeline.exec();
  return Object.fromEntries(ids.map((id, i) => [id, results[i][1] && Object.keys(results[i][1]).length ? results[i][1] : null]));
}

/** How many times each job id went active, from the queue's event stream (capped by BullMQ at ~10,000 events). */
async function activeEvents(redis, prefix, queue) {
  const counts = new Map();
  const entries = await redis.xrange(`${prefix}:${queue}:events`, '-', '+');
  for (const [, fields] of entries) {
    const f = {};
    for (let i = 0; i < fields.length; i += 2) f[fields[i]] = fields[i + 1];
    if (f.event === 'active') counts.set(f.jobId, (counts.get(f.jobId) ?? 0) + 1);
  }
  return { counts, events: entries.length };
}

/**
 * After the load: every ping job finished once (started once, never stalled, recorded once in
 * job_runs, one 'active' event), and every job kept in a completed or failed set of any queue
 * (chart generation, the scheduled sweeps…) started no more often than it was attempted.
 */
async function verifyJobs({ redisUrl, prefix, adminUrl, sent, waitMs = 120_000 }) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const db = new Client({ connectionString: adminUrl });
  await db.connect();
  const problems = [];
  const note = (m) => problems.length < 30 && problems.push(m);
  try {
    const r = { sent: 0, completed: 0, failed: 0, unfinished: 0, startedTwice: 0, stalled: 0, notRecorded: 0, jobRuns: 0, activeOnce: 0 };
    r.activeTwice = 0;
    r.activeMissing = 0;
    for (const queue of QUEUE_NAMES) {
      const ids = sent[queue];
      r.sent += ids.length;
      if (!ids.length) continue;
      // Wait until each one has finished (the workers may still be working through them).
      let hashes = {};
      const end = Date.now() + waitMs;
      for (;;) {
        hashes = await jobHashes(redis, prefix, queue, ids);
        if (Object.values(hashes).every((h) => h?.finishedOn) || Date.now() > end) break;
        await sleep(500);
      }
      for (const id of ids) {
        const h = hashes[id];
        if (!h?.finishedOn) {
          r.unfinished++;
          note(`${queue} ${id}: pas terminé`);
          continue;
        }
        if (h.failedReason) {
          r.failed++;
          note(`${queue} ${id}: échec — ${h.failedReason.slice(0, 200)}`);
        } else r.completed++;
        if (Number(h.ats ?? 0) !== 1) (r.startedTwice++, note(`${queue} ${id}: démarré ${h.ats} fois`));
        if (Number(h.stc ?? 0) > 0) (r.stalled++, note(`${queue} ${id}: bloqué ${h.stc} fois (repris par un autre worker)`));
        let value = null;
        try {
          value = JSON.parse(h.returnvalue ?? 'null');
        } catch {
          /* absent */
        }
        if (!h.failedReason && value?.recorded !== true) (r.notRecorded++, note(`${queue} ${id}: résultat ${h.returnvalue}`));
      }
      r.jobRuns += (await db.query(`SELECT count(*)::int AS n FROM "${queue}".job_runs WHERE job_id = ANY($1)`, [ids])).rows[0].n;
      const { counts } = await activeEvents(redis, prefix, queue);
      for (const id of ids) {
        const n = counts.get(id) ?? 0;
        if (n === 1) r.activeOnce++;
        else if (n > 1) (r.activeTwice++, note(`${queue} ${id}: ${n} événements active`));
        else r.activeMissing++;
      }
    }
    if (r.jobRuns !== r.completed) note(`job_runs : ${r.jobRuns} lignes pour ${r.completed} jobs terminés`);

    // Every job kept in a completed or failed set, whatever produced it.
    const all = { jobs: 0, startedMoreThanAttempted: 0, stalled: 0, byQueue: {} };
    for (const queue of QUEUE_NAMES) {
      const ids = [
        ...(await redis.zrange(`${prefix}:${queue}:completed`, 0, -1)),
        ...(await redis.zrange(`${prefix}:${queue}:failed`, 0, -1)),
      ];
      const hashes = await jobHashes(redis, prefix, queue, ids);
      all.byQueue[queue] = ids.length;
      for (const id of ids) {
        const h = hashes[id];
        if (!h) continue;
        all.jobs++;
        if (Number(h.ats ?? 0) > Number(h.atm ?? 0))
          (all.startedMoreThanAttempted++, note(`${queue} ${id} (${h.name}): démarré ${h.ats} fois pour ${h.atm} tentatives`));
        if (Number(h.stc ?? 0) > 0) (all.stalled++, note(`${queue} ${id} (${h.name}): bloqué ${h.stc} fois`));
      }
    }
    // The workers competing for each queue (BullMQ's named connections in CLIENT LIST).
    const workers = {};
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    try {
      for (const queue of QUEUE_NAMES) {
        const q = new Queue(queue, { connection, prefix });
        workers[queue] = await q.getWorkersCount();
        await q.close();
      }
    } finally {
      connection.disconnect();
    }
    const duplicates = r.startedTwice + r.stalled + r.activeTwice + all.startedMoreThanAttempted + all.stalled;
    const ok = duplicates === 0 && r.unfinished === 0 && r.failed === 0 && r.notRecorded === 0 && r.jobRuns === r.completed;
    return { ping: r, all, workers, duplicates, ok, problems };
  } finally {
    redis.disconnect();
    await db.end();
  }
}

// ---------------------------------------------------------------- scheduled jobs once per period

/**
 * Each job scheduler of each queue (upserted by every worker at its start): its runs (jobs
 * `repeat:<id>:<slot>` that finished) each started once and never stalled; for `every`
 * schedules, consecutive runs exactly one period apart — two runs within one period or a
 * period without a run is a failure; and exactly one next run pending.
 */
async function verifySchedules({ redisUrl, prefix }) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const problems = [];
  const note = (m) => problems.length < 30 && problems.push(m);
  const schedules = [];
  try {
    for (const name of QUEUE_NAMES) {
      const queue = new Queue(name, { connection, prefix });
      try {
        const schedulers = await queue.getJobSchedulers(0, -1);
        const finished = [
          ...(await redis.zrange(`${prefix}:${name}:completed`, 0, -1)),
          ...(await redis.zrange(`${prefix}:${name}:failed`, 0, -1)),
        ].filter((id) => id.startsWith('repeat:'));
        const pending = (await queue.getJobs(['delayed', 'wait', 'prioritized'])).map((j) => String(j.id));
        const hashes = await jobHashes(redis, prefix, name, finished);
        for (const s of schedulers) {
          const mine = (id) => id.startsWith(`repeat:${s.key}:`) && /^\d+$/.test(id.slice(`repeat:${s.key}:`.length));
          const runs = finished
            .filter(mine)
            .map((id) => ({ id, slot: Number(id.slice(id.lastIndexOf(':') + 1)), h: hashes[id] }))
            .filter((x) => x.h)
            .sort((a, b) => a.slot - b.slot);
          const row = {
            queue: name,
            id: s.key,
            period: s.every ? `${s.every / 1000} s` : s.pattern,
            runs: runs.length,
            failed: runs.filter((x) => x.h.failedReason).length,
            startedTwice: runs.filter((x) => Number(x.h.ats ?? 0) > 1 || Number(x.h.stc ?? 0) > 0).length,
            twoInOnePeriod: 0,
            missedPeriods: 0,
            maxLagMs: Math.max(0, ...runs.map((x) => Number(x.h.processedOn ?? x.slot) - x.slot)),
            pending: pending.filter(mine).length,
          };
          if (s.every) {
            for (let i = 1; i < runs.length; i++) {
              const gap = runs[i].slot - runs[i - 1].slot;
              if (gap < s.every) (row.twoInOnePeriod++, note(`${name} ${s.key}: deux exécutions à ${gap} ms d'écart`));
              else if (gap > s.every)
                ((row.missedPeriods += Math.round(gap / s.every) - 1), note(`${name} ${s.key}: ${gap} ms sans exécution`));
            }
          }
          if (row.startedTwice) note(`${name} ${s.key}: ${row.startedTwice} exécutions démarrées deux fois`);
          if (row.failed) note(`${name} ${s.key}: ${row.failed} exécutions en échec`);
          if (row.pending !== 1) note(`${name} ${s.key}: ${row.pending} prochaines exécutions en attente (1 attendue)`);
          schedules.push(row);
        }
      } finally {
        await queue.close();
      }
    }
    const ok = schedules.every((s) => !s.failed && !s.startedTwice && !s.twoInOnePeriod && !s.missedPeriods && s.pending === 1);
    return { schedules, ok, problems };
  } finally {
    redis.disconnect();
    connection.disconnect();
  }
}

// ---------------------------------------------------------------- postings once per source

/**
 * Each business document posted once: journal entries (reversals aside) grouped by their source
 * (invoice, payment…) in the given companies. A unique index forbids duplicates; this counts
 * them anyway, as a posting job delivered twice would show here.
 */
async function duplicatePostings({ adminUrl, companyIds }) {
  const db = new Client({ connectionString: adminUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT count(*)::int AS sources, count(*) FILTER (WHERE n > 1)::int AS duplicated FROM (
         SELECT count(*) AS n FROM accounting.accounting_entries
          WHERE company_id = ANY($1::uuid[]) AND source_id IS NOT NULL AND reversal_of_id IS NULL
          GROUP BY company_id, source_type, source_id) s`,
      [companyIds],
    );
    const { sources, duplicated } = rows[0];
    return {
      sources,
      duplicated,
      ok: duplicated === 0,
      problems: duplicated ? [`${duplicated} sources comptabilisées plusieurs fois`] : [],
    };
  } finally {
    await db.end();
  }
}

module.exports = { sessionRound, pingProducer, verifyJobs, verifySchedules, duplicatePostings, QUEUE_NAMES };
