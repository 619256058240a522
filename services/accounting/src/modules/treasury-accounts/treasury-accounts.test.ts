import { QueryTypes } from 'sequelize';
import {
  MESSAGES_ENTRY,
  MESSAGES_PAYMENT,
  MESSAGES_TREASURY_ACCOUNT,
  type Loan,
  type TreasuryAccount,
  type TreasuryAccountList,
  type TreasuryTransfer,
} from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { asTenant } from '../../test-support';
import {
  balances,
  entryLines,
  http,
  invoicePayload,
  payOk,
  pay,
  startWithWorlds,
  validatedInvoice,
  type InvoicingWorld,
} from '../../test-support/invoicing';

// Treasury accounts and transfers end to end (issue 28): real service and Postgres.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;

/** A Senegalese IBAN with valid check digits (its RIB: SN010 01520 001234567890 01). */
const IBAN = 'SN90 SN01 0015 2000 1234 5678 9001';

const base = (companyId: string) => `/api/companies/${companyId}/treasury-accounts`;
const list = async (companyId = w.company.id) =>
  ((await http(service).get(base(companyId)).set(asTenant(companyId)).expect(200)).body as TreasuryAccountList).items;
const create = (body: object, companyId = w.company.id) => http(service).post(base(companyId)).set(asTenant(companyId)).send(body);
const transfer = (body: object, companyId = w.company.id) =>
  http(service).post(`/api/companies/${companyId}/treasury-transfers`).set(asTenant(companyId)).send(body);

beforeAll(async () => ({ service, w, other } = await startWithWorlds()));
afterAll(() => service.close());

describe('treasury accounts', () => {
  it('lists the defaults every company has: 521/BQ, 552/MM, 571/CA, 513/BQ, with their ledger balances', async () => {
    const items = await list();
    expect(items.map((a) => [a.kind, a.name, a.accountCode, a.journal, a.isDefault, a.balance])).toEqual([
      ['bank', 'Banque', '521', 'BQ', true, '0.00'],
      ['mobile_money', 'Orange Money', '552', 'MM', true, '0.00'],
      ['cash', 'Caisse', '571', 'CA', true, '0.00'],
      ['cheques', 'Chèques à encaisser', '513', 'BQ', true, '0.00'],
    ]);
    expect(items[1].provider).toBe('orange_money');
  });

  it("creates a second bank on 5211 in its own journal BQ2 (IBAN checked), a Wave wallet on the chart's Wave account 5522/MM2, a cash box on 5711/CA2", async () => {
    const res = await create({ kind: 'bank', name: 'CBAO Plateau', bankName: 'CBAO', accountHolder: 'Teranga SARL', iban: IBAN }).expect(
      201,
    );
    const bank = res.body as TreasuryAccount;
    expect(bank).toMatchObject({
      kind: 'bank',
      name: 'CBAO Plateau',
      accountCode: '5211',
      journal: 'BQ2',
      balance: '0.00',
      iban: 'SN90SN0100152000123456789001',
      isDefault: false,
      currency: 'XOF',
    });
    const wave = (
      await create({ kind: 'mobile_money', name: 'Wave Business', provider: 'wave', walletNumber: '+221 77 000 00 00' }).expect(201)
    ).body as TreasuryAccount;
    expect(wave).toMatchObject({ accountCode: '5522', journal: 'MM2', provider: 'wave' });
    const cash = (await create({ kind: 'cash', name: 'Caisse Saly' }).expect(201)).body as TreasuryAccount;
    expect(cash).toMatchObject({ accountCode: '5711', journal: 'CA2' });
    const second = (await create({ kind: 'bank', name: 'SGBS' }).expect(201)).body as TreasuryAccount;
    expect(second).toMatchObject({ accountCode: '5212', journal: 'BQ3' });
    // In the chart and in the company's journals.
    const [account] = await service.ctx.sequelize.query<{ name: string }>(
      'SELECT name FROM accounting.accounts WHERE company_id = $1 AND code = $2',
      { bind: [w.company.id, '5211'], type: QueryTypes.SELECT },
    );
    expect(account.name).toBe('CBAO Plateau');
    expect((await list()).map((a) => a.journal)).toEqual(['BQ', 'BQ2', 'BQ3', 'MM', 'MM2', 'CA', 'CA2', 'BQ']);
    expect(
      (
        await http(service)
          .get(`${base(w.company.id)}/${bank.id}`)
          .set(asTenant(w.company.id))
          .expect(200)
      ).body,
    ).toEqual(bank);
  });

  it('refuses bad input in French: IBAN key, fields of another kind, missing provider, a second cheques account', async () => {
    const badIban = await create({ kind: 'bank', name: 'X', iban: IBAN.replace('9001', '9002') }).expect(400);
    expect(badIban.body.issues).toEqual([{ path: 'iban', message: MESSAGES_TREASURY_ACCOUNT.ibanInvalid }]);
    expect((await create({ kind: 'cash', name: 'X', iban: IBAN }).expect(400)).body.issues).toEqual([
      { path: 'iban', message: MESSAGES_TREASURY_ACCOUNT.bankOnly },
    ]);
    expect((await create({ kind: 'mobile_money', name: 'X' }).expect(400)).body.issues).toEqual([
      { path: 'provider', message: MESSAGES_TREASURY_ACCOUNT.providerRequired },
    ]);
    expect((await create({ kind: 'safe', name: 'X' }).expect(400)).body.issues[0]).toEqual({
      path: 'kind',
      message: MESSAGES_TREASURY_ACCOUNT.kindInvalid,
    });
    expect((await create({ kind: 'cheques', name: 'Chèques 2' }).expect(409)).body.message).toBe(MESSAGES_TREASURY_ACCOUNT.chequesExists);
  });

  it("another company's accounts are a 404, and its list is its own", async () => {
    const [mine] = await list();
    await http(service)
      .get(`${base(other.company.id)}/${mine.id}`)
      .set(asTenant(other.company.id))
      .expect(404);
    await http(service)
      .get(`${base(w.company.id)}/${mine.id}`)
      .set(asTenant(other.company.id))
      .expect(404);
    expect((await list(other.company.id)).map((a) => a.accountCode)).toEqual(['521', '552', '571', '513']);
    const moved = await transfer(
      { fromAccountId: mine.id, toAccountId: (await list(other.company.id))[2].id, amount: '1000', date: '2026-03-01' },
      other.company.id,
    );
    expect(moved.status).toBe(404);
  });
});

describe('payments and transfers through treasury accounts', () => {
  it('a payment names its treasury account: posted on 5211 in BQ2; `method` still names the default account of its kind', async () => {
    const cbao = (await list()).find((a) => a.name === 'CBAO Plateau')!;
    const invoice = await validatedInvoice(service, w.company.id, invoicePayload(w));
    const paid = await payOk(service, w.company.id, {
      type: 'invoice_payment',
      invoiceId: invoice.id,
      amount: '50000',
      method: undefined,
      treasuryAccountId: cbao.id,
    });
    expect(paid).toMatchObject({ method: 'bank', treasuryAccountId: cbao.id });
    const posted = await entryLines(service, paid.entryId!);
    expect(posted.journal).toBe('BQ2');
    expect(posted.lines.map((l) => [l[0], l[1], l[2]])).toEqual([
      ['5211', '50000.00', '0.00'],
      ['4111', '0.00', '50000.00'],
    ]);
    const byMethod = await payOk(service, w.company.id, { type: 'expense', amount: '2500', method: 'orange', notes: 'Frais' });
    const [mm] = (await list()).filter((a) => a.kind === 'mobile_money');
    expect(byMethod).toMatchObject({ method: 'orange', treasuryAccountId: mm.id });
    expect((await entryLines(service, byMethod.entryId!)).journal).toBe('MM');
    // Neither a method nor an account; another company's account.
    const none = await pay(service, w.company.id, { type: 'expense', amount: '100', method: undefined }).expect(400);
    expect(none.body.issues).toEqual([{ path: 'method', message: MESSAGES_PAYMENT.treasuryRequired }]);
    const [foreign] = await list(other.company.id);
    await pay(service, w.company.id, { type: 'expense', amount: '100', method: undefined, treasuryAccountId: foreign.id }).expect(404);
  });

  it('a transfer posts both legs through 585 in each account’s journal; balances follow; 585 is back to zero', async () => {
    const items = await list();
    const cbao = items.find((a) => a.name === 'CBAO Plateau')!;
    const wave = items.find((a) => a.name === 'Wave Business')!;
    const before = await balances(service, w.company.id);
    const res = await transfer({
      fromAccountId: cbao.id,
      toAccountId: wave.id,
      amount: '20000',
      date: '2026-03-21',
      reference: 'VIR-1',
    }).expect(201);
    const t = res.body as TreasuryTransfer;
    expect(t).toMatchObject({ amount: '20000.00', date: '2026-03-21', reference: 'VIR-1' });
    expect(t.outEntryNumber).toMatch(/^BQ2-2026-\d{5}$/);
    expect(t.inEntryNumber).toMatch(/^MM2-2026-\d{5}$/);
    expect((await entryLines(service, t.outEntryId)).lines.map((l) => [l[0], l[1], l[2]])).toEqual([
      ['585', '20000.00', '0.00'],
      ['5211', '0.00', '20000.00'],
    ]);
    expect((await entryLines(service, t.inEntryId)).lines.map((l) => [l[0], l[1], l[2]])).toEqual([
      ['5522', '20000.00', '0.00'],
      ['585', '0.00', '20000.00'],
    ]);
    const after = await balances(service, w.company.id);
    expect(after.get('585')).toBe('0.00');
    expect(Number(after.get('5211')) - Number(before.get('5211') ?? 0)).toBe(-20000);
    expect((await list()).find((a) => a.id === wave.id)?.balance).toBe('20000.00');
  });

  it("a loan's funds are received on the treasury account named (its journal); the loan keeps it; a cheques account or another company's is refused", async () => {
    const items = await list();
    const wave = items.find((a) => a.name === 'Wave Business')!;
    const loan = (body: object, companyId = w.company.id) =>
      http(service)
        .post(`/api/companies/${companyId}/loans`)
        .set(asTenant(companyId))
        .send({ lender: 'Baobab', amount: '300000', interestRate: '0', startDate: '2026-03-01', endDate: '2026-05-01', ...body });
    const created = (await loan({ treasuryAccountId: wave.id }).expect(201)).body as Loan;
    expect(created).toMatchObject({ treasuryAccountId: wave.id, treasuryAccount: '552' });
    const posted = await entryLines(service, created.entryId!);
    expect(posted.journal).toBe('MM2');
    expect(posted.lines.map((l) => [l[0], l[1], l[2]])).toEqual([
      ['5522', '300000.00', '0.00'],
      ['162', '0.00', '300000.00'],
    ]);
    // By code, as before: the default account of its kind.
    const byCode = (await loan({ treasuryAccount: '571' }).expect(201)).body as Loan;
    expect(byCode.treasuryAccountId).toBe(items.find((a) => a.kind === 'cash' && a.isDefault)!.id);
    const cheques = items.find((a) => a.kind === 'cheques')!;
    await loan({ treasuryAccountId: cheques.id }).expect(400);
    const [foreign] = await list(other.company.id);
    await loan({ treasuryAccountId: foreign.id }).expect(404);
  });

  it('refuses a transfer to the same account, a zero amount, a missing date, in French', async () => {
    const [bank] = await list();
    const same = await transfer({ fromAccountId: bank.id, toAccountId: bank.id, amount: '10', date: '2026-03-01' }).expect(400);
    expect(same.body.issues).toEqual([{ path: 'toAccountId', message: MESSAGES_TREASURY_ACCOUNT.sameAccount }]);
    const [, mm] = await list();
    const zero = await transfer({ fromAccountId: bank.id, toAccountId: mm.id, amount: '0', date: '' }).expect(400);
    expect(zero.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'amount', message: MESSAGES_TREASURY_ACCOUNT.amountPositive },
        { path: 'date', message: MESSAGES_TREASURY_ACCOUNT.dateRequired },
      ]),
    );
  });

  it('a manual entry may use a treasury journal the company has, not one it lacks', async () => {
    const entry = (journal: string) => ({
      entry: { number: `M-${journal}`, journal, date: '2026-03-22', description: 'Remise' },
      lines: [
        { accountId: w.accounts.get('5211')?.id ?? '', description: 'x', debit: '100.00', credit: '0.00' },
        { accountId: w.accounts.get('571')!.id, description: 'x', debit: '0.00', credit: '100.00' },
      ],
    });
    const accounts = await service.ctx.sequelize.query<{ id: string }>(
      'SELECT id FROM accounting.accounts WHERE company_id = $1 AND code = $2',
      {
        bind: [w.company.id, '5211'],
        type: QueryTypes.SELECT,
      },
    );
    const body = entry('BQ2');
    body.lines[0].accountId = accounts[0].id;
    await http(service).post(`/api/companies/${w.company.id}/accounting-entries`).set(asTenant(w.company.id)).send(body).expect(201);
    const missing = await http(service)
      .post(`/api/companies/${w.company.id}/accounting-entries`)
      .set(asTenant(w.company.id))
      .send({ ...body, entry: { ...body.entry, number: 'M-BQ9', journal: 'BQ9' } })
      .expect(400);
    expect(missing.body.message).toBe(MESSAGES_ENTRY.journalInvalid);
    const unknown = await http(service)
      .post(`/api/companies/${w.company.id}/accounting-entries`)
      .set(asTenant(w.company.id))
      .send({ ...body, entry: { ...body.entry, number: 'M-XX', journal: 'XX' } })
      .expect(400);
    expect(unknown.body.issues).toEqual([{ path: 'entry.journal', message: MESSAGES_ENTRY.journalInvalid }]);
  });
});
