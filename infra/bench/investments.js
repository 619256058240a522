#!/usr/bin/env node
// Depreciation plans computed by the accounting worker (BullMQ on Redis):
//   1. job latency: POST /api/companies/:id/investments (the acquisition posted,
//      the plan job enqueued in the same transaction), then GET /api/investments/:id
//      polled every 5 ms until the plan is 'ready' — create → plan visible, median/p95;
//   2. worker throughput: 10 000 investments seeded as the API writes them (plan
//      'computing'), their 10 000 plan jobs added in bulk, time until every plan is
//      stored — plans computed per second (worker concurrency 4, one process);
//   3. a second bulk add of the same 10 000 job ids: nothing computed twice.
// The service and its worker run in this process, on a throw-away database and
// their own Redis prefix. Needs the built services (`npm run build:server`),
// Postgres and Redis (REDIS_URL, default redis://127.0.0.1:6379).
// Usage: node infra/bench/investments.js [latencySamples=200] [plans=10000]
// Issue 26 figure (plans/s of step 2, target ≥ 1 000): node infra/bench/investments.js 20 3000
const path = require('node:path');
const { accountingDist, withAccountingWorker, tenantHeaders, createCompany, inBatches, summary, ms, now } = require('./lib/ledger');
const { numericArgs } = require('./lib/timing');

const [SAMPLES, PLANS] = numericArgs(200, 10_000);
const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));

(async () => {
  await withAccountingWorker(async ({ base, sequelize, service }) => {
    const { planJobId } = require(path.join(accountingDist, 'modules', 'investments'));
    const company = await createCompany(base, { name: 'Industries du Cap-Vert SA', sector: 'service' });
    const headers = { ...tenantHeaders(company.id), 'content-type': 'application/json' };
    const body = (i) =>
      JSON.stringify({
        name: `Machine ${i}`,
        category: i % 5 === 0 ? 'immaterial' : 'material',
        purchaseDate: `20${String(20 + (i % 7)).padStart(2, '0')}-${String(1 + (i % 12)).padStart(2, '0')}-15`,
        purchasePrice: String(500_000 + i * 1000),
        depreciationMethod: i % 3 === 0 ? 'declining' : 'linear',
        depreciationRate: i % 3 === 0 ? '40' : '20',
        usefulLife: 5,
        residualValue: '0',
      });

    // 1. Latency create → plan visible.
    const create = async (i) => {
      const t = now();
      const res = await fetch(`${base}/api/companies/${company.id}/investments`, { method: 'POST', headers, body: body(i) });
      if (res.status !== 201) throw new Error(`POST: ${res.status} ${await res.text()}`);
      const { id } = await res.json();
      const posted = now() - t;
      for (;;) {
        const inv = await (await fetch(`${base}/api/investments/${id}`, { headers })).json();
        if (inv.planStatus === 'ready') {
          if (!inv.depreciationSchedules.length) throw new Error('empty plan');
          return { posted, visible: now() - t };
        }
        await sleep(5);
      }
    };
    for (let i = 0; i < 10; i++) await create(i); // warm-up
    const posted = [];
    const visible = [];
    for (let i = 0; i < SAMPLES; i++) {
      const r = await create(100 + i);
      posted.push(r.posted);
      visible.push(r.visible);
    }
    const p = summary(posted);
    const v = summary(visible);
    console.log(`1. create → plan visible, ${SAMPLES} investments one after the other (poll every 5 ms):`);
    console.log(`   POST (acquisition posted + job enqueued): median ${ms(p.median)}, p95 ${ms(p.p95)}`);
    console.log(`   plan visible:                            median ${ms(v.median)}, p95 ${ms(v.p95)}, max ${ms(v.max)}`);

    // 2. Throughput: PLANS investments as the API writes them, plan 'computing', jobs added in bulk.
    const [{ id: accountId }] = await sequelize.query(`SELECT id FROM accounting.accounts WHERE company_id = $1 AND code = '244'`, {
      bind: [company.id],
      type: 'SELECT',
    });
    await inBatches(sequelize, PLANS, 2000, (transaction, from, to) =>
      sequelize.query(
        `INSERT INTO accounting.investments
             (company_id, name, category, purchase_date, purchase_price, depreciation_method, depreciation_rate, useful_life,
              residual_value, current_value, account_id, plan_status)
           SELECT $1, 'Équipement ' || g, 'material', date '2020-01-15' + (g % 2500), 1000000 + g, 
                  CASE WHEN g % 3 = 0 THEN 'declining' ELSE 'linear' END, CASE WHEN g % 3 = 0 THEN 40 ELSE 20 END, 5,
                  (g % 4) * 1000, 1000000 + g, $2, 'computing'
             FROM generate_series($3::int, $4::int) g`,
        { bind: [company.id, accountId, from, to], transaction },
      ),
    );
    const rows = await sequelize.query(
      `SELECT id, revision, category, purchase_date, purchase_price, residual_value, depreciation_method, depreciation_rate, useful_life
           FROM accounting.investments WHERE company_id = $1 AND plan_status = 'computing'`,
      { bind: [company.id], type: 'SELECT' },
    );
    const jobs = rows.map((r) => ({
      name: 'compute-depreciation-plan',
      data: { companyId: company.id, investmentId: r.id, revision: r.revision },
      opts: { jobId: planJobId(r), attempts: 3, removeOnComplete: { age: 3600, count: 100_000 } },
    }));
    const queue = service.ctx.queue.queue;
    const t0 = now();
    for (let i = 0; i < jobs.length; i += 1000) await queue.addBulk(jobs.slice(i, i + 1000));
    const enqueued = now() - t0;
    const pending = async () =>
      Number(
        (
          await sequelize.query(
            `SELECT count(*)::int AS n FROM accounting.investments WHERE company_id = $1 AND plan_status = 'computing'`,
            {
              bind: [company.id],
              type: 'SELECT',
            },
          )
        )[0].n,
      );
    while ((await pending()) > 0) await sleep(50);
    const elapsed = now() - t0;
    const [{ n: scheduleRows }] = await sequelize.query(
      `SELECT count(*)::int AS n FROM accounting.depreciation_schedules WHERE company_id = $1`,
      { bind: [company.id], type: 'SELECT' },
    );
    console.log(`2. ${rows.length} plans computed by the worker (concurrency 4, in this process):`);
    console.log(`   jobs added in bulk in ${ms(enqueued)}; all plans stored after ${(elapsed / 1000).toFixed(2)} s`);
    console.log(`   → ${((rows.length / elapsed) * 1000).toFixed(0)} plans/s (${scheduleRows} plan rows written)`);

    // 3. The same job ids again: BullMQ keeps the completed jobs, nothing runs twice.
    const [{ n: runsBefore }] = await sequelize.query(`SELECT count(*)::int AS n FROM accounting.job_runs`, { type: 'SELECT' });
    for (let i = 0; i < jobs.length; i += 1000) await queue.addBulk(jobs.slice(i, i + 1000));
    await sleep(1000);
    const [{ n: runsAfter }] = await sequelize.query(`SELECT count(*)::int AS n FROM accounting.job_runs`, { type: 'SELECT' });
    console.log(`3. the ${jobs.length} jobs added again: ${runsAfter - runsBefore} plan computed twice (expected 0)`);
    if (runsAfter !== runsBefore) process.exitCode = 1;
  });
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
