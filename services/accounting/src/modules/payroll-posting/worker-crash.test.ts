// Fault test: the accounting worker killed (SIGKILL) in the middle of a payslip posting (the
// `post-payslip` job the HR service enqueues when a payslip is validated), then started again.
// The posting is one transaction: the killed run leaves no entry and does not move the PA
// counter; the redelivered job posts exactly one PA entry, numbered without a gap.
import { JOBS, type Company } from '@xaalis/contracts';
import { PAYROLL_PARAMETER_SETS, computePayslip } from '@xaalis/domain';
import { mustExist } from '@xaalis/service-kit';
import { companyWithChart, payslipJobOf } from '../../test-support';
import { crashSuite, sleep } from '../../test-support/worker-crash';

// About 15–40 s on an idle machine; room for a loaded one (child workers and migrations start slowly).
const suite = crashSuite('payroll_crash');
const { sql } = suite;

let company: Company;
const ledger = async () => ({
  entries: await sql<{ number: string; journal: string; status: string; source_id: string; lines: number }>(
    `SELECT e.number, e.journal, e.status, e.source_id,
            (SELECT count(*)::int FROM accounting.accounting_entry_lines l WHERE l.entry_id = e.id) AS lines
       FROM accounting.accounting_entries e WHERE e.company_id = $1 ORDER BY e.number`,
    [company.id],
  ),
  counters: await sql<{ journal: string; year: number; last_number: number }>(
    'SELECT journal, year, last_number FROM accounting.entry_counters WHERE company_id = $1 ORDER BY journal, year',
    [company.id],
  ),
});

beforeAll(async () => {
  ({ company } = await companyWithChart(suite.service()));
});

it('posts one PA entry per payslip when the worker is killed mid-posting and the job is redelivered', async () => {
  const official = mustExist(
    PAYROLL_PARAMETER_SETS.find((s) => s.id === 'senegal-official'),
    'parameter set',
  );
  const slip = computePayslip(
    { baseSalary: '450000', housingAllowance: '50000', isCadre: true, maritalStatus: 'married', children: 2, riskClass: 2 },
    official,
  );
  const payload = payslipJobOf(company.id, slip);
  expect(await ledger()).toEqual({ entries: [], counters: [] });

  // The test takes the unique slot of the number the job will get (PA-2026-00001): the job
  // inserts its draft entry and lines, takes the counter, then the UPDATE giving the entry its
  // number and validating it waits on that slot, its transaction open.
  const slot = await suite.holdSlot(
    `INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description, total)
     VALUES ($1, 'PA-2026-00001', 'PA', '2026-03-31', 'Verrou du test', 0)`,
    [company.id],
  );
  const queue = suite.queue();
  const jobId = `payslip-${payload.payslipId}-validated`;
  const { job, redeliveryMs, doneMs, restartedAt } = await suite.killMidJob({
    slot,
    jobId,
    writer: '%UPDATE accounting.accounting_entries%',
    enqueue: () => queue.add(JOBS.postPayslip, payload, { jobId }),
    leftNothing: async () => expect(await ledger()).toEqual({ entries: [], counters: [] }),
  });
  expect(job.returnvalue).toMatchObject({ entryNumber: 'PA-2026-00001', posted: true });

  // Exactly once: one validated PA entry for the payslip, number 1, the counter at 1.
  const after = await ledger();
  expect(after.entries).toEqual([
    { number: 'PA-2026-00001', journal: 'PA', status: 'validated', source_id: payload.payslipId, lines: expect.any(Number) as number },
  ]);
  expect(after.entries[0]?.lines).toBeGreaterThanOrEqual(2);
  expect(after.counters).toEqual([{ journal: 'PA', year: 2026, last_number: 1 }]);

  // The same job delivered again (HR re-sends it) finds the entry: still one.
  await queue.add(JOBS.postPayslip, payload, { jobId: `${jobId}-again` });
  while ((await queue.getJobState(`${jobId}-again`)) !== 'completed') {
    if (Date.now() - restartedAt > 45_000) throw new Error('second delivery not processed');
    await sleep(50);
  }
  expect(mustExist(await queue.getJob(`${jobId}-again`), 'job').returnvalue).toMatchObject({ entryNumber: 'PA-2026-00001', posted: false });
  expect(await ledger()).toEqual(after);
  console.log(`payroll worker crash: redelivery ${redeliveryMs} ms after the lock, kill → entry posted ${doneMs} ms`);
});
