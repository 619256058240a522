import { QueryTypes } from 'sequelize';
import { MESSAGES_HTTP, MESSAGES_INVENTORY, MESSAGES_MONEY, MESSAGES_TEXT } from '@xaalis/contracts';
import { dataError, type RunningService } from '@xaalis/service-kit';
import { asTenant } from './test-support';
import { http, invoicePayload, startWithWorlds, type InvoicingWorld } from './test-support/invoicing';
import { invoiceError } from './modules/invoices';

// Never a 500 on input: a NUL byte in any text, amounts and sums beyond
// numeric(15,2). Real service, real Postgres; each case was a 500 before.
let service: RunningService;
let w: InvoicingWorld;

beforeAll(async () => {
  ({ service, w } = await startWithWorlds());
}, 60_000);
afterAll(() => service?.close());

const NUL = 'Facture\u0000 piégée';
const MAX = '9999999999999.99';

const entryPayload = (over: { description?: string; lineDescription?: string; amount?: string } = {}) => ({
  entry: { number: 'OD-2026-09001', journal: 'OD', date: '2026-03-14', description: over.description ?? 'Écriture de test' },
  lines: [
    { accountId: w.accounts.get('6222')!.id, description: over.lineDescription ?? 'Loyer', debit: over.amount ?? '1000', credit: '0' },
    { accountId: w.accounts.get('6222')!.id, description: 'Loyer', debit: over.amount ?? '1000', credit: '0' },
    { accountId: w.accounts.get('521')!.id, description: 'Banque', debit: '0', credit: over.amount ?? '1000' },
    { accountId: w.accounts.get('571')!.id, description: 'Caisse', debit: '0', credit: over.amount ?? '1000' },
  ],
});

const postEntry = (body: object) =>
  http(service).post(`/api/companies/${w.company.id}/accounting-entries`).set(asTenant(w.company.id)).send(body);
const postInvoice = (body: object) => http(service).post(`/api/companies/${w.company.id}/invoices`).set(asTenant(w.company.id)).send(body);

/** A 400 whose French message is `message`, never a 500. */
function refusedWith(res: { status: number; body: { message?: string } }, message: string) {
  expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
}

describe('a NUL byte in any text is a French 400, never a 500', () => {
  it('in an entry description and a line description', async () => {
    refusedWith(await postEntry(entryPayload({ description: NUL })), MESSAGES_TEXT.nulByte);
    refusedWith(await postEntry(entryPayload({ lineDescription: NUL })), MESSAGES_TEXT.nulByte);
  });

  it('in an invoice line description and the notes', async () => {
    const line = { description: NUL, quantity: '1', unitPrice: '1000', accountId: null, inventoryItemId: null, useExistingProduct: false };
    refusedWith(await postInvoice(invoicePayload(w, {}, [line])), MESSAGES_TEXT.nulByte);
    refusedWith(await postInvoice(invoicePayload(w, { notes: NUL })), MESSAGES_TEXT.nulByte);
  });

  it('in a third party name', async () => {
    const res = await http(service)
      .post(`/api/companies/${w.company.id}/third-parties`)
      .set(asTenant(w.company.id))
      .send({ type: 'client', name: NUL });
    refusedWith(res, MESSAGES_TEXT.nulByte);
  });

  it('in a search query parameter', async () => {
    for (const path of ['invoices', 'accounting-entries', 'inventory']) {
      const res = await http(service).get(`/api/companies/${w.company.id}/${path}?search=a%00b`).set(asTenant(w.company.id));
      refusedWith(res, MESSAGES_TEXT.nulByte);
    }
  });
});

describe('amounts and sums beyond numeric(15,2) are a French 400, never a 500', () => {
  it('an entry whose lines fit but whose total does not', async () => {
    refusedWith(await postEntry(entryPayload({ amount: MAX })), MESSAGES_MONEY.totalTooLarge);
    // One amount beyond the column itself.
    refusedWith(await postEntry(entryPayload({ amount: '99999999999999' })), MESSAGES_MONEY.tooLarge);
  });

  it('an invoice whose line total (quantity × price) overflows: an amount message, not a stock one', async () => {
    const line = {
      description: 'Énorme',
      quantity: '9999999',
      unitPrice: MAX,
      accountId: null,
      inventoryItemId: null,
      useExistingProduct: false,
    };
    const res = await postInvoice(invoicePayload(w, {}, [line]));
    refusedWith(res, MESSAGES_MONEY.totalTooLarge);
    expect(res.body.message).not.toBe(MESSAGES_INVENTORY.stockOverflow);
  });

  it('an invoice whose lines fit but whose total incl. VAT does not', async () => {
    const line = {
      description: 'Presque',
      quantity: '1',
      unitPrice: '9000000000000',
      accountId: null,
      inventoryItemId: null,
      useExistingProduct: false,
    };
    refusedWith(await postInvoice(invoicePayload(w, {}, [line])), MESSAGES_MONEY.totalTooLarge);
    // Without VAT the same line fits.
    expect((await postInvoice(invoicePayload(w, { number: 'FV-2026-9001', vatRate: '0' }, [line]))).status).toBe(201);
  });

  it('a payment beyond numeric(15,2)', async () => {
    const res = await http(service)
      .post('/api/payments')
      .set(asTenant(w.company.id))
      .send({ type: 'expense', companyId: w.company.id, date: '2026-03-20', method: 'bank', amount: '10000000000000' });
    refusedWith(res, MESSAGES_MONEY.tooLarge);
  });

  it("a database overflow of an invoice's amounts is not reported as a stock error", async () => {
    // What the invoices service saw before the contracts' bounds: Postgres' 22003.
    const overflow = await service.ctx.sequelize
      .query('SELECT $1::numeric(15,2) AS total', { bind: ['99999999999999.00'], type: QueryTypes.SELECT })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(overflow).not.toBeNull();
    const mapped = invoiceError(overflow);
    expect((mapped as { message?: string }).message).not.toBe(MESSAGES_INVENTORY.stockOverflow);
    expect(dataError(mapped)?.message).toBe(MESSAGES_HTTP.numericOverflow);
  });

  it('a stock overflow through an invoice is still the stock message', async () => {
    const line = {
      description: w.rice.name,
      quantity: '9999999',
      unitPrice: w.rice.unitCost,
      accountId: null,
      inventoryItemId: w.rice.id,
      useExistingProduct: true,
    };
    const created = await postInvoice(
      invoicePayload({ client: w.supplier }, { type: 'purchase', number: 'FA-2026-9001', thirdPartyId: w.supplier.id }, [line]),
    );
    expect(created.status).toBe(201);
    const res = await http(service)
      .patch(`/api/invoices/${(created.body as { id: string }).id}/validate`)
      .set(asTenant(w.company.id));
    refusedWith(res, MESSAGES_INVENTORY.stockOverflow);
  });
});
