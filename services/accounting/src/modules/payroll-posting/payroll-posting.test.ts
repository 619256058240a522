import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Queue, UnrecoverableError } from 'bullmq';
import { QueryTypes } from 'sequelize';
import { JOBS, QUEUES, type Company, type PayslipBreakdown, type PostPayslipJob, type TreasuryAccount } from '@xaalis/contracts';
import { PAYROLL_PARAMETER_SETS, computePayslip, fromCents, toCents } from '@xaalis/domain';
import { closeRedis, createRedis, type Job, type RunningService, type RunningWorker } from '@xaalis/service-kit';
import { start } from '../../server';
import { TOKEN, asTenant, companyWithChart, createCompany, payslipJobOf } from '../../test-support';
import { balances, entryLines, http } from '../../test-support/invoicing';
import { startWorker } from '../../worker';
import { payslipPostedJobId, postPayslipHandler } from './jobs';
import { postPayrollPaymentHandler } from './payments';
import { PayslipPostingError, validatedLines } from './posting';

// Payslip postings on the real Postgres and Redis. A prefix of this file's own
// (under the run's, so the teardown removes it): no other test file's
// accounting worker consumes the jobs of the "worker down" test.
process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}-payroll`;

let service: RunningService;
let company: Company;
let hrQueue: Queue;
let hrRedis: ReturnType<typeof createRedis>;
let handle: ReturnType<typeof postPayslipHandler>;

const official = PAYROLL_PARAMETER_SETS.find((s) => s.id === 'senegal-official')!;
const spec = PAYROLL_PARAMETER_SETS.find((s) => s.id === 'xaalis')!;

/** The payload the HR service sends for a computed slip. */
const payloadOf = (b: PayslipBreakdown, over: Partial<PostPayslipJob> = {}): PostPayslipJob => payslipJobOf(company.id, b, over);

const officialSlip = () =>
  computePayslip(
    { baseSalary: '450000', housingAllowance: '50000', isCadre: true, maritalStatus: 'married', children: 2, riskClass: 2 },
    official,
  );

const fakeJob = (id: string) => ({ id, name: JOBS.postPayslip, attemptsMade: 0 }) as unknown as Job;
const run = (data: PostPayslipJob) => handle(data, fakeJob(`payslip-${data.payslipId}-${data.event}`));

const entriesOf = async (payslipId: string) =>
  service.ctx.sequelize.query<{
    id: string;
    number: string;
    journal: string;
    status: string;
    source_type: string | null;
    reversal_of_id: string | null;
  }>(
    `SELECT id, number, journal, status, source_type, reversal_of_id FROM accounting.accounting_entries
      WHERE source_id = $1 OR reversal_of_id IN (SELECT id FROM accounting.accounting_entries WHERE source_id = $1)
      ORDER BY created_at`,
    { bind: [payslipId], type: QueryTypes.SELECT },
  );

/** Sum of debits per account code, and of credits, from an entry's lines. */
function sums(lines: unknown[][]): Record<string, string> {
  const out = new Map<string, bigint>();
  for (const [code, debit, credit] of lines as [string, string, string][]) {
    const key = toCents(debit) > 0n ? `D ${code}` : `C ${code}`;
    out.set(key, (out.get(key) ?? 0n) + toCents(debit) + toCents(credit));
  }
  return Object.fromEntries([...out].map(([k, v]) => [k, fromCents(v)]));
}

beforeAll(async () => {
  service = await start({ port: 0 });
  ({ company } = await companyWithChart(service));
  handle = postPayslipHandler(service.ctx);
  hrRedis = createRedis(service.ctx.config.redisUrl);
  hrQueue = new Queue(QUEUES.hr, { connection: hrRedis, prefix: service.ctx.config.redisPrefix });
});

afterAll(async () => {
  await hrQueue.close();
  await closeRedis(hrRedis);
  await service.close();
});

describe('validatedLines (pure)', () => {
  it('balances a worked official slip exactly, CFCE as a payroll tax', () => {
    const b = officialSlip();
    const lines = validatedLines(payloadOf(b));
    const debit = lines.reduce((s, l) => s + toCents(String(l.debit ?? '0')), 0n);
    const credit = lines.reduce((s, l) => s + toCents(String(l.credit ?? '0')), 0n);
    expect(debit).toBe(credit);
    expect(debit).toBe(toCents(b.totals.employerCost));
    expect(toCents(b.totals.employerTaxes)).toBeGreaterThan(0n);
    expect(lines.find((l) => l.accountCode === '6413')?.debit).toBe(b.totals.employerTaxes);
  });

  it('refuses figures that do not add up, naming both sides', () => {
    const b = officialSlip();
    const bad = payloadOf(b, { net: (Number(b.totals.net) + 1).toFixed(2) });
    expect(() => validatedLines(bad)).toThrow(PayslipPostingError);
    expect(() => validatedLines(bad)).toThrow(/déséquilibré/);
  });
});

describe('validated → PA entry', () => {
  it('posts the PA entry of a worked slip: accounts, amounts, balance, source; a redelivery posts nothing', async () => {
    const b = officialSlip();
    const data = payloadOf(b);
    const first = await run(data);
    expect(first.posted).toBe(true);
    const { journal, status, lines } = await entryLines(service, first.entryId!);
    expect({ journal, status }).toEqual({ journal: 'PA', status: 'validated' });
    const amount = (code: string) => b.lines.find((l) => l.code === code)!;
    const both = (...codes: string[]) =>
      fromCents(codes.reduce((s, c) => s + toCents(amount(c).employee) + toCents(amount(c).employer), 0n));
    expect(sums(lines)).toEqual({
      'D 6611': b.totals.gross,
      'D 6641': b.totals.employerContributions,
      'D 6413': b.totals.employerTaxes,
      'C 4313': both('IPRES_RG', 'IPRES_RC'),
      'C 4311': both('CSS_PF'),
      'C 4312': both('CSS_AT'),
      'C 4472': fromCents(toCents(b.totals.incomeTax) + toCents(b.totals.trimf) + toCents(b.totals.employerTaxes)),
      'C 422': b.totals.net,
    });
    const [entry] = await entriesOf(data.payslipId);
    expect(entry).toMatchObject({ source_type: 'payslip', journal: 'PA' });

    const again = await run(data);
    expect(again).toEqual({ entryId: first.entryId, entryNumber: first.entryNumber, posted: false });
    expect(await entriesOf(data.payslipId)).toHaveLength(1);
  });

  it('posts once when the same job is delivered twice at the same time', async () => {
    const data = payloadOf(officialSlip());
    const [a, b] = await Promise.all([run(data), run(data)]);
    expect(a.entryId).toBe(b.entryId);
    expect([a.posted, b.posted].sort()).toEqual([false, true]);
    expect(await entriesOf(data.payslipId)).toHaveLength(1);
  });

  it('reports back on the hr queue with the jobId payslip-posted-<id>-<event>', async () => {
    const data = payloadOf(computePayslip({ baseSalary: '200000' }, spec));
    const result = await run(data);
    const job = await hrQueue.getJob(payslipPostedJobId(data.payslipId, 'validated'));
    expect(job?.name).toBe(JOBS.payslipPosted);
    expect(job?.data).toEqual({
      companyId: company.id,
      payslipId: data.payslipId,
      event: 'validated',
      entryId: result.entryId,
      entryNumber: result.entryNumber,
    });
    expect(job?.id).toBe(`payslip-posted-${data.payslipId}-validated`);
  });

  it('creates the accounts a bare chart lacks from the SYSCOHADA reference', async () => {
    const bare = await createCompany(service);
    const codes = async () =>
      (
        await service.ctx.sequelize.query<{ code: string }>('SELECT code FROM accounting.accounts WHERE company_id = $1', {
          bind: [bare.id],
          type: QueryTypes.SELECT,
        })
      ).map((r) => r.code);
    expect(await codes()).not.toContain('6611');
    const result = await run(payloadOf(officialSlip(), { companyId: bare.id }));
    expect(result.posted).toBe(true);
    expect(await codes()).toEqual(expect.arrayContaining(['6611', '6641', '6413', '4311', '4312', '4313', '4472', '422']));
    expect((await balances(service, bare.id)).get('6611')).toBe(officialSlip().totals.gross);
  });

  it('fails without retrying a malformed or unbalanced payload, and posts nothing', async () => {
    await expect(handle({ companyId: company.id }, fakeJob('x'))).rejects.toBeInstanceOf(UnrecoverableError);
    const b = officialSlip();
    const bad = payloadOf(b, { net: '1.00' });
    await expect(run(bad)).rejects.toThrow(UnrecoverableError);
    await expect(run(bad)).rejects.toThrow(/déséquilibré/);
    expect(await entriesOf(bad.payslipId)).toHaveLength(0);
  });
});

describe('paid and cancelled', () => {
  it('posts the payment D 422 / C the method’s treasury account in its journal, once', async () => {
    const b = computePayslip({ baseSalary: '300000' }, spec);
    const validated = payloadOf(b);
    await run(validated);
    const paid = { ...validated, event: 'paid' as const, date: '2026-04-05', paymentMethod: 'orange' };
    const first = await run(paid);
    expect(await entryLines(service, first.entryId!)).toEqual({
      journal: 'MM',
      status: 'validated',
      lines: [
        ['422', b.totals.net, '0.00', null],
        ['552', '0.00', b.totals.net, null],
      ],
    });
    expect((await run(paid)).entryId).toBe(first.entryId);
    const entries = await entriesOf(validated.payslipId);
    expect(entries.map((e) => e.source_type)).toEqual(['payslip', 'payslip-payment']);
    // Without a method the job cannot succeed.
    await expect(run({ ...validated, payslipId: randomUUID(), event: 'paid' })).rejects.toBeInstanceOf(UnrecoverableError);
  });

  it('posts the payment on the treasury account HR names when it is the company’s, else on the method’s default account', async () => {
    const wave = (
      await http(service)
        .post(`/api/companies/${company.id}/treasury-accounts`)
        .set(asTenant(company.id))
        .send({ kind: 'mobile_money', name: 'Wave salaires', provider: 'wave' })
        .expect(201)
    ).body as TreasuryAccount;
    const b = computePayslip({ baseSalary: '250000' }, spec);
    const validated = payloadOf(b);
    await run(validated);
    const paid = await run({
      ...validated,
      event: 'paid' as const,
      date: '2026-04-05',
      paymentMethod: 'orange',
      treasuryAccountId: wave.id,
    });
    expect(await entryLines(service, paid.entryId!)).toMatchObject({
      journal: wave.journal,
      lines: [
        ['422', b.totals.net, '0.00', null],
        [wave.accountCode, '0.00', b.totals.net, null],
      ],
    });
    // An id that is not the company's account: the method's default account.
    const other = payloadOf(b);
    await run(other);
    const fallback = await run({
      ...other,
      event: 'paid' as const,
      date: '2026-04-05',
      paymentMethod: 'cash',
      treasuryAccountId: randomUUID(),
    });
    expect((await entryLines(service, fallback.entryId!)).journal).toBe('CA');
  });

  it('reverses the PA entry on cancellation, once; every account nets to zero', async () => {
    const bare = await createCompany(service);
    const validated = payloadOf(officialSlip(), { companyId: bare.id });
    const pa = await run(validated);
    const cancelled = { ...validated, event: 'cancelled' as const, date: '2026-04-02' };
    const first = await run(cancelled);
    expect(first.posted).toBe(true);
    expect(first.entryId).not.toBe(pa.entryId);
    const entries = await entriesOf(validated.payslipId);
    expect(entries.map((e) => [e.id, e.status, e.reversal_of_id])).toEqual([
      [pa.entryId, 'cancelled', null],
      [first.entryId, 'validated', pa.entryId],
    ]);
    expect(await run(cancelled)).toEqual({ ...first, posted: false });
    expect(await entriesOf(validated.payslipId)).toHaveLength(2);
    expect([...(await balances(service, bare.id)).values()].every((v) => Number(v) === 0)).toBe(true);
    const job = await hrQueue.getJob(payslipPostedJobId(validated.payslipId, 'cancelled'));
    expect(job?.data).toMatchObject({ event: 'cancelled', entryId: first.entryId, entryNumber: first.entryNumber });
  });

  it('a cancellation before the validation was posted posts nothing, still reports, and the late validation posts nothing', async () => {
    const validated = payloadOf(officialSlip());
    const cancelled = { ...validated, event: 'cancelled' as const };
    expect(await run(cancelled)).toEqual({ entryId: null, entryNumber: null, posted: false });
    expect((await hrQueue.getJob(payslipPostedJobId(validated.payslipId, 'cancelled')))?.data).toMatchObject({ entryId: '' });
    expect(await run(validated)).toEqual({ entryId: null, entryNumber: null, posted: false });
    expect(await entriesOf(validated.payslipId)).toHaveLength(0);
  });
});

describe("GET /internal/companies/:id/payroll-balances (the payroll declarations' check)", () => {
  it('answers credit minus debit of the PA journal on 431x and 447x over the dates; a reversal in the range nets out', async () => {
    const bare = await createCompany(service);
    const kept = officialSlip();
    await run(payloadOf(kept, { companyId: bare.id }));
    const gone = payloadOf(computePayslip({ baseSalary: '200000' }, official), { companyId: bare.id });
    await run(gone);
    await run({ ...gone, event: 'cancelled', date: '2026-03-31' });
    const get = (query: string, companyId = bare.id) =>
      request(service.app).get(`/internal/companies/${companyId}/payroll-balances?${query}`).set('X-Internal-Token', TOKEN);
    const both = (code: string) =>
      kept.lines.filter((l) => l.code === code).reduce((a, l) => a + toCents(l.employee) + toCents(l.employer), 0n);
    const ipres = both('IPRES_RG') + both('IPRES_RC');
    const taxes = toCents(kept.totals.incomeTax) + toCents(kept.totals.trimf) + both('CFCE');
    expect((await get('from=2026-03-01&to=2026-03-31').expect(200)).body).toEqual({
      '4311': fromCents(both('CSS_PF')),
      '4312': fromCents(both('CSS_AT')),
      '4313': fromCents(ipres),
      '4472': fromCents(taxes),
    });
    expect((await get('from=2026-04-01&to=2026-04-30').expect(200)).body).toEqual({});
    await get('from=2026-03&to=2026-03-31').expect(400);
    await get('from=2026-03-01&to=2026-03-31', 'not-a-uuid').expect(404);
    await request(service.app).get(`/internal/companies/${bare.id}/payroll-balances?from=2026-03-01&to=2026-03-31`).expect(403);
  });
});

describe("post-payroll-payment (a month's salary transfer, a declaration paid)", () => {
  it("posts one entry D each debt's account / C the bank with the total, once; reports back on the hr queue; refuses a bad payload", async () => {
    const bare = await createCompany(service);
    const pay = postPayrollPaymentHandler(service.ctx);
    const job = {
      companyId: bare.id,
      paymentId: randomUUID(),
      userId: null,
      date: '2026-05-02',
      description: 'Virement des salaires — avril 2026',
      treasuryAccountId: null,
      lines: [
        { debt: 'netPay' as const, description: 'Salaire net 2026-04 — Awa Diop', amount: '350000.00' },
        { debt: 'netPay' as const, description: 'Salaire net 2026-04 — Moussa Sarr', amount: '170000.50' },
      ],
    };
    const first = await pay(job);
    expect(first.posted).toBe(true);
    expect(await entryLines(service, first.entryId)).toEqual({
      journal: 'BQ',
      status: 'validated',
      lines: [
        ['422', '350000.00', '0.00', null],
        ['422', '170000.50', '0.00', null],
        ['521', '0.00', '520000.50', null],
      ],
    });
    expect(await pay(job)).toEqual({ ...first, posted: false });
    expect((await hrQueue.getJob(`payroll-payment-posted-${job.paymentId}`))?.data).toMatchObject({ entryNumber: first.entryNumber });
    const declared = await pay({
      ...job,
      paymentId: randomUUID(),
      lines: [
        { debt: 'ipres', description: 'IPRES', amount: '10.00' },
        { debt: 'taxes', description: 'IR', amount: '5.00' },
      ],
    });
    expect((await entryLines(service, declared.entryId)).lines.map((l) => l[0])).toEqual(['4313', '4472', '521']);
    await expect(pay({ ...job, lines: [] })).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(pay({ ...job, lines: [{ debt: 'rent', description: 'x', amount: '1.00' }] })).rejects.toBeInstanceOf(UnrecoverableError);
  });
});

describe("a declaration's payment lettered against the payroll it settles", () => {
  it("letters each lettrable debt account with the period's PA lines when they balance, and leaves the rest", async () => {
    const bare = await createCompany(service);
    const slip = officialSlip();
    await run(payloadOf(slip, { companyId: bare.id })); // PA entry of 31 March 2026
    // 4313 lettrable (the accountant marked it), 4311 not.
    await service.ctx.sequelize.query(`UPDATE accounting.accounts SET lettrable = true WHERE company_id = $1 AND code = '4313'`, {
      bind: [bare.id],
    });
    const both = (code: string) =>
      slip.lines.filter((l) => l.code === code).reduce((a, l) => a + toCents(l.employee) + toCents(l.employer), 0n);
    const ipres = fromCents(both('IPRES_RG') + both('IPRES_RC'));
    const pay = postPayrollPaymentHandler(service.ctx);
    const result = await pay({
      companyId: bare.id,
      paymentId: randomUUID(),
      userId: null,
      date: '2026-04-15',
      description: 'Paiement IPRES et CSS — mars 2026',
      treasuryAccountId: null,
      lines: [
        { debt: 'ipres' as const, description: 'IPRES', amount: ipres },
        { debt: 'cssFamily' as const, description: 'CSS', amount: fromCents(both('CSS_PF')) },
      ],
      letterPeriod: { from: '2026-03-01', to: '2026-03-31' },
    });
    const lettered = await service.ctx.sequelize.query<{ code: string; account: string; lines: number; partial: boolean }>(
      `SELECT lt.code, a.code AS account, count(ll.*)::int AS lines, lt.partial
         FROM accounting.letterings lt JOIN accounting.accounts a ON a.id = lt.account_id
         JOIN accounting.lettering_lines ll ON ll.lettering_id = lt.id
        WHERE lt.company_id = $1 GROUP BY lt.code, a.code, lt.partial`,
      { bind: [bare.id], type: QueryTypes.SELECT },
    );
    // The payment line and the slip's two IPRES lines (régime général and cadres).
    expect(lettered).toEqual([{ code: 'AA', account: '4313', lines: 3, partial: false }]);
    expect(result.posted).toBe(true);
    // A payment that does not match the period (a difference) letters nothing more.
    await pay({
      companyId: bare.id,
      paymentId: randomUUID(),
      userId: null,
      date: '2026-04-20',
      description: 'Rectificatif',
      treasuryAccountId: null,
      lines: [{ debt: 'ipres' as const, description: 'IPRES', amount: '10.00' }],
      letterPeriod: { from: '2026-03-01', to: '2026-03-31' },
    });
    const [{ n }] = await service.ctx.sequelize.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM accounting.letterings WHERE company_id = $1`,
      {
        bind: [bare.id],
        type: QueryTypes.SELECT,
      },
    );
    expect(n).toBe(1);
  });
});

describe('worker down: the job waits and is applied once', () => {
  let worker: RunningWorker | undefined;
  afterAll(async () => {
    await worker?.close();
  });

  it('enqueued with no worker running, applied once when the worker starts; a redelivery changes nothing', async () => {
    const data = payloadOf(officialSlip());
    const jobId = `payslip-${data.payslipId}-validated`;
    await service.ctx.queue.add(JOBS.postPayslip, data, { jobId });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await service.ctx.queue.queue!.getJobState(jobId)).toBe('waiting');
    expect(await entriesOf(data.payslipId)).toHaveLength(0);

    worker = await startWorker();
    const deadline = Date.now() + 15_000;
    while ((await service.ctx.queue.queue!.getJobState(jobId)) !== 'completed') {
      if (Date.now() > deadline) throw new Error('post-payslip not processed in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const entries = await entriesOf(data.payslipId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ journal: 'PA', status: 'validated' });

    // The same jobId again: BullMQ ignores it; another delivery (new id): found, not posted.
    await service.ctx.queue.add(JOBS.postPayslip, data, { jobId });
    await expect(service.ctx.queue.addAndWait(JOBS.postPayslip, data, { jobId: `${jobId}-again` }, 15_000)).resolves.toEqual({
      entryId: entries[0].id,
      entryNumber: entries[0].number,
      posted: false,
    });
    expect(await entriesOf(data.payslipId)).toHaveLength(1);
    expect((await hrQueue.getJob(payslipPostedJobId(data.payslipId, 'validated')))?.data).toMatchObject({ entryId: entries[0].id });
  });
});
