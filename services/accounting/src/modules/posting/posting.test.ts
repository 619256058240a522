import { Decimal } from '@xaalis/domain';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { Account, Company, ThirdParty } from '@xaalis/contracts';
import { HttpError, createSequelize, type RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, chartOf, companyWithChart, createCompany } from '../../test-support';
import request from 'supertest';
import { ledgerError, peekEntryNumber, postEntry, reverseEntry, type Posting } from '.';

// The posting engine other features (invoices, payments, payroll…) call inside
// their own transactions, against the real database.
let service: RunningService;
let charted: Company;
let acc: Map<string, Account>;
let otherAcc: Map<string, Account>;

const db = () => service.ctx.sequelize;
const post = (p: Posting) => db().transaction((t) => postEntry(t, p));
const sale = (companyId: string, over: Partial<Posting> = {}): Posting => ({
  companyId,
  journal: 'VT',
  date: '2026-01-15',
  description: 'Facture FV-2026-0001',
  lines: [
    { accountCode: '4111', description: 'Client', debit: new Decimal('118000') },
    { accountCode: '706', description: 'Prestations HT', credit: '100000.00' },
    { accountCode: '4431', description: 'TVA 18 %', credit: new Decimal('18000.00') },
  ],
  ...over,
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as Error,
  );
}

beforeAll(async () => {
  service = await start({ port: 0 });
  ({ company: charted, accounts: acc } = await companyWithChart(service));
  ({ accounts: otherAcc } = await companyWithChart(service));
});

afterAll(async () => {
  await service.close();
});

describe('postEntry', () => {
  it('writes a validated, numbered entry from account codes', async () => {
    const entry = await post(sale(charted.id));
    expect(entry).toMatchObject({
      number: 'VT-2026-00001',
      journal: 'VT',
      status: 'validated',
      total: '118000.00',
      companyId: charted.id,
      validatedAt: expect.any(String),
    });
    expect(entry.lines!.map((l) => [l.account.code, l.accountId, l.debit, l.credit])).toEqual([
      ['4111', acc.get('4111')!.id, '118000.00', '0.00'],
      ['706', acc.get('706')!.id, '0.00', '100000.00'],
      ['4431', acc.get('4431')!.id, '0.00', '18000.00'],
    ]);
    expect((await post(sale(charted.id))).number).toBe('VT-2026-00002');
    expect((await post(sale(charted.id, { date: '2027-01-02' }))).number).toBe('VT-2027-00001');
    // Visible through the API like any entry.
    const res = await request(service.app).get(`/api/accounting-entries/${entry.id}`).set(asTenant(charted.id)).expect(200);
    expect(res.body.status).toBe('validated');
  });

  it('creates the accounts a chart lacks from the SYSCOHADA reference, linked to their parents', async () => {
    const bare = await createCompany(service);
    const entry = await post(
      sale(bare.id, {
        lines: [
          { accountCode: '411', description: 'Clients (collectif)', debit: '1.00' },
          { accountCode: '4111', description: 'Client', debit: '117999.00' },
          { accountCode: '706', description: 'HT', credit: '100000' },
          { accountCode: '4431', description: 'TVA', credit: '18000' },
        ],
      }),
    );
    expect(entry.number).toBe('VT-2026-00001');
    const accounts = [...(await chartOf(service, bare.id)).values()];
    expect(accounts.map((a) => [a.code, a.name, a.level])).toEqual([
      ['411', 'Clients', 2],
      ['4111', 'Clients', 3],
      ['4431', 'TVA facturée sur ventes', 3],
      ['706', 'Services vendus', 2],
    ]);
    expect(accounts[1].parentAccountId).toBe(accounts[0].id);
  });

  it('accepts accounts by id and third parties of the company, and drops zero lines', async () => {
    const tp = (
      await request(service.app)
        .post(`/api/companies/${charted.id}/third-parties`)
        .set(asTenant(charted.id))
        .send({ type: 'supplier', name: 'Senelec' })
        .expect(201)
    ).body as ThirdParty;
    const entry = await post({
      companyId: charted.id,
      journal: 'AC',
      date: '2026-02-01',
      description: 'Facture électricité',
      reference: 'SEN-0226',
      sourceType: 'invoice',
      sourceId: 'inv-1',
      lines: [
        { accountId: acc.get('6052')!.id, description: 'Électricité', debit: '50000' },
        { accountCode: '4452', description: 'TVA 0 %', debit: '0.00' },
        { accountCode: '4011', description: 'Senelec', credit: '50000', thirdPartyId: tp.id },
      ],
    });
    expect(entry).toMatchObject({ number: 'AC-2026-00001', reference: 'SEN-0226', sourceType: 'invoice', sourceId: 'inv-1' });
    expect(entry.lines!.map((l) => [l.account.code, l.thirdPartyId])).toEqual([
      ['6052', null],
      ['4011', tp.id],
    ]);
  });

  it('posts a business document once: posting it again returns the same entry', async () => {
    const p = sale(charted.id, { journal: 'BQ', sourceType: 'payment', sourceId: 'pay-42' });
    const first = await post(p);
    const again = await post(p);
    expect(again.id).toBe(first.id);
    const [{ n }] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM accounting.accounting_entries WHERE company_id = $1 AND source_type = 'payment' AND source_id = 'pay-42'`,
      { bind: [charted.id], type: QueryTypes.SELECT },
    );
    expect(n).toBe(1);
    expect(await peekEntryNumber(db(), charted.id, 'BQ', 2026)).toBe('BQ-2026-00002');
  });

  it('refuses unbalanced or malformed postings, without consuming a number', async () => {
    const before = await peekEntryNumber(db(), charted.id, 'OD', 2026);
    const bad = (lines: Posting['lines'], over: Partial<Posting> = {}) =>
      rejection(post({ ...sale(charted.id), journal: 'OD', lines, ...over }));
    const d = (code: string, debit: string) => ({ accountCode: code, description: code, debit });
    const c = (code: string, credit: string) => ({ accountCode: code, description: code, credit });

    expect(await bad([d('601', '100.00'), c('521', '99.99')])).toMatchObject({
      status: 400,
      message: "L'écriture n'est pas équilibrée (Débit ≠ Crédit)",
    });
    expect(await bad([d('601', '100.00'), c('521', '0')])).toMatchObject({ status: 400, message: 'Au moins deux lignes requises' });
    expect(await bad([{ accountCode: '601', description: 'x', debit: '5', credit: '5' }, d('601', '5'), c('521', '10')])).toMatchObject({
      status: 400,
    });
    expect((await bad([d('601', '0.001'), c('521', '0.001')])).message).toMatch(/at most two decimals/);
    expect((await bad([d('601', '-5'), c('521', '-5')])).message).toMatch(/non-negative/);
    expect((await bad([d('601', 'abc'), c('521', '1')])).message).toMatch(/not an amount/);
    expect((await bad([{ accountCode: '601', description: 'x', debit: 0.1 as unknown as string }, c('521', '0.10')])).message).toMatch(
      /string or a Decimal/,
    );
    expect(await bad([d('9999999', '1'), c('521', '1')])).toMatchObject({
      status: 400,
      message: 'Compte introuvable pour cette entreprise (9999999)',
    });
    expect(await bad([{ accountId: otherAcc.get('601')!.id, description: 'x', debit: '1' }, c('521', '1')])).toMatchObject({ status: 400 });
    expect(await bad([{ ...d('4111', '1'), thirdPartyId: '00000000-0000-4000-8000-000000000000' }, c('706', '1')])).toMatchObject({
      status: 400,
      message: 'Tiers introuvable pour cette entreprise',
    });
    expect(await bad([d('601', '1'), c('521', '1')], { date: '2026-13-01' })).toMatchObject({ status: 400, message: 'Date requise' });
    expect(await peekEntryNumber(db(), charted.id, 'OD', 2026)).toBe(before);
  });

  it("gives its number back when the caller's transaction rolls back", async () => {
    const before = await peekEntryNumber(db(), charted.id, 'CA', 2026);
    const err = await rejection(
      db().transaction(async (t) => {
        await postEntry(t, sale(charted.id, { journal: 'CA' }));
        throw new Error('the invoice update failed');
      }),
    );
    expect(err.message).toBe('the invoice update failed');
    expect((await post(sale(charted.id, { journal: 'CA' }))).number).toBe(before);
  });

  it('reverses a posted entry in the caller’s transaction', async () => {
    const entry = await post(sale(charted.id, { journal: 'MM' }));
    const { entry: cancelled, reversal } = await db().transaction((t) => reverseEntry(t, charted.id, entry.id, { date: '2026-03-01' }));
    expect(cancelled.status).toBe('cancelled');
    expect(reversal).toMatchObject({ number: 'MM-2026-00002', date: '2026-03-01', status: 'validated', reversalOfId: entry.id });
  });

  it('maps the database refusals to HTTP errors', () => {
    const unbalanced = ledgerError({ parent: { code: 'XA001', message: "L'écriture n'est pas équilibrée (Débit ≠ Crédit)" } });
    expect(unbalanced).toBeInstanceOf(HttpError);
    expect(unbalanced).toMatchObject({ status: 400, message: "L'écriture n'est pas équilibrée (Débit ≠ Crédit)" });
    expect(ledgerError({ parent: { code: 'XA002', message: 'figée' } })).toMatchObject({ status: 409, message: 'figée' });
    expect(
      ledgerError({
        name: 'SequelizeUniqueConstraintError',
        parent: { code: '23505', constraint: 'accounting_entries_company_number_key' },
      }),
    ).toMatchObject({
      status: 409,
      message: 'Ce numéro d’écriture existe déjà',
    });
    const other = new Error('boom');
    expect(ledgerError(other)).toBe(other);
  });
});

describe('gap-free numbering under concurrency', () => {
  let pool: Sequelize;

  beforeAll(() => {
    // A pool large enough for 20 transactions truly at once.
    pool = createSequelize(process.env.DATABASE_URL as string, { poolMax: 25 });
  });

  afterAll(async () => {
    await pool.close();
  });

  it('gives 20 concurrent postings in one journal the numbers 00001..00020, creating each missing account once', async () => {
    const company = await createCompany(service); // empty chart: 661 and 422 get created on the way
    const postings = Array.from({ length: 20 }, (_, i) =>
      pool.transaction((t) =>
        postEntry(t, {
          companyId: company.id,
          journal: 'PA',
          date: '2026-01-31',
          description: `Paie janvier — salarié ${i + 1}`,
          lines: [
            { accountCode: i % 2 ? '661' : '422', description: 'a', [i % 2 ? 'debit' : 'credit']: `${100 + i}.00` },
            { accountCode: i % 2 ? '422' : '661', description: 'b', [i % 2 ? 'credit' : 'debit']: `${100 + i}.00` },
          ],
        }),
      ),
    );
    const entries = await Promise.all(postings);
    expect(entries.map((e) => e.number).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `PA-2026-${String(i + 1).padStart(5, '0')}`));
    const rows = await db().query<{ code: string; n: number }>(
      'SELECT code, count(*)::int AS n FROM accounting.accounts WHERE company_id = $1 GROUP BY code ORDER BY code',
      { bind: [company.id], type: QueryTypes.SELECT },
    );
    expect(rows).toEqual([
      { code: '422', n: 1 },
      { code: '661', n: 1 },
    ]);
    expect(await peekEntryNumber(db(), company.id, 'PA', 2026)).toBe('PA-2026-00021');
  });
});
