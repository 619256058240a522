import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type {
  AnnualSalaryDeclaration,
  AnnualSalaryLine,
  PayrollJournal,
  PayrollJournalLine,
  SalaryTaxFigures,
  SalaryTaxLine,
  SocialDeclarationFigures,
  SocialDeclarationLine,
} from '@xaalis/contracts';
import { add } from '@xaalis/domain';

/*
 * The declarations' figures, aggregated in SQL from the validated and paid payslips of a range
 * of months (one statement per figure set). The contributions come from each slip's stored
 * breakdown lines, grouped as the ledger posts them (payroll-posting/posting.ts): IPRES lines to
 * 4313, CSS work accidents (codes ending in AT) to 4312, the other CSS lines to 4311; income tax,
 * TRIMF and CFCE to 4472.
 */

const COUNTED = `p.status IN ('validated', 'paid')`;

interface EmployeeRow {
  employee_id: string;
  employee_number: string;
  first_name: string;
  last_name: string;
  ipres_number: string | null;
  css_number: string | null;
  payslip_ids: string[];
  months: number;
}

const employeeOf = (r: EmployeeRow) => ({
  employeeId: r.employee_id,
  employeeNumber: r.employee_number,
  firstName: r.first_name,
  lastName: r.last_name,
  ipresNumber: r.ipres_number,
  cssNumber: r.css_number,
  payslipIds: r.payslip_ids,
  months: r.months,
});

/** Sums of `keys` over `rows`, exact. */
function totalsOf<K extends string>(rows: Record<K, string>[], keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const k of keys) out[k] = add('0', ...rows.map((r) => r[k]));
  return out;
}

const sumOf = (expr: string, where: string, alias: string) =>
  `COALESCE(SUM(${expr}) FILTER (WHERE ${where}), 0)::numeric(15,2)::text AS ${alias}`;
const BASE = `(l.v->>'base')::numeric`;
const EMPLOYEE = `(l.v->>'employee')::numeric`;
const EMPLOYER = `(l.v->>'employer')::numeric`;

/** Per employee: its counted slips, and their breakdown lines summed by what the declarations need. */
const LINES_SQL = `
  WITH slips AS (
    SELECT p.id, p.employee_id, p.period, p.gross_salary, p.breakdown FROM hr.payslips p
     WHERE p.company_id = $1 AND p.period BETWEEN $2 AND $3 AND ${COUNTED}
  ), parts AS (
    SELECT s.employee_id,
      ${sumOf(BASE, `l.v->>'code' IN ('IPRES', 'IPRES_RG')`, 'ipres_base')},
      ${sumOf(BASE, `l.v->>'code' = 'IPRES_RC'`, 'ipres_cadre_base')},
      ${sumOf(EMPLOYEE, `l.v->>'organism' = 'IPRES'`, 'ipres_employee')},
      ${sumOf(EMPLOYER, `l.v->>'organism' = 'IPRES'`, 'ipres_employer')},
      ${sumOf(BASE, `l.v->>'code' = 'CSS_PF'`, 'css_base')},
      ${sumOf(`${EMPLOYEE} + ${EMPLOYER}`, `l.v->>'organism' = 'CSS' AND l.v->>'code' !~ '(^|_)AT$'`, 'css_family')},
      ${sumOf(`${EMPLOYEE} + ${EMPLOYER}`, `l.v->>'organism' = 'CSS' AND l.v->>'code' ~ '(^|_)AT$'`, 'css_accident')},
      ${sumOf(BASE, `l.v->>'code' = 'IR'`, 'taxable')},
      ${sumOf(EMPLOYEE, `l.v->>'code' = 'IR'`, 'income_tax')},
      ${sumOf(EMPLOYEE, `l.v->>'code' = 'TRIMF'`, 'trimf')},
      ${sumOf(EMPLOYER, `l.v->>'code' = 'CFCE'`, 'cfce')}
    FROM slips s CROSS JOIN LATERAL jsonb_array_elements(s.breakdown->'lines') AS l(v)
    GROUP BY s.employee_id
  )
  SELECT e.id AS employee_id, e.employee_number, e.first_name, e.last_name, e.ipres_number, e.css_number,
         array_agg(s.id ORDER BY s.period) AS payslip_ids, count(*)::int AS months,
         SUM(s.gross_salary)::numeric(15,2)::text AS gross, x.*
    FROM slips s
    JOIN hr.employees e ON e.company_id = $1 AND e.id = s.employee_id
    JOIN parts x ON x.employee_id = s.employee_id
   GROUP BY e.id, e.company_id, x.employee_id, x.ipres_base, x.ipres_cadre_base, x.ipres_employee, x.ipres_employer, x.css_base,
            x.css_family, x.css_accident, x.taxable, x.income_tax, x.trimf, x.cfce
   ORDER BY e.last_name, e.first_name, e.employee_number`;

type LineRow = EmployeeRow &
  Record<
    | 'gross'
    | 'ipres_base'
    | 'ipres_cadre_base'
    | 'ipres_employee'
    | 'ipres_employer'
    | 'css_base'
    | 'css_family'
    | 'css_accident'
    | 'taxable'
    | 'income_tax'
    | 'trimf'
    | 'cfce',
    string
  >;

export interface MonthRange {
  period: string;
  firstMonth: string;
  lastMonth: string;
  start: string;
  end: string;
}

function lineRows(sequelize: Sequelize, companyId: string, r: MonthRange, transaction?: Transaction): Promise<LineRow[]> {
  return sequelize.query<LineRow>(LINES_SQL, { bind: [companyId, r.firstMonth, r.lastMonth], type: QueryTypes.SELECT, transaction });
}

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

export async function socialFigures(
  sequelize: Sequelize,
  companyId: string,
  r: MonthRange,
  transaction?: Transaction,
): Promise<SocialDeclarationFigures> {
  const employees: SocialDeclarationLine[] = (await lineRows(sequelize, companyId, r, transaction)).map((row) => ({
    ...employeeOf(row),
    daysWorked: 30 * row.months,
    gross: row.gross,
    ipresBase: row.ipres_base,
    ipresCadreBase: row.ipres_cadre_base,
    ipresEmployee: row.ipres_employee,
    ipresEmployer: row.ipres_employer,
    cssBase: row.css_base,
    cssFamily: row.css_family,
    cssAccident: row.css_accident,
  }));
  const sums = totalsOf(employees, SOCIAL_KEYS);
  return {
    period: r.period,
    start: r.start,
    end: r.end,
    employees,
    totals: {
      employees: employees.length,
      ...sums,
      ipres: add(sums.ipresEmployee, sums.ipresEmployer),
      css: add(sums.cssFamily, sums.cssAccident),
    },
  };
}

export async function salaryTaxFigures(
  sequelize: Sequelize,
  companyId: string,
  r: MonthRange,
  transaction?: Transaction,
): Promise<SalaryTaxFigures> {
  const employees: SalaryTaxLine[] = (await lineRows(sequelize, companyId, r, transaction)).map((row) => ({
    ...employeeOf(row),
    gross: row.gross,
    taxable: row.taxable,
    incomeTax: row.income_tax,
    trimf: row.trimf,
    cfce: row.cfce,
    total: add(row.income_tax, row.trimf, row.cfce),
  }));
  return {
    period: r.period,
    start: r.start,
    end: r.end,
    employees,
    totals: { employees: employees.length, ...totalsOf(employees, ['gross', 'taxable', 'incomeTax', 'trimf', 'cfce', 'total'] as const) },
  };
}

/** What each declaration says for the ledger's accounts (see the module comment). */
export const socialLedgerView = (f: SocialDeclarationFigures): Record<string, string> => ({
  '4311': f.totals.cssFamily,
  '4312': f.totals.cssAccident,
  '4313': f.totals.ipres,
});
export const salaryTaxLedgerView = (f: SalaryTaxFigures): Record<string, string> => ({ '4472': f.totals.total });

/** Draft slips of the months: not counted, shown as a warning. */
export async function draftCount(sequelize: Sequelize, companyId: string, r: MonthRange): Promise<number> {
  const [row] = await sequelize.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM hr.payslips WHERE company_id = $1 AND period BETWEEN $2 AND $3 AND status = 'draft'`,
    { bind: [companyId, r.firstMonth, r.lastMonth], type: QueryTypes.SELECT },
  );
  return row?.n ?? 0;
}

const JOURNAL_KEYS = [
  'baseSalary',
  'allowances',
  'overtimePay',
  'gross',
  'employeeContributions',
  'incomeTax',
  'trimf',
  'net',
  'employerContributions',
  'employerCost',
] as const;

/** Livre de paie: one line per employee over the months, every column of the slips. */
export async function payrollJournal(sequelize: Sequelize, companyId: string, r: MonthRange): Promise<PayrollJournal> {
  const lines = await sequelize.query<PayrollJournalLine>(
    `SELECT e.id AS "employeeId", e.employee_number AS "employeeNumber", e.first_name AS "firstName", e.last_name AS "lastName",
            e.position, count(*)::int AS months,
            SUM(p.base_salary)::text AS "baseSalary", SUM(p.allowances)::text AS allowances, SUM(p.overtime_pay)::text AS "overtimePay",
            SUM(p.gross_salary)::text AS gross, SUM(p.social_charges)::text AS "employeeContributions",
            SUM(p.income_tax)::text AS "incomeTax", SUM(p.trimf)::text AS trimf, SUM(p.net_salary)::text AS net,
            SUM(p.employer_contributions)::text AS "employerContributions", SUM(p.employer_cost)::text AS "employerCost"
       FROM hr.payslips p JOIN hr.employees e ON e.company_id = p.company_id AND e.id = p.employee_id
      WHERE p.company_id = $1 AND p.period BETWEEN $2 AND $3 AND ${COUNTED}
      GROUP BY e.id, e.company_id ORDER BY e.last_name, e.first_name, e.employee_number`,
    { bind: [companyId, r.firstMonth, r.lastMonth], type: QueryTypes.SELECT },
  );
  return {
    period: r.period,
    from: r.start,
    to: r.end,
    lines,
    totals: { employees: lines.length, ...totalsOf(lines, JOURNAL_KEYS) },
  };
}

const ANNUAL_KEYS = ['gross', 'benefitsInKind', 'allowances', 'taxable', 'incomeTax', 'trimf', 'employeeContributions', 'net'] as const;

/** The annual declaration of salaries: per employee, the year's counted slips. */
export async function annualSalaries(sequelize: Sequelize, companyId: string, year: number): Promise<AnnualSalaryDeclaration> {
  const lines = await sequelize.query<AnnualSalaryLine>(
    `SELECT e.id AS "employeeId", e.employee_number AS "employeeNumber", e.first_name AS "firstName", e.last_name AS "lastName",
            e.position, e.marital_status AS "maritalStatus", e.children,
            (array_agg((p.breakdown->'inputs'->>'parts')::numeric ORDER BY p.period DESC))[1]::float8 AS parts,
            count(*)::int AS months,
            SUM(p.gross_salary)::text AS gross, '0.00' AS "benefitsInKind", SUM(p.allowances)::text AS allowances,
            SUM(COALESCE((SELECT (l->>'base')::numeric FROM jsonb_array_elements(p.breakdown->'lines') l WHERE l->>'code' = 'IR' LIMIT 1), 0))::numeric(15,2)::text AS taxable,
            SUM(p.income_tax)::text AS "incomeTax", SUM(p.trimf)::text AS trimf,
            SUM(p.social_charges)::text AS "employeeContributions", SUM(p.net_salary)::text AS net
       FROM hr.payslips p JOIN hr.employees e ON e.company_id = p.company_id AND e.id = p.employee_id
      WHERE p.company_id = $1 AND p.period BETWEEN $2 AND $3 AND ${COUNTED}
      GROUP BY e.id, e.company_id ORDER BY e.last_name, e.first_name, e.employee_number`,
    { bind: [companyId, `${year}-01`, `${year}-12`], type: QueryTypes.SELECT },
  );
  return {
    year,
    dueOn: `${year + 1}-01-31`,
    lines,
    totals: { employees: lines.length, ...totalsOf(lines, ANNUAL_KEYS) },
  };
}
