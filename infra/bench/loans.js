#!/usr/bin/env node
// Loans: the create time of a 30-year monthly loan (360 instalments) through the
// accounting service's HTTP API (POST /api/companies/:id/loans with the
// gateway's internal headers): the schedule computed exactly (decimal.js),
// the funds' posting (D 521 / C 162, journal BQ), the loan and its 360
// instalments inserted, one transaction. Sequential, then 4 at a time; also
// the pure schedule computation alone, and reading a loan back with its schedule.
// Afterwards: each loan's Σ principal = amount, 162 = Σ amounts borrowed.
// Needs the built services (`npm run build:server`) and Postgres (DATABASE_URL,
// default: a fresh database on postgres://postgres@127.0.0.1:5432, dropped at the end).
// Usage: node infra/bench/loans.js [loans=50] [concurrentLoans=40]
const { withAccountingCompany, summary, ms, now } = require('./lib/ledger');
const { timeSequential, timeConcurrent, numericArgs } = require('./lib/timing');

const [LOANS, CONCURRENT] = numericArgs(50, 40);

const body = (i) => ({
  lender: `Banque ${i}`,
  amount: '150000000',
  interestRate: '8.50',
  startDate: '2026-01-31',
  endDate: '2056-01-31',
  paymentFrequency: 'monthly',
  treasuryAccount: '521',
});

/** The company measured. */
const COMPANY = { name: 'Immobilière de Dakar SA', sector: 'service' };

(async () => {
  // The schedule moved to @xaalis/domain (issue 25); built to its dist/ by `npx tsc -b`.
  const { loanSchedule } = require('@xaalis/domain');
  const pure = await timeSequential(async () => loanSchedule(body(0)), 200, 20);
  console.log(`schedule computation alone (360 rows, decimal.js): median ${ms(pure.median)}, p95 ${ms(pure.p95)}`);

  await withAccountingCompany(COMPANY, async ({ base, sequelize, company, headers: ownerHeaders }) => {
    const headers = { ...ownerHeaders, 'content-type': 'application/json' };
    let n = 0;
    const create = async () => {
      const res = await fetch(`${base}/api/companies/${company.id}/loans`, { method: 'POST', headers, body: JSON.stringify(body(n++)) });
      if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
      const loan = await res.json();
      if (loan.payments.length !== 360) throw new Error(`expected 360 instalments, got ${loan.payments.length}`);
      return loan;
    };

    const sequential = await timeSequential(create, LOANS, 5);
    console.log(
      `create a 30-year monthly loan (360 instalments), sequential ×${sequential.n}: median ${ms(sequential.median)}, p95 ${ms(sequential.p95)}, max ${ms(sequential.max)}`,
    );
    const t0 = now();
    const concurrent = summary(await timeConcurrent(CONCURRENT, 4, create));
    const seconds = (now() - t0) / 1000;
    console.log(
      `create, 4 at a time ×${concurrent.n}: median ${ms(concurrent.median)}, p95 ${ms(concurrent.p95)} — ${(concurrent.n / seconds).toFixed(1)} loans/s`,
    );

    const [{ id }] = await sequelize.query('SELECT id FROM accounting.loans WHERE company_id = $1 LIMIT 1', {
      bind: [company.id],
      type: 'SELECT',
    });
    const read = await timeSequential(async () => {
      const res = await fetch(`${base}/api/loans/${id}`, { headers });
      if (res.status !== 200) throw new Error(`read: ${res.status}`);
      await res.json();
    }, 50);
    console.log(`GET /api/loans/:id (360 instalments): median ${ms(read.median)}, p95 ${ms(read.p95)}`);

    // Consistency: every schedule repays its amount; 162 holds what was borrowed.
    const [check] = await sequelize.query(
      `SELECT count(*)::int AS loans,
              count(*) FILTER (WHERE (SELECT sum(principal_amount) FROM accounting.loan_payments p WHERE p.loan_id = l.id) <> l.amount)::int AS wrong,
              (SELECT count(*)::int FROM accounting.loan_payments p WHERE p.company_id = $1) AS instalments,
              sum(l.amount)::text AS borrowed,
              (SELECT sum(li.credit - li.debit)::text FROM accounting.accounting_entry_lines li
                 JOIN accounting.accounts a ON a.id = li.account_id WHERE li.company_id = $1 AND a.code = '162') AS account162
         FROM accounting.loans l WHERE l.company_id = $1`,
      { bind: [company.id], type: 'SELECT' },
    );
    console.log(
      `check: ${check.loans} loans, ${check.instalments} instalments, ${check.wrong} schedules not repaying their amount; borrowed ${check.borrowed}, account 162 ${check.account162}`,
    );
    if (check.wrong !== 0 || check.borrowed !== check.account162) process.exitCode = 1;
  });
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
