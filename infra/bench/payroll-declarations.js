#!/usr/bin/env node
// Payroll declarations (issue 31: "declarations for 1 000 employees over 12 months ≤ 1 s each"):
// N employees with 12 months of validated payslips (official set, computed by the domain's
// calculator, inserted in SQL), then each declaration's answer timed through the HR service's
// HTTP API with the gateway's internal headers: the social declaration of a month and of a
// quarter, the salary-tax statement of a month, the payroll journal of the year, the annual
// declaration of salaries, 'Déclarer' of a month, and the annual declaration as PDF and XLSX.
// Each read is run 5 times (median and max shown). The accounting service runs too (the
// declarations' ledger check reads its PA balances: empty here, so the check says "écart").
// Needs the built services (`npm run build:server`) and Postgres (DATABASE_URL, default: a fresh
// database on postgres://postgres@127.0.0.1:5432, dropped at the end).
// Usage: node infra/bench/payroll-declarations.js [employees=1000]
const path = require('node:path');
const { root, accountingDist, withBenchDatabase, TOKEN, tenantHeaders, createCompany, ms, now } = require('./lib/ledger');

const EMPLOYEES = Number(process.argv[2] ?? 1000);
const YEAR = 2025;
const hrDist = path.join(root, 'services', 'hr', 'dist');
const { computePayslip, PAYROLL_PARAMETER_SETS } = require(path.join(root, 'packages', 'domain', 'dist'));

async function timed(label, runs, fn) {
  const times = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const t0 = now();
    last = await fn();
    times.push(now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(58)} median ${ms(times[Math.floor(times.length / 2)])}  max ${ms(times[times.length - 1])}`);
  return { last, max: times[times.length - 1] };
}

(async () => {
  await withBenchDatabase(async (databaseUrl) => {
    Object.assign(process.env, { DATABASE_URL: databaseUrl, REDIS_URL: '', INTERNAL_TOKEN: TOKEN, LOG_LEVEL: 'silent' });
    const accounting = await require(path.join(accountingDist, 'server')).start({ port: 0 });
    process.env.ACCOUNTING_URL = `http://127.0.0.1:${accounting.port}`;
    const hr = await require(path.join(hrDist, 'server')).start({ port: 0 });
    try {
      const company = await createCompany(`http://127.0.0.1:${accounting.port}`, {
        name: 'Grande Distribution du Sénégal SA',
        sector: 'commerce',
      });
      const headers = tenantHeaders(company.id);
      const base = `http://127.0.0.1:${hr.port}/api/companies/${company.id}`;
      const db = hr.ctx.sequelize;

      const t0 = now();
      const [employees] = await db.query(
        `INSERT INTO hr.employees (company_id, employee_number, first_name, last_name, position, hire_date, salary, is_cadre, marital_status, children, ipres_number, css_number)
         SELECT $1, 'M-' || lpad(i::text, 5, '0'), 'Prénom' || i, 'Nom' || i, 'Agent', DATE '2024-01-15', 150000 + (i * 7919) % 900000, i % 7 = 0,
                (ARRAY['single', 'married', 'divorced', 'widowed'])[1 + i % 4], (i % 5)::smallint, 'IP' || i, 'CSS' || i
           FROM generate_series(1, $2::int) AS i
         RETURNING id, salary::text AS salary, is_cadre, marital_status, children`,
        { bind: [company.id, EMPLOYEES] },
      );
      const set = PAYROLL_PARAMETER_SETS.find((s) => s.id === 'senegal-official');
      const slips = employees.map((e) => {
        const b = computePayslip(
          {
            baseSalary: e.salary,
            housingAllowance: '25000',
            isCadre: e.is_cadre,
            maritalStatus: e.marital_status,
            children: e.children,
            riskClass: 2,
          },
          set,
        );
        const t = b.totals;
        return {
          employee_id: e.id,
          base_salary: b.inputs.baseSalary,
          allowances: (Number(b.inputs.transportAllowance) + Number(b.inputs.housingAllowance)).toFixed(2),
          gross_salary: t.gross,
          social_charges: t.employeeContributions,
          employer_contributions: (Number(t.employerContributions) + Number(t.employerTaxes)).toFixed(2),
          income_tax: t.incomeTax,
          trimf: t.trimf,
          net_salary: t.net,
          employer_cost: t.employerCost,
          breakdown: b,
        };
      });
      for (let m = 1; m <= 12; m++) {
        await db.query(
          `INSERT INTO hr.payslips (company_id, employee_id, period, parameter_set_id, base_salary, allowances, overtime_pay, gross_salary,
                                    social_charges, employer_contributions, income_tax, trimf, net_salary, employer_cost, breakdown, status)
           SELECT $1, r.employee_id, $2, 'senegal-official', r.base_salary, r.allowances, 0, r.gross_salary, r.social_charges,
                  r.employer_contributions, r.income_tax, r.trimf, r.net_salary, r.employer_cost, r.breakdown, 'validated'
             FROM jsonb_to_recordset($3::jsonb) AS r(employee_id uuid, base_salary numeric, allowances numeric, gross_salary numeric,
                  social_charges numeric, employer_contributions numeric, income_tax numeric, trimf numeric, net_salary numeric,
                  employer_cost numeric, breakdown jsonb)`,
          { bind: [company.id, `${YEAR}-${String(m).padStart(2, '0')}`, JSON.stringify(slips)] },
        );
      }
      await db.query('VACUUM (ANALYZE) hr.payslips');
      await db.query('VACUUM (ANALYZE) hr.employees');
      console.log(`${EMPLOYEES} employees × 12 months = ${EMPLOYEES * 12} validated slips (SQL, official set) in ${ms(now() - t0)}`);

      const get = async (url, kind = 'json') => {
        const res = await fetch(`${base}${url}`, { headers });
        if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
        return kind === 'json' ? res.json() : Buffer.from(await res.arrayBuffer());
      };
      const results = [];
      const check = (r, employeesExpected) => {
        const n = r.last.totals?.employees;
        if (n !== employeesExpected) throw new Error(`expected ${employeesExpected} employees, got ${n}`);
        results.push(r.max);
      };
      check(await timed('social declaration, one month', 5, () => get(`/social-declarations/preview?period=${YEAR}-03`)), EMPLOYEES);
      check(await timed('social declaration, one quarter', 5, () => get(`/social-declarations/preview?period=${YEAR}-Q2`)), EMPLOYEES);
      check(await timed('salary-tax statement, one month', 5, () => get(`/salary-tax-statements/preview?period=${YEAR}-03`)), EMPLOYEES);
      check(await timed('payroll journal, the year (12 months)', 5, () => get(`/payroll-journal?period=${YEAR}`)), EMPLOYEES);
      check(await timed('annual declaration of salaries (12 months)', 5, () => get(`/annual-salary-declarations/${YEAR}`)), EMPLOYEES);
      const declare = await timed('Déclarer the social declaration of a month (POST)', 1, async () => {
        const res = await fetch(`${base}/social-declarations`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ period: `${YEAR}-01`, filedOn: `${YEAR}-02-10` }),
        });
        if (res.status !== 201) throw new Error(`POST: ${res.status} ${await res.text()}`);
        return res.json();
      });
      results.push(declare.max);
      const pdf = await timed('annual declaration as PDF (worker pool)', 1, () =>
        get(`/annual-salary-declarations/${YEAR}?format=pdf`, 'file'),
      );
      const xlsx = await timed('annual declaration as XLSX (worker pool)', 1, () =>
        get(`/annual-salary-declarations/${YEAR}?format=xlsx`, 'file'),
      );
      console.log(`files: PDF ${(pdf.last.length / 1024).toFixed(0)} KiB, XLSX ${(xlsx.last.length / 1024).toFixed(0)} KiB`);
      const worst = Math.max(...results);
      console.log(`worst declaration answer: ${ms(worst)} (target ≤ 1 s): ${worst <= 1000 ? 'OK' : 'TOO SLOW'}`);
      if (worst > 1000) process.exitCode = 1;
    } finally {
      await hr.close();
      await accounting.close();
    }
  });
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
