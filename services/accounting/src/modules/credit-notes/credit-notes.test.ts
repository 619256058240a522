import type { CreditNote, CreditNoteListResponse, Invoice, InvoiceInput } from '@xaalis/contracts';
import { pdfText, type RunningService } from '@xaalis/service-kit';
import { asTenant, binaryBody } from '../../test-support';
import {
  balances,
  entryLines,
  http,
  invoicePayload,
  payOk,
  startWithWorlds,
  stockOf,
  validatedInvoice,
  type InvoicingWorld,
} from '../../test-support/invoicing';

// Credit notes end to end: real service, real Postgres.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;

beforeAll(async () => ({ service, w, other } = await startWithWorlds()));
afterAll(() => service.close());

const credit = (invoiceId: string, body: object, companyId = w.company.id) =>
  http(service).post(`/api/invoices/${invoiceId}/credit-notes`).set(asTenant(companyId)).send(body);
const invoice = async (id: string, companyId = w.company.id) =>
  (await http(service).get(`/api/invoices/${id}`).set(asTenant(companyId)).expect(200)).body as Invoice;
const riceLine = (quantity: string) => ({
  description: w.rice.name,
  quantity,
  unitPrice: w.rice.unitCost,
  accountId: null,
  inventoryItemId: w.rice.id,
  useExistingProduct: true,
});
const serviceLine = (unitPrice = '100000') => ({
  description: 'Conseil',
  quantity: '1',
  unitPrice,
  accountId: null,
  inventoryItemId: null,
  useExistingProduct: false,
});
const sale = (lines: InvoiceInput['lines'] = [serviceLine()], over = {}) =>
  validatedInvoice(service, w.company.id, invoicePayload(w, { number: 'FV-2026-0001', ...over }, lines));

describe('credit notes', () => {
  it('a partial credit note by lines: reverse posting, stock back, balance lowered, AV numbering, Avoir partiel', async () => {
    const stockBefore = (await stockOf(service, w.company.id, w.rice.id)).currentStock;
    const inv = await sale([riceLine('4'), serviceLine('50000')]);
    const riceLineId = inv.lines![0].id;
    const res = await credit(inv.id, {
      reason: 'Deux sacs abîmés',
      lines: [{ invoiceLineId: riceLineId, quantity: '2' }],
      restock: true,
    }).expect(201);
    const note = res.body as CreditNote;
    expect(note.number).toMatch(/^AV-\d{4}-\d{4}$/);
    expect(note).toMatchObject({ invoiceId: inv.id, subtotal: '50000.00', vatAmount: '9000.00', total: '59000.00', remaining: '0.00' });
    const { journal, lines } = await entryLines(service, note.entryId);
    expect(journal).toBe('VT');
    expect(lines).toEqual([
      ['701', '50000.00', '0.00', null],
      ['4431', '9000.00', '0.00', null],
      ['4111', '0.00', '59000.00', w.client.id],
    ]);
    expect(Number((await stockOf(service, w.company.id, w.rice.id)).currentStock)).toBe(Number(stockBefore) - 2);
    const after = await invoice(inv.id);
    expect(after).toMatchObject({ creditStatus: 'partial', creditedAmount: '59000.00', creditTotal: '59000.00' });
    expect(after.balanceDue).toBe('118000.00'); // 177 000 − 59 000
    // Its remainder: the rest of the rice line and the whole service line, VAT to the cent; then nothing is left.
    const rest = (await credit(inv.id, { reason: 'Annulation du reste' }).expect(201)).body as CreditNote;
    expect(rest.total).toBe('118000.00');
    expect(Number(rest.number.slice(-4))).toBe(Number(note.number.slice(-4)) + 1);
    expect(await invoice(inv.id)).toMatchObject({ creditStatus: 'full', balanceDue: '0.00', status: 'validated' });
    expect((await credit(inv.id, { reason: 'Encore' }).expect(409)).body.message).toBe(
      'Cette facture est déjà entièrement couverte par des avoirs',
    );
  });

  it('an invoice and its full credit note net every account to zero', async () => {
    const w2 = w;
    const before = await balances(service, w2.company.id);
    const inv = await sale([serviceLine('33333.33'), riceLine('3')], { vatRate: '18.00' });
    await credit(inv.id, { reason: 'Erreur de facturation', lines: [{ invoiceLineId: inv.lines![0].id, quantity: '1' }] }).expect(201);
    await credit(inv.id, { reason: 'Remise', amount: '1000.01' }).expect(201);
    await credit(inv.id, { reason: 'Solde' }).expect(201);
    const after = await balances(service, w2.company.id);
    for (const code of ['4111', '4431', '701', '706']) expect(after.get(code) ?? '0').toBe(before.get(code) ?? '0');
  });

  it('a credit note above the unpaid amount leaves a credit: refunded, or set against another invoice of the client', async () => {
    const inv = await sale();
    await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: inv.id, amount: '100000', date: '2026-03-20' });
    const note = (await credit(inv.id, { reason: 'Prestation non réalisée', date: '2026-03-25' }).expect(201)).body as CreditNote;
    expect(note).toMatchObject({ total: '118000.00', appliedAmount: '18000.00', remaining: '100000.00' });
    // Paid 100 000 + credited 18 000 = total: settled.
    expect(await invoice(inv.id)).toMatchObject({ status: 'paid', balanceDue: '0.00', creditStatus: 'full' });

    const second = await sale([serviceLine('50000')]);
    // Where the credit can go: the client's invoices still to be paid (the 'Imputer' dialog's list).
    const payable = (
      await http(service)
        .get(`/api/companies/${w.company.id}/invoices`)
        .query({ thirdPartyId: inv.thirdPartyId, payable: 'true' })
        .set(asTenant(w.company.id))
        .expect(200)
    ).body as { items: { id: string; thirdPartyId: string }[] };
    expect(payable.items.map((i) => i.id)).toContain(second.id);
    expect(payable.items.map((i) => i.id)).not.toContain(inv.id);
    expect(new Set(payable.items.map((i) => i.thirdPartyId))).toEqual(new Set([inv.thirdPartyId]));
    const applied = (
      await http(service).post(`/api/credit-notes/${note.id}/apply`).set(asTenant(w.company.id)).send({ invoiceId: second.id }).expect(201)
    ).body as CreditNote;
    expect(applied.remaining).toBe('41000.00');
    expect(await invoice(second.id)).toMatchObject({ balanceDue: '0.00', creditStatus: 'none', status: 'validated' });
    // Another client's invoice: refused.
    const supplierInvoice = await validatedInvoice(
      service,
      w.company.id,
      invoicePayload(w, { type: 'purchase', number: 'FA-2026-0001', thirdPartyId: w.supplier.id }),
    );
    await http(service)
      .post(`/api/credit-notes/${note.id}/apply`)
      .set(asTenant(w.company.id))
      .send({ invoiceId: supplierInvoice.id })
      .expect(400);

    const refunded = (
      await http(service)
        .post(`/api/credit-notes/${note.id}/refund`)
        .set(asTenant(w.company.id))
        .send({ method: 'orange', date: '2026-03-28' })
        .expect(201)
    ).body as CreditNote;
    expect(refunded).toMatchObject({ refundedAmount: '41000.00', remaining: '0.00' });
    await http(service).post(`/api/credit-notes/${note.id}/refund`).set(asTenant(w.company.id)).send({ method: 'bank' }).expect(409);

    const list = (
      await http(service)
        .get(`/api/companies/${w.company.id}/credit-notes`)
        .query({ invoiceId: inv.id })
        .set(asTenant(w.company.id))
        .expect(200)
    ).body as CreditNoteListResponse;
    expect(list.items.map((n) => n.id)).toEqual([note.id]);
    const pdf = await http(service)
      .get(`/api/credit-notes/${note.id}/pdf`)
      .set(asTenant(w.company.id))
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(pdfText(pdf.body as Buffer)).toContain(`Avoir sur facture ${inv.number}`);
  });

  it('supplier credit notes: AF series, the mirror posting, goods back to the supplier', async () => {
    const stockBefore = Number((await stockOf(service, w.company.id, w.rice.id)).currentStock);
    const inv = await validatedInvoice(
      service,
      w.company.id,
      invoicePayload(w, { type: 'purchase', number: 'FA-2026-0001', thirdPartyId: w.supplier.id }, [riceLine('5')]),
    );
    const note = (
      await credit(inv.id, {
        reason: 'Retour fournisseur',
        lines: [{ invoiceLineId: inv.lines![0].id, quantity: '1', restock: true }],
      }).expect(201)
    ).body as CreditNote;
    expect(note.number).toMatch(/^AF-/);
    expect((await entryLines(service, note.entryId)).lines).toEqual([
      ['4011', '29500.00', '0.00', w.supplier.id],
      ['601', '0.00', '25000.00', null],
      ['4452', '0.00', '4500.00', null],
    ]);
    expect(Number((await stockOf(service, w.company.id, w.rice.id)).currentStock)).toBe(stockBefore + 5 - 1);
  });

  it("'Annuler' on a validated invoice answers a full credit note; a draft is still cancelled", async () => {
    const inv = await sale();
    const res = await http(service).post(`/api/invoices/${inv.id}/cancel`).set(asTenant(w.company.id)).expect(200);
    expect(res.body).toMatchObject({ invoiceId: inv.id, total: '118000.00' });
    expect((res.body as CreditNote).number).toMatch(/^AV-/);
    expect(await invoice(inv.id)).toMatchObject({ creditStatus: 'full', balanceDue: '0.00' });
  });

  it('refuses bad input in French and numbers credit notes without gaps under concurrency', async () => {
    const inv = await sale([serviceLine('1000')]);
    expect((await credit(inv.id, {}).expect(400)).body.message).toBe("Motif de l'avoir requis");
    expect((await credit(inv.id, { reason: 'x', amount: '999999' }).expect(400)).body.message).toBe(
      "Le montant de l'avoir dépasse le montant restant à créditer sur la facture",
    );
    expect(
      (await credit(inv.id, { reason: 'x', lines: [{ invoiceLineId: inv.lines![0].id, quantity: '2' }] }).expect(400)).body.message,
    ).toBe('Quantité supérieure à la quantité restant à créditer sur cette ligne');
    const invoices = await Promise.all([1, 2, 3, 4, 5].map(() => sale([serviceLine('1000')])));
    const notes = await Promise.all(invoices.map((i) => credit(i.id, { reason: 'Concurrence' }).expect(201)));
    const numbers = notes.map((r) => Number((r.body as CreditNote).number.slice(-4))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i));
  });

  it("another company's invoice or credit note is a 404", async () => {
    const inv = await sale();
    const note = (await credit(inv.id, { reason: 'Test' }).expect(201)).body as CreditNote;
    const o = asTenant(other.company.id);
    await http(service).post(`/api/invoices/${inv.id}/credit-notes`).set(o).send({}).expect(404);
    await http(service).get(`/api/credit-notes/${note.id}`).set(o).expect(404);
    await http(service).get(`/api/credit-notes/${note.id}/pdf`).set(o).expect(404);
    await http(service).post(`/api/credit-notes/${note.id}/refund`).set(o).send({}).expect(404);
    await http(service).post(`/api/credit-notes/${note.id}/apply`).set(o).send({}).expect(404);
    const list = (await http(service).get(`/api/companies/${other.company.id}/credit-notes`).set(o).expect(200))
      .body as CreditNoteListResponse;
    expect(list.items.find((n) => n.id === note.id)).toBeUndefined();
  });
});
