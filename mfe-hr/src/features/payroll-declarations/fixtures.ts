// Fixtures of the payroll declarations' component tests (jsdom). Not part of the bundle.
import type {
  AnnualSalaryDeclaration,
  PayrollDeclarationSummary,
  PayrollJournal,
  SalaryTaxLine,
  SalaryTaxPreview,
  SocialDeclarationLine,
  SocialDeclarationPreview,
} from '@xaalis/contracts';
import { payrollPeriodRange } from '@xaalis/contracts';
import { sum } from '@xaalis/domain';

const who = (n: number, firstName: string, lastName: string) => ({
  employeeId: `emp-${n}`,
  employeeNumber: `E00${n}`,
  firstName,
  lastName,
  payslipIds: [`slip-${n}`],
  months: 1,
});

export const MOUSSA_SOCIAL: SocialDeclarationLine = {
  ...who(1, 'Moussa', 'Fall'),
  ipresNumber: 'IP-1001',
  cssNumber: 'CS-2001',
  daysWorked: 30,
  gross: '470000.00',
  ipresBase: '360000.00',
  ipresCadreBase: '0.00',
  ipresEmployee: '20160.00',
  ipresEmployer: '31680.00',
  cssBase: '63000.00',
  cssFamily: '4410.00',
  cssAccident: '1890.00',
};

export const AWA_SOCIAL: SocialDeclarationLine = {
  ...who(2, 'Awa', 'Ndiaye'),
  ipresNumber: null,
  cssNumber: null,
  daysWorked: 30,
  gross: '320000.00',
  ipresBase: '320000.00',
  ipresCadreBase: '0.00',
  ipresEmployee: '17920.00',
  ipresEmployer: '28160.00',
  cssBase: '63000.00',
  cssFamily: '4410.00',
  cssAccident: '1890.00',
};

const SOCIAL_KEYS = [
  'gross',
  'ipresBase',
  'ipresCadreBase',
  'ipresEmployee',
  'ipresEmployer',
  'cssBase',
  'cssFamily',
  'cssAccident',
] as const;

/** The social declaration the server previews for `period` over `employees` (totals summed, the ledger agreeing). */
export function socialPreview(
  period: string,
  overrides: Partial<SocialDeclarationPreview> = {},
  employees: SocialDeclarationLine[] = [MOUSSA_SOCIAL, AWA_SOCIAL],
): SocialDeclarationPreview {
  const range = payrollPeriodRange(period);
  const total = (key: (typeof SOCIAL_KEYS)[number]) => sum(employees.map((e) => e[key]));
  const totals = {
    employees: employees.length,
    ...(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, total(k)])) as Record<(typeof SOCIAL_KEYS)[number], string>),
    ipres: sum(employees.flatMap((e) => [e.ipresEmployee, e.ipresEmployer])),
    css: sum(employees.flatMap((e) => [e.cssFamily, e.cssAccident])),
  };
  const declaration = { '4311': totals.cssFamily, '4312': totals.cssAccident, '4313': sum([totals.ipresEmployee, totals.ipresEmployer]) };
  return {
    period: range?.period ?? period,
    start: range?.start ?? `${period}-01`,
    end: range?.end ?? `${period}-28`,
    employees,
    totals,
    checks: { matchesLedger: true, ledger: { ...declaration }, declaration },
    declared: null,
    declarable: true,
    draftPayslips: 0,
    ...overrides,
  };
}

export const MOUSSA_TAX: SalaryTaxLine = {
  ...who(1, 'Moussa', 'Fall'),
  ipresNumber: 'IP-1001',
  cssNumber: 'CS-2001',
  gross: '470000.00',
  taxable: '448265.00',
  incomeTax: '81030.00',
  trimf: '3000.00',
  cfce: '14100.00',
  total: '98130.00',
};

/** The salary-tax statement the server previews for `period` (one employee). */
export function salaryTaxPreview(period: string, overrides: Partial<SalaryTaxPreview> = {}): SalaryTaxPreview {
  const range = payrollPeriodRange(period);
  const {
    employeeId: _id,
    employeeNumber: _n,
    firstName: _f,
    lastName: _l,
    ipresNumber: _i,
    cssNumber: _c,
    payslipIds: _p,
    months: _m,
    ...amounts
  } = MOUSSA_TAX;
  return {
    period,
    start: range?.start ?? `${period}-01`,
    end: range?.end ?? `${period}-28`,
    employees: [MOUSSA_TAX],
    totals: { employees: 1, ...amounts },
    checks: { matchesLedger: true, ledger: { '4471': '84030.00' }, declaration: { '4471': '84030.00' } },
    declared: null,
    declarable: true,
    draftPayslips: 0,
    ...overrides,
  };
}

/** A filed declaration as the list and the preview's `declared` give it. */
export function declarationSummary(overrides: Partial<PayrollDeclarationSummary> = {}): PayrollDeclarationSummary {
  return {
    id: 'decl-1',
    kind: 'social',
    period: '2026-01',
    version: 1,
    status: 'declared',
    filedOn: '2026-02-10',
    reference: 'IPRES-118',
    total: '92820.00',
    createdAt: '2026-02-10T09:00:00.000Z',
    ...overrides,
  };
}

/** One page of filed declarations. */
export const declarationPage = (items: PayrollDeclarationSummary[]) => ({
  items,
  page: 1,
  pageSize: 10,
  totalItems: items.length,
  totalPages: 1,
});

export function payrollJournal(period: string): PayrollJournal {
  const line = {
    employeeId: 'emp-1',
    employeeNumber: 'E001',
    firstName: 'Moussa',
    lastName: 'Fall',
    position: 'Comptable',
    months: 1,
    baseSalary: '450000.00',
    allowances: '20000.00',
    overtimePay: '0.00',
    gross: '470000.00',
    employeeContributions: '21735.00',
    incomeTax: '81030.00',
    trimf: '3000.00',
    net: '364235.00',
    employerContributions: '51885.00',
    employerCost: '521885.00',
  };
  const { employeeId: _id, employeeNumber: _n, firstName: _f, lastName: _l, position: _p, months: _m, ...amounts } = line;
  return { period, from: `${period}-01`, to: `${period}-28`, lines: [line], totals: { employees: 1, ...amounts } };
}

export function annualDeclaration(year: number): AnnualSalaryDeclaration {
  const line = {
    employeeId: 'emp-1',
    employeeNumber: 'E001',
    firstName: 'Moussa',
    lastName: 'Fall',
    position: 'Comptable',
    maritalStatus: 'married',
    children: 2,
    parts: 2.5,
    months: 12,
    gross: '5640000.00',
    benefitsInKind: '0.00',
    allowances: '240000.00',
    taxable: '5379180.00',
    incomeTax: '720000.00',
    trimf: '36000.00',
    employeeContributions: '260820.00',
    net: '4623180.00',
  };
  const {
    employeeId: _id,
    employeeNumber: _n,
    firstName: _f,
    lastName: _l,
    position: _p,
    maritalStatus: _s,
    children: _c,
    parts: _parts,
    months: _m,
    ...amounts
  } = line;
  return { year, dueOn: `${year + 1}-01-31`, lines: [line], totals: { employees: 1, ...amounts } };
}
