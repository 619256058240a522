import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { HEADERS, type Employee, type EmployeeList, type Payslip, type PayslipList, type Role } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { TOKEN, asTenant, createEmployee } from '../../test-support';

// Payroll data is confidential (issue 24 §7): on the real HR service, database and Redis, a role
// without the `payroll` capability (collaborator, reader) is refused (403) every payslip read and
// write, and reads employee records without their salary. The accounting service's internal
// company route (the bulletin's employer) is stood in for by a small HTTP server.
let service: RunningService;
let accounting: http.Server;
const previousUrl = process.env.ACCOUNTING_URL;
const own = randomUUID();
let awa: Employee;
let slip: Payslip;

const api = () => request(service.app);
const listUrl = `/api/companies/${own}/payrolls`;
const generateUrl = `${listUrl}/generate`;
const message = async (req: request.Test, status: number) => ((await req.expect(status)).body as { message: string }).message;
const refusal: Record<'reader' | 'collaborator', string> = {
  reader: 'Action non autorisée pour votre rôle (Lecture seule)',
  collaborator: 'Action non autorisée pour votre rôle (Collaborateur)',
};

beforeAll(async () => {
  const app = express();
  app.get('/internal/companies/:id', (req, res) => {
    if (req.get(HEADERS.internalToken) !== TOKEN || req.params.id !== own) res.status(404).json({ message: 'Entreprise introuvable' });
    else res.json({ id: own, name: 'Teranga Conseil SARL', address: 'Dakar' });
  });
  accounting = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => accounting.once('listening', resolve));
  process.env.ACCOUNTING_URL = `http://127.0.0.1:${(accounting.address() as AddressInfo).port}`;
  service = await start({ port: 0 });
  awa = await createEmployee(service, own, { firstName: 'Awa', lastName: 'Diop', salary: '450000', hireDate: '2024-01-02' });
  slip = (
    await api()
      .post(listUrl)
      .set(asTenant(own, 'accountant'))
      .send({ employeeId: awa.id, period: '2024-03', baseSalary: '450000' })
      .expect(201)
  ).body as Payslip;
});

afterAll(async () => {
  await service.close();
  await new Promise((resolve) => accounting.close(resolve));
  if (previousUrl === undefined) delete process.env.ACCOUNTING_URL;
  else process.env.ACCOUNTING_URL = previousUrl;
});

describe.each(['reader', 'collaborator'] as const)('payslips refused to a %s (403)', (role) => {
  const as = () => asTenant(own, role);

  it('the list, one slip, the PDF bulletin and the generation job status', async () => {
    expect(await message(api().get(listUrl).set(as()), 403)).toBe(refusal[role]);
    expect(await message(api().get(`${listUrl}?period=2024-03`).set(as()), 403)).toBe(refusal[role]);
    expect(await message(api().get(`/api/payrolls/${slip.id}`).set(as()), 403)).toBe(refusal[role]);
    expect(await message(api().get(`${listUrl}/${slip.id}/pdf`).set(as()), 403)).toBe(refusal[role]);
    expect(await message(api().get(`${generateUrl}/payroll-${own}-2024-03`).set(as()), 403)).toBe(refusal[role]);
  });

  it("a draft, the month's generation, and validating, paying or cancelling: nothing written", async () => {
    expect(await message(api().post(listUrl).set(as()).send({ employeeId: awa.id, period: '2024-04', baseSalary: '450000' }), 403)).toBe(
      refusal[role],
    );
    expect(await message(api().post(generateUrl).set(as()).send({ period: '2024-05' }), 403)).toBe(refusal[role]);
    for (const action of ['validate', 'pay', 'cancel']) {
      await api().patch(`/api/payrolls/${slip.id}/${action}`).set(as()).send({ paymentMethod: 'bank' }).expect(403);
    }
    const slips = ((await api().get(listUrl).set(asTenant(own, 'owner')).expect(200)).body as PayslipList).items;
    expect(slips.map((s) => [s.period, s.status])).toEqual([['2024-03', 'draft']]);
  });

  it('employee records come without their salary (null), everything else kept', async () => {
    const list = ((await api().get(`/api/companies/${own}/employees`).set(as()).expect(200)).body as EmployeeList).items;
    expect(list).toEqual([{ ...awa, salary: null }]);
    expect((await api().get(`/api/employees/${awa.id}`).set(as()).expect(200)).body).toEqual({ ...awa, salary: null });
    expect(JSON.stringify(list)).not.toContain('450000');
  });
});

describe.each(['accountant', 'owner'] as Role[])('payslips open to an %s', (role) => {
  const as = () => asTenant(own, role);

  it('reads the list, one slip and the PDF bulletin, and the employees with their salary', async () => {
    expect(((await api().get(listUrl).set(as()).expect(200)).body as PayslipList).items.map((s) => s.id)).toContain(slip.id);
    expect(((await api().get(`/api/payrolls/${slip.id}`).set(as()).expect(200)).body as Payslip).grossSalary).toBe(slip.grossSalary);
    const pdf = await api().get(`${listUrl}/${slip.id}/pdf`).set(as()).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(((await api().get(`/api/employees/${awa.id}`).set(as()).expect(200)).body as Employee).salary).toBe('450000.00');
    expect(((await api().get(`/api/companies/${own}/employees`).set(as()).expect(200)).body as EmployeeList).items[0].salary).toBe(
      '450000.00',
    );
  });
});

it("an accountant generates the month's drafts and follows the job", async () => {
  const started = (await api().post(generateUrl).set(asTenant(own, 'accountant')).send({ period: '2024-06' }).expect(202)).body as {
    jobId: string;
  };
  await api().get(`${generateUrl}/${started.jobId}`).set(asTenant(own, 'accountant')).expect(200);
});
