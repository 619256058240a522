import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import type { Payslip, SalaryTaxPreview, SocialDeclarationPreview } from '@xaalis/contracts';
import { add } from '@xaalis/domain';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, createEmployee } from '../../test-support';
import { startAccountingStandIn, type AccountingStandIn } from '../../test-support/accounting-stand-in';

// Property: for random staff and slips (either parameter set, cadres, families, allowances,
// cancelled and draft slips among them), every total of the social declaration and of the
// salary-tax statement is the sum of the counted slips' breakdown lines, grouped as the ledger
// posts them (4313 IPRES, 4312 CSS work accidents, 4311 the other CSS lines, 4472 IR + TRIMF + CFCE).
let service: RunningService;
let accounting: AccountingStandIn;

beforeAll(async () => {
  accounting = await startAccountingStandIn();
  service = await start({ port: 0 });
});

afterAll(async () => {
  await service.close();
  await accounting.close();
});

const staffArb = fc.array(
  fc.record({
    salary: fc.integer({ min: 60_000, max: 2_500_000 }),
    housing: fc.integer({ min: 0, max: 200_000 }),
    isCadre: fc.boolean(),
    married: fc.boolean(),
    children: fc.integer({ min: 0, max: 6 }),
    set: fc.constantFrom('xaalis', 'senegal-official'),
    // What happens to each month's slip: counted, left a draft, or cancelled.
    fate: fc.array(fc.constantFrom('validated', 'validated', 'draft', 'cancelled'), { minLength: 3, maxLength: 3 }),
  }),
  { minLength: 1, maxLength: 4 },
);

test('the declarations total the counted slips exactly, per fund as the ledger posts them', async () => {
  await fc.assert(
    fc.asyncProperty(staffArb, async (staff) => {
      const companyId = randomUUID();
      const counted: Payslip[] = [];
      for (const p of staff) {
        const e = await createEmployee(service, companyId, {
          salary: String(p.salary),
          isCadre: p.isCadre,
          maritalStatus: p.married ? 'married' : 'single',
          children: p.children,
          hireDate: '2025-01-01',
        });
        for (const [i, fate] of p.fate.entries()) {
          const slip = (
            await request(service.app)
              .post(`/api/companies/${companyId}/payrolls`)
              .set(asTenant(companyId))
              .send({
                employeeId: e.id,
                period: `2026-0${i + 1}`,
                baseSalary: String(p.salary),
                housingAllowance: String(p.housing),
                parameterSetId: p.set,
              })
              .expect(201)
          ).body as Payslip;
          if (fate === 'draft') continue;
          await request(service.app).patch(`/api/payrolls/${slip.id}/validate`).set(asTenant(companyId)).expect(200);
          if (fate === 'cancelled')
            await request(service.app).patch(`/api/payrolls/${slip.id}/cancel`).set(asTenant(companyId)).expect(200);
          else counted.push(slip);
        }
      }
      const lines = counted.flatMap((s) => s.breakdown.lines);
      const both = (pred: (l: (typeof lines)[number]) => boolean) =>
        add('0', ...lines.filter(pred).map((l) => add(l.employee, l.employer)));
      const ipres = both((l) => l.organism === 'IPRES');
      const cssAccident = both((l) => l.organism === 'CSS' && /(^|_)AT$/.test(l.code));
      const cssFamily = both((l) => l.organism === 'CSS' && !/(^|_)AT$/.test(l.code));
      const tax = both((l) => l.organism === 'DGID');
      accounting.ledger = { '4311': cssFamily, '4312': cssAccident, '4313': ipres, '4472': tax };

      const social = (
        await request(service.app)
          .get(`/api/companies/${companyId}/social-declarations/preview?period=2026-Q1`)
          .set(asTenant(companyId))
          .expect(200)
      ).body as SocialDeclarationPreview;
      expect(social.totals).toMatchObject({
        employees: new Set(counted.map((s) => s.employeeId)).size,
        gross: add('0', ...counted.map((s) => s.grossSalary)),
        ipres,
        cssFamily,
        cssAccident,
      });
      expect(social.checks.matchesLedger).toBe(true);
      expect(social.employees.flatMap((e) => e.payslipIds).sort()).toEqual(counted.map((s) => s.id).sort());

      let statementTotal = '0';
      for (const month of ['2026-01', '2026-02', '2026-03']) {
        const statement = (
          await request(service.app)
            .get(`/api/companies/${companyId}/salary-tax-statements/preview?period=${month}`)
            .set(asTenant(companyId))
            .expect(200)
        ).body as SalaryTaxPreview;
        const ofMonth = counted.filter((s) => s.period === month);
        expect(statement.totals.incomeTax).toBe(add('0', ...ofMonth.map((s) => s.incomeTax)));
        expect(statement.totals.trimf).toBe(add('0', ...ofMonth.map((s) => s.trimf)));
        statementTotal = add(statementTotal, statement.totals.total);
      }
      expect(statementTotal).toBe(tax);
    }),
    { numRuns: 8 },
  );
}, 180_000);
