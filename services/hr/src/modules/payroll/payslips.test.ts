import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { QueryTypes } from 'sequelize';
import request from 'supertest';
import {
  JOBS,
  QUEUES,
  type Employee,
  type Payslip,
  type PayslipList,
  type JobStatus,
  type PayslipPostedJob,
  type PostPayslipJob,
} from '@xaalis/contracts';
import { computePayslip, parameterSetFor } from '@xaalis/domain';
import { createRedis, type RunningService, type RunningWorker } from '@xaalis/service-kit';
import { hrService } from '../../definition';
import { start } from '../../server';
import { asTenant, createEmployee } from '../../test-support';
import { accountingProducer } from '../../accounting-queue';
import { payslipPostedHandler } from './jobs';
import { insertPayslips } from './model';
import { GENERATION_BATCH, lastDayOf, payrollService } from './service';

// The real HR service and worker on the real database and Redis; companies are plain uuids.
// Its own queue prefix: the posting jobs these tests inspect must not be taken by an accounting
// worker that another test file runs at the same time (the generated tests' stack has one).
process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}_payslips`;
let service: RunningService;
let worker: RunningWorker;
let accounting: Queue;
const redis = createRedis(process.env.REDIS_URL as string);
const own = randomUUID();
const other = randomUUID();

const http = () => request(service.app);
const listUrl = (companyId: string) => `/api/companies/${companyId}/payrolls`;
const post = (companyId: string, body: object) => http().post(listUrl(companyId)).set(asTenant(companyId)).send(body);
const patch = (companyId: string, id: string, action: string, body: object = {}) =>
  http().patch(`/api/payrolls/${id}/${action}`).set(asTenant(companyId)).send(body);
const message = async (req: request.Test, status: number) => ((await req.expect(status)).body as { message: string }).message;
const create = async (companyId: string, body: object) => (await post(companyId, body).expect(201)).body as Payslip;

/** Every job of the accounting queue about one slip, whatever its state. */
async function postingJobs(payslipId: string) {
  const jobs = await accounting.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized']);
  return jobs.filter((j) => (j.data as PostPayslipJob).payslipId === payslipId);
}

beforeAll(async () => {
  service = await start({ port: 0 });
  worker = await hrService.startWorker();
  accounting = new Queue(QUEUES.accounting, { connection: redis, prefix: process.env.REDIS_PREFIX });
});

afterAll(async () => {
  await accounting.close();
  await worker.close();
  await service.close();
  redis.disconnect();
});

describe('payslips', () => {
  let awa: Employee;
  let slip: Payslip;
  const form = { period: '2024-03', baseSalary: '450000', housingAllowance: '50000', overtimeHours: '10' };

  beforeAll(async () => {
    awa = await createEmployee(service, own, { employeeNumber: 'E001', firstName: 'Awa', lastName: 'Diop', hireDate: '2024-02-10' });
  });

  it('creates a draft with the server-side computation of the set in force, stored with its breakdown', async () => {
    const expected = computePayslip(
      { baseSalary: '450000', housingAllowance: '50000', overtimeHours: '10' },
      parameterSetFor('xaalis', '2024-03')!,
    );
    const res = await post(own, { ...form, employeeId: awa.id, grossSalary: expected.totals.gross, netSalary: expected.totals.net }).expect(
      201,
    );
    slip = res.body as Payslip;
    expect(slip).toEqual({
      id: expect.any(String),
      employeeId: awa.id,
      employee: { id: awa.id, firstName: 'Awa', lastName: 'Diop', employeeNumber: 'E001', position: 'Comptable' },
      period: '2024-03',
      parameterSetId: 'xaalis',
      baseSalary: '450000.00',
      allowances: '70000.00', // 20 000 transport (default) + 50 000 housing
      overtimePay: expected.lines.find((l) => l.code === 'HEURES_SUP')!.employee,
      grossSalary: expected.totals.gross,
      socialCharges: expected.totals.employeeContributions,
      employerContributions: expected.totals.employerContributions,
      incomeTax: expected.totals.incomeTax,
      trimf: '0.00',
      otherDeductions: '0.00',
      netSalary: expected.totals.net,
      employerCost: expected.totals.employerCost,
      breakdown: expected,
      status: 'draft',
      paymentDate: null,
      paymentMethod: null,
      treasuryAccountId: null,
      postedEntryNumber: null,
      paymentEntryNumber: null,
      postingPending: false,
      createdAt: expect.any(String),
    });
    // 450 000 / 173.33 × 10 h × 1.5 = 38 943.05 → 38 943.
    expect(slip.overtimePay).toBe('38943.00');
    expect(slip.grossSalary).toBe('558943.00');
  });

  it('uses the official set when the body names it, for a period it is in force', async () => {
    const moussa = await createEmployee(service, own, { hireDate: '2023-01-01', isCadre: true, maritalStatus: 'married', children: 2 });
    const official = await create(own, {
      employeeId: moussa.id,
      period: '2024-05',
      baseSalary: '1500000',
      parameterSetId: 'senegal-official',
    });
    const expected = computePayslip(
      { baseSalary: '1500000', isCadre: true, maritalStatus: 'married', children: 2 },
      parameterSetFor('senegal-official', '2024-05')!,
    );
    expect(official.parameterSetId).toBe('senegal-official');
    expect(official.netSalary).toBe(expected.totals.net);
    expect(official.trimf).toBe(expected.totals.trimf);
    expect(official.breakdown.lines.map((l) => l.code)).toContain('IPRES_RC');
    expect(
      await message(post(own, { employeeId: moussa.id, period: '2023-05', baseSalary: '1', parameterSetId: 'senegal-official' }), 400),
    ).toBe('Aucun barème de paie en vigueur pour cette période');
  });

  it('refuses client figures that differ from the recomputation, whatever their writing otherwise', async () => {
    const e = await createEmployee(service, own);
    expect(await message(post(own, { employeeId: e.id, period: '2024-04', baseSalary: '300000', netSalary: '1.00' }), 400)).toBe(
      'Le calcul ne correspond pas au barème (recalculez)',
    );
    expect(await message(post(own, { employeeId: e.id, period: '2024-04', baseSalary: '300000', grossSalary: 320001 }), 400)).toBe(
      'Le calcul ne correspond pas au barème (recalculez)',
    );
    // Gross 320 000 written without decimals, as a number: accepted.
    const ok = await create(own, { employeeId: e.id, period: '2024-04', baseSalary: '300000', grossSalary: 320000 });
    expect(ok.grossSalary).toBe('320000.00');
  });

  it('keeps one slip per employee and period (409), and applies the hire-date and inactive rules', async () => {
    expect(await message(post(own, { ...form, employeeId: awa.id }), 409)).toBe(
      'Un bulletin existe déjà pour cet employé et cette période',
    );
    expect(await message(post(own, { ...form, period: '2024-01', employeeId: awa.id }), 400)).toBe("Période antérieure à l'embauche");
    // The hire month itself is allowed.
    await post(own, { ...form, period: '2024-02', employeeId: awa.id }).expect(201);
    const gone = await createEmployee(service, own, { status: 'inactive' });
    expect(await message(post(own, { ...form, employeeId: gone.id }), 400)).toBe('Employé inactif');
  });

  it('validates the body with the French messages', async () => {
    expect(await message(post(own, {}), 400)).toBe('Sélectionnez un employé');
    expect(await message(post(own, { employeeId: awa.id, baseSalary: '1' }), 400)).toBe('Entrez la période (ex: 2024-01)');
    expect(await message(post(own, { employeeId: awa.id, period: '2024-13', baseSalary: '1' }), 400)).toBe(
      'Entrez la période (ex: 2024-01)',
    );
    expect(await message(post(own, { employeeId: awa.id, period: '2024-06' }), 400)).toBe('Entrez le salaire de base');
    expect(await message(post(own, { employeeId: awa.id, period: '2024-06', baseSalary: '-5' }), 400)).toBe(
      'Le montant ne peut pas être négatif',
    );
    expect(await message(post(own, { employeeId: awa.id, period: '2024-06', baseSalary: '1', overtimeHours: 'x' }), 400)).toBe(
      'Heures supplémentaires invalides (nombre positif, au plus deux décimales)',
    );
    expect(await message(post(own, { employeeId: awa.id, period: '2024-06', baseSalary: '1', parameterSetId: 'nope' }), 400)).toBe(
      'Barème de paie invalide',
    );
    expect(await message(post(own, { employeeId: randomUUID(), period: '2024-06', baseSalary: '1' }), 404)).toBe('Employé introuvable');
    expect(
      await message(
        http()
          .get(`${listUrl(own)}?period=2024`)
          .set(asTenant(own)),
        400,
      ),
    ).toBe('Période invalide (ex: 2024-01)');
  });

  it('lists newest period first, filters by period, and keeps companies apart (404 on every route)', async () => {
    const all = ((await http().get(listUrl(own)).set(asTenant(own)).expect(200)).body as PayslipList).items;
    const periods = all.map((p) => p.period);
    expect(periods).toEqual([...periods].sort().reverse());
    expect(all.find((p) => p.id === slip.id)?.employee.lastName).toBe('Diop');
    const march = (
      (
        await http()
          .get(`${listUrl(own)}?period=2024-03`)
          .set(asTenant(own))
          .expect(200)
      ).body as PayslipList
    ).items;
    expect(march.map((p) => p.id)).toEqual([slip.id]);
    expect(((await http().get(listUrl(other)).set(asTenant(other)).expect(200)).body as PayslipList).items).toEqual([]);
    // The path's company must be the tenant's.
    await http().get(listUrl(own)).set(asTenant(other)).expect(404);
    await post(own, { ...form, employeeId: awa.id })
      .set(asTenant(other))
      .expect(404);

    expect(await message(http().get(`/api/payrolls/${slip.id}`).set(asTenant(other)), 404)).toBe('Bulletin introuvable');
    expect(await message(patch(other, slip.id, 'validate'), 404)).toBe('Bulletin introuvable');
    expect(await message(patch(other, slip.id, 'pay', { paymentDate: '2024-04-02', paymentMethod: 'bank' }), 404)).toBe(
      'Bulletin introuvable',
    );
    expect(await message(patch(other, slip.id, 'cancel'), 404)).toBe('Bulletin introuvable');
    expect(await message(http().get('/api/payrolls/not-a-uuid').set(asTenant(own)), 404)).toBe('Bulletin introuvable');
    // Another company's employee cannot get a slip here.
    const foreign = await createEmployee(service, other);
    expect(await message(post(own, { ...form, employeeId: foreign.id }), 404)).toBe('Employé introuvable');
    expect(((await http().get(`/api/payrolls/${slip.id}`).set(asTenant(own)).expect(200)).body as Payslip).status).toBe('draft');
  });

  it('validates a draft once and enqueues exactly one PA posting on the accounting queue', async () => {
    expect(await postingJobs(slip.id)).toEqual([]);
    const validated = (await patch(own, slip.id, 'validate').expect(200)).body as Payslip;
    expect(validated.status).toBe('validated');
    expect(validated.postingPending).toBe(true);
    expect(await message(patch(own, slip.id, 'validate'), 409)).toBe('Seul un bulletin en brouillon peut être validé');

    const jobs = await postingJobs(slip.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].id).toBe(`payslip-${slip.id}-validated`);
    expect(jobs[0].name).toBe(JOBS.postPayslip);
    const data = jobs[0].data as PostPayslipJob;
    expect(data).toEqual({
      companyId: own,
      payslipId: slip.id,
      event: 'validated',
      userId: expect.any(String),
      period: '2024-03',
      date: '2024-03-31',
      employeeLabel: 'Awa Diop (E001)',
      gross: slip.grossSalary,
      net: slip.netSalary,
      incomeTax: slip.incomeTax,
      trimf: '0.00',
      contributions: slip.breakdown.lines
        .filter((l) => l.section === 'contribution')
        .map((l) => ({ code: l.code, organism: l.organism, employee: l.employee, employer: l.employer })),
    });
    // The amounts balance: gross = net + employee contributions + tax.
    const cents = (s: string) => Math.round(Number(s) * 100);
    expect(cents(data.net) + data.contributions.reduce((a, c) => a + cents(c.employee), 0) + cents(data.incomeTax)).toBe(cents(data.gross));
  });

  it('records the entry number reported back through the HR queue (payslip-posted), idempotently', async () => {
    const posted: PayslipPostedJob = {
      companyId: own,
      payslipId: slip.id,
      event: 'validated',
      entryId: randomUUID(),
      entryNumber: 'PA-2024-0001',
    };
    await service.ctx.queue.addAndWait(JOBS.payslipPosted, posted, { jobId: `payslip-posted-${slip.id}-validated` }, 10_000);
    const after = (await http().get(`/api/payrolls/${slip.id}`).set(asTenant(own)).expect(200)).body as Payslip;
    expect(after.postedEntryNumber).toBe('PA-2024-0001');
    expect(after.postingPending).toBe(false);
    // A second delivery changes nothing; another company's id updates nothing.
    const handler = payslipPostedHandler(service.ctx);
    expect(await handler(posted)).toEqual({ updated: true });
    expect(await handler({ ...posted, companyId: other })).toEqual({ updated: false });
    await expect(handler({ ...posted, event: 'nope' })).rejects.toThrow('malformed');
    expect(((await http().get(`/api/payrolls/${slip.id}`).set(asTenant(own)).expect(200)).body as Payslip).postedEntryNumber).toBe(
      'PA-2024-0001',
    );
  });

  it('pays a validated slip with a date and a method, enqueues the payment, and refuses to cancel it', async () => {
    expect(await message(patch(own, slip.id, 'pay', { paymentMethod: 'bank' }), 400)).toBe('Date de paiement requise');
    expect(await message(patch(own, slip.id, 'pay', { paymentDate: '2024-02-30', paymentMethod: 'bank' }), 400)).toBe(
      'Date de paiement invalide',
    );
    expect(await message(patch(own, slip.id, 'pay', { paymentDate: '2024-04-02', paymentMethod: 'gold' }), 400)).toBe(
      'Mode de paiement invalide',
    );
    expect(await message(patch(own, slip.id, 'pay', { paymentDate: '2024-02-28', paymentMethod: 'bank' }), 400)).toBe(
      'La date de paiement ne peut précéder la période du bulletin',
    );
    // The treasury account chosen (an accounting id) travels with the posting job.
    const wave = randomUUID();
    const paid = (
      await patch(own, slip.id, 'pay', { paymentDate: '2024-04-02', paymentMethod: 'orange', treasuryAccountId: wave }).expect(200)
    ).body as Payslip;
    expect(paid).toMatchObject({
      status: 'paid',
      paymentDate: '2024-04-02',
      paymentMethod: 'orange',
      treasuryAccountId: wave,
      postedEntryNumber: 'PA-2024-0001',
    });
    const payment = (await postingJobs(slip.id)).find((j) => j.id === `payslip-${slip.id}-paid`);
    expect(payment?.data).toMatchObject({
      event: 'paid',
      date: '2024-04-02',
      paymentMethod: 'orange',
      treasuryAccountId: wave,
      net: slip.netSalary,
    });
    expect(await postingJobs(slip.id)).toHaveLength(2);

    expect(await message(patch(own, slip.id, 'pay', { paymentDate: '2024-04-02', paymentMethod: 'cash' }), 409)).toBe(
      'Seul un bulletin validé peut être payé',
    );
    expect(await message(patch(own, slip.id, 'cancel'), 409)).toBe('Un bulletin payé ne peut pas être annulé');

    await payslipPostedHandler(service.ctx)({
      companyId: own,
      payslipId: slip.id,
      event: 'paid',
      entryId: randomUUID(),
      entryNumber: 'BQ-7',
    });
    const done = (await http().get(`/api/payrolls/${slip.id}`).set(asTenant(own)).expect(200)).body as Payslip;
    expect(done).toMatchObject({ paymentEntryNumber: 'BQ-7', postingPending: false });
  });

  it('cancels a draft without posting, and a validated slip with a reversal posting; a draft cannot be paid', async () => {
    const e = await createEmployee(service, own);
    const draft = await create(own, { employeeId: e.id, period: '2024-06', baseSalary: '200000' });
    expect(await message(patch(own, draft.id, 'pay', { paymentDate: '2024-07-01', paymentMethod: 'cash' }), 409)).toBe(
      'Seul un bulletin validé peut être payé',
    );
    const cancelled = (await patch(own, draft.id, 'cancel').expect(200)).body as Payslip;
    expect(cancelled).toMatchObject({ status: 'cancelled', postingPending: false });
    expect(await postingJobs(draft.id)).toEqual([]);
    expect(await message(patch(own, draft.id, 'cancel'), 409)).toBe('Ce bulletin est déjà annulé');
    expect(await message(patch(own, draft.id, 'validate'), 409)).toBe('Seul un bulletin en brouillon peut être validé');

    const next = await create(own, { employeeId: e.id, period: '2024-07', baseSalary: '200000' });
    await patch(own, next.id, 'validate').expect(200);
    await patch(own, next.id, 'cancel').expect(200);
    const jobs = await postingJobs(next.id);
    expect(jobs.map((j) => j.id).sort()).toEqual([`payslip-${next.id}-cancelled`, `payslip-${next.id}-validated`]);
    // Reported back with nothing posted (''), as when the cancellation overtook the validation on the
    // accounting side: the outbox empties all the same, and the slip is not "comptabilisé". A payment needs a number.
    const handler = payslipPostedHandler(service.ctx);
    await handler({ companyId: own, payslipId: next.id, event: 'validated', entryId: '', entryNumber: '' });
    expect((await http().get(`/api/payrolls/${next.id}`).set(asTenant(own)).expect(200)).body).toMatchObject({
      postedEntryNumber: null,
      postingPending: true,
    });
    await handler({ companyId: own, payslipId: next.id, event: 'cancelled', entryId: '', entryNumber: '' });
    expect((await http().get(`/api/payrolls/${next.id}`).set(asTenant(own)).expect(200)).body).toMatchObject({
      status: 'cancelled',
      postedEntryNumber: null,
      postingPending: false,
    });
    await expect(handler({ companyId: own, payslipId: next.id, event: 'paid', entryId: '', entryNumber: '' })).rejects.toThrow('malformed');
    expect((jobs.find((j) => j.id === `payslip-${next.id}-cancelled`)?.data as PostPayslipJob).date).toBe(
      new Date().toISOString().slice(0, 10),
    );
  });

  it('keeps a posting whose enqueue failed (Redis down) and enqueues it on the sweep', async () => {
    const e = await createEmployee(service, own);
    const draft = await create(own, { employeeId: e.id, period: '2024-08', baseSalary: '250000' });
    const down = payrollService(service.ctx.sequelize, {
      add: () => Promise.reject(new Error('Redis unavailable')),
    });
    const validated = await down.validate(own, draft.id, null);
    // The status change stands; the posting waits in the outbox.
    expect(validated).toMatchObject({ status: 'validated', postingPending: true });
    expect(await postingJobs(draft.id)).toEqual([]);

    const up = payrollService(service.ctx.sequelize, accountingProducer(service.ctx));
    expect(await up.sweepUnposted(0)).toBeGreaterThanOrEqual(1);
    const jobs = await postingJobs(draft.id);
    expect(jobs.map((j) => j.id)).toEqual([`payslip-${draft.id}-validated`]);
    expect((jobs[0].data as PostPayslipJob).date).toBe(lastDayOf('2024-08'));
    // Sweeping again adds nothing (same jobId); the confirmation empties the outbox.
    await up.sweepUnposted(0);
    expect(await postingJobs(draft.id)).toHaveLength(1);
    await payslipPostedHandler(service.ctx)({
      companyId: own,
      payslipId: draft.id,
      event: 'validated',
      entryId: randomUUID(),
      entryNumber: 'PA-9',
    });
    expect((await up.get(own, draft.id)).postingPending).toBe(false);
  });
});

describe("'Générer la paie du mois'", () => {
  const gen = randomUUID();
  const generateUrl = `${listUrl(gen)}/generate`;

  async function finished(jobId: string): Promise<JobStatus> {
    for (let i = 0; i < 200; i += 1) {
      const p = (await http().get(`${generateUrl}/${jobId}`).set(asTenant(gen)).expect(200)).body as JobStatus;
      if (p.state === 'completed' || p.state === 'failed') return p;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('generation not finished');
  }

  it('creates the drafts of every active monthly employee hired by the period, once, with progress', async () => {
    const a = await createEmployee(service, gen, { salary: '400000', hireDate: '2024-01-01' });
    const e = await createEmployee(service, gen, { hireDate: '2023-06-30' });
    const f = await createEmployee(service, gen, { hireDate: '2024-06-30', salary: '275000.50' });
    await createEmployee(service, gen, { hireDate: '2024-07-01' }); // hired after the period
    await createEmployee(service, gen, { status: 'inactive' });
    await createEmployee(service, gen, { salaryType: 'hourly', salary: '2500' });
    // E already has a slip of the period: kept as it is.
    const mine = await create(gen, { employeeId: e.id, period: '2024-06', baseSalary: '123456' });

    expect(await message(http().post(generateUrl).set(asTenant(gen)).send({ period: '2024-6' }), 400)).toBe(
      'Période invalide (ex: 2024-01)',
    );
    const started = (await http().post(generateUrl).set(asTenant(gen)).send({ period: '2024-06' }).expect(202)).body as { jobId: string };
    expect(started.jobId).toBe(`payroll-${gen}-2024-06`);
    // The one job-status shape: payslips created out of the employees to pay.
    expect(await finished(started.jobId)).toEqual({ state: 'completed', done: 3, total: 3 });

    const slips = (
      (
        await http()
          .get(`${listUrl(gen)}?period=2024-06`)
          .set(asTenant(gen))
          .expect(200)
      ).body as PayslipList
    ).items;
    expect(slips.map((p) => p.employeeId).sort()).toEqual([a.id, e.id, f.id].sort());
    expect(slips.find((p) => p.employeeId === e.id)).toMatchObject({ id: mine.id, baseSalary: '123456.00' });
    const drafted = slips.find((p) => p.employeeId === f.id)!;
    expect(drafted).toMatchObject({ status: 'draft', baseSalary: '275000.50', parameterSetId: 'xaalis' });
    expect(drafted.netSalary).toBe(computePayslip({ baseSalary: '275000.50' }, parameterSetFor('xaalis', '2024-06')!).totals.net);

    // Again: same job id, nothing added.
    const again = (await http().post(generateUrl).set(asTenant(gen)).send({ period: '2024-06' }).expect(202)).body as { jobId: string };
    expect(again.jobId).toBe(started.jobId);
    expect((await finished(again.jobId)).state).toBe('completed');
    expect(
      (
        (
          await http()
            .get(`${listUrl(gen)}?period=2024-06`)
            .set(asTenant(gen))
            .expect(200)
        ).body as PayslipList
      ).items,
    ).toHaveLength(3);
  });

  it('generates many employees in batches: exactly one slip each, the same figures as one by one, idempotent', async () => {
    const many = randomUUID();
    const count = GENERATION_BATCH * 2 + 37;
    const db = service.ctx.sequelize;
    await db.query(
      `INSERT INTO hr.employees (company_id, employee_number, first_name, last_name, position, department, hire_date, salary, is_cadre, marital_status, children)
       SELECT $1, 'M-' || lpad(i::text, 5, '0'), 'Prénom' || i, 'Nom' || i, 'Agent', 'Service', DATE '2024-01-15',
              150000 + (i * 7919) % 900000, i % 7 = 0, (ARRAY['single', 'married', 'divorced', 'widowed'])[1 + i % 4], (i % 5)::smallint
         FROM generate_series(1, $2::int) AS i`,
      { bind: [many, count] },
    );
    const payroll = payrollService(db, { add: async () => undefined });
    const reports: number[][] = [];
    const job = { companyId: many, period: '2024-06', userId: null };
    expect(await payroll.generate(job, async (done, total) => void reports.push([done, total]))).toEqual({
      created: count,
      skipped: 0,
      total: count,
    });
    expect(reports).toEqual([
      [GENERATION_BATCH, count],
      [GENERATION_BATCH * 2, count],
      [count, count],
    ]);
    const [{ slips, employees }] = await db.query<{ slips: number; employees: number }>(
      `SELECT count(*)::int AS slips, count(DISTINCT employee_id)::int AS employees FROM hr.payslips WHERE company_id = $1 AND period = '2024-06'`,
      { bind: [many], type: QueryTypes.SELECT },
    );
    expect({ slips, employees }).toEqual({ slips: count, employees: count });
    // Each slip carries its own employee's figures, as the form would compute them.
    const sample = await db.query<{ base_salary: string; net_salary: string; is_cadre: boolean; marital_status: string; children: number }>(
      `SELECT p.base_salary, p.net_salary, e.is_cadre, e.marital_status, e.children
         FROM hr.payslips p JOIN hr.employees e ON e.id = p.employee_id
        WHERE p.company_id = $1 AND e.employee_number IN ('M-00001', 'M-00007', 'M-01036')`,
      { bind: [many], type: QueryTypes.SELECT },
    );
    expect(sample).toHaveLength(3);
    for (const r of sample) {
      const expected = computePayslip(
        {
          baseSalary: r.base_salary,
          isCadre: r.is_cadre,
          maritalStatus: r.marital_status as NonNullable<Employee['maritalStatus']>,
          children: r.children,
        },
        parameterSetFor('xaalis', '2024-06')!,
      );
      expect(r.net_salary).toBe(expected.totals.net);
    }
    // Again: nothing created; a slip inserted meanwhile (after the existing ones were read) is skipped, not an error.
    expect(await payroll.generate(job)).toEqual({ created: 0, skipped: count, total: count });
    const [first] = await db.query<{ employee_id: string }>(`SELECT employee_id FROM hr.payslips WHERE company_id = $1 LIMIT 1`, {
      bind: [many],
      type: QueryTypes.SELECT,
    });
    const copy = { employeeId: first.employee_id, period: '2024-06', parameterSetId: 'xaalis' as const, baseSalary: '1', allowances: '0' };
    const figures = { ...copy, overtimePay: '0', grossSalary: '1', socialCharges: '0', employerContributions: '0', incomeTax: '0' };
    const draft = { ...figures, trimf: '0', netSalary: '1', employerCost: '1', breakdown: {} as Payslip['breakdown'] };
    expect(await insertPayslips(db, many, [draft], null)).toBe(0);
  });

  it("keeps another company's generations out of reach (404)", async () => {
    await http().get(`${generateUrl}/payroll-${gen}-2024-06`).set(asTenant(other)).expect(404);
    await http()
      .get(`${listUrl(other)}/generate/payroll-${gen}-2024-06`)
      .set(asTenant(other))
      .expect(404);
    await http().get(`${generateUrl}/payroll-${gen}-1999-01`).set(asTenant(gen)).expect(404);
  });
});

describe('lastDayOf', () => {
  it('knows month lengths and leap years', () => {
    expect(['2024-02', '2023-02', '2024-04', '2024-12'].map(lastDayOf)).toEqual(['2024-02-29', '2023-02-28', '2024-04-30', '2024-12-31']);
  });
});
