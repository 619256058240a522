import type { Invoice, Quote, QuoteListResponse } from '@xaalis/contracts';
import { pdfText, type RunningService } from '@xaalis/service-kit';
import { asTenant, binaryBody } from '../../test-support';
import { http, startWithWorlds, type InvoicingWorld } from '../../test-support/invoicing';
import { quotesService } from './service';

// Quotes end to end: real service, real Postgres.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;
beforeAll(async () => ({ service, w, other } = await startWithWorlds()));
afterAll(() => service.close());

const t = () => asTenant(w.company.id);
const body = (over: object = {}) => ({
  quote: { clientId: w.client.id, date: '2026-03-01', validUntil: '2099-03-31', notes: 'Offre valable 30 jours', ...over },
  lines: [
    { description: 'Audit comptable', quantity: '2', unitPrice: '150000' },
    { description: w.rice.name, quantity: '3', unitPrice: w.rice.unitCost, inventoryItemId: w.rice.id },
  ],
});
const create = async (over: object = {}) =>
  (await http(service).post(`/api/companies/${w.company.id}/quotes`).set(t()).send(body(over)).expect(201)).body as Quote;
const act = (id: string, action: string, status = 200) => http(service).post(`/api/quotes/${id}/${action}`).set(t()).expect(status);

it('creates, edits, sends, accepts and converts a quote once; nothing is posted', async () => {
  const q = await create();
  expect(q).toMatchObject({ status: 'draft', subtotal: '375000.00', vatAmount: '67500.00', total: '442500.00' });
  expect(q.number).toMatch(/^DV-2026-\d{4}$/);
  const edited = (
    await http(service)
      .put(`/api/quotes/${q.id}`)
      .set(t())
      .send(body({ notes: 'Révisé' }))
      .expect(200)
  ).body as Quote;
  expect(edited.notes).toBe('Révisé');
  await act(q.id, 'accept', 409);
  expect((await act(q.id, 'send')).body).toMatchObject({ status: 'sent', issuer: { name: w.company.name } });
  await http(service).put(`/api/quotes/${q.id}`).set(t()).send(body()).expect(409);
  expect((await act(q.id, 'accept')).body.status).toBe('accepted');
  const invoice = (await act(q.id, 'convert', 201)).body as Invoice;
  expect(invoice).toMatchObject({ status: 'draft', total: '442500.00', thirdPartyId: w.client.id, quoteId: q.id });
  expect(invoice.lines).toHaveLength(2);
  expect((await act(q.id, 'convert', 409)).body.message).toBe('Ce devis a déjà été converti en facture');
  expect((await http(service).get(`/api/quotes/${q.id}`).set(t()).expect(200)).body).toMatchObject({
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
  });
  const [{ n }] = await service.ctx.sequelize.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM accounting.accounting_entries WHERE company_id = $1 AND source_type = 'quote'`,
    { bind: [w.company.id], type: 'SELECT' as never },
  );
  expect(n).toBe(0);
  const pdf = await http(service).get(`/api/quotes/${q.id}/pdf`).set(t()).buffer(true).parse(binaryBody).expect(200);
  const text = pdfText(pdf.body as Buffer);
  expect(text).toContain('DEVIS');
  expect(text).toContain(q.number);
});

it('refuses, expires, deletes drafts only, and refuses bad input in French', async () => {
  const refused = await create();
  await act(refused.id, 'send');
  expect((await act(refused.id, 'refuse')).body.status).toBe('refused');
  await act(refused.id, 'convert', 409);

  const old = await create({ date: '2026-01-01', validUntil: '2026-01-31' });
  await act(old.id, 'send');
  expect(await quotesService(service.ctx.sequelize).expire('2026-02-01')).toBeGreaterThanOrEqual(1);
  expect((await http(service).get(`/api/quotes/${old.id}`).set(t()).expect(200)).body.status).toBe('expired');

  await http(service).delete(`/api/quotes/${refused.id}`).set(t()).expect(409);
  const draft = await create();
  await http(service).delete(`/api/quotes/${draft.id}`).set(t()).expect(204);
  await http(service).get(`/api/quotes/${draft.id}`).set(t()).expect(404);

  const post = (b: object) => http(service).post(`/api/companies/${w.company.id}/quotes`).set(t()).send(b);
  expect((await post(body({ validUntil: '2026-02-01' })).expect(400)).body.message).toBe(
    'La date de validité ne peut pas précéder la date du devis',
  );
  expect((await post(body({ clientId: other.client.id })).expect(400)).body.message).toBe('Client introuvable');
  expect((await post({ quote: body().quote, lines: [] }).expect(400)).body.message).toBe('Au moins une ligne requise');
});

it('numbers quotes without gaps under concurrency and keeps them to their company', async () => {
  const made = await Promise.all([1, 2, 3, 4, 5, 6].map(() => create()));
  const seq = made.map((q) => Number(q.number.slice(-4))).sort((a, b) => a - b);
  expect(seq).toEqual(seq.map((_, i) => seq[0] + i));
  const o = asTenant(other.company.id);
  await http(service).get(`/api/quotes/${made[0].id}`).set(o).expect(404);
  await http(service).put(`/api/quotes/${made[0].id}`).set(o).send({}).expect(404);
  await http(service).post(`/api/quotes/${made[0].id}/send`).set(o).expect(404);
  await http(service).get(`/api/quotes/${made[0].id}/pdf`).set(o).expect(404);
  const list = (await http(service).get(`/api/companies/${w.company.id}/quotes`).query({ pageSize: 2 }).set(t()).expect(200))
    .body as QuoteListResponse;
  expect(list.items).toHaveLength(2);
  expect(list.totalItems).toBeGreaterThanOrEqual(6);
});
