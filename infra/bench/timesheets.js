#!/usr/bin/env node
// Services (issue 13): GET /api/companies/:id/timesheets for a company with
// TIMESHEETS timesheets (default 10 000) of EMPLOYEES HR employees (default
// 40), on one project. Reports median/p95 of the first page and of a deep page
// (the last one), and proves the employee names are batched: the sector
// service reaches the HR service through a counting HTTP relay, and each list
// request must make exactly ONE internal employees call (also reported by the
// list's X-Name-Reads header), whatever the page size.
// Starts the accounting, HR and sector services in this process (built dist:
// run `npm run build:server` first), on a fresh Postgres database (DATABASE_URL,
// or a throw-away database on postgres://postgres@127.0.0.1:5432, dropped at the
// end); no Redis needed. The company and its client come from the accounting
// service, the employees from HR's public route; the project and the
// timesheets are inserted in SQL (sector.projects, sector.timesheets).
// Usage: node infra/bench/timesheets.js [timesheets=10000] [employees=40] [pageSize=25] [requests=30]
const { withAccountingService, tenantHeaders, createCompany } = require('./lib/ledger');
const { ms, timeSequential, numericArgs } = require('./lib/timing');
const { startService, countingRelay, call } = require('./lib/services');

const [TIMESHEETS, EMPLOYEES, PAGE_SIZE, REQUESTS] = numericArgs(10000, 40, 25, 30);

async function main() {
  await withAccountingService(async ({ base: accountingBase, sequelize }) => {
    const { service: hr, base: hrBase } = await startService('hr');
    const relay = await countingRelay(hrBase);
    process.env.ACCOUNTING_URL = accountingBase;
    process.env.HR_URL = relay.url;
    const { service: sector, base: sectorBase } = await startService('sector');
    try {
      const company = await createCompany(accountingBase, { name: 'Services Bench', sector: 'service' });
      const headers = tenantHeaders(company.id);
      await call(sectorBase, 'PUT', `/api/companies/${company.id}/modules`, headers, { modules: ['services'] }, 200);
      const client = await (
        await call(
          accountingBase,
          'POST',
          `/api/companies/${company.id}/third-parties`,
          headers,
          { type: 'client', name: 'Client Bench' },
          201,
        )
      ).json();

      const employeeIds = [];
      for (let n = 0; n < EMPLOYEES; n++) {
        const res = await call(
          hrBase,
          'POST',
          `/api/companies/${company.id}/employees`,
          headers,
          {
            employeeNumber: `E${n}`,
            firstName: `Prénom${n}`,
            lastName: `Nom${n}`,
            position: 'Consultant',
            hireDate: '2024-01-01',
            salary: '300000',
          },
          201,
        );
        employeeIds.push((await res.json()).id);
      }

      const [project] = await sequelize.query(
        `INSERT INTO sector.projects (company_id, name, client_id, start_date, budget, hourly_rate, status)
         VALUES ($1, 'Projet Bench', $2, '2024-01-01', 100000000, 15000, 'active') RETURNING id`,
        { bind: [company.id, client.id], type: 'SELECT' },
      );
      // Two timesheets a day per employee slot, employees cycled: 08:00–12:00 and 13:00–17:15.
      await sequelize.query(
        `INSERT INTO sector.timesheets (company_id, employee_id, project_id, date, start_time, end_time, break_minutes, hours_worked, hourly_rate, total_cost)
         SELECT $1, ($2::uuid[])[1 + g % $4], $3, DATE '2024-01-01' + (g / 20), CASE WHEN g % 2 = 0 THEN TIME '08:00' ELSE TIME '13:00' END,
                CASE WHEN g % 2 = 0 THEN TIME '12:00' ELSE TIME '17:15' END, 0, CASE WHEN g % 2 = 0 THEN 4 ELSE 4.25 END, 15000,
                CASE WHEN g % 2 = 0 THEN 60000 ELSE 63750 END
           FROM generate_series(0, $5 - 1) g`,
        { bind: [company.id, employeeIds, project.id, EMPLOYEES, TIMESHEETS] },
      );
      await sequelize.query('VACUUM (ANALYZE) sector.timesheets');
      await sequelize.query('VACUUM (ANALYZE) sector.projects');

      const key = 'GET /internal/companies/:id/employees';
      const lastPage = Math.ceil(TIMESHEETS / PAGE_SIZE);
      const results = [];
      for (const [label, page] of [
        ['first page', 1],
        ['deep page (last)', lastPage],
      ]) {
        relay.counts.clear();
        let body;
        let readsHeader;
        const stats = await timeSequential(async () => {
          const res = await call(
            sectorBase,
            'GET',
            `/api/companies/${company.id}/timesheets?page=${page}&pageSize=${PAGE_SIZE}`,
            headers,
            undefined,
            200,
          );
          readsHeader = res.headers.get('x-name-reads');
          body = await res.json();
        }, REQUESTS);
        const requests = REQUESTS + 5; // timeSequential's warm-up calls included
        const internalCalls = relay.counts.get(key) ?? 0;
        results.push({ label, page, stats, body, internalCalls, requests, readsHeader });
      }

      console.log(`Services timesheet list: ${TIMESHEETS} timesheets, ${EMPLOYEES} employees, page size ${PAGE_SIZE}`);
      for (const r of results) {
        const named = r.body.items.filter((t) => t.employee.firstName !== null).length;
        console.log(
          `  ${r.label} (page ${r.page}) × ${REQUESTS}: median ${ms(r.stats.median)}, p95 ${ms(r.stats.p95)}, max ${ms(r.stats.max)}`,
        );
        console.log(
          `    items ${r.body.items.length}, named ${named}, totalItems ${r.body.totalItems}; HR employees calls: ${r.internalCalls} for ${r.requests} requests (X-Name-Reads: ${r.readsHeader})`,
        );
        if (r.internalCalls !== r.requests || r.readsHeader !== '1')
          throw new Error('The timesheet list is not batched: expected exactly one HR call per request');
        if (r.body.totalItems !== TIMESHEETS || named !== r.body.items.length || !r.body.items.length)
          throw new Error('Timesheets missing or unnamed');
      }
    } finally {
      await sector.close();
      await relay.close();
      await hr.close();
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
