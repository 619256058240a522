import { QueryTypes } from 'sequelize';
import { JOBS, type Company } from '@xaalis/contracts';
import { depreciationPlan, money } from '@xaalis/domain';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { companyWithChart } from '../../test-support';
import type { ScheduleDbRow } from './model';
import { investmentsService } from './service';

// The plan job computes a batch of the company's pending plans in one transaction (issue 26), on
// the real Postgres: each plan exactly depreciationPlan's, the company's plans alone, newest
// first, the rows another transaction holds skipped without waiting, and nothing written twice
// when the jobs run again. The service is called as the worker's handler calls it (no queue:
// the investments are inserted as the API writes them, without their jobs).
let service: RunningService;
let company: Company;
let other: Company;
let accountId: string;
let otherAccountId: string;

beforeAll(async () => {
  service = await start({ port: 0 });
  let accounts;
  ({ company, accounts } = await companyWithChart(service));
  accountId = accounts.get('244')!.id;
  ({ company: other, accounts } = await companyWithChart(service));
  otherAccountId = accounts.get('244')!.id;
});
afterAll(() => service.close());

type Params = {
  category: 'material' | 'immaterial';
  purchaseDate: string;
  purchasePrice: string;
  residualValue: string;
  depreciationMethod: 'linear' | 'declining';
  depreciationRate: string;
  usefulLife: number;
};
const PARAMS: Params[] = [
  {
    category: 'material',
    purchaseDate: '2026-03-15',
    purchasePrice: '1000000',
    residualValue: '0',
    depreciationMethod: 'linear',
    depreciationRate: '20',
    usefulLife: 5,
  },
  {
    category: 'material',
    purchaseDate: '2025-07-01',
    purchasePrice: '2500000',
    residualValue: '100000',
    depreciationMethod: 'declining',
    depreciationRate: '40',
    usefulLife: 5,
  },
  {
    category: 'immaterial',
    purchaseDate: '2024-01-01',
    purchasePrice: '600000',
    residualValue: '0',
    depreciationMethod: 'linear',
    depreciationRate: '33.33',
    usefulLife: 3,
  },
  {
    category: 'material',
    purchaseDate: '2026-11-30',
    purchasePrice: '12345678.90',
    residualValue: '45.10',
    depreciationMethod: 'linear',
    depreciationRate: '10',
    usefulLife: 10,
  },
  {
    category: 'material',
    purchaseDate: '2023-02-28',
    purchasePrice: '750000',
    residualValue: '0',
    depreciationMethod: 'declining',
    depreciationRate: '50',
    usefulLife: 4,
  },
  {
    category: 'material',
    purchaseDate: '2026-01-01',
    purchasePrice: '99999.99',
    residualValue: '0',
    depreciationMethod: 'linear',
    depreciationRate: '100',
    usefulLife: 1,
  },
];

/** An investment as the API writes it (plan 'computing'), created `minute` minutes into 2026. */
async function pending(companyId: string, account: string, p: Params, minute: number): Promise<string> {
  const [row] = await service.ctx.sequelize.query<{ id: string }>(
    `INSERT INTO accounting.investments
       (company_id, name, category, purchase_date, purchase_price, depreciation_method, depreciation_rate, useful_life,
        residual_value, current_value, account_id, plan_status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $5, $10, 'computing', timestamptz '2026-01-01T00:00:00Z' + $11 * interval '1 minute')
     RETURNING id`,
    {
      bind: [
        companyId,
        `Bien ${minute}`,
        p.category,
        p.purchaseDate,
        p.purchasePrice,
        p.depreciationMethod,
        p.depreciationRate,
        p.usefulLife,
        p.residualValue,
        account,
        minute,
      ],
      type: QueryTypes.SELECT,
    },
  );
  return row.id;
}

const statuses = async (ids: string[]) =>
  (
    await service.ctx.sequelize.query<{ plan_status: string }>(
      'SELECT plan_status FROM accounting.investments WHERE id = ANY($1::uuid[]) ORDER BY array_position($1::uuid[], id)',
      { bind: [ids], type: QueryTypes.SELECT },
    )
  ).map((r) => r.plan_status);

const scheduleRows = (companyId: string) =>
  service.ctx.sequelize.query<Omit<ScheduleDbRow, 'company_id' | 'is_recorded' | 'entry_id' | 'recorded_at'> & { created_at: Date }>(
    `SELECT id, investment_id, row_no, year, period_start, period_end, beginning_value, depreciation_amount, ending_value, created_at
       FROM accounting.depreciation_schedules WHERE company_id = $1 ORDER BY investment_id, row_no`,
    { bind: [companyId], type: QueryTypes.SELECT },
  );

const jobOf = (id: string) => ({ id, name: JOBS.computeDepreciationPlan, attemptsMade: 0 });

it('stores a batch of plans in one job, each exactly its computed plan, and a re-run writes nothing', async () => {
  const ids: string[] = [];
  for (const [i, p] of PARAMS.entries()) ids.push(await pending(company.id, accountId, p, i));
  const theirs = await pending(other.id, otherAccountId, PARAMS[0], 100);
  const investments = investmentsService(service.ctx.sequelize, service.ctx.queue);
  const run = (svc: typeof investments, i: number, jobId: string, batchSize?: number) =>
    svc.computePlan({ companyId: company.id, investmentId: ids[i], revision: 0 }, jobOf(jobId), batchSize);
  const [{ fiscal_year: fiscalYear }] = await service.ctx.sequelize.query<{ fiscal_year: string }>(
    'SELECT fiscal_year FROM accounting.companies WHERE id = $1',
    { bind: [company.id], type: QueryTypes.SELECT },
  );
  const expected = PARAMS.map((p) => depreciationPlan(p, fiscalYear));

  // A batch of 3: the job's own plan and the company's two newest pending ones.
  await expect(run(investments, 0, 'plan-job-0', 3)).resolves.toEqual({ computed: true, rows: expected[0].length, alsoComputed: 2 });
  expect(await statuses(ids)).toEqual(['ready', 'computing', 'computing', 'computing', 'ready', 'ready']);

  // Another transaction holds one pending investment: the batch skips it rather than waiting.
  const held = await service.ctx.sequelize.transaction();
  try {
    await service.ctx.sequelize.query('SELECT 1 FROM accounting.investments WHERE id = $1 FOR UPDATE', {
      bind: [ids[3]],
      transaction: held,
    });
    await expect(run(investments, 1, 'plan-job-1')).resolves.toEqual({ computed: true, rows: expected[1].length, alsoComputed: 1 });
    expect(await statuses(ids)).toEqual(['ready', 'ready', 'ready', 'computing', 'ready', 'ready']);
  } finally {
    await held.rollback();
  }
  // The skipped one by its own job, alone: the other company's plan is never part of a batch.
  await expect(run(investments, 3, 'plan-job-3')).resolves.toEqual({ computed: true, rows: expected[3].length });
  expect(await statuses([...ids, theirs])).toEqual(['ready', 'ready', 'ready', 'ready', 'ready', 'ready', 'computing']);

  // Every plan stored is exactly depreciationPlan's, once (rows 1..n of each investment).
  const stored = await scheduleRows(company.id);
  expect(stored).toHaveLength(expected.reduce((n, plan) => n + plan.length, 0));
  for (const [i, plan] of expected.entries()) {
    expect(plan.length).toBeGreaterThan(0);
    expect(
      stored
        .filter((r) => r.investment_id === ids[i])
        .map((r) => [r.row_no, r.year, r.period_start, r.period_end, r.beginning_value, r.depreciation_amount, r.ending_value]),
    ).toEqual(
      plan.map((r) => [
        r.rowNo,
        r.year,
        r.periodStart,
        r.periodEnd,
        money(r.beginningValue),
        money(r.depreciationAmount),
        money(r.endingValue),
      ]),
    );
  }

  // Run again: the same job ids, and the jobs of the plans a batch stored, twice (the first time
  // this worker remembers them; the second time, and in another worker, the database answers).
  const elsewhere = investmentsService(service.ctx.sequelize, service.ctx.queue);
  for (const svc of [investments, investments, elsewhere]) {
    for (const [i, jobId] of [
      [0, 'plan-job-0'],
      [1, 'plan-job-1'],
      [3, 'plan-job-3'],
      [2, 'plan-job-2'],
      [4, 'plan-job-4'],
      [5, 'plan-job-5'],
    ] as const) {
      await expect(run(svc, i, jobId)).resolves.toEqual({ computed: false, rows: 0 });
    }
  }
  expect(await scheduleRows(company.id)).toEqual(stored);
  const runs = await service.ctx.sequelize.query<{ job_id: string }>(
    'SELECT job_id FROM accounting.job_runs WHERE company_id = $1 ORDER BY job_id',
    { bind: [company.id], type: QueryTypes.SELECT },
  );
  expect(runs.map((r) => r.job_id)).toEqual(['plan-job-0', 'plan-job-1', 'plan-job-3']);
  expect(await scheduleRows(other.id)).toEqual([]);
});

it('leaves an investment edited since the job was enqueued to the newer job, in a batch or not', async () => {
  const [a, b] = [await pending(company.id, accountId, PARAMS[0], 200), await pending(company.id, accountId, PARAMS[1], 201)];
  // b edited: revision 1 (its revision-0 job is stale); a's batch computes b's current plan all the same.
  await service.ctx.sequelize.query(
    'UPDATE accounting.investments SET revision = 1, useful_life = 4, depreciation_rate = 50 WHERE id = $1',
    {
      bind: [b],
    },
  );
  const investments = investmentsService(service.ctx.sequelize, service.ctx.queue);
  await expect(investments.computePlan({ companyId: company.id, investmentId: a, revision: 0 }, jobOf('edit-a-r0'))).resolves.toMatchObject(
    {
      computed: true,
      alsoComputed: 1,
    },
  );
  for (const svc of [investments, investmentsService(service.ctx.sequelize, service.ctx.queue)]) {
    for (const revision of [0, 1]) {
      await expect(svc.computePlan({ companyId: company.id, investmentId: b, revision }, jobOf(`edit-b-r${revision}`))).resolves.toEqual({
        computed: false,
        rows: 0,
      });
    }
  }
  const [{ fiscal_year: fiscalYear }] = await service.ctx.sequelize.query<{ fiscal_year: string }>(
    'SELECT fiscal_year FROM accounting.companies WHERE id = $1',
    { bind: [company.id], type: QueryTypes.SELECT },
  );
  const bRows = (await scheduleRows(company.id)).filter((r) => r.investment_id === b);
  expect(bRows.map((r) => r.depreciation_amount)).toEqual(
    depreciationPlan({ ...PARAMS[1], usefulLife: 4, depreciationRate: '50' }, fiscalYear).map((r) => money(r.depreciationAmount)),
  );
});
