import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MESSAGES_LEAVE, type Employee, type Leave, type LeaveBalance, type Payslip } from '@xaalis/contracts';
import { pdfText, type RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, createEmployee } from '../../test-support';
import { binary, startAccountingStandIn, type AccountingStandIn } from '../../test-support/accounting-stand-in';

// Leave and absences on the real HR service and database: recorded in working days, refused over a
// counted slip, used by the payslips of their month, and counted in the paid-leave balance.
let service: RunningService;
let accounting: AccountingStandIn;
const own = randomUUID();
const other = randomUUID();
let awa: Employee;

const api = () => request(service.app);
const leaves = (companyId = own) => `/api/companies/${companyId}/leaves`;
const post = (url: string, body: object, companyId = own) => api().post(url).set(asTenant(companyId)).send(body);
const line = (slip: Payslip, code: string) => slip.breakdown.lines.find((l) => l.code === code);

async function slip(period: string, validate = true): Promise<Payslip> {
  const created = (await post(`/api/companies/${own}/payrolls`, { employeeId: awa.id, period, baseSalary: '260000' }).expect(201))
    .body as Payslip;
  if (!validate) return created;
  return (await api().patch(`/api/payrolls/${created.id}/validate`).set(asTenant(own)).expect(200)).body as Payslip;
}

beforeAll(async () => {
  accounting = await startAccountingStandIn();
  service = await start({ port: 0 });
  awa = await createEmployee(service, own, { firstName: 'Awa', lastName: 'Diop', salary: '260000', hireDate: '2025-01-01' });
});

afterAll(async () => {
  await service.close();
  await accounting.close();
});

describe('leave and absences', () => {
  it('records an absence in working days (Sundays out); refuses an overlap, bad dates and another company’s employee', async () => {
    // Monday 2 to Saturday 7 March 2026, then Monday 9: 7 working days.
    const leave = (await post(leaves(), { employeeId: awa.id, kind: 'unpaid', startDate: '2026-03-02', endDate: '2026-03-09' }).expect(201))
      .body as Leave;
    expect(leave).toMatchObject({ kind: 'unpaid', days: '7.00', employee: { lastName: 'Diop' } });
    expect(
      (await post(leaves(), { employeeId: awa.id, kind: 'paid', startDate: '2026-03-09', endDate: '2026-03-10' }).expect(409)).body.message,
    ).toBe(MESSAGES_LEAVE.overlap);
    expect(
      (await post(leaves(), { employeeId: awa.id, kind: 'paid', startDate: '2026-03-10', endDate: '2026-03-09' }).expect(400)).body.message,
    ).toBe(MESSAGES_LEAVE.endBeforeStart);
    expect(
      (await post(leaves(), { employeeId: awa.id, kind: 'paid', startDate: '2026-03-15', endDate: '2026-03-15' }).expect(400)).body.message,
    ).toBe(MESSAGES_LEAVE.noWorkingDay);
    expect(
      (await post(leaves(), { employeeId: awa.id, kind: 'vacances', startDate: '2026-03-10', endDate: '2026-03-10' }).expect(400)).body
        .message,
    ).toBe(MESSAGES_LEAVE.kindInvalid);
    await post(leaves(other), { employeeId: awa.id, kind: 'paid', startDate: '2026-03-20', endDate: '2026-03-20' }, other).expect(404);
    const list = (await api().get(`${leaves()}?employeeId=${awa.id}`).set(asTenant(own)).expect(200)).body as {
      items: Leave[];
      totalItems: number;
    };
    expect(list.totalItems).toBe(1);
    expect(((await api().get(leaves(other)).set(asTenant(other)).expect(200)).body as { totalItems: number }).totalItems).toBe(0);
  });

  it('the month’s slip deducts the unpaid days (base / 26 a day); the absence is then settled: no change while the slip counts', async () => {
    const march = await slip('2026-03');
    expect(line(march, 'ABSENCE')).toMatchObject({ employee: '-70000.00' });
    expect(march.grossSalary).toBe('210000.00'); // 260 000 − 70 000 + 20 000 transport
    expect(
      (await post(leaves(), { employeeId: awa.id, kind: 'sick', startDate: '2026-03-20', endDate: '2026-03-21' }).expect(409)).body.message,
    ).toBe(MESSAGES_LEAVE.slipCounted);
    const [leave] = ((await api().get(leaves()).set(asTenant(own)).expect(200)).body as { items: Leave[] }).items;
    await api().delete(`${leaves()}/${leave.id}`).set(asTenant(own)).expect(409);
    await api()
      .delete(`${leaves(other)}/${leave.id}`)
      .set(asTenant(other))
      .expect(404);
  });

  it('pays leave from the reference months and keeps the balance: earned per month paid, less the leave taken', async () => {
    for (const period of ['2026-04', '2026-05']) await slip(period);
    // Monday 1 to Saturday 6 June: 6 working days of paid leave.
    await post(leaves(), { employeeId: awa.id, kind: 'paid', startDate: '2026-06-01', endDate: '2026-06-06' }).expect(201);
    const june = await slip('2026-06', false);
    // Reference: March 190 000, April and May 260 000 each (gross less transport) over 3 months at 2 days a month.
    const sums = 190_000 + 260_000 + 260_000;
    expect(line(june, 'CONGE')?.employee).toBe(`${Math.round((sums * 6) / (12 * 3 * 2))}.00`);
    expect(line(june, 'CONGE_RETENUE')?.employee).toBe('-60000.00');
    const [balance] = (await api().get(`${leaves()}/balances?employeeId=${awa.id}`).set(asTenant(own)).expect(200)).body as LeaveBalance[];
    expect(balance).toMatchObject({ months: 3, accrued: '6.00', taken: '6.00', balance: '0.00' });
    // The bulletin shows it.
    const pdf = await api().get(`/api/companies/${own}/payrolls/${june.id}/pdf`).set(asTenant(own)).buffer(true).parse(binary).expect(200);
    expect(pdfText(pdf.body as Buffer)).toContain('acquis 6, pris 6, solde 0');
    // A draft's absences can still change.
    const [paid] = ((await api().get(`${leaves()}?employeeId=${awa.id}`).set(asTenant(own)).expect(200)).body as { items: Leave[] }).items;
    await api().delete(`${leaves()}/${paid.id}`).set(asTenant(own)).expect(204);
  });

  it('the company sets the leave earned per month', async () => {
    await api()
      .put(`/api/companies/${own}/payroll-settings`)
      .set(asTenant(own))
      .send({ parameterSetId: 'xaalis', accidentRiskClass: 1, leaveDaysPerMonth: '2.5' })
      .expect(200);
    const [balance] = (await api().get(`${leaves()}/balances?employeeId=${awa.id}`).set(asTenant(own)).expect(200)).body as LeaveBalance[];
    expect(balance.accrued).toBe('7.50');
    // A form without the field keeps it.
    await api()
      .put(`/api/companies/${own}/payroll-settings`)
      .set(asTenant(own))
      .send({ parameterSetId: 'xaalis', accidentRiskClass: 2 })
      .expect(200);
    expect((await api().get(`/api/companies/${own}/payroll-settings`).set(asTenant(own)).expect(200)).body).toMatchObject({
      accidentRiskClass: 2,
      leaveDaysPerMonth: '2.50',
    });
    await api()
      .put(`/api/companies/${own}/payroll-settings`)
      .set(asTenant(own))
      .send({ parameterSetId: 'xaalis', accidentRiskClass: 1, leaveDaysPerMonth: '11' })
      .expect(400);
  });
});
