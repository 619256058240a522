import { QueryTypes } from 'sequelize';
import {
  MESSAGES_PAYMENT,
  type Invoice,
  type Loan,
  type LoanListResponse,
  type Payment,
  type PaymentListResponse,
} from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { randomUUID } from 'node:crypto';
import { asTenant, TOKEN } from '../../test-support';
import {
  balances,
  entryLines,
  http,
  invoicePayload,
  invoicingWorld,
  pay,
  payOk,
  startWithWorlds,
  validatedInvoice,
  type InvoicingWorld,
} from '../../test-support/invoicing';

// Payments end to end: invoices settled (customer and supplier), expenses and
// loan instalments, each posted in its treasury journal; real Postgres.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;

const sale = (over: object = {}) => validatedInvoice(service, w.company.id, invoicePayload(w, over));
const getInvoice = async (id: string, companyId = w.company.id) =>
  (await http(service).get(`/api/invoices/${id}`).set(asTenant(companyId)).expect(200)).body as Invoice;

/** A loan of 1 200 000 with two monthly instalments, inserted as the loans feature will (it arrives later). */
async function loanWithSchedule(companyId: string): Promise<{ loanId: string; instalments: string[] }> {
  const db = service.ctx.sequelize;
  const [{ id: loanId }] = await db.query<{ id: string }>(
    `INSERT INTO accounting.loans (company_id, lender, amount, interest_rate, start_date, end_date, remaining_balance)
     VALUES ($1, 'CBAO', 1200000, 9.50, '2026-01-01', '2026-02-28', 1200000) RETURNING id`,
    { bind: [companyId], type: QueryTypes.SELECT },
  );
  const rows = await db.query<{ id: string }>(
    `INSERT INTO accounting.loan_payments (company_id, loan_id, due_date, principal_amount, interest_amount, total_amount)
     VALUES ($1, $2, '2026-02-28', 600000, 4750, 604750), ($1, $2, '2026-01-31', 600000, 9500, 609500) RETURNING id`,
    { bind: [companyId, loanId], type: QueryTypes.SELECT },
  );
  return { loanId, instalments: rows.map((r) => r.id) };
}

beforeAll(async () => ({ service, w, other } = await startWithWorlds()));
afterAll(() => service.close());

describe('validation (French messages from the contracts)', () => {
  it('refuses each invalid field with its message', async () => {
    const invoice = await sale();
    const refused = async (body: object, message: string) => {
      const res = await pay(service, w.company.id, { type: 'invoice_payment', invoiceId: invoice.id, amount: '100', ...body }).expect(400);
      expect(res.body.message).toBe(message);
      expect(res.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
    };
    await refused({ amount: '' }, 'Montant requis');
    await refused({ amount: undefined }, 'Montant requis');
    await refused({ amount: '0' }, 'Le montant doit être supérieur à zéro');
    await refused({ amount: '-10' }, 'Le montant ne peut pas être négatif');
    await refused({ amount: '10.555' }, 'Montant invalide (nombre avec au plus deux décimales)');
    await refused({ date: '' }, 'Date requise');
    await refused({ date: undefined }, 'Date requise');
    await refused({ date: '2026-13-01' }, 'Date requise');
    await refused({ type: 'gift' }, 'Type de paiement invalide');
    await refused({ method: 'bitcoin' }, 'Mode de paiement invalide');
    await refused({ invoiceId: '' }, 'Facture requise');
    await refused({ type: 'loan_payment', invoiceId: undefined }, 'Échéance requise');
    expect((await getInvoice(invoice.id)).paidAmount).toBe('0.00');
  });

  it('answers 404 when the body names another company, or another company’s invoice or instalment', async () => {
    const invoice = await sale();
    await pay(service, w.company.id, { type: 'invoice_payment', invoiceId: invoice.id, amount: '100', companyId: other.company.id }).expect(
      404,
    );
    const foreign = await validatedInvoice(service, other.company.id, invoicePayload(other));
    expect((await pay(service, w.company.id, { type: 'invoice_payment', invoiceId: foreign.id, amount: '100' }).expect(404)).body).toEqual({
      message: 'Facture introuvable',
    });
    const { instalments } = await loanWithSchedule(other.company.id);
    expect(
      (await pay(service, w.company.id, { type: 'loan_payment', loanPaymentId: instalments[0], amount: '604750' }).expect(404)).body,
    ).toEqual({ message: 'Échéance introuvable' });
    expect((await getInvoice(foreign.id, other.company.id)).paidAmount).toBe('0.00');
  });
});

describe('invoice payments', () => {
  it.each([
    ['bank', '521', 'BQ'],
    ['cash', '571', 'CA'],
    ['orange', '552', 'MM'],
    ['check', '513', 'BQ'],
    ['cheque', '513', 'BQ'],
  ])('a customer payment by %s posts D %s / C 4111 in journal %s', async (method, account, journal) => {
    const invoice = await sale();
    const payment = await payOk(service, w.company.id, {
      type: 'invoice_payment',
      invoiceId: invoice.id,
      amount: '50000.50',
      method: method,
      reference: 'REF-1',
    });
    expect(payment).toMatchObject({
      type: 'invoice_payment',
      invoiceId: invoice.id,
      invoice: { id: invoice.id, number: invoice.number },
      amount: '50000.50',
      date: '2026-03-20',
      method: method === 'cheque' ? 'check' : method,
      reference: 'REF-1',
      status: 'completed',
      companyId: w.company.id,
    });
    const entry = await entryLines(service, payment.entryId!);
    expect(entry.journal).toBe(journal);
    expect(entry.lines).toEqual([
      [account, '50000.50', '0.00', null],
      ['4111', '0.00', '50000.50', w.client.id],
    ]);
  });

  it('a supplier payment posts D 4011 / C treasury', async () => {
    const invoice = await validatedInvoice(service, w.company.id, invoicePayload(w, { type: 'purchase', thirdPartyId: w.supplier.id }));
    const payment = await payOk(service, w.company.id, {
      type: 'invoice_payment',
      invoiceId: invoice.id,
      amount: invoice.total,
      method: 'orange',
    });
    const entry = await entryLines(service, payment.entryId!);
    expect(entry.journal).toBe('MM');
    expect(entry.lines).toEqual([
      ['4011', '118000.00', '0.00', w.supplier.id],
      ['552', '0.00', '118000.00', null],
    ]);
    expect((await getInvoice(invoice.id)).status).toBe('paid');
  });

  it('keeps a partly paid invoice validated with its balance due, and marks it paid once covered', async () => {
    const invoice = await sale();
    await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: invoice.id, amount: '18000' });
    expect(await getInvoice(invoice.id)).toMatchObject({ status: 'validated', paidAmount: '18000.00', balanceDue: '100000.00' });
    await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: invoice.id, amount: '99999.99', method: 'cash' });
    await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: invoice.id, amount: '0.01', method: 'cash' });
    const paid = await getInvoice(invoice.id);
    expect(paid).toMatchObject({ status: 'paid', paidAmount: '118000.00', balanceDue: '0.00' });
    expect(paid.payments!.map((p) => p.amount)).toEqual(['18000.00', '99999.99', '0.01']);
    // Nothing left to pay.
    const more = await pay(service, w.company.id, { type: 'invoice_payment', invoiceId: invoice.id, amount: '1' }).expect(409);
    expect(more.body).toEqual({ message: "Cette facture n'a pas de solde à régler" });
  });

  it('refuses an overpayment, telling what remains due', async () => {
    const invoice = await sale();
    await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: invoice.id, amount: '18000' });
    const res = await pay(service, w.company.id, { type: 'invoice_payment', invoiceId: invoice.id, amount: '100000.01' }).expect(400);
    expect(res.body.message).toBe('Le montant dépasse le solde restant dû (reste dû : 100 000 XOF)');
    expect((await getInvoice(invoice.id)).paidAmount).toBe('18000.00');
  });

  it('refuses payments of drafts and cancelled invoices', async () => {
    const draft = (
      await http(service).post(`/api/companies/${w.company.id}/invoices`).set(asTenant(w.company.id)).send(invoicePayload(w)).expect(201)
    ).body as Invoice;
    await pay(service, w.company.id, { type: 'invoice_payment', invoiceId: draft.id, amount: '1' }).expect(409);
    const cancelled = await sale();
    await http(service).post(`/api/invoices/${cancelled.id}/cancel`).set(asTenant(w.company.id)).expect(200);
    await pay(service, w.company.id, { type: 'invoice_payment', invoiceId: cancelled.id, amount: '1' }).expect(409);
  });

  it('never lets concurrent payments overpay: the invoice row is locked', async () => {
    const invoice = await sale();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => pay(service, w.company.id, { type: 'invoice_payment', invoiceId: invoice.id, amount: '40000' })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(2); // 2 × 40 000 ≤ 118 000 < 3 × 40 000
    expect(statuses.filter((s) => s !== 201).every((s) => s === 400)).toBe(true);
    expect(await getInvoice(invoice.id)).toMatchObject({ status: 'validated', paidAmount: '80000.00', balanceDue: '38000.00' });
    const settle = await Promise.all(
      Array.from({ length: 4 }, () => pay(service, w.company.id, { type: 'invoice_payment', invoiceId: invoice.id, amount: '38000' })),
    );
    expect(settle.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await getInvoice(invoice.id)).toMatchObject({ status: 'paid', paidAmount: '118000.00' });
  });
});

describe('expenses', () => {
  it('posts D 658 by default / C treasury, and records the account', async () => {
    const payment = await payOk(service, w.company.id, { type: 'expense', amount: '7500', method: 'cash', notes: 'Fournitures de bureau' });
    expect(payment).toMatchObject({ type: 'expense', invoiceId: null, invoice: null, accountId: w.accounts.get('658')!.id });
    const entry = await entryLines(service, payment.entryId!);
    expect(entry.journal).toBe('CA');
    expect(entry.lines).toEqual([
      ['658', '7500.00', '0.00', null],
      ['571', '0.00', '7500.00', null],
    ]);
  });

  it('debits the chosen class 6 account or tax debt (the VAT due, 4441), and refuses any other', async () => {
    const payment = await payOk(service, w.company.id, { type: 'expense', amount: '12000', accountId: w.accounts.get('6052')!.id });
    expect((await entryLines(service, payment.entryId!)).lines[0]).toEqual(['6052', '12000.00', '0.00', null]);
    const vat = await payOk(service, w.company.id, { type: 'expense', amount: '7000', accountId: w.accounts.get('4441')!.id });
    expect((await entryLines(service, vat.entryId!)).lines[0]).toEqual(['4441', '7000.00', '0.00', null]);
    const wrongClass = await pay(service, w.company.id, { type: 'expense', amount: '1', accountId: w.accounts.get('706')!.id }).expect(400);
    expect(wrongClass.body).toEqual({ message: MESSAGES_PAYMENT.expenseAccountInvalid });
    await pay(service, w.company.id, { type: 'expense', amount: '1', accountId: other.accounts.get('6052')!.id }).expect(400);
  });
});

describe('loan instalments', () => {
  it('lists the loans with their schedule, pays a pending instalment (D 162 + D 6712 / C treasury) once', async () => {
    const fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    const { loanId, instalments } = await loanWithSchedule(c);
    const loans = ((await http(service).get(`/api/companies/${c}/loans`).set(asTenant(c)).expect(200)).body as LoanListResponse).items;
    expect(loans).toHaveLength(1);
    expect(loans[0]).toMatchObject({
      id: loanId,
      lender: 'CBAO',
      amount: '1200000.00',
      interestRate: '9.50',
      remainingBalance: '1200000.00',
      status: 'active',
      paymentFrequency: 'monthly',
    });
    expect(loans[0].payments.map((p) => [p.dueDate, p.totalAmount, p.status])).toEqual([
      ['2026-01-31', '609500.00', 'pending'],
      ['2026-02-28', '604750.00', 'pending'],
    ]);
    const january = instalments[1];
    const wrong = await pay(service, c, { type: 'loan_payment', loanPaymentId: january, amount: '600000' }).expect(400);
    expect(wrong.body.message).toBe("Le montant doit être égal au total de l'échéance (609 500 XOF)");
    const payment = await payOk(service, c, {
      type: 'loan_payment',
      loanPaymentId: january,
      amount: '609500',
      method: 'bank',
      date: '2026-01-31',
    });
    expect(payment).toMatchObject({ type: 'loan_payment', loanPaymentId: january, amount: '609500.00' });
    const entry = await entryLines(service, payment.entryId!);
    expect(entry.journal).toBe('BQ');
    expect(entry.lines).toEqual([
      ['162', '600000.00', '0.00', null],
      ['6712', '9500.00', '0.00', null],
      ['521', '0.00', '609500.00', null],
    ]);
    const again = await pay(service, c, { type: 'loan_payment', loanPaymentId: january, amount: '609500' }).expect(409);
    expect(again.body).toEqual({ message: 'Cette échéance est déjà payée' });
    const [after] = (await http(service).get(`/api/loans/${loanId}`).set(asTenant(c)).expect(200)).body.payments as Loan['payments'];
    expect(after).toMatchObject({ status: 'paid', paymentDate: '2026-01-31', paymentMethod: 'bank' });
    const loan = (await http(service).get(`/api/loans/${loanId}`).set(asTenant(c)).expect(200)).body as Loan;
    expect(loan.remainingBalance).toBe('600000.00');
    await payOk(service, c, { type: 'loan_payment', loanPaymentId: instalments[0], amount: '604750', method: 'check' });
    expect((await http(service).get(`/api/loans/${loanId}`).set(asTenant(c)).expect(200)).body).toMatchObject({
      remainingBalance: '0.00',
      status: 'completed',
    });
    await http(service).get(`/api/loans/${loanId}`).set(asTenant(w.company.id)).expect(404);
    await http(service).get(`/api/companies/${c}/loans`).set(asTenant(w.company.id)).expect(404);
  });

  it('answers an empty list for a company without loans', async () => {
    expect((await http(service).get(`/api/companies/${other.company.id}/loans`).set(asTenant(other.company.id)).expect(200)).body).toEqual(
      expect.objectContaining({ items: expect.any(Array) }),
    );
    const fresh = await invoicingWorld(service);
    expect((await http(service).get(`/api/companies/${fresh.company.id}/loans`).set(asTenant(fresh.company.id)).expect(200)).body).toEqual({
      items: [],
      page: 1,
      pageSize: 25,
      totalItems: 0,
      totals: { count: 0, borrowed: '0.00', remaining: '0.00', active: 0 },
    });
  });
});

describe('list and read', () => {
  it('lists the company’s payments newest first, paginated, with their invoice', async () => {
    const fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    // Dated before its payments (a payment cannot precede its invoice).
    const invoice = await validatedInvoice(service, c, invoicePayload(fresh, { date: '2026-01-15', dueDate: '2026-02-14' }));
    await payOk(service, c, { type: 'invoice_payment', invoiceId: invoice.id, amount: '1000', date: '2026-03-01' });
    await payOk(service, c, { type: 'expense', amount: '2000', date: '2026-03-05' });
    await payOk(service, c, { type: 'invoice_payment', invoiceId: invoice.id, amount: '3000', date: '2026-02-01' });
    const page = (await http(service).get(`/api/companies/${c}/payments`).set(asTenant(c)).expect(200)).body as PaymentListResponse;
    expect(page).toMatchObject({ page: 1, pageSize: 25, totalItems: 3 });
    expect(page.items.map((p) => [p.date, p.amount, p.invoice?.number ?? null])).toEqual([
      ['2026-03-05', '2000.00', null],
      ['2026-03-01', '1000.00', invoice.number],
      ['2026-02-01', '3000.00', invoice.number],
    ]);
    const second = (await http(service).get(`/api/companies/${c}/payments`).query({ page: 2, pageSize: 2 }).set(asTenant(c)).expect(200))
      .body as PaymentListResponse;
    expect(second.items.map((p) => p.amount)).toEqual(['3000.00']);
    const one = (await http(service).get(`/api/payments/${page.items[0].id}`).set(asTenant(c)).expect(200)).body as Payment;
    expect(one).toEqual(page.items[0]);
    await http(service).get(`/api/payments/${page.items[0].id}`).set(asTenant(w.company.id)).expect(404);
    await http(service).get(`/api/companies/${c}/payments`).set(asTenant(w.company.id)).expect(404);
    // The ledger: 4111 holds what remains due.
    expect((await balances(service, c)).get('4111')).toBe('114000.00');
  });
});

describe('a payment cannot precede its invoice', () => {
  it('refuses a payment dated before the invoice with a French message (400), accepts one on the invoice’s date', async () => {
    const invoice = await sale({ number: 'FV-2026-0301', date: '2026-03-14', dueDate: '2026-04-13' });
    const res = await pay(service, w.company.id, {
      type: 'invoice_payment',
      invoiceId: invoice.id,
      amount: '100',
      date: '2026-03-13',
    }).expect(400);
    expect(res.body).toEqual({
      message: 'La date du paiement ne peut pas précéder la date de la facture',
      issues: [{ path: 'date', message: 'La date du paiement ne peut pas précéder la date de la facture' }],
    });
    // Nothing was written: no payment, no posting, nothing paid.
    expect((await getInvoice(invoice.id)).paidAmount).toBe('0.00');
    await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: invoice.id, amount: '100', date: '2026-03-14' });
    expect((await getInvoice(invoice.id)).paidAmount).toBe('100.00');
  });
});

describe('the acting user (X-User-Id)', () => {
  it('records who recorded the payment on it and on its posting; null without a user', async () => {
    const invoice = await sale({ number: 'FV-2026-0302' });
    const user = randomUUID();
    const body = {
      companyId: w.company.id,
      type: 'invoice_payment',
      invoiceId: invoice.id,
      amount: '100',
      date: '2026-03-20',
      method: 'bank',
    };
    const base = { 'X-Internal-Token': TOKEN, 'X-Company-Id': w.company.id, 'X-User-Role': 'owner' };
    const withUser = (
      await http(service)
        .post('/api/payments')
        .set({ ...base, 'X-User-Id': user })
        .send(body)
        .expect(201)
    ).body as Payment;
    expect(withUser.createdBy).toBe(user);
    const anonymous = (await http(service).post('/api/payments').set(base).send(body).expect(201)).body as Payment;
    expect(anonymous.createdBy).toBeNull();
    const entries = await service.ctx.sequelize.query<{ id: string; created_by: string | null; validated_by: string | null }>(
      'SELECT id, created_by, validated_by FROM accounting.accounting_entries WHERE id = ANY($1::uuid[])',
      { bind: [[withUser.entryId, anonymous.entryId]], type: QueryTypes.SELECT },
    );
    const byId = new Map(entries.map((e) => [e.id, e]));
    expect(byId.get(withUser.entryId as string)).toMatchObject({ created_by: user, validated_by: user });
    expect(byId.get(anonymous.entryId as string)).toMatchObject({ created_by: null, validated_by: null });
    // The invoice's payment list says who recorded each.
    expect((await getInvoice(invoice.id)).payments?.map((p) => p.createdBy)).toEqual([user, null]);
  });
});
