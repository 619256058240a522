// Fault test: the accounting worker killed (SIGKILL) in the middle of a chart generation, then
// started again. The generation is one transaction: the killed run leaves no account behind,
// and the redelivered job creates the chart exactly once (no duplicate code, none missing).
import { QueryTypes } from 'sequelize';
import { JOBS, type Company, type GenerateChartJob } from '@xaalis/contracts';
import { mustExist } from '@xaalis/service-kit';
import { createCompany } from '../../test-support';
import { crashSuite, sleep } from '../../test-support/worker-crash';
import { chartFor } from './reference';

// About 15–40 s on an idle machine; room for a loaded one (child workers and migrations start slowly).
const suite = crashSuite('chart_crash');
const { db } = suite;

let company: Company;
const accounts = async () =>
  db().query<{ n: number; codes: number }>(
    'SELECT count(*)::int AS n, count(DISTINCT code)::int AS codes FROM accounting.accounts WHERE company_id = $1',
    { bind: [company.id], type: QueryTypes.SELECT },
  );

beforeAll(async () => {
  company = await createCompany(suite.service(), { sector: 'commerce' });
});

it('creates the chart exactly once when its worker is killed mid-generation and the job is redelivered', async () => {
  const chart = chartFor('commerce');
  const codes = chart.map((d) => d.code).sort();
  const lastCode = mustExist(codes[codes.length - 1], 'last code');
  const last = mustExist(
    chart.find((d) => d.code === lastCode),
    'last account',
  );
  expect(await accounts()).toEqual([{ n: 0, codes: 0 }]);

  // The test takes the unique slot of the chart's last code (inserted last): the job's INSERT
  // writes every other account, then waits on that slot, its transaction open.
  const slot = await suite.holdSlot(
    `INSERT INTO accounting.accounts (company_id, code, name, type, category, level) VALUES ($1, $2, $3, $4, $5, $6)`,
    [company.id, last.code, last.name, last.type, last.category, last.level],
  );
  const jobId = `chart-${company.id}-commerce-crash`;
  const { job, redeliveryMs, doneMs } = await suite.killMidJob({
    slot,
    jobId,
    writer: '%INSERT INTO accounting.accounts%',
    enqueue: () =>
      suite.queue().add(JOBS.generateChart, { companyId: company.id, sector: 'commerce' } satisfies GenerateChartJob, { jobId }),
    leftNothing: async () => expect(await accounts()).toEqual([{ n: 0, codes: 0 }]),
  });
  expect(job.returnvalue).toEqual({ created: chart.length, total: chart.length });
  expect(await accounts()).toEqual([{ n: chart.length, codes: chart.length }]);
  const rows = await db().query<{ code: string }>('SELECT code FROM accounting.accounts WHERE company_id = $1 ORDER BY code', {
    bind: [company.id],
    type: QueryTypes.SELECT,
  });
  expect(rows.map((r) => r.code)).toEqual(codes);
  // Nothing runs a third time.
  await sleep(1_000);
  expect(await accounts()).toEqual([{ n: chart.length, codes: chart.length }]);
  console.log(`chart worker crash: redelivery ${redeliveryMs} ms after the lock, kill → chart done ${doneMs} ms`);
});
