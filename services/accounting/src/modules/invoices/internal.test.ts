import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import request from 'supertest';
import {
  MAX_INTERNAL_IDS,
  MESSAGES_INTERNAL_INVOICE,
  MESSAGES_INVOICE,
  type InternalInvoiceInput,
  type InternalInvoiceSummary,
  type InternalThirdParty,
  type Invoice,
} from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { entryLines, payOk, startWithWorlds, type InvoicingWorld } from '../../test-support/invoicing';
import { TOKEN, asTenant, createThirdParty } from '../../test-support';

// The internal invoice routes the sector service calls (hotel, services), on the real service and database.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;

const internal = (path: string) => `/internal/companies/${path}`;
const post = (companyId: string, body: object) =>
  request(service.app)
    .post(internal(`${companyId}/invoices`))
    .set('X-Internal-Token', TOKEN)
    .send(body);
const read = (companyId: string, ids: string) =>
  request(service.app)
    .get(internal(`${companyId}/invoices`))
    .query({ ids })
    .set('X-Internal-Token', TOKEN);
const full = async (companyId: string, id: string) =>
  (await request(service.app).get(`/api/invoices/${id}`).set(asTenant(companyId)).expect(200)).body as Invoice;
const nextNumber = async (companyId: string) =>
  (
    (
      await request(service.app)
        .get(`/api/companies/${companyId}/invoices/next-number`)
        .query({ type: 'service', date: '2026-05-02' })
        .set(asTenant(companyId))
        .expect(200)
    ).body as { number: string }
  ).number;
const invoiceCount = async (companyId: string) =>
  Number(
    (
      await service.ctx.sequelize.query<{ n: string }>('SELECT count(*) AS n FROM accounting.invoices WHERE company_id = $1', {
        bind: [companyId],
        type: QueryTypes.SELECT,
      })
    )[0].n,
  );

/** A reservation's invoice: 3 nights at 25 000 HT, validated. */
const body = (over: Partial<InternalInvoiceInput> = {}): InternalInvoiceInput => ({
  sourceId: `reservation:${randomUUID()}`,
  type: 'service',
  validate: true,
  date: '2026-05-02',
  client: { thirdPartyId: w.client.id },
  lines: [{ description: 'Chambre 101 — 3 nuits', quantity: '3', unitPrice: '25000' }],
  ...over,
});

beforeAll(async () => ({ service, w, other } = await startWithWorlds()));
afterAll(() => service.close());

describe('internal invoice routes', () => {
  it('require the internal token', async () => {
    await request(service.app)
      .post(internal(`${w.company.id}/invoices`))
      .send(body())
      .expect(403);
    await request(service.app)
      .get(internal(`${w.company.id}/invoices`))
      .set('X-Internal-Token', 'wrong')
      .expect(403);
    await request(service.app)
      .get(internal(`${w.company.id}/third-parties`))
      .expect(403);
  });

  it('creates a validated service invoice like a user’s: FS number of its series, totals with the default VAT, VT entry that balances', async () => {
    const expected = await nextNumber(w.company.id);
    const res = await post(w.company.id, body({ notes: 'Séjour' })).expect(201);
    const summary = res.body as InternalInvoiceSummary;
    expect(summary).toEqual({
      id: expect.any(String),
      number: expected,
      status: 'validated',
      total: '88500.00',
      paidAmount: '0.00',
      date: '2026-05-02',
      thirdPartyId: w.client.id,
      sourceId: expect.stringMatching(/^reservation:/),
    });
    expect(summary.number).toMatch(/^FS-2026-\d{4}$/);
    const invoice = await full(w.company.id, summary.id);
    expect(invoice).toMatchObject({
      type: 'service',
      subtotal: '75000.00',
      vatRate: '18.00',
      vatAmount: '13500.00',
      total: '88500.00',
      paymentMethod: 'cash',
      notes: 'Séjour',
      balanceDue: '88500.00',
      client: expect.objectContaining({ name: 'Sonatel' }),
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({ description: 'Chambre 101 — 3 nuits', quantity: '3.000', unitPrice: '25000.00', total: '75000.00' }),
    ]);
    const entry = await entryLines(service, invoice.entryId as string);
    expect(entry.journal).toBe('VT');
    expect(entry.status).toBe('validated');
    expect(entry.lines).toEqual([
      ['4111', '88500.00', '0.00', w.client.id],
      ['706', '0.00', '75000.00', null],
      ['4431', '0.00', '13500.00', null],
    ]);
    const sum = (i: number) => entry.lines.reduce((a, l) => a + BigInt((l[i] as string).replace('.', '')), 0n);
    expect(sum(1)).toBe(sum(2));
    // The next invoice of the series follows it.
    expect(await nextNumber(w.company.id)).not.toBe(expected);
  });

  it('creates a draft when validate is false (numbered, not posted), with the VAT rate sent and exact decimals', async () => {
    const res = await post(
      w.company.id,
      body({ validate: false, vatRate: '10', lines: [{ description: 'Heures projet', quantity: '7.25', unitPrice: '15000.50' }] }),
    ).expect(201);
    const summary = res.body as InternalInvoiceSummary;
    expect(summary).toMatchObject({ status: 'draft', total: '119628.99', paidAmount: '0.00' });
    expect(summary.number).toMatch(/^FS-2026-\d{4}$/);
    const invoice = await full(w.company.id, summary.id);
    expect(invoice).toMatchObject({ status: 'draft', entryId: null, subtotal: '108753.63', vatRate: '10.00', vatAmount: '10875.36' });
  });

  it('is idempotent by (company, sourceId): a replay answers the first invoice (200), sequential or concurrent', async () => {
    const payload = body();
    const first = (await post(w.company.id, payload).expect(201)).body as InternalInvoiceSummary;
    const before = await invoiceCount(w.company.id);
    const again = await post(w.company.id, { ...payload, lines: [{ description: 'Autre', quantity: '1', unitPrice: '1' }] }).expect(200);
    expect(again.body).toEqual(first);

    const concurrentPayload = body({ client: { name: `Client parallèle ${randomUUID().slice(0, 6)}` } });
    const results = await Promise.all(Array.from({ length: 6 }, () => post(w.company.id, concurrentPayload)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => (r.body as InternalInvoiceSummary).id)).size).toBe(1);
    expect(await invoiceCount(w.company.id)).toBe(before + 1);
    const clients = (
      await request(service.app)
        .get(internal(`${w.company.id}/third-parties`))
        .set('X-Internal-Token', TOKEN)
        .expect(200)
    ).body as InternalThirdParty[];
    expect(clients.filter((c) => c.name === (concurrentPayload.client as { name: string }).name)).toHaveLength(1);

    // The same source id in another company is another invoice.
    const foreign = (await post(other.company.id, { ...payload, client: { thirdPartyId: other.client.id } }).expect(201))
      .body as InternalInvoiceSummary;
    expect(foreign.id).not.toBe(first.id);
  });

  it('finds the client by name (trimmed, case-insensitive; a client or both, never a supplier), else creates it', async () => {
    const existing = await createThirdParty(service, w.company.id, { type: 'client', name: 'Awa Ndiaye' });
    const found = (await post(w.company.id, body({ client: { name: '  awa NDIAYE ' } })).expect(201)).body as InternalInvoiceSummary;
    expect(found.thirdPartyId).toBe(existing.id);

    const both = await createThirdParty(service, w.company.id, { type: 'both', name: 'Hôtel Teranga' });
    expect(
      ((await post(w.company.id, body({ client: { name: 'hôtel teranga' } })).expect(201)).body as InternalInvoiceSummary).thirdPartyId,
    ).toBe(both.id);

    // A supplier of that name is not the client: a client is created (with its contact details).
    const supplierName = `Fournisseur ${randomUUID().slice(0, 6)}`;
    const supplier = await createThirdParty(service, w.company.id, { type: 'supplier', name: supplierName });
    const created = (
      await post(
        w.company.id,
        body({ client: { name: ` ${supplierName} `, phone: '+221 77 000 00 00', email: 'client@example.sn' } }),
      ).expect(201)
    ).body as InternalInvoiceSummary;
    expect(created.thirdPartyId).not.toBe(supplier.id);
    const tp = (
      await request(service.app)
        .get(`/api/companies/${w.company.id}/third-parties`)
        .query({ pageSize: 100 })
        .set(asTenant(w.company.id))
        .expect(200)
    ).body.items as {
      id: string;
      name: string;
      type: string;
      phone: string | null;
      email: string | null;
    }[];
    expect(tp.find((t) => t.id === created.thirdPartyId)).toMatchObject({
      name: supplierName,
      type: 'client',
      phone: '+221 77 000 00 00',
      email: 'client@example.sn',
    });
    // Another company's client of the same name is not used.
    const foreign = (await post(other.company.id, body({ client: { name: 'Awa Ndiaye' } })).expect(201)).body as InternalInvoiceSummary;
    expect(foreign.thirdPartyId).not.toBe(existing.id);
  });

  it('creates one client for concurrent invoices (different sources) naming the same new client', async () => {
    const name = `Nouveau client ${randomUUID().slice(0, 6)}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post(w.company.id, body({ client: { name: i % 2 ? name : name.toUpperCase() } }))),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => (r.body as InternalInvoiceSummary).id)).size).toBe(5);
    expect(new Set(results.map((r) => (r.body as InternalInvoiceSummary).thirdPartyId)).size).toBe(1);
  });

  it('refuses an unknown or another company’s thirdPartyId (404), creating nothing and leaving the source id free', async () => {
    const sourceId = `reservation:${randomUUID()}`;
    const before = await invoiceCount(w.company.id);
    for (const thirdPartyId of [randomUUID(), other.client.id]) {
      const res = await post(w.company.id, body({ sourceId, client: { thirdPartyId } })).expect(404);
      expect(res.body.message).toBe(MESSAGES_INTERNAL_INVOICE.clientNotFound);
    }
    expect(await invoiceCount(w.company.id)).toBe(before);
    await post(w.company.id, body({ sourceId })).expect(201);
  });

  it('refuses bad input with a French 400, an unknown company with a 404, a zero total to validate with a 400', async () => {
    const message = async (b: object) => ((await post(w.company.id, b).expect(400)).body as { message: string }).message;
    expect(await message(body({ sourceId: '' }))).toBe(MESSAGES_INTERNAL_INVOICE.sourceIdRequired);
    expect(await message(body({ lines: [] }))).toBe(MESSAGES_INVOICE.oneLine);
    expect(await message(body({ date: '2026-02-30' }))).toBe(MESSAGES_INVOICE.dateRequired);
    expect(await message(body({ vatRate: '101' }))).toBe(MESSAGES_INVOICE.vatRateInvalid);
    expect(await message({ ...body(), type: 'sale' })).toBe(MESSAGES_INTERNAL_INVOICE.typeInvalid);
    expect(await message({ ...body(), client: {} })).toBe(MESSAGES_INTERNAL_INVOICE.clientRequired);
    expect(await message(body({ lines: [{ description: 'X', quantity: '0', unitPrice: '1' }] }))).toBe(MESSAGES_INVOICE.quantityInvalid);
    expect(await message(body({ lines: [{ description: '', quantity: '1', unitPrice: '1' }] }))).toBe(MESSAGES_INVOICE.descriptionRequired);

    const sourceId = `reservation:${randomUUID()}`;
    const zero = await post(w.company.id, body({ sourceId, lines: [{ description: 'Offert', quantity: '1', unitPrice: '0' }] })).expect(
      400,
    );
    expect(zero.body.message).toBe(MESSAGES_INVOICE.zeroTotal);
    await post(w.company.id, body({ sourceId })).expect(201);

    await post(randomUUID(), body()).expect(404);
    await post('not-a-uuid', body()).expect(404);
  });

  it('reads the listed invoices of the company in one call, with the paid amount; foreign and malformed ids dropped', async () => {
    const a = (await post(w.company.id, body()).expect(201)).body as InternalInvoiceSummary;
    const b = (await post(w.company.id, body({ validate: false })).expect(201)).body as InternalInvoiceSummary;
    const foreign = (await post(other.company.id, body({ client: { thirdPartyId: other.client.id } })).expect(201))
      .body as InternalInvoiceSummary;
    await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: a.id, amount: '30000', date: '2026-05-10' });

    const res = (await read(w.company.id, [a.id, b.id, foreign.id, 'nope', randomUUID()].join(',')).expect(200))
      .body as InternalInvoiceSummary[];
    expect(res.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    expect(res.find((i) => i.id === a.id)).toEqual({ ...a, paidAmount: '30000.00' });
    expect(res.find((i) => i.id === b.id)).toEqual(b);
    expect((await read(other.company.id, a.id).expect(200)).body).toEqual([]);
    expect((await read(w.company.id, '').expect(200)).body).toEqual([]);
    const tooMany = Array.from({ length: MAX_INTERNAL_IDS + 1 }, () => randomUUID()).join(',');
    expect((await read(w.company.id, tooMany).expect(400)).body.message).toBe(MESSAGES_INTERNAL_INVOICE.tooManyIds);
    await read('not-a-uuid', a.id).expect(404);
  });
});
