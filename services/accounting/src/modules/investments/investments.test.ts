import { QueryTypes } from 'sequelize';
import { JOBS, type Account, type Company, type Investment, type InvestmentInput, type InvestmentListResponse } from '@xaalis/contracts';
import type { RunningService, RunningWorker } from '@xaalis/service-kit';
import { depreciationPlan, money } from '@xaalis/domain';
import { start } from '../../server';
import { asTenant, chartOf, companyWithChart, investmentInput } from '../../test-support';
import { balances, entryLines, http } from '../../test-support/invoicing';
import { startWorker } from '../../worker';
import { RECORD_DEPRECIATIONS_SCHEDULE } from './jobs';
import { planJobId } from './service';

// Investments end to end on the real Postgres and Redis: the plan computed by
// the worker (BullMQ), the postings, the recording rules, tenancy.
let service: RunningService;
let worker: RunningWorker;
let company: Company;
let accounts: Map<string, Account>;
let other: Company;

beforeAll(async () => {
  service = await start({ port: 0 });
  worker = await startWorker();
  ({ company, accounts } = await companyWithChart(service));
  ({ company: other } = await companyWithChart(service));
});

afterAll(async () => {
  await worker.close();
  await service.close();
});

const post = (over: Partial<InvestmentInput> = {}, companyId = company.id) =>
  http(service).post(`/api/companies/${companyId}/investments`).set(asTenant(companyId)).send(investmentInput(over));
const get = async (id: string, companyId = company.id) =>
  (await http(service).get(`/api/investments/${id}`).set(asTenant(companyId)).expect(200)).body as Investment;
const record = (id: string, rowId: string, companyId = company.id) =>
  http(service).post(`/api/investments/${id}/depreciations/${rowId}/record`).set(asTenant(companyId));

/** Polls until the worker has stored the plan (as the screen does). */
async function planned(id: string, companyId = company.id): Promise<Investment> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const inv = await get(id, companyId);
    if (inv.planStatus !== 'computing') return inv;
    if (Date.now() > deadline) throw new Error('plan not computed in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function created(over: Partial<InvestmentInput> = {}, companyId = company.id): Promise<Investment> {
  const res = await post(over, companyId);
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return planned((res.body as Investment).id, companyId);
}

describe('validation (400, French messages, never a 500)', () => {
  it.each([
    [{ depreciationRate: '25' }, "Taux incohérent avec la durée d'utilité : 20,00 % attendu"],
    [{ residualValue: '1000001' }, "La valeur résiduelle doit être inférieure au prix d'achat"],
    [{ usefulLife: 0, depreciationRate: '100' }, "La durée d'utilité doit être un nombre entier d'années entre 1 et 100"],
    [{ usefulLife: 101, depreciationRate: '1' }, "La durée d'utilité doit être un nombre entier d'années entre 1 et 100"],
    [{ purchasePrice: '0' }, "Le prix d'achat doit être supérieur à zéro"],
    [{ purchasePrice: '-1000' }, "Le prix d'achat doit être supérieur à zéro"],
    [{ purchasePrice: 'abc' }, 'Montant invalide (nombre avec au plus deux décimales)'],
    [{ name: '' }, 'Nom requis'],
    [{ purchaseDate: '' }, "Date d'achat requise"],
    [{ depreciationMethod: 'declining', depreciationRate: '30' }, "Taux incohérent avec la durée d'utilité : 40,00 % attendu"],
  ])('%j → %s', async (over, message) => {
    const res = await post(over as Partial<InvestmentInput>).expect(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses an asset account of another category or another company', async () => {
    const software = accounts.get('213')!;
    expect((await post({ accountId: software.id }).expect(400)).body.message).toBe("Compte d'immobilisation invalide pour cette catégorie");
    const theirs = (await chartOf(service, other.id)).get('244')!;
    expect((await post({ accountId: theirs.id }).expect(400)).body.message).toBe("Compte d'immobilisation invalide pour cette catégorie");
  });
});

describe('creation: acquisition posted, plan computed by the worker', () => {
  it('posts D 244 / C 481 (OD) with the investment and shows "computing" until the job has stored the plan', async () => {
    const res = await post().expect(201);
    const inv = res.body as Investment;
    expect(inv).toMatchObject({ purchasePrice: '1000000.00', currentValue: '1000000.00', accountCode: '244', recordedCount: 0 });
    expect(['computing', 'ready']).toContain(inv.planStatus);
    expect(await entryLines(service, inv.entryId!)).toEqual({
      journal: 'OD',
      status: 'validated',
      lines: [
        ['244', '1000000.00', '0.00', null],
        ['481', '0.00', '1000000.00', null],
      ],
    });
    const ready = await planned(inv.id);
    expect(ready.planStatus).toBe('ready');
    const plan = ready.depreciationSchedules!;
    expect(plan.map((r) => [r.label, r.beginningValue, r.depreciationAmount, r.endingValue, r.isRecorded])).toEqual([
      ['2026', '1000000.00', '158889.00', '841111.00', false],
      ['2027', '841111.00', '200000.00', '641111.00', false],
      ['2028', '641111.00', '200000.00', '441111.00', false],
      ['2029', '441111.00', '200000.00', '241111.00', false],
      ['2030', '241111.00', '200000.00', '41111.00', false],
      ['2031', '41111.00', '41111.00', '0.00', false],
    ]);
    // The list has no plan, the same figures.
    const list = (
      (await http(service).get(`/api/companies/${company.id}/investments`).query({ pageSize: 100 }).set(asTenant(company.id)).expect(200))
        .body as InvestmentListResponse
    ).items;
    expect(list.find((i) => i.id === inv.id)).toMatchObject({ planStatus: 'ready', currentValue: '1000000.00' });
    expect(list.find((i) => i.id === inv.id)!.depreciationSchedules).toBeUndefined();
  });

  it('computes the plan once even when the job is enqueued twice (same id, or delivered again)', async () => {
    const inv = await created({ name: 'Climatiseur' });
    const db = service.ctx.sequelize;
    const rowsBefore = await db.query(
      'SELECT id, created_at FROM accounting.depreciation_schedules WHERE investment_id = $1 ORDER BY row_no',
      {
        bind: [inv.id],
        type: QueryTypes.SELECT,
      },
    );
    const jobId = planJobId({
      id: inv.id,
      revision: 0,
      category: 'material',
      purchase_date: inv.purchaseDate,
      purchase_price: inv.purchasePrice,
      residual_value: inv.residualValue,
      depreciation_method: inv.depreciationMethod,
      depreciation_rate: inv.depreciationRate,
      useful_life: inv.usefulLife,
    });
    const data = { companyId: company.id, investmentId: inv.id, revision: 0 };
    // The same job id again: BullMQ keeps the completed job and does not run it.
    const again = await service.ctx.queue.add(JOBS.computeDepreciationPlan, data, { jobId });
    expect(again.id).toBe(jobId);
    // Delivered again under another id (BullMQ removed the completed one): nothing computed.
    await expect(service.ctx.queue.addAndWait(JOBS.computeDepreciationPlan, data, { jobId: `${jobId}-again` })).resolves.toEqual({
      computed: false,
      rows: 0,
    });
    const runs = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounting.job_runs WHERE job_id = $1', {
      bind: [jobId],
      type: QueryTypes.SELECT,
    });
    expect(runs[0].n).toBe(1);
    const rowsAfter = await db.query(
      'SELECT id, created_at FROM accounting.depreciation_schedules WHERE investment_id = $1 ORDER BY row_no',
      {
        bind: [inv.id],
        type: QueryTypes.SELECT,
      },
    );
    expect(rowsAfter).toEqual(rowsBefore);
  });

  it('declining: rate × coefficient, prorata in months, switch to linear', async () => {
    const inv = await created({ name: 'Camion', purchaseDate: '2026-04-20', depreciationMethod: 'declining', depreciationRate: '40' });
    expect(inv.depreciationSchedules!.map((r) => r.depreciationAmount)).toEqual([
      '300000.00',
      '280000.00',
      '168000.00',
      '126000.00',
      '126000.00',
    ]);
  });

  it('financial assets: D 274 / C 481, no plan', async () => {
    const res = await post({ name: 'Titres Sonatel', category: 'financial', depreciationRate: '0' }).expect(201);
    const inv = res.body as Investment;
    expect(inv.planStatus).toBe('none');
    expect((await get(inv.id)).depreciationSchedules).toEqual([]);
    expect((await entryLines(service, inv.entryId!)).lines.map((l) => l[0])).toEqual(['274', '481']);
  });
});

describe('recording a year ("Enregistrer la dotation")', () => {
  it('posts D 6813 / C 2844, marks the row recorded, lowers the current value; in order, once', async () => {
    const computer = accounts.get('2442')!;
    const inv = await created({
      name: 'Serveur',
      accountId: computer.id,
      purchaseDate: '2025-01-01',
      usefulLife: 4,
      depreciationRate: '25',
    });
    const [first, second, third] = inv.depreciationSchedules!;
    expect((await record(inv.id, third.id).expect(409)).body.message).toBe(
      "Les dotations s'enregistrent dans l'ordre : enregistrez d'abord les années précédentes",
    );
    const after = (await record(inv.id, first.id).expect(200)).body as Investment;
    expect(after.currentValue).toBe('750000.00');
    expect(after.recordedCount).toBe(1);
    const row = after.depreciationSchedules![0];
    expect(row).toMatchObject({ isRecorded: true, depreciationAmount: '250000.00' });
    expect(await entryLines(service, row.entryId!)).toEqual({
      journal: 'OD',
      status: 'validated',
      lines: [
        ['6813', '250000.00', '0.00', null],
        ['2844', '0.00', '250000.00', null],
      ],
    });
    expect((await record(inv.id, first.id).expect(409)).body.message).toBe('Cette dotation est déjà enregistrée');
    // Concurrent clicks on the next row: one records it, the other is refused.
    const results = await Promise.all([record(inv.id, second.id), record(inv.id, second.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await get(inv.id)).currentValue).toBe('500000.00');
    // Rows 2025…2028: the fiscal year 2027 has not started (today is in 2026), it cannot be recorded yet.
    expect((await record(inv.id, third.id).expect(409)).body.message).toBe(
      "Cet exercice n'a pas encore commencé : sa dotation ne peut pas être enregistrée",
    );
  });

  it('immaterial assets: D 6812 / C 2813', async () => {
    const inv = await created({
      name: 'Logiciel comptable',
      category: 'immaterial',
      purchaseDate: '2026-01-01',
      usefulLife: 2,
      depreciationRate: '50',
    });
    expect(inv.accountCode).toBe('213');
    const after = (await record(inv.id, inv.depreciationSchedules![0].id).expect(200)).body as Investment;
    expect((await entryLines(service, after.depreciationSchedules![0].entryId!)).lines).toEqual([
      ['6812', '500000.00', '0.00', null],
      ['2813', '0.00', '500000.00', null],
    ]);
  });

  it('the database refuses recording twice or out of order, whatever the code path', async () => {
    const inv = await created({ name: 'Rayonnages', purchaseDate: '2025-01-01' });
    const [first, , third] = inv.depreciationSchedules!;
    await record(inv.id, first.id).expect(200);
    const db = service.ctx.sequelize;
    await expect(
      db.query('UPDATE accounting.depreciation_schedules SET recorded_at = now() WHERE id = $1', { bind: [first.id] }),
    ).rejects.toMatchObject({ parent: { code: 'XA002', message: 'Cette dotation est déjà enregistrée' } });
    await expect(
      db.query(`UPDATE accounting.depreciation_schedules SET is_recorded = true, recorded_at = now(), entry_id = $2 WHERE id = $1`, {
        bind: [third.id, inv.entryId],
      }),
    ).rejects.toMatchObject({ parent: { code: 'XA002' } });
    await expect(db.query('DELETE FROM accounting.depreciation_schedules WHERE id = $1', { bind: [first.id] })).rejects.toMatchObject({
      parent: { code: 'XA002' },
    });
    await expect(
      db.query(`UPDATE accounting.investments SET purchase_price = 2000000, current_value = 2000000 WHERE id = $1`, { bind: [inv.id] }),
    ).rejects.toMatchObject({ parent: { code: 'XA002' } });
    // The entries it posted are cancelled through the investment, never from the journal.
    const cancel = await http(service)
      .post(`/api/accounting-entries/${(await get(inv.id)).depreciationSchedules![0].entryId}/cancel`)
      .set(asTenant(company.id));
    expect(cancel.status).toBe(409);
  });
});

describe('the plan job stores exactly the computed plan', () => {
  it('stores every row of depreciationPlan, in one statement with the ready status, for linear and declining plans', async () => {
    for (const over of [
      { name: 'Camion' },
      { name: 'Serveur', depreciationMethod: 'declining' as const, usefulLife: 5, depreciationRate: '40' },
    ]) {
      const inv = await created(over);
      const [row] = await service.ctx.sequelize.query<{ fiscal_year: Parameters<typeof depreciationPlan>[1] }>(
        `SELECT fiscal_year FROM accounting.companies WHERE id = $1`,
        { bind: [company.id], type: QueryTypes.SELECT },
      );
      const expected = depreciationPlan(
        {
          category: inv.category,
          purchaseDate: inv.purchaseDate,
          purchasePrice: inv.purchasePrice,
          residualValue: inv.residualValue,
          depreciationMethod: inv.depreciationMethod,
          depreciationRate: inv.depreciationRate,
          usefulLife: inv.usefulLife,
        },
        row.fiscal_year,
      );
      expect(inv.planStatus).toBe('ready');
      expect(expected.length).toBeGreaterThan(1);
      expect(
        inv.depreciationSchedules!.map((r) => [
          r.rowNo,
          r.year,
          r.periodStart,
          r.periodEnd,
          r.beginningValue,
          r.depreciationAmount,
          r.endingValue,
        ]),
      ).toEqual(
        expected.map((r) => [
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
  });
});

describe('editing while nothing is recorded', () => {
  it('re-plans, and re-posts the acquisition when its amount changes', async () => {
    const inv = await created({ name: 'Groupe électrogène' });
    const put = (over: Partial<InvestmentInput>) =>
      http(service)
        .put(`/api/investments/${inv.id}`)
        .set(asTenant(company.id))
        .send(investmentInput({ name: 'Groupe électrogène', ...over }));
    const before = balances(service, company.id);
    const edited = (await put({ purchasePrice: '2000000', usefulLife: 4, depreciationRate: '25' }).expect(200)).body as Investment;
    expect(edited).toMatchObject({ purchasePrice: '2000000.00', currentValue: '2000000.00', usefulLife: 4 });
    expect(edited.entryId).not.toBe(inv.entryId);
    expect((await entryLines(service, inv.entryId!)).status).toBe('cancelled');
    const b0 = await before;
    const b1 = await balances(service, company.id);
    const diff = (code: string) => Number(b1.get(code) ?? 0) - Number(b0.get(code) ?? 0);
    expect(diff('244')).toBe(1000000);
    expect(diff('481')).toBe(-1000000);
    const replanned = await planned(inv.id);
    expect(replanned.depreciationSchedules!.map((r) => r.depreciationAmount)).toEqual([
      '397222.00',
      '500000.00',
      '500000.00',
      '500000.00',
      '102778.00',
    ]);
    // Once a row is recorded, the investment can no longer be edited.
    await record(inv.id, replanned.depreciationSchedules![0].id).expect(200);
    expect((await put({ purchasePrice: '3000000', usefulLife: 4, depreciationRate: '25' }).expect(409)).body.message).toBe(
      "Des dotations sont déjà enregistrées : l'investissement ne peut plus être modifié",
    );
  });
});

describe('tenancy: another company’s investment does not exist (404 on every route)', () => {
  it('answers 404 to GET, PUT, record and the company paths', async () => {
    const inv = await created({ name: 'Véhicule' });
    const t = asTenant(other.id);
    await http(service).get(`/api/investments/${inv.id}`).set(t).expect(404);
    await http(service).put(`/api/investments/${inv.id}`).set(t).send(investmentInput()).expect(404);
    await record(inv.id, inv.depreciationSchedules![0].id, other.id).expect(404);
    await http(service).get(`/api/companies/${company.id}/investments`).set(t).expect(404);
    await http(service).post(`/api/companies/${company.id}/investments`).set(t).send(investmentInput()).expect(404);
    // Unknown ids and a row of another investment.
    await http(service).get('/api/investments/not-a-uuid').set(asTenant(company.id)).expect(404);
    const mine = await created({ name: 'Bureau' });
    await record(mine.id, inv.depreciationSchedules![0].id).expect(404);
    const list = ((await http(service).get(`/api/companies/${other.id}/investments`).set(t).expect(200)).body as InvestmentListResponse)
      .items;
    expect(list.find((i) => i.id === inv.id)).toBeUndefined();
  });
});

describe('scheduled recording of ended fiscal years (BullMQ job scheduler)', () => {
  it('registers the daily schedule when the worker starts', async () => {
    const schedulers = await service.ctx.queue.queue!.getJobSchedulers(0, -1);
    expect(schedulers).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: RECORD_DEPRECIATIONS_SCHEDULE.id, name: JOBS.recordDepreciations })]),
    );
  });

  it('records, in order, the rows of the fiscal years that have ended, once', async () => {
    const inv = await created({ name: 'Ancienne machine', purchaseDate: '2021-07-01' });
    const run = (today: string) => service.ctx.queue.addAndWait(JOBS.recordDepreciations, { today }, { jobId: `sweep-${today}-${inv.id}` });
    const first = (await run('2023-03-01')) as { rows: number };
    expect(first.rows).toBeGreaterThanOrEqual(2);
    let after = await get(inv.id);
    expect(after.depreciationSchedules!.map((r) => r.isRecorded)).toEqual([true, true, false, false, false, false]);
    expect(after.currentValue).toBe('700000.00');
    await run('2023-03-02'); // nothing new has ended
    after = await get(inv.id);
    expect(after.recordedCount).toBe(2);
    const entries = await service.ctx.sequelize.query<{ date: string }>(
      `SELECT date FROM accounting.accounting_entries WHERE source_type = 'depreciation' AND source_id = ANY($1::text[]) ORDER BY date`,
      { bind: [after.depreciationSchedules!.slice(0, 2).map((r) => r.id)], type: QueryTypes.SELECT },
    );
    expect(entries.map((e) => e.date)).toEqual(['2021-12-31', '2022-12-31']);
  });
});
