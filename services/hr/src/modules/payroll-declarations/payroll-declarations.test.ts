import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  MESSAGES_PAYROLL_DECLARATION,
  MESSAGES_PAYSLIP,
  type AnnualSalaryDeclaration,
  type Employee,
  type PayrollDeclaration,
  type PayrollJournal,
  type Payslip,
  type SalaryTaxPreview,
  type SocialDeclarationPreview,
} from '@xaalis/contracts';
import { add } from '@xaalis/domain';
import { pdfText, sqlStateOf, type RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, createEmployee } from '../../test-support';
import { binary, startAccountingStandIn, type AccountingStandIn } from '../../test-support/accounting-stand-in';

// The real HR service on the real database and Redis. The accounting service's internal routes
// (company identity, PA balances) are stood in for by a small HTTP server whose answers each test
// sets: the real route is tested beside the payroll posting (accounting service).
let service: RunningService;
let accounting: AccountingStandIn;
const own = randomUUID();
const other = randomUUID();

const api = () => request(service.app);
const social = (companyId = own) => `/api/companies/${companyId}/social-declarations`;
const tax = (companyId = own) => `/api/companies/${companyId}/salary-tax-statements`;
const get = (url: string, companyId = own) => api().get(url).set(asTenant(companyId));
const post = (url: string, body: object = {}, companyId = own) => api().post(url).set(asTenant(companyId)).send(body);

const slips: Payslip[] = [];
let awa: Employee;
let moussa: Employee;

/** A slip of the official set, validated. */
async function validatedSlip(employee: Employee, period: string, body: object = {}): Promise<Payslip> {
  const created = (
    await post(`/api/companies/${own}/payrolls`, {
      employeeId: employee.id,
      period,
      baseSalary: employee.salary,
      parameterSetId: 'senegal-official',
      ...body,
    }).expect(201)
  ).body as Payslip;
  const validated = (await api().patch(`/api/payrolls/${created.id}/validate`).set(asTenant(own)).expect(200)).body as Payslip;
  slips.push(validated);
  return validated;
}

/** Sums of the breakdown lines of the slips of `months` (computed here, independently of the service's SQL). */
function expected(months: string[]) {
  const of = slips.filter((s) => months.includes(s.period) && s.status !== 'cancelled');
  const lines = of.flatMap((s) => s.breakdown.lines);
  const sum = (pred: (l: (typeof lines)[number]) => boolean, pick: (l: (typeof lines)[number]) => string) =>
    add('0', ...lines.filter(pred).map(pick));
  const ipres = sum(
    (l) => l.organism === 'IPRES',
    (l) => add(l.employee, l.employer),
  );
  const cssFamily = sum(
    (l) => l.organism === 'CSS' && !l.code.endsWith('AT'),
    (l) => add(l.employee, l.employer),
  );
  const cssAccident = sum(
    (l) => l.organism === 'CSS' && l.code.endsWith('AT'),
    (l) => add(l.employee, l.employer),
  );
  const incomeTax = sum(
    (l) => l.code === 'IR',
    (l) => l.employee,
  );
  const trimf = sum(
    (l) => l.code === 'TRIMF',
    (l) => l.employee,
  );
  const cfce = sum(
    (l) => l.code === 'CFCE',
    (l) => l.employer,
  );
  return { gross: add('0', ...of.map((s) => s.grossSalary)), ipres, cssFamily, cssAccident, incomeTax, trimf, cfce };
}

beforeAll(async () => {
  accounting = await startAccountingStandIn();
  accounting.companies[own] = { name: 'Teranga Resto SARL', taxNumber: '0076543 2G3' };
  service = await start({ port: 0 });

  awa = await createEmployee(service, own, {
    firstName: 'Awa',
    lastName: 'Diop',
    salary: '450000',
    isCadre: true,
    maritalStatus: 'married',
    children: 2,
    hireDate: '2025-01-01',
    ipresNumber: 'IP-0001',
    cssNumber: 'CSS-0001',
  });
  moussa = await createEmployee(service, own, { firstName: 'Moussa', lastName: 'Sarr', salary: '180000', hireDate: '2025-01-01' });
  for (const period of ['2026-01', '2026-02', '2026-03']) {
    await validatedSlip(awa, period, { housingAllowance: '50000' });
    await validatedSlip(moussa, period);
  }
});

afterAll(async () => {
  await service.close();
  await accounting.close();
});

describe('social declaration (IPRES and CSS)', () => {
  it('sums the validated slips of a month per employee and per fund, with the IPRES and CSS numbers', async () => {
    const e = expected(['2026-01']);
    accounting.ledger = { '4311': e.cssFamily, '4312': e.cssAccident, '4313': e.ipres };
    const p = (await get(`${social()}/preview?period=2026-01`).expect(200)).body as SocialDeclarationPreview;
    expect(p.period).toBe('2026-01');
    expect(p.employees.map((x) => [x.lastName, x.ipresNumber, x.months, x.daysWorked])).toEqual([
      ['Diop', 'IP-0001', 1, 30],
      ['Sarr', null, 1, 30],
    ]);
    expect(p.totals).toMatchObject({ employees: 2, gross: e.gross, ipres: e.ipres, css: add(e.cssFamily, e.cssAccident) });
    // The cadre's second IPRES regime has its own base; the non-cadre has none.
    expect(p.employees[0].ipresCadreBase).toBe('500000.00');
    expect(p.employees[1].ipresCadreBase).toBe('0.00');
    expect(p.employees[1].ipresBase).toBe('180000.00');
    expect(p.checks.matchesLedger).toBe(true);
    expect(p.declarable).toBe(true);
    expect(p.employees[0].payslipIds).toEqual([slips[0].id]);
  });

  it('a quarter sums its three months (2026-T1 is 2026-Q1); the ledger check fails on a franc and is unknown when accounting is down', async () => {
    const e = expected(['2026-01', '2026-02', '2026-03']);
    accounting.ledger = { '4311': e.cssFamily, '4312': e.cssAccident, '4313': add(e.ipres, '1') };
    const p = (await get(`${social()}/preview?period=2026-T1`).expect(200)).body as SocialDeclarationPreview;
    expect(p.period).toBe('2026-Q1');
    expect(p.employees.map((x) => x.months)).toEqual([3, 3]);
    expect(p.totals.ipres).toBe(e.ipres);
    expect(p.checks.matchesLedger).toBe(false);
    expect(p.checks.ledger?.['4313']).toBe(add(e.ipres, '1'));
    accounting.ledger = 'down';
    expect(
      ((await get(`${social()}/preview?period=2026-Q1`).expect(200)).body as SocialDeclarationPreview).checks.matchesLedger,
    ).toBeNull();
  });

  it('refuses bad periods and filing dates with French messages', async () => {
    for (const period of ['2026-13', 'mars', ''])
      expect((await get(`${social()}/preview?period=${period}`).expect(400)).body.message).toBe(MESSAGES_PAYROLL_DECLARATION.periodInvalid);
    expect((await post(social(), { period: '2026-01', filedOn: '2026-01-20' }).expect(400)).body.message).toBeDefined();
    expect((await post(social(), { period: '2026-01', filedOn: '2026-01-30' }).expect(400)).body.message).toBe(
      MESSAGES_PAYROLL_DECLARATION.filedOnBeforeEnd,
    );
    expect((await post(social(), { period: '2025-06', filedOn: '2025-07-10' }).expect(400)).body.message).toBe(
      MESSAGES_PAYROLL_DECLARATION.nothingToDeclare,
    );
  });

  it("'Déclarer' freezes the figures and locks the month's slips: cancel and validate are 409, paying stays allowed, the database refuses too", async () => {
    const d = (await post(social(), { period: '2026-01', filedOn: '2026-02-12', reference: 'IPRES-2026-01' }).expect(201))
      .body as PayrollDeclaration;
    const e = expected(['2026-01']);
    expect(d).toMatchObject({
      kind: 'social',
      period: '2026-01',
      version: 1,
      status: 'declared',
      total: add(e.ipres, e.cssFamily, e.cssAccident),
    });
    expect(((await get(social()).expect(200)).body as { items: PayrollDeclaration[] }).items.map((x) => x.id)).toContain(d.id);

    const january = slips.find((s) => s.period === '2026-01') as Payslip;
    expect((await api().patch(`/api/payrolls/${january.id}/cancel`).set(asTenant(own)).expect(409)).body.message).toBe(
      MESSAGES_PAYROLL_DECLARATION.periodLocked,
    );
    await api()
      .patch(`/api/payrolls/${january.id}/pay`)
      .set(asTenant(own))
      .send({ paymentDate: '2026-02-01', paymentMethod: 'bank' })
      .expect(200);
    // A draft may be created in the period, not validated.
    const late = await createEmployee(service, own, { salary: '100000', hireDate: '2025-06-01' });
    const draft = (
      await post(`/api/companies/${own}/payrolls`, { employeeId: late.id, period: '2026-01', baseSalary: '100000' }).expect(201)
    ).body as Payslip;
    await api().patch(`/api/payrolls/${draft.id}/validate`).set(asTenant(own)).expect(409);
    const refused = await service.ctx.sequelize
      .query(`UPDATE hr.payslips SET net_salary = net_salary + 1 WHERE id = $1`, { bind: [january.id] })
      .then(
        () => null,
        (err: unknown) => sqlStateOf(err),
      );
    expect(refused).toBe('XA012');
    const deleted = await service.ctx.sequelize.query(`DELETE FROM hr.payroll_declarations WHERE id = $1`, { bind: [d.id] }).then(
      () => null,
      (err: unknown) => sqlStateOf(err),
    );
    expect(deleted).toBe('XA012');

    // Declared once; a quarter overlapping it is refused.
    expect((await post(social(), { period: '2026-01', filedOn: '2026-02-12' }).expect(409)).body.message).toBe(
      MESSAGES_PAYROLL_DECLARATION.alreadyDeclared,
    );
    expect((await post(social(), { period: '2026-Q1', filedOn: '2026-04-12' }).expect(409)).body.message).toBe(
      MESSAGES_PAYROLL_DECLARATION.overlap,
    );
    const preview = (await get(`${social()}/preview?period=2026-01`).expect(200)).body as SocialDeclarationPreview;
    expect(preview.declared?.id).toBe(d.id);
    expect(preview.declarable).toBe(false);
    expect(preview.draftPayslips).toBe(1);
  });

  it('a reopened declaration unlocks its slips; declaring again is corrective (version 2) and shows the difference', async () => {
    const [d] = ((await get(social()).expect(200)).body as { items: PayrollDeclaration[] }).items;
    await post(`${social()}/${d.id}/reopen`).expect(200);
    expect((await post(`${social()}/${d.id}/reopen`).expect(409)).body.message).toBe(MESSAGES_PAYROLL_DECLARATION.reopenOnlyDeclared);
    const moussaJanuary = slips.find((s) => s.period === '2026-01' && s.employeeId === moussa.id) as Payslip;
    const cancelled = (await api().patch(`/api/payrolls/${moussaJanuary.id}/cancel`).set(asTenant(own)).expect(200)).body as Payslip;
    slips[slips.indexOf(moussaJanuary)] = cancelled;
    const v2 = (await post(social(), { period: '2026-01', filedOn: '2026-02-20' }).expect(201)).body as PayrollDeclaration;
    const e = expected(['2026-01']);
    expect(v2).toMatchObject({ version: 2, status: 'declared', total: add(e.ipres, e.cssFamily, e.cssAccident) });
    const moussaShare = add(
      '0',
      ...moussaJanuary.breakdown.lines.filter((l) => l.organism === 'IPRES').map((l) => add(l.employee, l.employer)),
    );
    expect(v2.difference?.ipres).toBe(`-${moussaShare}`);
    expect(v2.difference?.employees).toBe('-1');
    const statuses = ((await get(social()).expect(200)).body as { items: PayrollDeclaration[] }).items.map((x) => [x.version, x.status]);
    expect(statuses).toEqual([
      [2, 'declared'],
      [1, 'superseded'],
    ]);
  });

  it('prints the declaration as filed (PDF, XLSX), and the preview too', async () => {
    const [d] = ((await get(social()).expect(200)).body as { items: PayrollDeclaration[] }).items;
    const pdf = await get(`${social()}/${d.id}?format=pdf`).buffer(true).parse(binary).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.body as Buffer);
    for (const s of ['Teranga Resto SARL', 'NINEA : 0076543 2G3', 'Diop Awa', 'IP-0001', 'rectificative n° 2', 'IPRES'])
      expect(text).toContain(s);
    const xlsx = await get(`${social()}/preview?period=2026-02&format=xlsx`).buffer(true).parse(binary).expect(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.headers['content-disposition']).toContain('social-declarations-2026-02.xlsx');
  });

  it("is a 404 for another company's declaration and an unknown id", async () => {
    const [d] = ((await get(social()).expect(200)).body as { items: PayrollDeclaration[] }).items;
    await get(`${social(other)}/${d.id}`, other).expect(404);
    await post(`${social(other)}/${d.id}/reopen`, {}, other).expect(404);
    await get(`${social()}/${randomUUID()}`).expect(404);
    await get(`${social()}/not-a-uuid`).expect(404);
    expect(
      ((await get(`${social(other)}/preview?period=2026-01`, other).expect(200)).body as SocialDeclarationPreview).totals.employees,
    ).toBe(0);
  });
});

describe('salary-tax statement (IR, TRIMF, CFCE)', () => {
  it('sums the month per employee; a quarter is refused; declaring locks the month', async () => {
    const e = expected(['2026-02']);
    accounting.ledger = { '4472': add(e.incomeTax, e.trimf, e.cfce) };
    const p = (await get(`${tax()}/preview?period=2026-02`).expect(200)).body as SalaryTaxPreview;
    expect(p.totals).toMatchObject({
      employees: 2,
      incomeTax: e.incomeTax,
      trimf: e.trimf,
      cfce: e.cfce,
      total: add(e.incomeTax, e.trimf, e.cfce),
    });
    expect(p.checks.matchesLedger).toBe(true);
    expect((await get(`${tax()}/preview?period=2026-Q1`).expect(400)).body.message).toBe(MESSAGES_PAYROLL_DECLARATION.monthInvalid);
    await post(tax(), { period: '2026-02', filedOn: '2026-03-15' }).expect(201);
    const february = slips.find((s) => s.period === '2026-02') as Payslip;
    await api().patch(`/api/payrolls/${february.id}/cancel`).set(asTenant(own)).expect(409);
  });
});

describe('payroll journal and annual declaration', () => {
  it('the journal of a month and of the year to date sum every column of the counted slips', async () => {
    const month = (await get(`/api/companies/${own}/payroll-journal?period=2026-03`).expect(200)).body as PayrollJournal;
    expect(month.lines.map((l) => l.lastName)).toEqual(['Diop', 'Sarr']);
    expect(month.totals.gross).toBe(expected(['2026-03']).gross);
    const year = (await get(`/api/companies/${own}/payroll-journal?period=2026`).expect(200)).body as PayrollJournal;
    expect(year.totals.gross).toBe(expected(['2026-01', '2026-02', '2026-03']).gross);
    expect(year.lines.find((l) => l.lastName === 'Sarr')?.months).toBe(2);
    const net = add('0', ...slips.filter((s) => s.status !== 'cancelled').map((s) => s.netSalary));
    expect(year.totals.net).toBe(net);
    const pdf = await get(`/api/companies/${own}/payroll-journal?period=2026&format=pdf`).buffer(true).parse(binary).expect(200);
    expect(pdfText(pdf.body as Buffer)).toContain('Livre de paie');
    expect((await get(`/api/companies/${own}/payroll-journal?period=2026-3`).expect(400)).body.message).toBe(
      MESSAGES_PAYROLL_DECLARATION.journalPeriodInvalid,
    );
  });

  it('the annual declaration: per employee the year, family situation and parts, tax withheld', async () => {
    const a = (await get(`/api/companies/${own}/annual-salary-declarations/2026`).expect(200)).body as AnnualSalaryDeclaration;
    expect(a.dueOn).toBe('2027-01-31');
    const diop = a.lines.find((l) => l.lastName === 'Diop');
    expect(diop).toMatchObject({ maritalStatus: 'married', children: 2, parts: 2.5, months: 3, benefitsInKind: '0.00' });
    const e = expected(['2026-01', '2026-02', '2026-03']);
    expect(a.totals.incomeTax).toBe(e.incomeTax);
    expect(a.totals.trimf).toBe(e.trimf);
    const xlsx = await get(`/api/companies/${own}/annual-salary-declarations/2026?format=xlsx`).buffer(true).parse(binary).expect(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect((await get(`/api/companies/${own}/annual-salary-declarations/26`).expect(400)).body.message).toBe(
      MESSAGES_PAYROLL_DECLARATION.yearInvalid,
    );
  });
});

describe("the specification's payroll call (payroll screen body)", () => {
  it('accepts allowances and overtime as totals when the figures match, refuses a mismatch with the French message', async () => {
    const base = {
      employeeId: moussa.id,
      period: '2026-05',
      baseSalary: '180000',
      allowances: '70000',
      overtimePay: '15000',
      grossSalary: '265000',
      socialCharges: '11655',
      incomeTax: '',
      otherDeductions: '0',
      netSalary: '',
      status: 'draft',
      paymentDate: null,
    };
    // Contributions on the base (spec set): IPRES 5.6 % of 180 000 = 10 080, CSS 2.5 % of 63 000 = 1 575.
    const ok = (await post(`/api/companies/${own}/payrolls`, { ...base, incomeTax: undefined, netSalary: undefined }).expect(201))
      .body as Payslip;
    expect(ok).toMatchObject({ grossSalary: '265000.00', allowances: '70000.00', overtimePay: '15000.00', socialCharges: '11655.00' });
    const again = { ...base, period: '2026-06', incomeTax: ok.incomeTax, netSalary: ok.netSalary };
    await post(`/api/companies/${own}/payrolls`, again).expect(201);
    expect(
      (await post(`/api/companies/${own}/payrolls`, { ...again, period: '2026-07', socialCharges: '11000' }).expect(400)).body.message,
    ).toBe(MESSAGES_PAYSLIP.mismatch);
    expect((await post(`/api/companies/${own}/payrolls`, { ...again, period: '2026-07', status: 'paid' }).expect(400)).body.message).toBe(
      MESSAGES_PAYSLIP.statusInvalid,
    );
  });
});
