import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import type { Invoice, InvoiceListResponse, InventoryItem, VatCode } from '@xaalis/contracts';
import { pdfText, type RunningService } from '@xaalis/service-kit';
import { asTenant, binaryBody, TOKEN, workbookOf } from '../../test-support';
import {
  balances,
  createInvoice,
  entryLines,
  http,
  invoicePayload,
  invoicingWorld,
  payOk,
  startWithWorlds,
  stockOf,
  validateInvoice,
  validatedInvoice,
  type InvoicingWorld,
} from '../../test-support/invoicing';

// The invoices API end to end: real service, real Postgres, the gateway's headers.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;

const url = (companyId: string) => `/api/companies/${companyId}/invoices`;
const post = (body: unknown, companyId = w.company.id) =>
  http(service)
    .post(url(companyId))
    .set(asTenant(companyId))
    .send(body as object);
const line = (over: object = {}) => ({
  description: 'Prestation',
  quantity: '1',
  unitPrice: '100000',
  accountId: null,
  inventoryItemId: null,
  useExistingProduct: false,
  ...over,
});
/** The edit dialog's PUT of invoice `id`, as a user of `companyId`. */
const put = (id: string, body: object, companyId = w.company.id) =>
  http(service).put(`/api/invoices/${id}`).set(asTenant(companyId)).send(body);
const riceLine = (quantity: string, item: InventoryItem = w.rice) =>
  line({ description: item.name, quantity, unitPrice: item.unitCost, inventoryItemId: item.id, useExistingProduct: true });
const nextNumber = async (type: string, date: string, companyId = w.company.id) =>
  (
    await http(service)
      .get(`${url(companyId)}/next-number`)
      .query({ type, date })
      .set(asTenant(companyId))
      .expect(200)
  ).body.number as string;

/** 400 with this message (and the `{message, issues}` body). */
async function refused(body: unknown, message: string, status = 400) {
  const res = await post(body).expect(status);
  expect(res.body.message).toBe(message);
  if (status === 400) expect(Array.isArray(res.body.issues) || res.body.issues === undefined).toBe(true);
  return res.body as { message: string; issues?: { path: string; message: string }[] };
}

beforeAll(async () => ({ service, w, other } = await startWithWorlds()));
afterAll(() => service.close());

describe('validation (French messages from the contracts)', () => {
  it('refuses each invalid field of the invoice with its message', async () => {
    const base = invoicePayload(w);
    const inv = (over: object) => ({ ...base, invoice: { ...base.invoice, ...over } });
    await refused(inv({ type: 'avoir' }), 'Type de facture invalide');
    await refused(inv({ number: '' }), 'Numéro requis');
    await refused(inv({ number: '   ' }), 'Numéro requis');
    await refused(inv({ number: undefined }), 'Numéro requis');
    await refused(inv({ thirdPartyId: '' }), 'Client/Fournisseur requis');
    await refused(inv({ thirdPartyId: undefined }), 'Client/Fournisseur requis');
    await refused(inv({ date: '' }), 'Date requise');
    await refused(inv({ date: undefined }), 'Date requise');
    await refused(inv({ date: '2026-02-30' }), 'Date requise');
    await refused(inv({ paymentMethod: 'bitcoin' }), 'Mode de paiement invalide');
    await refused(inv({ vatRate: '101' }), 'Taux de TVA invalide');
    await refused(inv({ vatRate: '18.555' }), 'Taux de TVA invalide');
    await refused(inv({ dueDate: '2026-03-13' }), "L'échéance ne peut pas précéder la date de facture");
    await refused({ ...base, lines: [] }, 'Au moins une ligne requise');
    await refused({ invoice: base.invoice }, 'Au moins une ligne requise');
  });

  it('refuses each invalid field of a line with its message and path', async () => {
    const withLine = (over: object) => invoicePayload(w, {}, [line(over)]);
    const desc = await refused(withLine({ description: '' }), 'Description requise');
    expect(desc.issues).toEqual([{ path: 'lines.0.description', message: 'Description requise' }]);
    await refused(withLine({ description: undefined }), 'Description requise');
    await refused(withLine({ quantity: '' }), 'Quantité requise');
    await refused(withLine({ quantity: undefined }), 'Quantité requise');
    await refused(withLine({ quantity: '0' }), 'Quantité invalide (au plus trois décimales, supérieure à zéro)');
    await refused(withLine({ quantity: '1.2345' }), 'Quantité invalide (au plus trois décimales, supérieure à zéro)');
    await refused(withLine({ unitPrice: '' }), 'Prix unitaire requis');
    await refused(withLine({ unitPrice: undefined }), 'Prix unitaire requis');
    await refused(withLine({ unitPrice: '12.345' }), 'Montant invalide (nombre avec au plus deux décimales)');
    await refused(withLine({ unitPrice: '-5' }), 'Le montant ne peut pas être négatif');
  });

  it('refuses third parties, accounts and products that are not the company’s', async () => {
    await refused(invoicePayload(w, { thirdPartyId: other.client.id }), 'Client/Fournisseur introuvable');
    await refused(invoicePayload(w, {}, [line({ accountId: other.accounts.get('706')!.id })]), 'Compte introuvable');
    await refused(invoicePayload(w, {}, [riceLine('1', other.rice)]), 'Article introuvable');
    await refused(invoicePayload(w, {}, [line({ useExistingProduct: true })]), 'Article introuvable');
  });

  it('refuses a line account of the wrong class for the invoice type', async () => {
    const message =
      'Compte de ligne invalide : un compte de produits (classe 7) pour une vente ou une prestation, un compte de charges (classe 6) ou d’immobilisations (classe 2) pour un achat';
    await refused(invoicePayload(w, {}, [line({ accountId: w.accounts.get('601')!.id })]), message);
    await refused(
      invoicePayload(w, { type: 'purchase', thirdPartyId: w.supplier.id }, [line({ accountId: w.accounts.get('706')!.id })]),
      message,
    );
  });

  it("refuses a product line whose price is not the item's unit cost", async () => {
    const body = await refused(
      invoicePayload(w, {}, [line({ inventoryItemId: w.rice.id, useExistingProduct: true, unitPrice: '24000' })]),
      "Le prix unitaire d'une ligne article doit être le coût unitaire de l'article (Sac de riz 50 kg : 25000.00)",
    );
    expect(body.issues![0].path).toBe('lines.0.unitPrice');
  });

  it('refuses sent totals that differ from the lines, naming each one', async () => {
    const mismatch = 'Les montants envoyés ne correspondent pas aux lignes (sous-total, TVA ou total)';
    const sent = (over: object, lineOver: object = {}) => {
      const b = invoicePayload(w, {}, [line({ quantity: '3', unitPrice: '1000.10', ...lineOver })]);
      return { ...b, invoice: { ...b.invoice, ...over } };
    };
    expect((await refused(sent({ subtotal: '3000.00' }), mismatch)).issues).toEqual([{ path: 'invoice.subtotal', message: mismatch }]);
    expect((await refused(sent({ vatAmount: '540.00' }), mismatch)).issues).toEqual([{ path: 'invoice.vatAmount', message: mismatch }]);
    expect((await refused(sent({ total: '3540.36' }), mismatch)).issues).toEqual([{ path: 'invoice.total', message: mismatch }]);
    expect((await refused(sent({ total: 'beaucoup' }), mismatch)).issues).toEqual([{ path: 'invoice.total', message: mismatch }]);
    expect((await refused(sent({}, { total: '3000' }), mismatch)).issues).toEqual([{ path: 'lines.0.total', message: mismatch }]);
    // The right figures, as strings or numbers, with or without decimals: accepted.
    const ok = (await post(sent({ subtotal: '3000.30', vatAmount: 540.05, total: '3540.35' }, { total: 3000.3 })).expect(201))
      .body as Invoice;
    expect(ok).toMatchObject({ subtotal: '3000.30', vatAmount: '540.05', total: '3540.35' });
  });
});

describe('numbering', () => {
  it('proposes the next number per type and year without taking it', async () => {
    const fresh = await invoicingWorld(service);
    expect(await nextNumber('sale', '2026-05-01', fresh.company.id)).toBe('FV-2026-0001');
    expect(await nextNumber('purchase', '2026-05-01', fresh.company.id)).toBe('FA-2026-0001');
    expect(await nextNumber('service', '2025-12-31', fresh.company.id)).toBe('FS-2025-0001');
    expect(await nextNumber('sale', '2026-05-01', fresh.company.id)).toBe('FV-2026-0001');
    const res = await http(service)
      .get(`${url(fresh.company.id)}/next-number`)
      .set(asTenant(fresh.company.id))
      .expect(200);
    expect(res.body.number).toMatch(/^FV-\d{4}-0001$/);
    await http(service)
      .get(`${url(fresh.company.id)}/next-number`)
      .query({ type: 'avoir' })
      .set(asTenant(fresh.company.id))
      .expect(400);
  });

  it('replaces a counter-format number with the counter of its type and year, gap-free, even concurrently', async () => {
    const fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    const made = await Promise.all(
      Array.from({ length: 5 }, () => createInvoice(service, c, invoicePayload(fresh, { number: 'FV-2026-0001' }))),
    );
    expect(made.map((i) => i.number).sort()).toEqual(['FV-2026-0001', 'FV-2026-0002', 'FV-2026-0003', 'FV-2026-0004', 'FV-2026-0005']);
    // A proposal of another type or year: the invoice's own type and year win.
    const service2025 = await createInvoice(
      service,
      c,
      invoicePayload(fresh, { type: 'service', number: 'FV-2026-0042', date: '2025-06-01', dueDate: null }),
    );
    expect(service2025.number).toBe('FS-2025-0001');
    expect(await nextNumber('sale', '2026-01-01', c)).toBe('FV-2026-0006');
  });

  it('keeps a hand-typed number, unique in the company (409), reusable by another company', async () => {
    const typed = await createInvoice(service, w.company.id, invoicePayload(w, { number: 'F/2026/117' }));
    expect(typed.number).toBe('F/2026/117');
    const dup = await post(invoicePayload(w, { number: 'F/2026/117' })).expect(409);
    expect(dup.body).toEqual({ message: 'Ce numéro de facture existe déjà' });
    await createInvoice(service, other.company.id, invoicePayload(other, { number: 'F/2026/117' }));
  });

  it('keeps a draft’s counter number when it is edited within its type and year', async () => {
    const fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    const draft = await createInvoice(service, c, invoicePayload(fresh));
    const edited = (await put(draft.id, invoicePayload(fresh, { number: 'FV-2026-0099', notes: 'modifiée' }), c).expect(200))
      .body as Invoice;
    expect(edited).toMatchObject({ number: draft.number, notes: 'modifiée' });
    expect(await nextNumber('sale', '2026-01-01', c)).toBe('FV-2026-0002');
    // Giving the number up would leave a gap: another type, another year or a typed number are refused.
    const locked = 'Une facture numérotée automatiquement garde son numéro, son type et son année : annulez-la et créez-en une autre';
    for (const over of [{ type: 'service' as const }, { date: '2025-12-31', dueDate: null }, { number: 'MANUEL-1' }]) {
      const res = await put(draft.id, invoicePayload(fresh, over), c).expect(400);
      expect(res.body.message).toBe(locked);
    }
    // A hand-numbered draft may change its number, type and year.
    const typed = await createInvoice(service, c, invoicePayload(fresh, { number: 'MANUEL-2' }));
    const renumbered = (await put(typed.id, invoicePayload(fresh, { type: 'service', number: 'FS-2026-0001' }), c).expect(200))
      .body as Invoice;
    expect(renumbered.number).toBe('FS-2026-0001');
  });
});

describe('drafts', () => {
  it('creates a draft; the server computes line totals, subtotal, VAT and total exactly', async () => {
    const inv = await createInvoice(
      service,
      w.company.id,
      invoicePayload(w, { paymentMethod: 'cheque', notes: 'Merci de votre confiance' }, [
        line({ description: 'Audit', quantity: '2.5', unitPrice: '1000.10' }),
        line({ description: 'Déplacement', quantity: '0.333', unitPrice: '0.05', accountId: w.accounts.get('7071')!.id }),
      ]),
    );
    expect(inv).toMatchObject({
      type: 'sale',
      status: 'draft',
      date: '2026-03-14',
      dueDate: '2026-04-13',
      thirdPartyId: w.client.id,
      thirdParty: { id: w.client.id, name: 'Sonatel', type: 'client' },
      subtotal: '2500.27', // 2500.25 + 0.01665 → 0.02
      vatRate: '18.00',
      vatAmount: '450.05', // 450.0486 → 450.05
      total: '2950.32',
      paymentMethod: 'check',
      notes: 'Merci de votre confiance',
      paidAmount: '0.00',
      balanceDue: '0.00',
      entryId: null,
      companyId: w.company.id,
      payments: [],
    });
    expect(inv.lines).toEqual([
      {
        id: expect.any(String),
        description: 'Audit',
        quantity: '2.500',
        unitPrice: '1000.10',
        total: '2500.25',
        accountId: null,
        inventoryItemId: null,
        vatCodeId: expect.any(String),
        vatCode: 'TVA18',
        vatRate: '18.00',
        // The invoice's VAT spread over its lines: the last takes what rounding leaves.
        vatAmount: '450.05',
        vatDeductible: true,
      },
      {
        id: expect.any(String),
        description: 'Déplacement',
        quantity: '0.333',
        unitPrice: '0.05',
        total: '0.02',
        accountId: w.accounts.get('7071')!.id,
        inventoryItemId: null,
        vatCodeId: expect.any(String),
        vatCode: 'TVA18',
        vatRate: '18.00',
        vatAmount: '0.00',
        vatDeductible: true,
      },
    ]);
    expect(inv.vatBreakdown).toEqual([{ rate: '18.00', base: '2500.27', vat: '450.05' }]);
    const read = (await http(service).get(`/api/invoices/${inv.id}`).set(asTenant(w.company.id)).expect(200)).body as Invoice;
    expect(read).toEqual(inv);
  });

  it('replaces a draft’s header and lines on PUT, and refuses to edit anything else', async () => {
    const inv = await createInvoice(service, w.company.id, invoicePayload(w));
    const edited = (
      await put(
        inv.id,
        invoicePayload(w, { vatRate: '0', dueDate: '' }, [
          line({ quantity: '4', unitPrice: '2500' }),
          line({ description: 'Frais', unitPrice: '500' }),
        ]),
      ).expect(200)
    ).body as Invoice;
    expect(edited).toMatchObject({ subtotal: '10500.00', vatRate: '0.00', vatAmount: '0.00', total: '10500.00', dueDate: null });
    expect(edited.lines!.map((l) => l.description)).toEqual(['Prestation', 'Frais']);
    await validateInvoice(service, w.company.id, inv.id);
    const refusedEdit = await put(inv.id, invoicePayload(w)).expect(409);
    expect(refusedEdit.body).toEqual({ message: 'Seule une facture en brouillon peut être modifiée ou validée' });
  });
});

describe('validation posts to the ledger and moves the stock', () => {
  it('a sale: VT, D 4111 client TTC / C 701 HT / C 4431 VAT; stock out', async () => {
    const before = (await stockOf(service, w.company.id, w.rice.id)).currentStock;
    const inv = await validatedInvoice(
      service,
      w.company.id,
      invoicePayload(w, {}, [riceLine('3'), line({ description: 'Livraison', unitPrice: '5000' })]),
    );
    expect(inv).toMatchObject({
      status: 'validated',
      subtotal: '80000.00',
      vatAmount: '14400.00',
      total: '94400.00',
      balanceDue: '94400.00',
      entryId: expect.any(String),
    });
    const entry = await entryLines(service, inv.entryId!);
    expect(entry.journal).toBe('VT');
    expect(entry.status).toBe('validated');
    expect(entry.lines).toEqual([
      ['4111', '94400.00', '0.00', w.client.id],
      ['701', '0.00', '80000.00', null],
      ['4431', '0.00', '14400.00', null],
    ]);
    const rice = await stockOf(service, w.company.id, w.rice.id);
    expect(Number(rice.currentStock)).toBe(Number(before) - 3);
    expect(rice.movements![0]).toMatchObject({
      type: 'out',
      quantity: '3.000',
      stockAfter: rice.currentStock,
      reason: `Facture ${inv.number}`,
      reference: inv.number,
      invoiceId: inv.id,
    });
  });

  it('a service: C 706, or the line’s own revenue account; 0 % VAT posts no VAT line', async () => {
    const inv = await validatedInvoice(
      service,
      w.company.id,
      invoicePayload(w, { type: 'service', number: 'FS-2026-0001', vatRate: '0' }, [
        line({ unitPrice: '300000' }),
        line({ description: 'Refacturation port', unitPrice: '2000', accountId: w.accounts.get('7071')!.id }),
      ]),
    );
    expect(inv.number).toMatch(/^FS-2026-\d{4}$/);
    const entry = await entryLines(service, inv.entryId!);
    expect(entry.journal).toBe('VT');
    expect(entry.lines).toEqual([
      ['4111', '302000.00', '0.00', w.client.id],
      ['706', '0.00', '300000.00', null],
      ['7071', '0.00', '2000.00', null],
    ]);
  });

  it('a purchase: AC, D 601 (or the line’s account) HT + D 4452 VAT / C 4011 supplier TTC; stock in', async () => {
    const before = (await stockOf(service, w.company.id, w.oil.id)).currentStock;
    const inv = await validatedInvoice(
      service,
      w.company.id,
      invoicePayload(w, { type: 'purchase', number: 'FA-2026-0001', thirdPartyId: w.supplier.id }, [
        riceLine('2.5', w.oil),
        line({ description: 'Électricité', unitPrice: '40000', accountId: w.accounts.get('6052')!.id }),
      ]),
    );
    // 2.5 × 18 000.50 = 45 001.25; + 40 000 = 85 001.25; VAT 15 300.225 → 15 300.23
    expect(inv).toMatchObject({ subtotal: '85001.25', vatAmount: '15300.23', total: '100301.48' });
    const entry = await entryLines(service, inv.entryId!);
    expect(entry.journal).toBe('AC');
    expect(entry.lines).toEqual([
      ['601', '45001.25', '0.00', null],
      ['6052', '40000.00', '0.00', null],
      ['4452', '15300.23', '0.00', null],
      ['4011', '0.00', '100301.48', w.supplier.id],
    ]);
    const oil = await stockOf(service, w.company.id, w.oil.id);
    expect(oil.currentStock).toBe((Number(before) + 2.5).toFixed(3));
    expect(oil.movements![0]).toMatchObject({ type: 'in', quantity: '2.500', invoiceId: inv.id });
  });

  it('VAT per line: each line its rate or VAT code, the VAT per rate, one 4431 line per rate; the VAT ledger per code', async () => {
    const codes = (await http(service).get(`/api/companies/${w.company.id}/vat-codes`).set(asTenant(w.company.id)).expect(200))
      .body as VatCode[];
    const byCode = new Map(codes.map((c) => [c.code, c]));
    expect([...byCode.keys()]).toEqual(expect.arrayContaining(['TVA18', 'TVA10', 'EXPORT', 'EXO', 'HORS']));
    const inv = await validatedInvoice(
      service,
      w.company.id,
      invoicePayload(w, { vatRate: '18' }, [
        line({ description: 'Boissons', unitPrice: '10000.55' }),
        line({ description: 'Repas', unitPrice: '20000.05', vatRate: '10' }),
        line({ description: 'Repas enfant', unitPrice: '5000.05', vatRate: byCode.get('TVA10')!.id }),
        line({ description: 'Export', unitPrice: '7000', vatRate: byCode.get('EXPORT')!.id }),
      ]),
    );
    // 18 %: 10 000.55 → 1 800.099 → 1 800.10; 10 %: 25 000.10 → 2 500.01 (per rate, not per line)
    expect(inv).toMatchObject({ subtotal: '42000.65', vatAmount: '4300.11', total: '46300.76' });
    expect(inv.vatBreakdown).toEqual([
      { rate: '18.00', base: '10000.55', vat: '1800.10' },
      { rate: '10.00', base: '25000.10', vat: '2500.01' },
      { rate: '0.00', base: '7000.00', vat: '0.00' },
    ]);
    expect(inv.lines!.map((l) => [l.vatCode, l.vatAmount])).toEqual([
      ['TVA18', '1800.10'],
      // 2 500.01 spread in proportion: 2 000.008 → 2 000.01, the last line what is left.
      ['TVA10', '2000.01'],
      ['TVA10', '500.00'],
      ['EXPORT', '0.00'],
    ]);
    const entry = await entryLines(service, inv.entryId!);
    expect(entry.lines).toEqual([
      ['4111', '46300.76', '0.00', w.client.id],
      ['701', '0.00', '42000.65', null],
      ['4431', '0.00', '1800.10', null],
      ['4431', '0.00', '2500.01', null],
    ]);
    const ledger = await service.ctx.sequelize.query<{ code: string; flow: string; base: string; vat: string }>(
      `SELECT c.code, v.flow, v.base::text, v.vat::text FROM accounting.vat_lines v JOIN accounting.vat_codes c ON c.id = v.vat_code_id
        WHERE v.entry_id = $1 ORDER BY c.code`,
      { bind: [inv.entryId], type: QueryTypes.SELECT },
    );
    expect(ledger).toEqual([
      { code: 'EXPORT', flow: 'sales', base: '7000.00', vat: '0.00' },
      { code: 'TVA10', flow: 'sales', base: '25000.10', vat: '2500.01' },
      { code: 'TVA18', flow: 'sales', base: '10000.55', vat: '1800.10' },
    ]);
    // The PDF: each line's rate, the VAT per rate with its base.
    const pdf = await http(service)
      .get(`/api/invoices/${inv.id}/pdf`)
      .set(asTenant(w.company.id))
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    const text = pdfText(pdf.body as Buffer).replace(/\u202f|\u00a0/g, ' ');
    expect(text).toMatch(/TVA 18 % sur 10 001 XOF/);
    expect(text).toMatch(/TVA 10 % sur 25 000 XOF/);
    expect(text).toContain('Total TVA');
  });

  it('VAT per line on a purchase: a fixed asset’s VAT on 4451, a non-deductible line’s VAT in its charge', async () => {
    const inv = await validatedInvoice(
      service,
      w.company.id,
      invoicePayload(w, { type: 'purchase', number: 'FA-2026-0001', thirdPartyId: w.supplier.id }, [
        line({ description: 'Ordinateur', unitPrice: '500000', accountId: w.accounts.get('244')!.id }),
        line({
          description: 'Carburant véhicule de tourisme',
          unitPrice: '30000',
          accountId: w.accounts.get('6052')!.id,
          vatDeductible: false,
        }),
        line({ description: 'Fournitures', unitPrice: '20000' }),
      ]),
    );
    expect(inv).toMatchObject({ subtotal: '550000.00', vatAmount: '99000.00', total: '649000.00' });
    expect(inv.lines!.map((l) => l.vatDeductible)).toEqual([true, false, true]);
    const entry = await entryLines(service, inv.entryId!);
    expect(entry.lines).toEqual([
      ['244', '500000.00', '0.00', null],
      ['6052', '35400.00', '0.00', null],
      ['601', '20000.00', '0.00', null],
      ['4451', '90000.00', '0.00', null],
      ['4452', '3600.00', '0.00', null],
      ['4011', '0.00', '649000.00', w.supplier.id],
    ]);
    const rows = await service.ctx.sequelize.query<{ category: string; base: string; vat: string }>(
      `SELECT category, base::text, vat::text FROM accounting.vat_lines WHERE entry_id = $1 ORDER BY category`,
      { bind: [inv.entryId], type: QueryTypes.SELECT },
    );
    expect(rows).toEqual([
      { category: 'assets', base: '500000.00', vat: '90000.00' },
      { category: 'goods', base: '20000.00', vat: '3600.00' },
      { category: 'none', base: '30000.00', vat: '5400.00' },
    ]);
  });

  it('refuses a line VAT code of another company or an invalid rate (400, on the line)', async () => {
    const [otherCode] = (
      await http(service).get(`/api/companies/${other.company.id}/vat-codes`).set(asTenant(other.company.id)).expect(200)
    ).body as VatCode[];
    const res = await post(invoicePayload(w, {}, [line({ vatRate: otherCode.id })])).expect(400);
    expect(res.body.issues).toEqual([{ path: 'lines.0.vatRate', message: 'Code TVA introuvable' }]);
    const bad = await post(invoicePayload(w, {}, [line({ vatRate: 'dix' })])).expect(400);
    expect(bad.body.issues).toEqual([{ path: 'lines.0.vatRate', message: 'Taux de TVA invalide' }]);
  });

  it('validates once (409 afterwards) and refuses a zero invoice', async () => {
    const inv = await validatedInvoice(service, w.company.id, invoicePayload(w));
    const again = await http(service).patch(`/api/invoices/${inv.id}/validate`).set(asTenant(w.company.id)).expect(409);
    expect(again.body.message).toBe('Seule une facture en brouillon peut être modifiée ou validée');
    const zero = await createInvoice(service, w.company.id, invoicePayload(w, {}, [line({ unitPrice: '0' })]));
    const res = await http(service).patch(`/api/invoices/${zero.id}/validate`).set(asTenant(w.company.id)).expect(400);
    expect(res.body).toEqual({ message: 'Une facture de montant nul ne peut pas être validée' });
  });
});

describe('cancellation', () => {
  it('cancels a draft directly', async () => {
    const inv = await createInvoice(service, w.company.id, invoicePayload(w));
    const res = await http(service).post(`/api/invoices/${inv.id}/cancel`).set(asTenant(w.company.id)).expect(200);
    expect(res.body).toMatchObject({ status: 'cancelled', entryId: null, balanceDue: '0.00' });
    expect((await http(service).post(`/api/invoices/${inv.id}/cancel`).set(asTenant(w.company.id)).expect(409)).body.message).toBe(
      'Cette facture est déjà annulée',
    );
    await http(service).patch(`/api/invoices/${inv.id}/validate`).set(asTenant(w.company.id)).expect(409);
  });

  it('answers "Annuler" on a validated invoice with a full credit note: the reverse posting and the stock back', async () => {
    const fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    const inv = await validatedInvoice(service, c, invoicePayload(fresh, {}, [riceLine('7', fresh.rice), riceLine('1.5', fresh.oil)]));
    expect((await stockOf(service, c, fresh.rice.id)).currentStock).toBe('93.000');
    const res = await http(service).post(`/api/invoices/${inv.id}/cancel`).set(asTenant(c)).expect(200);
    expect(res.body).toMatchObject({ invoiceId: inv.id, total: inv.total });
    const original = await entryLines(service, inv.entryId!);
    expect(original.status).toBe('validated');
    const avoir = await entryLines(service, (res.body as { entryId: string }).entryId);
    expect(avoir.journal).toBe('VT');
    const b = await balances(service, c);
    for (const code of ['4111', '701', '4431']) expect(b.get(code)).toBe('0.00');
    const rice = await stockOf(service, c, fresh.rice.id);
    expect(rice.currentStock).toBe('100.000');
    expect(rice.movements![0]).toMatchObject({ type: 'in', quantity: '7.000', invoiceId: inv.id });
    expect((await stockOf(service, c, fresh.oil.id)).currentStock).toBe('10.000');
    const after = (await http(service).get(`/api/invoices/${inv.id}`).set(asTenant(c)).expect(200)).body as Invoice;
    expect(after).toMatchObject({ status: 'validated', creditStatus: 'full', balanceDue: '0.00' });
  });

  it('refuses to cancel an invoice’s or a payment’s entry on its own (Écritures page): the document is what gets cancelled', async () => {
    const inv = await validatedInvoice(service, w.company.id, invoicePayload(w));
    const res = await http(service).post(`/api/accounting-entries/${inv.entryId}/cancel`).set(asTenant(w.company.id)).expect(409);
    expect(res.body).toEqual({
      message: `Cette écriture a été passée par la facture ${inv.number} : c'est le document qu'il faut annuler`,
    });
    const payment = await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: inv.id, amount: '1000' });
    const refusedPayment = await http(service)
      .post(`/api/accounting-entries/${payment.entryId}/cancel`)
      .set(asTenant(w.company.id))
      .expect(409);
    expect(refusedPayment.body).toEqual({ message: "Cette écriture a été passée par un paiement : c'est le document qu'il faut annuler" });
    expect((await entryLines(service, inv.entryId!)).status).toBe('validated');
    expect((await http(service).get(`/api/invoices/${inv.id}`).set(asTenant(w.company.id)).expect(200)).body.status).toBe('validated');
  });

  it('a paid invoice is cancelled by a credit note too, which leaves the client a credit', async () => {
    const inv = await validatedInvoice(service, w.company.id, invoicePayload(w));
    await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: inv.id, amount: '1000' });
    const res = await http(service).post(`/api/invoices/${inv.id}/cancel`).set(asTenant(w.company.id)).expect(200);
    expect(res.body).toMatchObject({ total: '118000.00', appliedAmount: '117000.00', remaining: '1000.00' });
  });
});

describe('list', () => {
  let fresh: InvoicingWorld;
  const list = async (query: Record<string, string | number> = {}) =>
    (await http(service).get(url(fresh.company.id)).query(query).set(asTenant(fresh.company.id)).expect(200)).body as InvoiceListResponse;

  beforeAll(async () => {
    fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    const third = (
      await http(service)
        .post(`/api/companies/${c}/third-parties`)
        .set(asTenant(c))
        .send({ type: 'client', name: 'Boulangerie Awa' })
        .expect(201)
    ).body;
    const sale = (date: string, over: object = {}) => invoicePayload(fresh, { date, dueDate: null, ...over });
    await createInvoice(service, c, sale('2026-01-05')); // FV-0001 draft
    const v = await validatedInvoice(service, c, sale('2026-01-10')); // FV-0002 validated, paid in part
    await payOk(service, c, { type: 'invoice_payment', invoiceId: v.id, amount: '18000' });
    const p = await validatedInvoice(service, c, sale('2026-02-01', { thirdPartyId: third.id })); // FV-0003 paid
    await payOk(service, c, { type: 'invoice_payment', invoiceId: p.id, amount: p.total });
    await validatedInvoice(service, c, sale('2026-02-15', { type: 'purchase', thirdPartyId: fresh.supplier.id })); // FA-0001 validated
    await validatedInvoice(service, c, sale('2026-03-01', { type: 'service', thirdPartyId: third.id })); // FS-0001 validated
  });

  it('lists newest first with the third party, amounts paid and due, and the whole company’s counters', async () => {
    const res = await list();
    expect(res.counters).toEqual({ total: 5, sales: 3, purchases: 1, pending: 3 });
    expect(res.totalItems).toBe(5);
    expect(res.items.map((i) => [i.number, i.status, i.thirdParty?.name, i.paidAmount, i.balanceDue])).toEqual([
      ['FS-2026-0001', 'validated', 'Boulangerie Awa', '0.00', '118000.00'],
      ['FA-2026-0001', 'validated', 'Sen Fournitures', '0.00', '118000.00'],
      ['FV-2026-0003', 'paid', 'Boulangerie Awa', '118000.00', '0.00'],
      ['FV-2026-0002', 'validated', 'Sonatel', '18000.00', '100000.00'],
      ['FV-2026-0001', 'draft', 'Sonatel', '0.00', '0.00'],
    ]);
  });

  it('filters by status, type, search (number or third party) and payable, paginates, and keeps the counters whole', async () => {
    expect((await list({ status: 'validated' })).items.map((i) => i.number)).toEqual(['FS-2026-0001', 'FA-2026-0001', 'FV-2026-0002']);
    expect((await list({ type: 'sale' })).items.map((i) => i.number)).toEqual(['FV-2026-0003', 'FV-2026-0002', 'FV-2026-0001']);
    expect((await list({ search: 'boulangerie' })).items.map((i) => i.number)).toEqual(['FS-2026-0001', 'FV-2026-0003']);
    expect((await list({ search: 'fa-2026' })).items.map((i) => i.number)).toEqual(['FA-2026-0001']);
    expect((await list({ search: '%' })).items).toEqual([]);
    const payable = await list({ payable: 'true' });
    expect(payable.items.map((i) => i.number)).toEqual(['FS-2026-0001', 'FA-2026-0001', 'FV-2026-0002']);
    expect(payable.counters).toEqual({ total: 5, sales: 3, purchases: 1, pending: 3 });
    // One invoice by id (the payment dialog's chosen one), payable or not as asked.
    const chosen = payable.items[1];
    expect((await list({ payable: 'true', id: chosen.id })).items.map((i) => i.number)).toEqual([chosen.number]);
    expect((await list({ payable: 'true', id: (await list({ status: 'draft' })).items[0].id })).items).toEqual([]);
    await http(service).get(url(fresh.company.id)).query({ id: 'x' }).set(asTenant(fresh.company.id)).expect(400);
    const page2 = await list({ page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ page: 2, pageSize: 2, totalItems: 5 });
    expect(page2.items.map((i) => i.number)).toEqual(['FV-2026-0003', 'FV-2026-0002']);
    await http(service).get(url(fresh.company.id)).query({ status: 'unpaid' }).set(asTenant(fresh.company.id)).expect(400);
    await http(service).get(url(fresh.company.id)).query({ pageSize: 1000 }).set(asTenant(fresh.company.id)).expect(400);
  });

  it('exports the filtered list as an .xlsx workbook with numeric cells', async () => {
    const res = await http(service)
      .get(`${url(fresh.company.id)}/export.xlsx`)
      .query({ type: 'sale' })
      .set(asTenant(fresh.company.id))
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="factures.xlsx"');
    const workbook = await workbookOf(res.body);
    const sheet = workbook.getWorksheet('Factures')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Numéro',
      'Type',
      'Tiers',
      'Date',
      'Échéance',
      'HT',
      'TVA',
      'TTC',
      'Payé',
      'Reste dû',
      'Statut',
    ]);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const row = sheet.getRow(3); // FV-2026-0002
    expect(row.getCell(1).value).toBe('FV-2026-0002');
    expect(row.getCell(2).value).toBe('Vente');
    expect(row.getCell(3).value).toBe('Sonatel');
    expect(row.getCell(4).value).toEqual(new Date('2026-01-10T00:00:00Z'));
    expect(row.getCell(5).value).toBeNull();
    expect([6, 7, 8, 9, 10].map((i) => row.getCell(i).value)).toEqual([100000, 18000, 118000, 18000, 100000]);
    expect(row.getCell(8).numFmt).toBe('#,##0 "XOF"');
    expect(row.getCell(11).value).toBe('Validée');
  });
});

describe('PDF', () => {
  it('renders the invoice: header with RCCM and NINEA, title, lines, totals, payments, amount in words', async () => {
    const c = w.company.id;
    await http(service)
      .put(`/api/companies/${c}`)
      .set(asTenant(c))
      .send({
        name: 'Teranga Conseil SARL',
        sector: 'service',
        address: 'Rue 10, Point E, Dakar',
        phone: '+221 33 800 00 00',
        registrationNumber: 'SN-DKR-2024-B-1234',
        taxNumber: '009876543 2V2',
      })
      .expect(200);
    const inv = await validatedInvoice(
      service,
      c,
      invoicePayload(w, { number: 'FV-2026-0001' }, [line({ description: 'Mission d’audit', quantity: '1', unitPrice: '100000' })]),
    );
    await payOk(service, c, { type: 'invoice_payment', invoiceId: inv.id, amount: '18000', reference: 'VIR-77' });
    const res = await http(service).get(`/api/invoices/${inv.id}/pdf`).set(asTenant(c)).buffer(true).parse(binaryBody).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${inv.number}.pdf"`);
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    const text = pdfText(pdf);
    for (const expected of [
      'Teranga Conseil SARL',
      'RCCM : SN-DKR-2024-B-1234',
      'NINEA : 009876543 2V2',
      'FACTURE',
      `N° ${inv.number}`,
      'Date : 14/03/2026',
      'Échéance : 13/04/2026',
      'Sonatel',
      'Mission d’audit',
      'Total HT',
      '100 000 XOF',
      'TVA (18 %)',
      '18 000 XOF',
      'Total TTC',
      '118 000 XOF',
      'VIR-77',
      'Reste dû',
      '100 000 XOF',
      'Arrêtée la présente facture à la somme de cent dix-huit mille francs CFA',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('titles purchase and service invoices', async () => {
    const purchase = await createInvoice(
      service,
      w.company.id,
      invoicePayload(w, { type: 'purchase', number: 'FA-2026-0001', thirdPartyId: w.supplier.id }),
    );
    const res = await http(service).get(`/api/invoices/${purchase.id}/pdf`).set(asTenant(w.company.id)).buffer(true).parse(binaryBody);
    const text = pdfText(res.body as Buffer);
    expect(text).toContain("FACTURE D'ACHAT");
    expect(text).toContain('Fournisseur');
    expect(text).toContain('BROUILLON');
  });
});

describe('tenancy: another company’s invoices do not exist', () => {
  it('answers 404 on every route for another company’s ids and paths', async () => {
    const foreign = await createInvoice(service, other.company.id, invoicePayload(other));
    const me = asTenant(w.company.id);
    const h = http(service);
    for (const r of [
      h.get(`/api/invoices/${foreign.id}`),
      h.put(`/api/invoices/${foreign.id}`).send(invoicePayload(w)),
      h.patch(`/api/invoices/${foreign.id}/validate`),
      h.post(`/api/invoices/${foreign.id}/cancel`),
      h.get(`/api/invoices/${foreign.id}/pdf`),
      h.get(url(other.company.id)),
      h.get(`${url(other.company.id)}/next-number`),
      h.get(`${url(other.company.id)}/export.xlsx`),
      h.post(url(other.company.id)).send(invoicePayload(other)),
      h.get('/api/invoices/not-a-uuid'),
    ]) {
      const res = await r.set(me);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
    expect((await http(service).get(`/api/invoices/${foreign.id}`).set(me).expect(404)).body).toEqual({ message: 'Facture introuvable' });
    // Untouched.
    const still = (await http(service).get(`/api/invoices/${foreign.id}`).set(asTenant(other.company.id)).expect(200)).body as Invoice;
    expect(still.status).toBe('draft');
  });
});

describe('issued invoices keep what they said', () => {
  /** GET …/pdf as text. */
  const pdfOf = async (id: string, companyId: string) => {
    const res = await http(service).get(`/api/invoices/${id}/pdf`).set(asTenant(companyId)).buffer(true).parse(binaryBody).expect(200);
    return pdfText(res.body as Buffer);
  };
  const putCompany = (companyId: string, body: object) =>
    http(service)
      .put(`/api/companies/${companyId}`)
      .set(asTenant(companyId))
      .send({ sector: 'service', ...body })
      .expect(200);

  it('prints the issuer and the client as they were at validation; a draft prints the current data', async () => {
    const fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    await putCompany(c, {
      name: 'Ancienne Raison SARL',
      address: 'Rue 1, Médina, Dakar',
      phone: '+221 33 111 11 11',
      email: 'contact@ancienne.sn',
      registrationNumber: 'SN-DKR-2020-B-0001',
      taxNumber: '001111111 1A1',
    });
    const issued = await validatedInvoice(service, c, invoicePayload(fresh, { number: 'FV-2026-0001' }));
    const draft = await createInvoice(service, c, invoicePayload(fresh, { number: 'FV-2026-0002' }));
    expect(issued.issuer).toEqual({
      name: 'Ancienne Raison SARL',
      address: 'Rue 1, Médina, Dakar',
      phone: '+221 33 111 11 11',
      email: 'contact@ancienne.sn',
      registrationNumber: 'SN-DKR-2020-B-0001',
      taxNumber: '001111111 1A1',
    });
    expect(issued.client).toEqual({ name: 'Sonatel', address: 'Dakar Plateau', phone: null, email: null, taxNumber: '0012345 2G3' });
    expect(draft.issuer).toBeNull();
    expect(draft.client).toBeNull();

    // The company moves and is renamed; the client is renamed.
    await putCompany(c, {
      name: 'Nouvelle Raison SA',
      address: 'Almadies, Dakar',
      phone: '+221 33 222 22 22',
      registrationNumber: 'SN-DKR-2026-B-9999',
      taxNumber: '009999999 9Z9',
    });
    await service.ctx.sequelize.query(`UPDATE accounting.third_parties SET name = 'Orange Sénégal', address = 'Mermoz' WHERE id = $1`, {
      bind: [fresh.client.id],
    });

    const text = await pdfOf(issued.id, c);
    for (const old of [
      'Ancienne Raison SARL',
      'Rue 1, Médina, Dakar',
      'Tél. : +221 33 111 11 11',
      'RCCM : SN-DKR-2020-B-0001',
      'NINEA : 001111111 1A1',
      'Sonatel',
      'Dakar Plateau',
    ]) {
      expect(text).toContain(old);
    }
    for (const now of ['Nouvelle Raison SA', 'Almadies', 'SN-DKR-2026-B-9999', 'Orange Sénégal', 'Mermoz']) expect(text).not.toContain(now);

    const api = (await http(service).get(`/api/invoices/${issued.id}`).set(asTenant(c)).expect(200)).body as Invoice;
    expect(api.issuer).toEqual(issued.issuer);
    expect(api.client).toEqual(issued.client);

    // A draft is not issued: it prints today's data.
    const draftText = await pdfOf(draft.id, c);
    expect(draftText).toContain('Nouvelle Raison SA');
    expect(draftText).toContain('RCCM : SN-DKR-2026-B-9999');
    expect(draftText).toContain('Orange Sénégal');
    expect(draftText).not.toContain('Ancienne Raison SARL');
  });

  it('the database refuses to rewrite an issued invoice’s snapshot or its history', async () => {
    const inv = await validatedInvoice(service, w.company.id, invoicePayload(w, { number: `FV-2026-${String(Date.now()).slice(-6)}` }));
    const db = service.ctx.sequelize;
    await expect(
      db.query(`UPDATE accounting.invoices SET issuer_snapshot = jsonb_set(issuer_snapshot, '{name}', '"Autre"') WHERE id = $1`, {
        bind: [inv.id],
      }),
    ).rejects.toMatchObject({ parent: { code: 'XA002' } });
    await expect(
      db.query(`UPDATE accounting.invoices SET created_by = gen_random_uuid() WHERE id = $1`, { bind: [inv.id] }),
    ).rejects.toMatchObject({ parent: { code: 'XA002' } });
  });
});

describe('the acting user (X-User-Id) on every write', () => {
  const as = (companyId: string, userId?: string) => {
    const headers: Record<string, string> = { 'X-Internal-Token': TOKEN, 'X-Company-Id': companyId, 'X-User-Role': 'owner' };
    if (userId) headers['X-User-Id'] = userId;
    return headers;
  };
  const entryAudit = async (entryId: string) =>
    (
      await service.ctx.sequelize.query<{ created_by: string | null; validated_by: string | null; cancelled_by: string | null }>(
        'SELECT created_by, validated_by, cancelled_by FROM accounting.accounting_entries WHERE id = $1',
        { bind: [entryId], type: QueryTypes.SELECT },
      )
    )[0];

  it('records who created, validated and cancelled an invoice, its postings and its stock movements', async () => {
    const fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    const [creator, validator, canceller] = [randomUUID(), randomUUID(), randomUUID()];
    const created = (
      await http(service)
        .post(url(c))
        .set(as(c, creator))
        .send(invoicePayload(fresh, {}, [riceLine('2', fresh.rice)]))
        .expect(201)
    ).body as Invoice;
    expect(created).toMatchObject({ createdBy: creator, validatedBy: null, validatedAt: null, cancelledBy: null, cancelledAt: null });
    // Editing a draft does not change who created it.
    await http(service)
      .put(`/api/invoices/${created.id}`)
      .set(as(c, validator))
      .send(invoicePayload(fresh, { notes: 'modifiée' }, [riceLine('2', fresh.rice)]))
      .expect(200);

    const validated = (await http(service).patch(`/api/invoices/${created.id}/validate`).set(as(c, validator)).expect(200)).body as Invoice;
    expect(validated).toMatchObject({ createdBy: creator, validatedBy: validator, cancelledBy: null });
    expect(Date.parse(validated.validatedAt as string)).not.toBeNaN();
    expect(await entryAudit(validated.entryId as string)).toEqual({ created_by: validator, validated_by: validator, cancelled_by: null });

    // 'Annuler' issues a credit note: its entry and its stock movements are the canceller's.
    const note = (await http(service).post(`/api/invoices/${created.id}/cancel`).set(as(c, canceller)).expect(200)).body as {
      entryId: string;
    };
    expect(await entryAudit(note.entryId)).toEqual({ created_by: canceller, validated_by: canceller, cancelled_by: null });
    const moves = await service.ctx.sequelize.query<{ reason: string; created_by: string }>(
      'SELECT reason, created_by FROM accounting.stock_movements WHERE invoice_id = $1 ORDER BY created_at',
      { bind: [created.id], type: QueryTypes.SELECT },
    );
    expect(moves.map((m) => m.created_by)).toEqual([validator, canceller]);
    // A draft's cancellation records who cancelled it.
    const draft = (await http(service).post(url(c)).set(as(c, creator)).send(invoicePayload(fresh)).expect(201)).body as Invoice;
    const cancelled = (await http(service).post(`/api/invoices/${draft.id}/cancel`).set(as(c, canceller)).expect(200)).body as Invoice;
    expect(cancelled).toMatchObject({ createdBy: creator, cancelledBy: canceller, status: 'cancelled' });
    expect(Date.parse(cancelled.cancelledAt as string)).not.toBeNaN();
  });

  it('a request without a user (or with a malformed one) stores null and works', async () => {
    const c = w.company.id;
    const created = (
      await http(service)
        .post(url(c))
        .set(as(c))
        .send(invoicePayload(w, { number: 'FV-SANS-USER' }))
        .expect(201)
    ).body as Invoice;
    expect(created.createdBy).toBeNull();
    const validated = (await http(service).patch(`/api/invoices/${created.id}/validate`).set(as(c, 'pas-un-uuid')).expect(200))
      .body as Invoice;
    expect(validated).toMatchObject({ createdBy: null, validatedBy: null, status: 'validated' });
    expect(await entryAudit(validated.entryId as string)).toEqual({ created_by: null, validated_by: null, cancelled_by: null });
    const note = (await http(service).post(`/api/invoices/${created.id}/cancel`).set(as(c)).expect(200)).body as { entryId: string };
    expect(await entryAudit(note.entryId)).toEqual({ created_by: null, validated_by: null, cancelled_by: null });
  });
});
