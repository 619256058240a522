import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Employee, Payslip, PayslipList } from '@xaalis/contracts';
import { sum } from '@xaalis/domain';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, createEmployee } from '../../test-support';

// The list of Gestion de la Paie, one page at a time, on the real database. Its own queue
// prefix: nothing here is posted, but the service must not share another test file's queues.
process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}_payslip_list`;
let service: RunningService;
const big = randomUUID();
const neighbour = randomUUID();
const PERIODS = ['2023-12', '2024-01', '2024-02'];

const http = () => request(service.app);
const url = (companyId: string) => `/api/companies/${companyId}/payrolls`;
const list = async (query = '', companyId = big) =>
  (
    await http()
      .get(`${url(companyId)}${query}`)
      .set(asTenant(companyId))
      .expect(200)
  ).body as PayslipList;
const message = async (query: string) =>
  (
    (
      await http()
        .get(`${url(big)}${query}`)
        .set(asTenant(big))
        .expect(400)
    ).body as { message: string }
  ).message;

/** The cards' sums over `slips`, cancelled ones left out (what the server must answer). */
const totalsOf = (slips: Payslip[]) => {
  const kept = slips.filter((s) => s.status !== 'cancelled');
  return {
    gross: sum(kept.map((s) => s.grossSalary)),
    charges: sum(kept.flatMap((s) => [s.socialCharges, s.employerContributions])),
    tax: sum(kept.flatMap((s) => [s.incomeTax, s.trimf])),
    net: sum(kept.map((s) => s.netSalary)),
  };
};

let employees: Employee[];
let all: Payslip[];

beforeAll(async () => {
  service = await start({ port: 0 });
  // 10 employees × 3 periods: 30 slips, more than one default page (25).
  employees = [];
  for (let i = 1; i <= 10; i += 1) {
    const n = String(i).padStart(2, '0');
    employees.push(
      await createEmployee(service, big, {
        employeeNumber: `PAY-${n}`,
        firstName: i === 4 ? 'Ndèye' : `Prenom${n}`,
        lastName: `Nom${n}`,
        hireDate: '2023-01-01',
        salary: String(200000 + i * 10000),
      }),
    );
  }
  for (const period of PERIODS)
    for (const e of employees)
      await http().post(url(big)).set(asTenant(big)).send({ employeeId: e.id, period, baseSalary: e.salary }).expect(201);
  // One slip cancelled, one paid (straight in the table: nothing to post here).
  await service.ctx.sequelize.query(
    `UPDATE hr.payslips SET status = 'cancelled' WHERE company_id = $1 AND employee_id = $2 AND period = '2024-01'`,
    { bind: [big, employees[2].id] },
  );
  await service.ctx.sequelize.query(
    `UPDATE hr.payslips SET status = 'paid', payment_date = '2024-02-29', payment_method = 'bank'
      WHERE company_id = $1 AND employee_id = $2 AND period = '2024-02'`,
    { bind: [big, employees[2].id] },
  );
  const neighbourEmployee = await createEmployee(service, neighbour, { lastName: 'Nom01', hireDate: '2023-01-01' });
  await http()
    .post(url(neighbour))
    .set(asTenant(neighbour))
    .send({ employeeId: neighbourEmployee.id, period: '2024-01', baseSalary: '300000' })
    .expect(201);
  all = (await list('?pageSize=100')).items;
});

afterAll(async () => {
  await service.close();
});

describe('the payslip list, one page at a time', () => {
  it('honours the page size (25 by default, at most 100): newest period first, then by name, totals over every matching slip', async () => {
    expect(all).toHaveLength(30);
    expect(all.map((s) => s.period)).toEqual([...Array(10).fill('2024-02'), ...Array(10).fill('2024-01'), ...Array(10).fill('2023-12')]);
    expect(all.slice(0, 3).map((s) => s.employee.lastName)).toEqual(['Nom01', 'Nom02', 'Nom03']);

    const first = await list();
    expect(first).toMatchObject({ page: 1, pageSize: 25, totalItems: 30 });
    expect(first.items).toEqual(all.slice(0, 25));
    // The cards are the whole company's, not the page's.
    expect(first.totals).toEqual(totalsOf(all));
    expect(first.totals.gross).not.toBe(totalsOf(first.items).gross);

    const last = await list('?page=5&pageSize=7');
    expect(last).toMatchObject({ page: 5, pageSize: 7, totalItems: 30 });
    expect(last.items).toEqual(all.slice(28));
    expect((await list('?page=4')).items).toEqual([]);
  });

  it('filters by period, year, employee and status, and searches on the employee name or matricule', async () => {
    const january = await list('?period=2024-01');
    expect(january.totalItems).toBe(10);
    expect(january.items.every((s) => s.period === '2024-01')).toBe(true);
    // The cancelled slip is listed, left out of the totals.
    expect(january.items.filter((s) => s.status === 'cancelled')).toHaveLength(1);
    expect(january.totals).toEqual(totalsOf(all.filter((s) => s.period === '2024-01')));

    expect((await list('?year=2024')).totalItems).toBe(20);
    const year2023 = await list('?year=2023');
    expect(year2023.totalItems).toBe(10);
    expect(year2023.totals).toEqual(totalsOf(all.filter((s) => s.period === '2023-12')));
    expect((await list('?year=2022')).totalItems).toBe(0);

    // One employee's slips: what the employee's page asks for.
    const third = employees[2];
    const own = await list(`?employeeId=${third.id}`);
    expect(own.items.map((s) => [s.period, s.status])).toEqual([
      ['2024-02', 'paid'],
      ['2024-01', 'cancelled'],
      ['2023-12', 'draft'],
    ]);
    expect(own.totals).toEqual(totalsOf(own.items));
    expect(own.totals.gross).toBe(sum([own.items[0].grossSalary, own.items[2].grossSalary]));

    expect((await list('?status=cancelled')).items.map((s) => s.employeeId)).toEqual([third.id]);
    expect(await list('?status=cancelled')).toMatchObject({ totalItems: 1, totals: { gross: '0.00', net: '0.00' } });
    expect((await list('?status=draft&year=2024')).totalItems).toBe(18);

    const ndeye = await list(`?search=${encodeURIComponent('ndèye nom')}`);
    expect(ndeye.totalItems).toBe(3);
    expect(ndeye.items.every((s) => s.employeeId === employees[3].id)).toBe(true);
    expect((await list('?search=NOM04%20nd')).totalItems).toBe(3);
    expect((await list('?search=pay-1')).items.map((s) => s.employee.employeeNumber)).toEqual(['PAY-10', 'PAY-10', 'PAY-10']);
    expect((await list('?search=nom0&period=2024-02&pageSize=4')).items.map((s) => s.employee.lastName)).toEqual([
      'Nom01',
      'Nom02',
      'Nom03',
      'Nom04',
    ]);
    expect((await list('?search=%25')).totalItems).toBe(0);
  });

  it('refuses malformed filters (400) with their French message', async () => {
    expect(await message('?period=2024')).toBe('Période invalide (ex: 2024-01)');
    expect(await message('?year=24')).toBe('Année invalide (ex: 2024)');
    expect(await message('?employeeId=pas-un-id')).toBe('Employé invalide');
    expect(await message('?status=archived')).toBe('Statut invalide');
    await http()
      .get(`${url(big)}?pageSize=101`)
      .set(asTenant(big))
      .expect(400);
    await http()
      .get(`${url(big)}?page=0`)
      .set(asTenant(big))
      .expect(400);
  });

  it("keeps companies apart: another company's path is a 404, its employee filters nothing in, its list holds its own", async () => {
    await http().get(url(neighbour)).set(asTenant(big)).expect(404);
    const theirs = await list('', neighbour);
    expect(theirs.totalItems).toBe(1);
    expect(theirs.items[0].employee.lastName).toBe('Nom01');
    expect((await list(`?employeeId=${theirs.items[0].employeeId}`)).totalItems).toBe(0);
    expect(await list('', randomUUID())).toEqual({
      items: [],
      page: 1,
      pageSize: 25,
      totalItems: 0,
      totals: { gross: '0.00', charges: '0.00', tax: '0.00', net: '0.00' },
    });
  });
});
