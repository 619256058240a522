import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import request from 'supertest';
import {
  JOBS,
  MESSAGES_PAYROLL_PAYMENT,
  QUEUES,
  type Employee,
  type PayrollDeclaration,
  type PayrollPayment,
  type PayrollTransferResult,
  type Payslip,
  type PostPayrollPaymentJob,
  type TransferOrder,
} from '@xaalis/contracts';
import { add, sub } from '@xaalis/domain';
import { closeRedis, createRedis, pdfText, type RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, createEmployee } from '../../test-support';
import { binary, startAccountingStandIn, type AccountingStandIn } from '../../test-support/accounting-stand-in';
import { payrollPaymentJobHandlers } from './jobs';
import { bankCodeOf } from './service';
import { transferOrderCsv } from './transfer-order';

// The real HR service, Postgres and Redis; the postings are read back from the accounting queue
// (no accounting worker here: the accounting side is tested in payroll-posting/payments).
let service: RunningService;
let accounting: AccountingStandIn;
let queue: Queue;
let redis: ReturnType<typeof createRedis>;
const own = randomUUID();
const other = randomUUID();
const TREASURY = randomUUID();

const api = () => request(service.app);
const get = (url: string, companyId = own) => api().get(url).set(asTenant(companyId));
const post = (url: string, body: object = {}, companyId = own) => api().post(url).set(asTenant(companyId)).send(body);

let awa: Employee;
let moussa: Employee;
let fatou: Employee;
const slips: Payslip[] = [];

async function validatedSlip(employee: Employee, period: string): Promise<Payslip> {
  const created = (
    await post(`/api/companies/${own}/payrolls`, {
      employeeId: employee.id,
      period,
      baseSalary: employee.salary,
      parameterSetId: 'senegal-official',
    }).expect(201)
  ).body as Payslip;
  const slip = (await api().patch(`/api/payrolls/${created.id}/validate`).set(asTenant(own)).expect(200)).body as Payslip;
  slips.push(slip);
  return slip;
}

const jobOf = async (paymentId: string) => (await queue.getJob(`payroll-payment-${paymentId}`))?.data as PostPayrollPaymentJob | undefined;

beforeAll(async () => {
  accounting = await startAccountingStandIn();
  accounting.companies[own] = { name: 'Teranga Resto SARL', taxNumber: null };
  service = await start({ port: 0 });
  redis = createRedis(service.ctx.config.redisUrl);
  queue = new Queue(QUEUES.accounting, { connection: redis, prefix: service.ctx.config.redisPrefix });
  awa = await createEmployee(service, own, {
    firstName: 'Awa',
    lastName: 'Diop',
    salary: '450000',
    bankAccount: 'SN08 SN010 01001 000123456789 50',
  });
  moussa = await createEmployee(service, own, {
    firstName: 'Moussa',
    lastName: 'Sarr',
    salary: '180000',
    bankAccount: 'SN012 01002 000098765432 10',
  });
  fatou = await createEmployee(service, own, { firstName: 'Fatou', lastName: 'Ba', salary: '120000' });
  for (const e of [awa, moussa, fatou]) await validatedSlip(e, '2026-04');
});

afterAll(async () => {
  await queue.close();
  await closeRedis(redis);
  await service.close();
  await accounting.close();
});

describe('salaries paid by bank transfer', () => {
  it('reads the bank code from an IBAN or a RIB', () => {
    expect(bankCodeOf('SN08 SN010 01001 000123456789 50')).toBe('SN010');
    expect(bankCodeOf('SN012 01002 000098765432 10')).toBe('SN012');
    expect(bankCodeOf('12345')).toBe('');
  });

  it('the transfer order lists the validated slips with a bank account, the others apart; as CSV and PDF', async () => {
    const order = (await get(`/api/companies/${own}/payrolls/transfer-order?period=2026-04`).expect(200)).body as TransferOrder;
    expect(order.lines.map((l) => [l.lastName, l.bank])).toEqual([
      ['Diop', 'SN010'],
      ['Sarr', 'SN012'],
    ]);
    expect(order.missing.map((m) => m.lastName)).toEqual(['Ba']);
    const nets = slips.filter((s) => s.employeeId !== fatou.id).map((s) => s.netSalary);
    expect(order.total).toBe(add('0', ...nets));

    const csv = await get(`/api/companies/${own}/payrolls/transfer-order?period=2026-04&format=csv`).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text).toBe(transferOrderCsv(order));
    const rows = csv.text.split('\r\n');
    expect(rows[0]).toBe('Matricule;Nom;Prénom;Banque;Compte;Montant;Libellé');
    expect(rows[1]).toBe(
      `${awa.employeeNumber};Diop;Awa;SN010;SN08 SN010 01001 000123456789 50;${nets[0].replace(/\.00$/, '')};Salaire 2026-04`,
    );
    expect(rows).toHaveLength(4); // header, two lines, the final CRLF

    const pdf = await get(`/api/companies/${own}/payrolls/transfer-order?period=2026-04&format=pdf`).buffer(true).parse(binary).expect(200);
    const text = pdfText(pdf.body as Buffer);
    for (const s of ['Ordre de virement des salaires', 'Diop Awa', 'SN010', 'Sans compte bancaire', 'Ba Fatou']) expect(text).toContain(s);
  });

  it('pays those slips in one action: paid by bank, one payment with a line per employee, enqueued; the report back stores the entry', async () => {
    const body = { period: '2026-04', paymentDate: '2026-05-02', treasuryAccountId: TREASURY };
    expect(
      (await post(`/api/companies/${own}/payrolls/transfers`, { ...body, treasuryAccountId: undefined }).expect(400)).body.message,
    ).toBeDefined();
    const result = (await post(`/api/companies/${own}/payrolls/transfers`, body).expect(201)).body as PayrollTransferResult;
    expect(result.paid).toBe(2);
    expect(result.missing.map((m) => m.lastName)).toEqual(['Ba']);
    expect(result.payment.lines.map((l) => l.debt)).toEqual(['netPay', 'netPay']);
    const job = await jobOf(result.payment.id);
    expect(job).toMatchObject({ companyId: own, paymentId: result.payment.id, date: '2026-05-02', treasuryAccountId: TREASURY });
    expect(job?.lines.map((l) => l.amount)).toEqual(result.payment.lines.map((l) => l.amount));

    const list = (await get(`/api/companies/${own}/payrolls?period=2026-04`).expect(200)).body as { items: Payslip[] };
    expect(list.items.map((s) => [s.employee.lastName, s.status, s.paymentMethod])).toEqual(
      expect.arrayContaining([
        ['Diop', 'paid', 'bank'],
        ['Sarr', 'paid', 'bank'],
        ['Ba', 'validated', null],
      ]),
    );
    // Nothing left to transfer.
    expect((await post(`/api/companies/${own}/payrolls/transfers`, body).expect(400)).body.message).toBe(
      MESSAGES_PAYROLL_PAYMENT.nothingToTransfer,
    );

    const handlers = payrollPaymentJobHandlers(service.ctx);
    await handlers[JOBS.payrollPaymentPosted]({
      companyId: own,
      paymentId: result.payment.id,
      entryId: randomUUID(),
      entryNumber: 'BQ-2026-00042',
    });
    const paid = (await get(`/api/payrolls/${slips[0].id}`).expect(200)).body as Payslip;
    expect(paid.paymentEntryNumber).toBe('BQ-2026-00042');
    await expect(handlers[JOBS.payrollPaymentPosted]({ companyId: own })).rejects.toThrow(/malformed/);
  });

  it("is a 404 for another company's path and writes nothing there", async () => {
    const order = (await get(`/api/companies/${other}/payrolls/transfer-order?period=2026-04`, other).expect(200)).body as TransferOrder;
    expect(order.lines).toEqual([]);
    await post(
      `/api/companies/${other}/payrolls/transfers`,
      { period: '2026-04', paymentDate: '2026-05-02', treasuryAccountId: TREASURY },
      other,
    ).expect(400);
  });
});

describe('a declaration paid to its fund', () => {
  it('pays what the declaration leaves to pay, per debt; paying again is refused; a corrective version pays its difference', async () => {
    accounting.ledger = {};
    const d = (await post(`/api/companies/${own}/social-declarations`, { period: '2026-04', filedOn: '2026-05-10' }).expect(201))
      .body as PayrollDeclaration;
    const url = `/api/companies/${own}/social-declarations/${d.id}/payments`;
    const payment = (await post(url, { paymentDate: '2026-05-12', treasuryAccountId: TREASURY }).expect(201)).body as PayrollPayment;
    expect(payment.total).toBe(d.total);
    expect(payment.lines.map((l) => l.debt)).toEqual(['ipres', 'cssFamily', 'cssAccidents']);
    expect((await jobOf(payment.id))?.lines).toHaveLength(3);
    expect((await post(url, { paymentDate: '2026-05-12' }).expect(409)).body.message).toBe(MESSAGES_PAYROLL_PAYMENT.nothingToPay);
    const shown = (await get(`/api/companies/${own}/social-declarations/${d.id}`).expect(200)).body as PayrollDeclaration;
    expect(shown.payments.map((p) => p.total)).toEqual([d.total]);
    expect(shown.leftToPay).toBe('0.00');

    // Fatou's slip cancelled after a reopening: the corrective version is smaller, nothing more to pay.
    await post(`/api/companies/${own}/social-declarations/${d.id}/reopen`).expect(200);
    expect((await post(url, { paymentDate: '2026-05-12' }).expect(409)).body.message).toBe(MESSAGES_PAYROLL_PAYMENT.declarationNotInForce);
    await api().patch(`/api/payrolls/${slips[2].id}/cancel`).set(asTenant(own)).expect(200);
    const v2 = (await post(`/api/companies/${own}/social-declarations`, { period: '2026-04', filedOn: '2026-05-20' }).expect(201))
      .body as PayrollDeclaration;
    expect(v2.leftToPay).toBe(sub(v2.total, d.total));
    await post(`/api/companies/${own}/social-declarations/${v2.id}/payments`, { paymentDate: '2026-05-21' }).expect(409);
    // Another company's declaration: 404.
    await post(`/api/companies/${other}/social-declarations/${v2.id}/payments`, { paymentDate: '2026-05-21' }, other).expect(404);
  });

  it('the salary-tax statement is paid to the tax office in one line', async () => {
    const d = (await post(`/api/companies/${own}/salary-tax-statements`, { period: '2026-04', filedOn: '2026-05-15' }).expect(201))
      .body as PayrollDeclaration;
    const payment = (await post(`/api/companies/${own}/salary-tax-statements/${d.id}/payments`, { paymentDate: '2026-05-15' }).expect(201))
      .body as PayrollPayment;
    expect(payment.lines).toEqual([expect.objectContaining({ debt: 'taxes', amount: d.total })]);
    expect(payment.treasuryAccountId).toBeNull();
  });
});
