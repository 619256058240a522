// Fault test: the accounting worker killed (SIGKILL) in the middle of a depreciation-plan
// computation, then started again. The job runs in one transaction (investment locked, run
// recorded in job_runs, schedules written, status 'ready'): the killed run leaves nothing, and
// the redelivered job stores exactly one plan.
import request from 'supertest';
import { JOBS, type Company, type Investment } from '@xaalis/contracts';
import { mustExist } from '@xaalis/service-kit';
import { asTenant, companyWithChart, investmentInput } from '../../test-support';
import { crashSuite, sleep } from '../../test-support/worker-crash';

// About 15–40 s on an idle machine; room for a loaded one (child workers and migrations start slowly).
const suite = crashSuite('plan_crash');
const { sql } = suite;

let company: Company;
const plan = async (investmentId: string) => ({
  status: mustExist(
    (await sql<{ plan_status: string }>('SELECT plan_status FROM accounting.investments WHERE id = $1', [investmentId]))[0],
    'investment',
  ).plan_status,
  rows: await sql<{ row_no: number; year: number; depreciation_amount: string }>(
    'SELECT row_no, year, depreciation_amount::text FROM accounting.depreciation_schedules WHERE investment_id = $1 ORDER BY row_no',
    [investmentId],
  ),
  runs: await sql<{ job_id: string }>(
    `SELECT job_id FROM accounting.job_runs WHERE company_id = $1 AND name = '${JOBS.computeDepreciationPlan}'`,
    [company.id],
  ),
});

beforeAll(async () => {
  ({ company } = await companyWithChart(suite.service()));
});

it('stores one depreciation plan when the worker is killed mid-computation and the job is redelivered', async () => {
  const input = investmentInput();
  // No worker yet: the plan job waits in the queue.
  const inv = (
    await request(suite.service().app).post(`/api/companies/${company.id}/investments`).set(asTenant(company.id)).send(input).expect(201)
  ).body as Investment;
  const waiting = (await suite.queue().getWaiting()).filter((j) => j.name === JOBS.computeDepreciationPlan);
  expect(waiting).toHaveLength(1);
  const jobId = mustExist(waiting[0]?.id, 'job id');
  expect(await plan(inv.id)).toEqual({ status: 'computing', rows: [], runs: [] });

  // The test takes the job's once-marker slot (job_runs.job_id): the job locks the investment in
  // its transaction, then its INSERT of the marker waits on that slot, the transaction open.
  const slot = await suite.holdSlot('INSERT INTO accounting.job_runs (job_id, name, company_id) VALUES ($1, $2, $3)', [
    jobId,
    JOBS.computeDepreciationPlan,
    company.id,
  ]);
  const { job, redeliveryMs, doneMs } = await suite.killMidJob({
    slot,
    jobId,
    writer: '%INSERT INTO "accounting".job_runs%',
    leftNothing: async () => expect(await plan(inv.id)).toEqual({ status: 'computing', rows: [], runs: [] }),
  });

  // Exactly once: one plan (rows numbered 1..n, one per year, adding up to the depreciable
  // amount), one recorded run, the investment ready.
  const after = await plan(inv.id);
  expect(after.status).toBe('ready');
  expect(after.runs).toEqual([{ job_id: jobId }]);
  expect(after.rows.map((r) => r.row_no)).toEqual(Array.from({ length: after.rows.length }, (_, i) => i + 1));
  expect(new Set(after.rows.map((r) => r.year)).size).toBe(after.rows.length);
  expect(after.rows.reduce((sum, r) => sum + Math.round(Number(r.depreciation_amount) * 100), 0)).toBe(100_000_000);
  expect(job.returnvalue).toEqual({ computed: true, rows: after.rows.length });

  // Nothing runs a third time.
  await sleep(1_000);
  expect(await plan(inv.id)).toEqual(after);
  console.log(`plan worker crash: redelivery ${redeliveryMs} ms after the lock, kill → plan stored ${doneMs} ms`);
});
