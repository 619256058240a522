import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { JOBS, type Loan, type LoanInput, type LoanListResponse, type LoanSchedule } from '@xaalis/contracts';
import { toCents } from '@xaalis/domain';
import type { RunningService, RunningWorker } from '@xaalis/service-kit';
import { asTenant } from '../../test-support';
import { balances, entryLines, http, invoicingWorld, pay, payOk, startWithWorlds, type InvoicingWorld } from '../../test-support/invoicing';
import { startWorker } from '../../worker';
import { MARK_OVERDUE_SCHEDULE } from './jobs';

// Loans end to end against the real Postgres (and Redis for the overdue job):
// creation with the schedule and the funds' posting in one transaction, the
// instalments paid through POST /api/payments, the daily overdue sweep, and
// another company's loans that do not exist for the caller.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;

const body = (over: Partial<LoanInput> = {}): LoanInput => ({
  lender: 'CBAO',
  amount: '1200000',
  interestRate: '12',
  startDate: '2026-01-15',
  endDate: '2026-07-15',
  paymentFrequency: 'monthly',
  remainingBalance: '1200000',
  ...over,
});
const post = (companyId: string, over: Partial<LoanInput> = {}, tenant = companyId) =>
  http(service).post(`/api/companies/${companyId}/loans`).set(asTenant(tenant)).send(body(over));
async function createLoan(companyId: string, over: Partial<LoanInput> = {}): Promise<Loan> {
  const res = await post(companyId, over);
  if (res.status !== 201) throw new Error(`loan: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Loan;
}
const loanPage = async (companyId: string, query: Record<string, string | number> = {}) =>
  (await http(service).get(`/api/companies/${companyId}/loans`).query(query).set(asTenant(companyId)).expect(200)).body as LoanListResponse;
const getLoan = async (id: string, companyId = w.company.id) =>
  (await http(service).get(`/api/loans/${id}`).set(asTenant(companyId)).expect(200)).body as Loan;

beforeAll(async () => ({ service, w, other } = await startWithWorlds()));
afterAll(() => service.close());

describe('creation', () => {
  it('creates the loan with its constant-instalment schedule and posts the funds received (D 521 / C 162, BQ)', async () => {
    const fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    const loan = await createLoan(c);
    expect(loan).toMatchObject({
      lender: 'CBAO',
      amount: '1200000.00',
      interestRate: '12.00',
      startDate: '2026-01-15',
      endDate: '2026-07-15',
      paymentFrequency: 'monthly',
      remainingBalance: '1200000.00',
      status: 'active',
      treasuryAccount: '521',
      companyId: c,
    });
    // 1 200 000 at 1 % a month over 6 months: A = 207 058.04… → 207 058 F (checked against an independent computation).
    expect(loan.payments.map((p) => [p.dueDate, p.principalAmount, p.interestAmount, p.totalAmount])).toEqual([
      ['2026-02-15', '195058.00', '12000.00', '207058.00'],
      ['2026-03-15', '197009.00', '10049.00', '207058.00'],
      ['2026-04-15', '198979.00', '8079.00', '207058.00'],
      ['2026-05-15', '200968.00', '6090.00', '207058.00'],
      ['2026-06-15', '202978.00', '4080.00', '207058.00'],
      ['2026-07-15', '205008.00', '2050.00', '207058.00'],
    ]);
    const principal = loan.payments.reduce((s, p) => s + toCents(p.principalAmount), 0n);
    expect(principal).toBe(toCents(loan.amount));
    // Created on a later day than these due dates: late from the start.
    expect(loan.payments.every((p) => p.status === 'overdue')).toBe(true);

    const entry = await entryLines(service, loan.entryId!);
    expect(entry).toMatchObject({ journal: 'BQ', status: 'validated' });
    expect(entry.lines).toEqual([
      ['521', '1200000.00', '0.00', null],
      ['162', '0.00', '1200000.00', null],
    ]);
    const [{ date }] = await service.ctx.sequelize.query<{ date: string }>(
      'SELECT date::text FROM accounting.accounting_entries WHERE id = $1',
      {
        bind: [loan.entryId],
        type: QueryTypes.SELECT,
      },
    );
    expect(date).toBe('2026-01-15');

    // The list and the schedule read the same.
    expect((await loanPage(c)).items).toEqual([loan]);
    const schedule = (await http(service).get(`/api/loans/${loan.id}/schedule`).set(asTenant(c)).expect(200)).body as LoanSchedule;
    expect(schedule).toEqual({
      loanId: loan.id,
      payments: loan.payments,
      totals: { principal: '1200000.00', interest: '42348.00', total: '1242348.00', paid: '0.00', remaining: '1242348.00' },
    });
  });

  it('receives the funds on the chosen treasury account, in its journal', async () => {
    const cash = await createLoan(w.company.id, { treasuryAccount: '571', lender: 'Tontine' });
    expect(await entryLines(service, cash.entryId!)).toMatchObject({
      journal: 'CA',
      lines: [
        ['571', '1200000.00', '0.00', null],
        ['162', '0.00', '1200000.00', null],
      ],
    });
    const orange = await createLoan(w.company.id, { treasuryAccount: '552', paymentFrequency: 'quarterly', endDate: '2027-01-15' });
    expect(await entryLines(service, orange.entryId!)).toMatchObject({ journal: 'MM' });
    expect(orange.payments.map((p) => p.dueDate)).toEqual(['2026-04-15', '2026-07-15', '2026-10-15', '2027-01-15']);
  });

  it('creates a 30-year monthly loan (360 instalments) at once', async () => {
    const loan = await createLoan(w.company.id, {
      amount: '50000000',
      interestRate: '8.5',
      startDate: '2026-11-30',
      endDate: '2056-11-30',
    });
    expect(loan.payments).toHaveLength(360);
    expect(loan.payments[2].dueDate).toBe('2027-02-28');
    expect(loan.payments[3].dueDate).toBe('2027-03-30');
    expect(loan.payments[359]).toMatchObject({ dueDate: '2056-11-30', status: 'pending' });
    expect(loan.payments.reduce((s, p) => s + toCents(p.principalAmount), 0n)).toBe(toCents('50000000.00'));
  });

  it('refuses invalid loans with French messages (400), writing nothing', async () => {
    const c = w.company.id;
    const before = (await loanPage(c)).totalItems;
    const refused = async (over: Partial<LoanInput>, message: string) => {
      const res = await post(c, over).expect(400);
      expect(res.body.message).toBe(message);
    };
    await refused({ endDate: '2026-01-14' }, 'La date de fin ne peut pas précéder la date de début');
    await refused(
      { endDate: '2026-02-14' },
      'La période doit couvrir au moins une échéance (un mois, un trimestre ou un an selon la périodicité)',
    );
    await refused({ amount: '0' }, 'Le montant doit être supérieur à zéro');
    await refused({ amount: '-100' }, 'Le montant ne peut pas être négatif');
    await refused({ interestRate: '-1' }, "Le taux d'intérêt doit être compris entre 0 et 100 % (au plus deux décimales)");
    await refused({ interestRate: '100.5' }, "Le taux d'intérêt doit être compris entre 0 et 100 % (au plus deux décimales)");
    await refused({ lender: '' }, 'Prêteur requis');
    await refused({ lender: 'Banque\u0000' }, 'Caractère non autorisé (octet nul)');
    await refused({ startDate: '2026-02-30' }, 'Date de début requise');
    await refused({ treasuryAccount: '513' as never }, 'Compte de trésorerie invalide (521, 552 ou 571)');
    await refused({ amount: '100', interestRate: '0', endDate: '2056-01-15' }, "Montant trop faible pour le nombre d'échéances");
    await refused(
      { amount: '9999999999999', interestRate: '100', paymentFrequency: 'yearly', endDate: '2030-01-15' },
      'Total trop élevé (maximum 9 999 999 999 999,99)',
    );
    expect((await loanPage(c)).totalItems).toBe(before);
  });

  it('keeps the funds posting tied to the loan: cancelling the entry alone is refused (409)', async () => {
    const loan = await createLoan(w.company.id);
    const res = await http(service).post(`/api/accounting-entries/${loan.entryId}/cancel`).set(asTenant(w.company.id));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Cette écriture a été passée par l'emprunt CBAO : c'est le document qu'il faut annuler");
  });
});

describe('the list', () => {
  it('pages on the server, searches the lender, filters, and totals the whole company', async () => {
    const fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    for (let i = 1; i <= 26; i++) {
      await createLoan(c, {
        lender: `Banque ${String(i).padStart(2, '0')}`,
        startDate: `2026-01-${String(i).padStart(2, '0')}`,
        endDate: '2026-07-28',
      });
    }
    const paid = await createLoan(c, {
      lender: 'Tontine 100%',
      amount: '1000',
      interestRate: '0',
      startDate: '2025-12-01',
      endDate: '2026-01-01',
    });
    await payOk(service, c, {
      type: 'loan_payment',
      loanPaymentId: paid.payments[0].id,
      amount: paid.payments[0].totalAmount,
      date: '2026-01-01',
    });
    const first = await loanPage(c);
    expect(first).toMatchObject({
      page: 1,
      pageSize: 25,
      totalItems: 27,
      totals: { count: 27, borrowed: '31201000.00', remaining: '31200000.00', active: 26 },
    });
    expect(first.items).toHaveLength(25);
    expect(first.items[0].lender).toBe('Banque 26');
    expect(first.items[0].payments.length).toBeGreaterThan(0);
    const second = await loanPage(c, { page: 2 });
    expect(second.items.map((l) => l.lender)).toEqual(['Banque 01', 'Tontine 100%']);
    expect((await loanPage(c, { pageSize: 5 })).items).toHaveLength(5);
    const found = await loanPage(c, { search: '100%' });
    expect(found.items.map((l) => l.lender)).toEqual(['Tontine 100%']);
    expect(found.totals.count).toBe(27);
    expect((await loanPage(c, { search: 'banque 1' })).totalItems).toBe(10);
    expect((await loanPage(c, { status: 'completed' })).items.map((l) => l.lender)).toEqual(['Tontine 100%']);
    expect((await loanPage(c, { payable: 'true' })).totalItems).toBe(26);
    expect((await loanPage(c, { payable: 'false' })).items.map((l) => l.lender)).toEqual(['Tontine 100%']);
    for (const bad of [{ pageSize: 101 }, { status: 'late' }, { payable: 'yes' }]) {
      await http(service).get(`/api/companies/${c}/loans`).query(bad).set(asTenant(c)).expect(400);
    }
  });
});

describe('another company', () => {
  it('answers 404 on every route for another company’s loan or instalment', async () => {
    const loan = await createLoan(other.company.id);
    const c = w.company.id;
    await http(service).get(`/api/companies/${other.company.id}/loans`).set(asTenant(c)).expect(404);
    await post(other.company.id, {}, c).expect(404);
    await http(service).get(`/api/loans/${loan.id}`).set(asTenant(c)).expect(404);
    await http(service).get(`/api/loans/${loan.id}/schedule`).set(asTenant(c)).expect(404);
    await http(service).get('/api/loans/not-a-uuid').set(asTenant(c)).expect(404);
    await http(service).get(`/api/loans/${randomUUID()}/schedule`).set(asTenant(c)).expect(404);
    const instalment = loan.payments[0];
    const res = await pay(service, c, { type: 'loan_payment', loanPaymentId: instalment.id, amount: instalment.totalAmount }).expect(404);
    expect(res.body.message).toBe('Échéance introuvable');
    // A body naming the other company is a 404 too, and nothing was paid.
    await pay(service, c, {
      companyId: other.company.id,
      type: 'loan_payment',
      loanPaymentId: instalment.id,
      amount: instalment.totalAmount,
    }).expect(404);
    expect((await getLoan(loan.id, other.company.id)).payments[0].status).not.toBe('paid');
  });
});

describe('paying instalments (POST /api/payments, type loan_payment)', () => {
  it('pays an instalment (overdue ones too): D 162 + D 6712 / C treasury, balance down, completed after the last', async () => {
    const fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    const loan = await createLoan(c, { amount: '300000', interestRate: '6', startDate: '2026-01-10', endDate: '2026-04-10' });
    const [first, second, third] = loan.payments;
    expect(first.status).toBe('overdue');
    const wrong = await pay(service, c, { type: 'loan_payment', loanPaymentId: first.id, amount: '1000' }).expect(400);
    expect(wrong.body.message).toBe(`Le montant doit être égal au total de l'échéance (101 002 XOF)`);
    const early = await pay(service, c, {
      type: 'loan_payment',
      loanPaymentId: first.id,
      amount: first.totalAmount,
      date: '2026-01-09',
    }).expect(400);
    expect(early.body.message).toBe("La date du paiement ne peut pas précéder le début de l'emprunt");

    const payment = await payOk(service, c, {
      type: 'loan_payment',
      loanPaymentId: first.id,
      amount: first.totalAmount,
      method: 'orange',
      date: '2026-02-10',
    });
    expect(payment).toMatchObject({ type: 'loan_payment', loanPaymentId: first.id, amount: first.totalAmount, method: 'orange' });
    expect(await entryLines(service, payment.entryId!)).toMatchObject({
      journal: 'MM',
      lines: [
        ['162', first.principalAmount, '0.00', null],
        ['6712', first.interestAmount, '0.00', null],
        ['552', '0.00', first.totalAmount, null],
      ],
    });
    let after = await getLoan(loan.id, c);
    expect(after.payments[0]).toMatchObject({ status: 'paid', paymentDate: '2026-02-10', paymentMethod: 'orange' });
    expect(after.remainingBalance).toBe('200498.00'); // 300 000 − 99 502
    expect(after.status).toBe('active');

    const twice = await pay(service, c, { type: 'loan_payment', loanPaymentId: first.id, amount: first.totalAmount }).expect(409);
    expect(twice.body.message).toBe('Cette échéance est déjà payée');

    await payOk(service, c, { type: 'loan_payment', loanPaymentId: second.id, amount: second.totalAmount, method: 'cash' });
    await payOk(service, c, { type: 'loan_payment', loanPaymentId: third.id, amount: third.totalAmount, method: 'bank' });
    after = await getLoan(loan.id, c);
    expect(after).toMatchObject({ remainingBalance: '0.00', status: 'completed' });
    expect(after.payments.every((p) => p.status === 'paid')).toBe(true);
    // The ledger: 162 back to 0; the treasury paid the three instalments out of the 300 000 received.
    const ledger = await balances(service, c);
    expect(ledger.get('162')).toBe('0.00');
    const totals = loan.payments.reduce((s, p) => s + toCents(p.totalAmount), 0n);
    const interest = loan.payments.reduce((s, p) => s + toCents(p.interestAmount), 0n);
    expect(toCents(ledger.get('6712')!)).toBe(interest);
    const treasury = ['521', '552', '571'].reduce((s, code) => s + toCents(ledger.get(code) ?? '0'), 0n);
    expect(treasury).toBe(toCents('300000.00') - totals);
  });

  it('pays an instalment once under concurrent requests (row lock)', async () => {
    const loan = await createLoan(w.company.id, { lender: 'Ecobank' });
    const instalment = loan.payments[0];
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        pay(service, w.company.id, { type: 'loan_payment', loanPaymentId: instalment.id, amount: instalment.totalAmount }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const after = await getLoan(loan.id);
    expect(toCents(after.remainingBalance)).toBe(toCents(loan.amount) - toCents(instalment.principalAmount));
    const [{ n }] = await service.ctx.sequelize.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM accounting.payments WHERE loan_payment_id = $1',
      {
        bind: [instalment.id],
        type: QueryTypes.SELECT,
      },
    );
    expect(n).toBe(1);
  });

  it('pays different instalments of one loan concurrently, each once, and completes the loan', async () => {
    const loan = await createLoan(w.company.id, { lender: 'BHS', startDate: '2026-01-20', endDate: '2026-05-20' });
    const results = await Promise.all(
      loan.payments.flatMap((p) =>
        [0, 1].map(() => pay(service, w.company.id, { type: 'loan_payment', loanPaymentId: p.id, amount: p.totalAmount })),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(loan.payments.length);
    expect(results.filter((r) => r.status === 409)).toHaveLength(loan.payments.length);
    expect(await getLoan(loan.id)).toMatchObject({ status: 'completed', remainingBalance: '0.00' });
  });
});

describe('overdue instalments (daily BullMQ job)', () => {
  let worker: RunningWorker;

  beforeAll(async () => {
    worker = await startWorker();
  });

  afterAll(async () => {
    await worker.close();
  });

  it('registers the daily schedule when the worker starts', async () => {
    const schedulers = await service.ctx.queue.queue!.getJobSchedulers(0, -1);
    expect(schedulers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: MARK_OVERDUE_SCHEDULE.id, name: JOBS.markOverdueLoanPayments, pattern: '5 0 * * *' }),
      ]),
    );
  });

  it('marks pending instalments past due overdue, once, through the worker; they stay payable and in the upcoming payments', async () => {
    const fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    // Due in the future: pending at creation.
    const loan = await createLoan(c, { startDate: '2090-01-31', endDate: '2090-06-30' });
    expect(loan.payments.map((p) => [p.dueDate, p.status])).toEqual([
      ['2090-02-28', 'pending'],
      ['2090-03-31', 'pending'],
      ['2090-04-30', 'pending'],
      ['2090-05-31', 'pending'],
      ['2090-06-30', 'pending'],
    ]);
    await payOk(service, c, {
      type: 'loan_payment',
      loanPaymentId: loan.payments[0].id,
      amount: loan.payments[0].totalAmount,
      date: '2090-02-01',
    });
    // The sweep as the schedule runs it, on 1 April 2090, limited to this company (other tests' instalments are left alone).
    const run = () => service.ctx.queue.addAndWait(JOBS.markOverdueLoanPayments, { today: '2090-04-01', companyId: c }, undefined, 10_000);
    expect(await run()).toEqual({ marked: 1 });
    expect((await getLoan(loan.id, c)).payments.map((p) => p.status)).toEqual(['paid', 'overdue', 'pending', 'pending', 'pending']);
    // Idempotent: a second run changes nothing.
    expect(await run()).toEqual({ marked: 0 });
    // Due on the day itself is not late yet.
    expect(
      await service.ctx.queue.addAndWait(JOBS.markOverdueLoanPayments, { today: '2090-04-30', companyId: c }, undefined, 10_000),
    ).toEqual({
      marked: 0,
    });

    // Still payable, and still owed in the dashboard's upcoming payments.
    const dashboard = (await http(service).get(`/api/companies/${c}/dashboard`).set(asTenant(c)).expect(200)).body as {
      upcomingPayments: { loanPaymentId?: string; amount: string }[];
    };
    const upcoming = dashboard.upcomingPayments.filter((p) => p.loanPaymentId);
    expect(upcoming.map((p) => p.loanPaymentId)).toEqual(expect.arrayContaining([loan.payments[1].id, loan.payments[2].id]));
    expect(upcoming.map((p) => p.loanPaymentId)).not.toContain(loan.payments[0].id);
    const late = loan.payments[1];
    const paid = await payOk(service, c, {
      type: 'loan_payment',
      loanPaymentId: late.id,
      amount: late.totalAmount,
      date: '2090-04-02',
    });
    expect(paid.loanPaymentId).toBe(late.id);
    expect((await getLoan(loan.id, c)).payments[1]).toMatchObject({ status: 'paid', paymentDate: '2090-04-02' });
  });

  it('fails a malformed payload without retrying', async () => {
    await expect(service.ctx.queue.addAndWait(JOBS.markOverdueLoanPayments, { today: 'hier' }, undefined, 10_000)).rejects.toThrow(
      /today must be an ISO date/,
    );
  });
});
