import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { payslipListQuerySchema, type PayrollSettings, type Payslip } from '@xaalis/contracts';
import { computePayslip, fromCents, parameterSetFor, toCents } from '@xaalis/domain';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, createEmployee } from '../../test-support';
import { payrollService } from '../payroll';

// The real HR service on the real database; companies are plain uuids.
let service: RunningService;

const url = (companyId: string) => `/api/companies/${companyId}/payroll-settings`;
const get = (companyId: string, as = companyId) => request(service.app).get(url(companyId)).set(asTenant(as));
const put = (companyId: string, body: object, as = companyId) => request(service.app).put(url(companyId)).set(asTenant(as)).send(body);
const message = async (req: request.Test, status: number) => ((await req.expect(status)).body as { message: string }).message;
const SETS = [
  { id: 'xaalis', label: 'Barème Xaalis', effectiveFrom: '2000-01-01' },
  { id: 'senegal-official', label: 'Barème officiel sénégalais', effectiveFrom: '2024-01-01' },
];

beforeAll(async () => {
  service = await start({ port: 0 });
});

afterAll(async () => {
  await service.close();
});

describe('payroll settings', () => {
  it('answers the defaults (xaalis, class 1) with the selectable sets when never saved', async () => {
    const company = randomUUID();
    expect((await get(company).expect(200)).body).toEqual({
      parameterSetId: 'xaalis',
      accidentRiskClass: 1,
      leaveDaysPerMonth: '2.00',
      sets: SETS,
    });
  });

  it('saves and reads back the choice, overwriting the previous one', async () => {
    const company = randomUUID();
    const saved = (await put(company, { parameterSetId: 'senegal-official', accidentRiskClass: 3, leaveDaysPerMonth: '2.5' }).expect(200))
      .body as PayrollSettings;
    expect(saved).toEqual({ parameterSetId: 'senegal-official', accidentRiskClass: 3, leaveDaysPerMonth: '2.50', sets: SETS });
    expect((await get(company).expect(200)).body).toEqual(saved);
    // A select sends the class as its digit.
    await put(company, { parameterSetId: 'xaalis', accidentRiskClass: '2' }).expect(200);
    expect((await get(company).expect(200)).body).toMatchObject({ parameterSetId: 'xaalis', accidentRiskClass: 2 });
  });

  it('refuses an unknown set or risk class with the French message, saving nothing', async () => {
    const company = randomUUID();
    expect(await message(put(company, { parameterSetId: 'france', accidentRiskClass: 1 }), 400)).toBe('Barème inconnu');
    expect(await message(put(company, { accidentRiskClass: 1 }), 400)).toBe('Barème inconnu');
    for (const accidentRiskClass of [0, 4, 1.5, '4', 'élevé', null, undefined]) {
      expect(await message(put(company, { parameterSetId: 'senegal-official', accidentRiskClass }), 400)).toBe(
        'Classe de risque invalide (1, 2 ou 3)',
      );
    }
    expect((await get(company).expect(200)).body).toMatchObject({ parameterSetId: 'xaalis', accidentRiskClass: 1 });
  });

  it("keeps another company's settings out of reach (404) and unchanged", async () => {
    const mine = randomUUID();
    const theirs = randomUUID();
    await put(theirs, { parameterSetId: 'senegal-official', accidentRiskClass: 2 }).expect(200);
    await get(theirs, mine).expect(404);
    await put(theirs, { parameterSetId: 'xaalis', accidentRiskClass: 1 }, mine).expect(404);
    expect((await get(theirs).expect(200)).body).toMatchObject({ parameterSetId: 'senegal-official', accidentRiskClass: 2 });
    expect((await get(mine).expect(200)).body).toMatchObject({ parameterSetId: 'xaalis', accidentRiskClass: 1 });
  });
});

describe('payslips with the company settings', () => {
  const company = randomUUID();
  const situation = { isCadre: true, maritalStatus: 'married' as const, children: 2 };
  const createSlip = async (body: object) =>
    (await request(service.app).post(`/api/companies/${company}/payrolls`).set(asTenant(company)).send(body).expect(201)).body as Payslip;

  beforeAll(async () => {
    await put(company, { parameterSetId: 'senegal-official', accidentRiskClass: 3 }).expect(200);
  });

  it('creates a slip naming no set with the chosen set and risk class when it is in force', async () => {
    const e = await createEmployee(service, company, { hireDate: '2023-01-01', ...situation });
    const expected = computePayslip(
      { baseSalary: '600000', housingAllowance: '40000', ...situation, riskClass: 3 },
      parameterSetFor('senegal-official', '2024-06')!,
    );
    const slip = await createSlip({
      employeeId: e.id,
      period: '2024-06',
      baseSalary: '600000',
      housingAllowance: '40000',
      netSalary: expected.totals.net,
    });
    expect(slip.parameterSetId).toBe('senegal-official');
    expect(slip.breakdown).toEqual(expected);
    expect(slip.netSalary).toBe(expected.totals.net);
    expect(slip.grossSalary).toBe(expected.totals.gross);
    expect(slip.employerContributions).toBe(
      fromCents(toCents(expected.totals.employerContributions) + toCents(expected.totals.employerTaxes)),
    );
    // Class 3: 5 % of the 63 000 ceiling, not the default 1 %.
    expect(slip.breakdown.lines.find((l) => l.code === 'CSS_AT')).toMatchObject({ employerRate: '5.00', employer: '3150.00' });
  });

  it('falls back to xaalis (with the class) for a period before the chosen set is in force', async () => {
    const e = await createEmployee(service, company, { hireDate: '2023-01-01', ...situation });
    const slip = await createSlip({ employeeId: e.id, period: '2023-12', baseSalary: '600000' });
    const expected = computePayslip({ baseSalary: '600000', ...situation, riskClass: 3 }, parameterSetFor('xaalis', '2023-12')!);
    expect(slip.parameterSetId).toBe('xaalis');
    expect(slip.breakdown).toEqual(expected);
    // A form naming a set still gets that set (and the company's class).
    const named = await createSlip({ employeeId: e.id, period: '2024-02', baseSalary: '600000', parameterSetId: 'xaalis' });
    expect(named.parameterSetId).toBe('xaalis');
    expect(named.breakdown.inputs.riskClass).toBe(3);
  });

  it('generates the month with the chosen set and risk class, or xaalis before it is in force', async () => {
    const gen = randomUUID();
    await put(gen, { parameterSetId: 'senegal-official', accidentRiskClass: 2 }).expect(200);
    const e = await createEmployee(service, gen, { hireDate: '2023-01-01', salary: '500000', ...situation });
    const payslips = payrollService(service.ctx.sequelize, { add: async () => undefined });
    expect(await payslips.generate({ companyId: gen, period: '2024-07', userId: null })).toEqual({ created: 1, skipped: 0, total: 1 });
    expect(await payslips.generate({ companyId: gen, period: '2023-11', userId: null })).toEqual({ created: 1, skipped: 0, total: 1 });
    const {
      items: [july, november],
    } = await payslips.list(gen, payslipListQuerySchema.parse({}));
    expect(july.period).toBe('2024-07');
    expect(july.parameterSetId).toBe('senegal-official');
    expect(july.breakdown).toEqual(
      computePayslip({ baseSalary: '500000', ...situation, riskClass: 2 }, parameterSetFor('senegal-official', '2024-07')!),
    );
    expect(november.parameterSetId).toBe('xaalis');
    expect(november.employeeId).toBe(e.id);
    expect(november.breakdown).toEqual(
      computePayslip({ baseSalary: '500000', ...situation, riskClass: 2 }, parameterSetFor('xaalis', '2023-11')!),
    );
  });
});
