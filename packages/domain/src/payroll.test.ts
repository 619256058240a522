import fc from 'fast-check';
import {
  MESSAGES_PAYROLL,
  PAYROLL_PARAMETER_SETS,
  PayrollInputError,
  type PayrollParameterSet,
  type PayslipAbsences,
  type PayslipBreakdown,
  type PayslipComputationInput,
  type PayslipLine,
  type PayslipTotals,
  computePayslip,
  familyParts,
  parameterSetFor,
} from './payroll';
import { toCents } from './money';

const xaalis = PAYROLL_PARAMETER_SETS.find((s) => s.id === 'xaalis')!;
const official = PAYROLL_PARAMETER_SETS.find((s) => s.id === 'senegal-official')!;
const line = (b: PayslipBreakdown, code: string) => b.lines.find((l) => l.code === code)!;

/**
 * One pay slip worked out by hand: the input, the lines and totals expected
 * (toMatchObject; `allTotals`: every total, toEqual), and anything else checked.
 */
interface PayslipCase {
  name: string;
  input: PayslipComputationInput;
  lines?: Record<string, Partial<PayslipLine>>;
  absentLines?: string[];
  inputs?: Partial<PayslipBreakdown['inputs']>;
  totals: Partial<PayslipTotals>;
  allTotals?: boolean;
}

const checkPayslip = (set: PayrollParameterSet) => (c: PayslipCase) => {
  const b = computePayslip(c.input, set);
  for (const [code, expected] of Object.entries(c.lines ?? {})) expect(line(b, code)).toMatchObject(expected);
  for (const code of c.absentLines ?? []) expect(b.lines.some((l) => l.code === code)).toBe(false);
  if (c.inputs) expect(b.inputs).toMatchObject(c.inputs);
  if (c.allTotals) expect(b.totals).toEqual(c.totals);
  else expect(b.totals).toMatchObject(c.totals);
};

describe('Barème Xaalis (the spec’s formula)', () => {
  const cases: PayslipCase[] = [
    {
      // base 50 000 + transport 20 000 (default) = gross 70 000
      // employee: IPRES 50 000 × 5.6 % = 2 800; CSS 50 000 × 2.5 % = 1 250 -> 4 050
      // employer: IPRES 8.8 % 4 400 + accident 1 % 500 + CSS 3.5 % 1 750 + sickness 3 % 1 500 = 8 150
      // taxable 65 950; × 12 = 791 400; (791 400 − 630 000) × 20 % = 32 280; − 100 000 -> 0
      name: 'a low salary under every ceiling: no tax after the 100 000 deduction',
      input: { baseSalary: '50000' },
      lines: {
        IPRES: { base: '50000.00', employeeRate: '5.60', employerRate: '8.80', employee: '2800.00', employer: '4400.00' },
        CSS_PF: { base: '50000.00', employee: '1250.00', employer: '1750.00' },
      },
      totals: {
        gross: '70000.00',
        employeeContributions: '4050.00',
        employerContributions: '8150.00',
        employerTaxes: '0.00',
        taxable: '65950.00',
        incomeTax: '0.00',
        trimf: '0.00',
        net: '65950.00',
        employerCost: '78150.00',
      },
      allTotals: true,
    },
    {
      // gross 120 000; employee IPRES 5 600 + CSS min(100 000, 63 000) × 2.5 % = 1 575 -> 7 175
      // taxable 112 825; × 12 = 1 353 900; (1 353 900 − 630 000) × 20 % = 144 780; − 100 000 = 44 780
      // / 12 = 3 731.67 -> 3 732; net 120 000 − 7 175 − 3 732 = 109 093
      name: 'just above the deduction: a small tax',
      input: { baseSalary: '100000' },
      totals: { employeeContributions: '7175.00', taxable: '112825.00', incomeTax: '3732.00', net: '109093.00' },
    },
    {
      // base 200 000 + transport 20 000 + housing 30 000 = gross 250 000
      // employee: IPRES 200 000 × 5.6 % = 11 200; CSS min(200 000, 63 000) × 2.5 % = 1 575 -> 12 775
      // employer: 17 600 + 2 000 + 63 000 × 3.5 % = 2 205 + 6 000 = 27 805
      // taxable 237 225; × 12 = 2 846 700; 174 000 + 1 346 700 × 30 % = 578 010; − 100 000 = 478 010; / 12 = 39 834.17 -> 39 834
      // net 250 000 − 12 775 − 39 834 = 197 391; cost 277 805
      name: 'above the CSS ceiling (63 000), under the IPRES one; contributions on the base only',
      input: { baseSalary: '200000', housingAllowance: '30000' },
      lines: {
        CSS_PF: { base: '63000.00', employee: '1575.00', employer: '2205.00' },
        IPRES: { base: '200000.00', employee: '11200.00' },
      },
      totals: {
        gross: '250000.00',
        employeeContributions: '12775.00',
        employerContributions: '27805.00',
        taxable: '237225.00',
        incomeTax: '39834.00',
        net: '197391.00',
        employerCost: '277805.00',
      },
    },
    {
      // base 500 000, transport 0: gross 500 000
      // employee: 360 000 × 5.6 % = 20 160 + 1 575 = 21 735
      // employer: 360 000 × 8.8 % = 31 680 + 5 000 + 2 205 + 15 000 = 53 885
      // taxable 478 265; × 12 = 5 739 180; 174 000 + 750 000 + 1 739 180 × 35 % (608 713) = 1 532 713
      // − 100 000 = 1 432 713; / 12 = 119 392.75 -> 119 393; net 500 000 − 21 735 − 119 393 = 358 872
      name: 'above the IPRES ceiling (360 000)',
      input: { baseSalary: '500000', transportAllowance: '0' },
      lines: {
        IPRES: { base: '360000.00', employee: '20160.00', employer: '31680.00' },
        IPRES_AT: { base: '500000.00', employer: '5000.00' },
      },
      totals: {
        gross: '500000.00',
        employeeContributions: '21735.00',
        employerContributions: '53885.00',
        incomeTax: '119393.00',
        net: '358872.00',
        employerCost: '553885.00',
      },
    },
    {
      // base 173 330 -> 1 000 an hour; 10 h × 1.5 = 15 000; gross 173 330 + 20 000 + 15 000 = 208 330
      // employee: 173 330 × 5.6 % = 9 706.48 -> 9 706; CSS 1 575 -> 11 281
      // employer: 15 253.04 -> 15 253; 1 733.30 -> 1 733; 2 205; 5 199.90 -> 5 200 = 24 391
      // taxable 197 049; × 12 = 2 364 588; 174 000 + 864 588 × 30 % = 433 376.4; − 100 000; / 12 = 27 781.37 -> 27 781
      // net 208 330 − 11 281 − 27 781 = 169 268
      name: 'overtime: hours × (base / 173.33) × rate, rounded; every contribution rounded',
      input: { baseSalary: '173330', overtimeHours: '10' },
      lines: { HEURES_SUP: { employee: '15000.00' }, IPRES: { employee: '9706.00' } },
      totals: {
        gross: '208330.00',
        employeeContributions: '11281.00',
        employerContributions: '24391.00',
        incomeTax: '27781.00',
        net: '169268.00',
        employerCost: '232721.00',
      },
    },
    {
      // base 2 000 000 + transport 20 000 = 2 020 000; employee 20 160 + 1 575 = 21 735; taxable 1 998 265
      // × 12 = 23 979 180: 174 000 + 750 000 + 1 400 000 + 2 035 000 + 10 479 180 × 40 % (4 191 672) = 8 550 672
      // − 100 000 = 8 450 672; / 12 = 704 222.67 -> 704 223; net 2 020 000 − 21 735 − 704 223 = 1 294 042
      // employer 31 680 + 20 000 + 2 205 + 60 000 = 113 885
      name: 'the top bracket (40 %)',
      input: { baseSalary: '2000000' },
      totals: {
        gross: '2020000.00',
        taxable: '1998265.00',
        incomeTax: '704223.00',
        net: '1294042.00',
        employerContributions: '113885.00',
        employerCost: '2133885.00',
      },
    },
  ];
  it.each(cases)('$name', checkPayslip(xaalis));

  it('overtime at another rate: 3 h × 100 000 / 173.33 × 1.25 = 2 163.503… -> 2 164', () => {
    expect(line(computePayslip({ baseSalary: '100000', overtimeHours: '3', overtimeRate: '1.25' }, xaalis), 'HEURES_SUP').employee).toBe(
      '2164.00',
    );
  });

  it('applies the defaults (transport 20 000, 0 h, rate 1.5), blank fields included', () => {
    const b = computePayslip({ baseSalary: '80000', transportAllowance: ' ', overtimeHours: '', overtimeRate: undefined }, xaalis);
    expect(b.inputs).toMatchObject({
      transportAllowance: '20000.00',
      overtimeHours: '0.00',
      overtimeRate: '1.50',
      housingAllowance: '0.00',
    });
    expect(b.totals.gross).toBe('100000.00');
  });

  it('refuses negative and non-numeric inputs with a French message', () => {
    const refuse = (input: PayslipComputationInput, field: string) => {
      try {
        computePayslip(input, xaalis);
      } catch (e) {
        expect(e).toBeInstanceOf(PayrollInputError);
        expect((e as PayrollInputError).field).toBe(field);
        return (e as PayrollInputError).message;
      }
      throw new Error('accepted');
    };
    expect(refuse({ baseSalary: '-1' }, 'baseSalary')).toBe(MESSAGES_PAYROLL.baseSalaryInvalid);
    expect(refuse({ baseSalary: 'abc' }, 'baseSalary')).toBe(MESSAGES_PAYROLL.baseSalaryInvalid);
    expect(refuse({ baseSalary: '' }, 'baseSalary')).toBe(MESSAGES_PAYROLL.baseSalaryInvalid);
    expect(refuse({ baseSalary: '1000', housingAllowance: '-5' }, 'housingAllowance')).toBe(MESSAGES_PAYROLL.amountInvalid);
    expect(refuse({ baseSalary: '1000', otherAllowances: '1.234' }, 'otherAllowances')).toBe(MESSAGES_PAYROLL.amountInvalid);
    expect(refuse({ baseSalary: '1000', overtimeHours: '-2' }, 'overtimeHours')).toBe(MESSAGES_PAYROLL.overtimeHoursInvalid);
    expect(refuse({ baseSalary: '1000', overtimeRate: 'x' }, 'overtimeRate')).toBe(MESSAGES_PAYROLL.overtimeRateInvalid);
    expect(refuse({ baseSalary: '1000', children: -1 }, 'children')).toBe(MESSAGES_PAYROLL.childrenInvalid);
  });
});

describe('Barème officiel sénégalais', () => {
  const cases: PayslipCase[] = [
    {
      // base 300 000 + transport 20 000 = gross 320 000; bases exclude transport: 300 000
      // IPRES RG 5.6 % = 16 800 / 8.4 % = 25 200; CSS PF 63 000 × 7 % = 4 410; AT 63 000 × 1 % = 630
      // IR: 3 600 000 a year − min(30 % = 1 080 000, 900 000) = 2 700 000; 174 000 + 1 200 000 × 30 % = 534 000
      //     1 part: no reduction; / 12 = 44 500
      // TRIMF: 3 600 000 a year -> 12 000 -> 1 000 a month; CFCE 300 000 × 3 % = 9 000
      // net 320 000 − 16 800 − 44 500 − 1 000 = 257 700; cost 320 000 + 30 240 + 9 000 = 359 240
      name: 'a non-cadre, single: IPRES RG, CSS 7 % + accidents 1 % on 63 000, IR with the 30 % allowance capped, TRIMF, CFCE',
      input: { baseSalary: '300000' },
      absentLines: ['IPRES_RC'],
      lines: {
        CSS_AT: { base: '63000.00', employerRate: '1.00', employer: '630.00' },
        CFCE: { employer: '9000.00', employerRate: '3.00' },
      },
      totals: {
        gross: '320000.00',
        employeeContributions: '16800.00',
        employerContributions: '30240.00',
        employerTaxes: '9000.00',
        taxable: '225000.00',
        incomeTax: '44500.00',
        trimf: '1000.00',
        net: '257700.00',
        employerCost: '359240.00',
      },
      allTotals: true,
    },
    {
      // IPRES RC 300 000 × 2.4 % = 7 200 / 3.6 % = 10 800; AT 63 000 × 5 % = 3 150
      // IR 534 000; 2.5 parts: 20 % = 106 800 -> raised to the minimum 300 000; 234 000 / 12 = 19 500
      // net 320 000 − 24 000 − 19 500 − 1 000 = 275 500; employer 25 200 + 10 800 + 4 410 + 3 150 = 43 560
      name: 'a cadre, married with 2 children (2.5 parts), risk class 3',
      input: { baseSalary: '300000', isCadre: true, maritalStatus: 'married', children: 2, riskClass: 3 },
      inputs: { parts: 2.5 },
      lines: { IPRES_RC: { employee: '7200.00', employer: '10800.00' } },
      totals: {
        employeeContributions: '24000.00',
        employerContributions: '43560.00',
        incomeTax: '19500.00',
        net: '275500.00',
        employerCost: '372560.00',
      },
    },
    {
      // base 1 500 000, cadre, divorced with 1 child (1.5 parts), no transport
      // RG 432 000 × 5.6 % = 24 192 / 8.4 % = 36 288; RC 1 296 000 × 2.4 % = 31 104 / 3.6 % = 46 656
      // IR: 18 000 000 − 900 000 = 17 100 000: 174 000 + 750 000 + 1 400 000 + 2 035 000 + 3 600 000 × 40 % = 5 799 000
      //     10 % = 579 900 -> maximum 300 000; 5 499 000 / 12 = 458 250
      // TRIMF ≥ 12 000 000: 36 000 -> 3 000; net 1 500 000 − 55 296 − 458 250 − 3 000 = 983 454
      name: 'above both IPRES ceilings (432 000 and 1 296 000), top bracket, reduction capped at its maximum',
      input: { baseSalary: '1500000', transportAllowance: '0', isCadre: true, maritalStatus: 'divorced', children: 1 },
      lines: { IPRES_RG: { base: '432000.00' }, IPRES_RC: { base: '1296000.00' } },
      totals: {
        employeeContributions: '55296.00',
        employerContributions: '87984.00',
        incomeTax: '458250.00',
        trimf: '3000.00',
        net: '983454.00',
        employerCost: '1632984.00',
      },
    },
  ];
  it.each(cases)('$name', checkPayslip(official));

  it('the family reduction’s minimum wipes a small tax out', () => {
    // base 100 000: 1 200 000 a year − 360 000 (30 %) = 840 000; 210 000 × 20 % = 42 000
    // single: 42 000 / 12 = 3 500; married (1.5 parts): minimum reduction 100 000 -> 0
    // TRIMF 1 200 000 a year -> 4 800 -> 400
    const single = computePayslip({ baseSalary: '100000' }, official);
    const married = computePayslip({ baseSalary: '100000', maritalStatus: 'married' }, official);
    expect(single.totals).toMatchObject({ incomeTax: '3500.00', trimf: '400.00', net: '110500.00' });
    expect(married.totals).toMatchObject({ incomeTax: '0.00', trimf: '400.00', net: '114000.00' });
  });

  it('TRIMF follows the annual scale', () => {
    const trimf = (base: string) => computePayslip({ baseSalary: base, transportAllowance: '0' }, official).totals.trimf;
    expect(trimf('49999')).toBe('75.00'); // 599 988 a year: 900
    expect(trimf('50000')).toBe('300.00'); // 600 000: 3 600
    expect(trimf('166667')).toBe('1000.00'); // 2 000 004: 12 000
    expect(trimf('583334')).toBe('1500.00'); // 7 000 008: 18 000
  });

  it('counts the parts from marital status and children (CGI art. 174)', () => {
    expect(familyParts('single', 0)).toBe(1);
    expect(familyParts('married', 0)).toBe(1.5);
    expect(familyParts('divorced', 1)).toBe(1.5);
    expect(familyParts('married', 1)).toBe(2);
    expect(familyParts('widowed', 0)).toBe(1);
    expect(familyParts('widowed', 2)).toBe(2.5);
    expect(familyParts('married', 12)).toBe(5);
  });
});

describe('parameterSetFor', () => {
  it('returns the set in force on the period’s first day', () => {
    expect(parameterSetFor('xaalis', '2024-01')?.label).toBe('Barème Xaalis');
    expect(parameterSetFor('senegal-official', '2024-01')?.effectiveFrom).toBe('2024-01-01');
    expect(parameterSetFor('senegal-official', '2023-12')).toBeUndefined();
    expect(parameterSetFor('xaalis', '2024-13')).toBeUndefined();
  });
});

describe('properties', () => {
  const inputs = fc.record({
    baseCents: fc.bigInt({ min: 0n, max: 5_000_000_000n }),
    transportCents: fc.option(fc.bigInt({ min: 0n, max: 50_000_000n }), { nil: undefined }),
    housingCents: fc.bigInt({ min: 0n, max: 50_000_000n }),
    hundredthsHours: fc.integer({ min: 0, max: 9999 }),
    hundredthsRate: fc.integer({ min: 100, max: 300 }),
    isCadre: fc.boolean(),
    maritalStatus: fc.constantFrom('single' as const, 'married' as const, 'divorced' as const, 'widowed' as const),
    children: fc.integer({ min: 0, max: 12 }),
    riskClass: fc.constantFrom(1 as const, 2 as const, 3 as const),
  });
  const money = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;

  it('net + employee contributions + tax (+ TRIMF) = gross, within bounds', () => {
    fc.assert(
      fc.property(inputs, fc.constantFrom(xaalis, official), (i, set) => {
        const b = computePayslip(
          {
            baseSalary: money(i.baseCents),
            transportAllowance: i.transportCents === undefined ? undefined : money(i.transportCents),
            housingAllowance: money(i.housingCents),
            overtimeHours: money(BigInt(i.hundredthsHours)),
            overtimeRate: money(BigInt(i.hundredthsRate)),
            isCadre: i.isCadre,
            maritalStatus: i.maritalStatus,
            children: i.children,
            riskClass: i.riskClass,
          },
          set,
        );
        const t = Object.fromEntries(Object.entries(b.totals).map(([k, v]) => [k, toCents(v)])) as Record<keyof typeof b.totals, bigint>;
        expect(t.net + t.employeeContributions + t.incomeTax + t.trimf).toBe(t.gross);
        expect(t.employerCost).toBe(t.gross + t.employerContributions + t.employerTaxes);
        for (const v of Object.values(t)) expect(v >= 0n).toBe(true);
        expect(t.net <= t.gross).toBe(true);
        // Income tax never above 40 % of the taxable income (+ 1 franc of rounding).
        expect(t.incomeTax * 100n <= t.taxable * 40n + 100n * 100n).toBe(true);
        // Each capped contribution stays within rate × ceiling.
        for (const rule of set.contributions) {
          const l = b.lines.find((x) => x.code === rule.code);
          if (!l || rule.ceiling === null) continue;
          expect(toCents(l.base!) <= BigInt(rule.ceiling) * 100n).toBe(true);
          expect(toCents(l.employee) <= BigInt(Math.ceil((rule.ceiling * rule.employeeBp) / 10_000)) * 100n).toBe(true);
        }
        // Sums of the lines are the totals.
        const sum = (f: (l: (typeof b.lines)[number]) => string, section: string) =>
          b.lines.filter((l) => l.section === section).reduce((s, l) => s + toCents(f(l)), 0n);
        expect(sum((l) => l.employee, 'earning')).toBe(t.gross);
        expect(sum((l) => l.employee, 'contribution')).toBe(t.employeeContributions);
        expect(sum((l) => l.employer, 'contribution')).toBe(t.employerContributions);
        // Whole francs wherever the spec rounds.
        expect(t.incomeTax % 100n).toBe(0n);
        expect(t.employeeContributions % 100n).toBe(0n);
      }),
      { numRuns: 300 },
    );
  });
});

describe('leave and absences (issue 31)', () => {
  const absences = (over: Partial<PayslipAbsences>): PayslipAbsences => ({
    leaveDays: '0',
    unpaidDays: '0',
    leaveReferenceSums: '0',
    leaveReferenceMonths: 0,
    leaveDaysPerMonth: '2',
    ...over,
  });

  it('takes base / 26 a day of unpaid absence off the base, and the contributions follow (spec set: on the base)', () => {
    const b = computePayslip({ baseSalary: '260000', absences: absences({ unpaidDays: '2' }) }, xaalis);
    expect(line(b, 'ABSENCE')).toMatchObject({ label: 'Absence non rémunérée (2 j)', employee: '-20000.00' });
    expect(b.totals.gross).toBe('260000.00'); // 240 000 + the 20 000 transport default
    expect(line(b, 'IPRES').base).toBe('240000.00');
    expect(b.inputs.absences?.unpaidDays).toBe('2.00');
  });

  it('pays leave at 1/12 of the reference sums for a year of leave: 26 days after 12 months of 300 000 bring 325 000', () => {
    const b = computePayslip(
      { baseSalary: '300000', absences: absences({ leaveDays: '26', leaveReferenceSums: '3600000', leaveReferenceMonths: 12 }) },
      official,
    );
    expect(line(b, 'CONGE_RETENUE').employee).toBe('-300000.00');
    // 3 600 000 × 26 / (12 × 12 × 2)
    expect(line(b, 'CONGE').employee).toBe('325000.00');
    expect(b.totals.gross).toBe('345000.00');
  });

  it('keeps the day’s base when there is no reference month yet, and never deducts more than the base', () => {
    const first = computePayslip({ baseSalary: '260000', absences: absences({ leaveDays: '3' }) }, xaalis);
    expect(line(first, 'CONGE').employee).toBe('30000.00');
    expect(line(first, 'CONGE_RETENUE').employee).toBe('-30000.00');
    expect(first.totals.gross).toBe('280000.00');
    const away = computePayslip({ baseSalary: '260000', absences: absences({ unpaidDays: '40' }) }, xaalis);
    expect(line(away, 'ABSENCE').employee).toBe('-260000.00');
    expect(() => computePayslip({ baseSalary: '260000', absences: absences({ unpaidDays: '-1' }) }, xaalis)).toThrow(PayrollInputError);
  });

  it('the sums of the lines stay the totals with any absence (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000, max: 2_000_000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 12 }),
        (base, leave, unpaid, months) => {
          const b = computePayslip(
            {
              baseSalary: String(base),
              absences: absences({
                leaveDays: (leave / 100).toFixed(2),
                unpaidDays: (unpaid / 100).toFixed(2),
                leaveReferenceSums: String(base * months),
                leaveReferenceMonths: months,
              }),
            },
            official,
          );
          const earned = b.lines.filter((l) => l.section === 'earning').reduce((s, l) => s + toCents(l.employee), 0n);
          expect(earned).toBe(toCents(b.totals.gross));
          expect(toCents(b.totals.net) <= toCents(b.totals.gross)).toBe(true);
          expect(toCents(b.totals.gross) >= 0n).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
