import type { CreditNote, VatCode, VatReturn, VatReturnPreview } from '@xaalis/contracts';
import { pdfText, type RunningService } from '@xaalis/service-kit';
import { asTenant, binaryBody } from '../../test-support';
import {
  createInvoice,
  entryLines,
  http,
  invoicePayload,
  payOk,
  startWithWorlds,
  validateInvoice,
  validatedInvoice,
  type InvoicingWorld,
} from '../../test-support/invoicing';

// The VAT return end to end: invoices at several rates, a credit note, VAT withheld, the return, its declaration and lock.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;

const base = (companyId = w.company.id) => `/api/companies/${companyId}/vat-returns`;
const get = (path: string, companyId = w.company.id) => http(service).get(path).set(asTenant(companyId));
const preview = async (period: string, companyId = w.company.id) =>
  (await get(`${base(companyId)}/preview?period=${period}`, companyId).expect(200)).body as VatReturnPreview;
const declare = (body: object, companyId = w.company.id) => http(service).post(base(companyId)).set(asTenant(companyId)).send(body);
const line = (over: object) => ({
  description: 'Ligne',
  quantity: '1',
  unitPrice: '100000',
  accountId: null,
  inventoryItemId: null,
  useExistingProduct: false,
  ...over,
});
const figures = (p: Pick<VatReturnPreview, 'lines'>) => Object.fromEntries(p.lines.map((l) => [l.code, [l.base, l.vat]]));

let draftId: string;

beforeAll(async () => {
  ({ service, w, other } = await startWithWorlds());
  const codes = (await get(`/api/companies/${w.company.id}/vat-codes`).expect(200)).body as VatCode[];
  const exportCode = codes.find((c) => c.code === 'EXPORT')!;
  const sale = await validatedInvoice(
    service,
    w.company.id,
    invoicePayload(w, { date: '2026-10-05', dueDate: null }, [
      line({ description: 'Boissons', quantity: '2', unitPrice: '50000' }),
      line({ description: 'Repas', unitPrice: '300000', vatRate: '10' }),
    ]),
  );
  await validatedInvoice(
    service,
    w.company.id,
    invoicePayload(w, { type: 'service', number: 'FS-2026-0001', date: '2026-10-06', dueDate: null }, [
      line({ description: 'Prestation export', unitPrice: '50000', vatRate: exportCode.id }),
    ]),
  );
  await validatedInvoice(
    service,
    w.company.id,
    invoicePayload(w, { date: '2026-10-07', dueDate: null }, [line({ description: 'Formation', unitPrice: '30000', vatRate: '0' })]),
  );
  await validatedInvoice(
    service,
    w.company.id,
    invoicePayload(w, { type: 'purchase', number: 'FA-2026-0001', thirdPartyId: w.supplier.id, date: '2026-10-10', dueDate: null }, [
      line({ description: 'Ordinateur', unitPrice: '50000', accountId: w.accounts.get('244')!.id }),
      line({ description: 'Fournitures', unitPrice: '100000' }),
      line({ description: 'Réception', unitPrice: '50000', vatDeductible: false }),
    ]),
  );
  // One of the two drinks credited: 50 000 HT + 9 000 VAT.
  const credit = await http(service)
    .post(`/api/invoices/${sale.id}/credit-notes`)
    .set(asTenant(w.company.id))
    .send({ reason: 'Retour', date: '2026-10-20', lines: [{ invoiceLineId: sale.lines![0].id, quantity: '1' }] })
    .expect(201);
  expect((credit.body as CreditNote).vatAmount).toBe('9000.00');
  // The client pays 100 000, of which 5 000 of VAT it withheld.
  const payment = await payOk(service, w.company.id, {
    type: 'invoice_payment',
    invoiceId: sale.id,
    amount: '100000',
    vatWithheld: '5000',
    date: '2026-10-25',
  });
  expect(payment.vatWithheld).toBe('5000.00');
  expect((await entryLines(service, payment.entryId!)).lines).toEqual([
    ['521', '95000.00', '0.00', null],
    ['4492', '5000.00', '0.00', null],
    ['4111', '0.00', '100000.00', w.client.id],
  ]);
  draftId = (
    await createInvoice(service, w.company.id, invoicePayload(w, { date: '2026-10-28', dueDate: null }, [line({ unitPrice: '10000' })]))
  ).id;
});
afterAll(() => service.close());

describe('VAT return', () => {
  it('previews the period from the ledger: each line, the totals, the checks, the draft invoices', async () => {
    const p = await preview('2026-10');
    expect(figures(p)).toEqual({
      taxable_18: ['50000.00', '9000.00'],
      taxable_10: ['300000.00', '30000.00'],
      taxable_other: ['0.00', '0.00'],
      export: ['50000.00', '0.00'],
      exempt: ['30000.00', '0.00'],
      out_of_scope: ['0.00', '0.00'],
      deductible_goods: ['100000.00', '18000.00'],
      deductible_assets: ['50000.00', '9000.00'],
      withheld: ['100000.00', '5000.00'],
    });
    expect(p).toMatchObject({
      period: '2026-10',
      start: '2026-10-01',
      end: '2026-10-31',
      collected: '39000.00',
      deductible: '27000.00',
      withheld: '5000.00',
      creditBroughtForward: '0.00',
      due: '7000.00',
      creditCarriedForward: '0.00',
      checks: { collectedMatchesLedger: true, deductibleMatchesLedger: true },
      ledger: { collected: '39000.00', deductible: '27000.00' },
      declared: null,
      declarable: true,
    });
    expect(p.draftInvoices).toEqual([expect.objectContaining({ id: draftId, date: '2026-10-28', total: '11800.00' })]);
  });

  it('drills a line down to its entries', async () => {
    const res = await get(`${base()}/entries?period=2026-10&line=taxable_18`).expect(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({ date: '2026-10-05', sourceType: 'invoice', base: '100000.00', vat: '18000.00' }),
      expect.objectContaining({ date: '2026-10-20', sourceType: 'credit_note', base: '-50000.00', vat: '-9000.00' }),
    ]);
    expect(res.body.totalItems).toBe(2);
    await get(`${base()}/entries?period=2026-10&line=nope`).expect(400);
  });

  it('refuses bad periods and a period of the wrong periodicity with French messages', async () => {
    expect((await get(`${base()}/preview?period=2026-13`).expect(400)).body.message).toMatch(/^Période invalide/);
    expect((await get(`${base()}/preview?period=2026-T3`).expect(400)).body.message).toMatch(/chaque mois/);
    expect((await declare({ period: '2026-11', filedOn: '2026-12-10' }).expect(400)).body.message).toMatch(/pas terminée/);
    expect((await declare({ period: '2026-10', filedOn: '2026-10-30' }).expect(400)).body.message).toMatch(/précéder la fin/);
  });

  it('a manual entry on a VAT account shows as a mismatch with the ledger', async () => {
    const body = {
      entry: { number: 'REG-TVA-1', date: '2026-09-15', journal: 'OD', description: 'Régularisation TVA', reference: null },
      lines: [
        { accountId: w.accounts.get('4431')!.id, description: 'TVA', debit: '0', credit: '1000' },
        { accountId: w.accounts.get('601')!.id, description: 'Charge', debit: '1000', credit: '0' },
      ],
    };
    const created = await http(service).post(`/api/companies/${w.company.id}/accounting-entries`).set(asTenant(w.company.id)).send(body);
    expect(created.status).toBe(201);
    await http(service).patch(`/api/accounting-entries/${created.body.id}/validate`).set(asTenant(w.company.id)).expect(200);
    const p = await preview('2026-09');
    expect(p.checks).toEqual({ collectedMatchesLedger: false, deductibleMatchesLedger: true });
    expect(p.ledger.collected).toBe('1000.00');
  });

  it('declares: freezes the figures, posts the settlement, locks the period (409 and in SQL), lists and prints it', async () => {
    const res = await declare({ period: '2026-10', filedOn: '2026-11-14', reference: 'DGID-123' }).expect(201);
    const r = res.body as VatReturn;
    expect(r).toMatchObject({
      period: '2026-10',
      version: 1,
      status: 'declared',
      filedOn: '2026-11-14',
      reference: 'DGID-123',
      due: '7000.00',
    });
    expect(r.entryIds.length).toBe(6);
    const settlement = await entryLines(service, r.settlementEntryId!);
    expect(settlement.journal).toBe('OD');
    expect(settlement.lines).toEqual([
      ['4431', '39000.00', '0.00', null],
      ['4452', '0.00', '18000.00', null],
      ['4451', '0.00', '9000.00', null],
      ['4492', '0.00', '5000.00', null],
      ['4441', '0.00', '7000.00', null],
    ]);
    // The settlement does not upset the checks.
    expect((await preview('2026-10')).checks).toEqual({ collectedMatchesLedger: true, deductibleMatchesLedger: true });

    await declare({ period: '2026-10', filedOn: '2026-11-15' }).expect(409);
    const locked = await http(service).patch(`/api/invoices/${draftId}/validate`).set(asTenant(w.company.id)).expect(409);
    expect(locked.body.message).toMatch(/^La période de TVA 2026-10 est déclarée/);
    await expect(
      service.ctx.sequelize.query(
        `INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description) VALUES ($1, 'SQL-1', 'OD', '2026-10-15', 'x')`,
        { bind: [w.company.id] },
      ),
    ).rejects.toMatchObject({ parent: { code: 'XA011' } });
    // The fiscal year's closing entries are not locked: a year whose last month is declared can be closed.
    await service.ctx.sequelize.query(
      `INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description, source_type, source_id)
       VALUES ($1, 'SQL-2', 'OD', '2026-10-31', 'Clôture', 'fiscal-year-closing', 'x')`,
      { bind: [w.company.id] },
    );
    await service.ctx.sequelize.query(`DELETE FROM accounting.accounting_entries WHERE company_id = $1 AND number = 'SQL-2'`, {
      bind: [w.company.id],
    });

    const list = (await get(base()).expect(200)).body as { items: { id: string; status: string }[] };
    expect(list.items).toEqual([expect.objectContaining({ id: r.id, status: 'declared' })]);
    const pdf = await get(`${base()}/${r.id}?format=pdf`).buffer(true).parse(binaryBody).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain('Déclaration de TVA — octobre 2026');
    expect(text).toContain('TVA due');
    const xlsx = await get(`${base()}/${r.id}?format=xlsx`).buffer(true).parse(binaryBody).expect(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('reopens for a corrective return: the period unlocks, the new return posts only the difference', async () => {
    const [current] = ((await get(base()).expect(200)).body as { items: VatReturn[] }).items;
    const reopened = (await http(service).post(`${base()}/${current.id}/reopen`).set(asTenant(w.company.id)).expect(200)).body as VatReturn;
    expect(reopened.status).toBe('reopened');
    expect((await preview('2026-10')).declarable).toBe(true);
    await validateInvoice(service, w.company.id, draftId);
    const corrective = (await declare({ period: '2026-10', filedOn: '2026-11-20' }).expect(201)).body as VatReturn;
    expect(corrective).toMatchObject({ version: 2, collected: '40800.00', due: '8800.00' });
    expect(corrective.previous?.due).toBe('7000.00');
    expect(corrective.difference).toMatchObject({ collected: '1800.00', due: '1800.00' });
    expect((await entryLines(service, corrective.settlementEntryId!)).lines).toEqual([
      ['4431', '1800.00', '0.00', null],
      ['4441', '0.00', '1800.00', null],
    ]);
    const statuses = ((await get(base()).expect(200)).body as { items: VatReturn[] }).items.map((i) => [i.version, i.status]);
    expect(statuses).toEqual([
      [2, 'declared'],
      [1, 'superseded'],
    ]);
    await http(service).post(`${base()}/${current.id}/reopen`).set(asTenant(w.company.id)).expect(409);
  });

  it('carries a credit of VAT to the next return', async () => {
    await validatedInvoice(
      service,
      w.company.id,
      invoicePayload(w, { type: 'purchase', number: 'FA-2026-0002', thirdPartyId: w.supplier.id, date: '2026-07-10', dueDate: null }, [
        line({ description: 'Marchandises', unitPrice: '100000' }),
      ]),
    );
    const july = (await declare({ period: '2026-07', filedOn: '2026-08-12' }).expect(201)).body as VatReturn;
    expect(july).toMatchObject({ due: '0.00', creditCarriedForward: '18000.00' });
    expect((await entryLines(service, july.settlementEntryId!)).lines).toEqual([
      ['4452', '0.00', '18000.00', null],
      ['4449', '18000.00', '0.00', null],
    ]);
    await validatedInvoice(
      service,
      w.company.id,
      invoicePayload(w, { date: '2026-08-10', dueDate: null }, [line({ description: 'Vente', unitPrice: '200000' })]),
    );
    const august = await preview('2026-08');
    expect(august).toMatchObject({
      collected: '36000.00',
      creditBroughtForward: '18000.00',
      due: '18000.00',
      creditCarriedForward: '0.00',
    });
    const declared = (await declare({ period: '2026-08', filedOn: '2026-09-14' }).expect(201)).body as VatReturn;
    expect((await entryLines(service, declared.settlementEntryId!)).lines).toEqual([
      ['4431', '36000.00', '0.00', null],
      ['4449', '0.00', '18000.00', null],
      ['4441', '0.00', '18000.00', null],
    ]);
  });

  it('a credit note on an invoice at two rates takes each line’s rate back, to its own VAT code', async () => {
    const invoice = await validatedInvoice(
      service,
      w.company.id,
      invoicePayload(w, { date: '2026-06-05', dueDate: null }, [
        line({ description: 'Boissons', unitPrice: '100000' }),
        line({ description: 'Repas', unitPrice: '200000', vatRate: '10' }),
      ]),
    );
    const credit = await http(service)
      .post(`/api/invoices/${invoice.id}/credit-notes`)
      .set(asTenant(w.company.id))
      .send({ reason: 'Repas non servi', date: '2026-06-06', lines: [{ invoiceLineId: invoice.lines![1].id, quantity: '1' }] })
      .expect(201);
    expect(credit.body).toMatchObject({ subtotal: '200000.00', vatAmount: '20000.00', total: '220000.00' });
    // By amount: 11 800 TTC of what is left (the drinks): 10 000 HT + 1 800 of VAT at 18 %.
    await http(service)
      .post(`/api/invoices/${invoice.id}/credit-notes`)
      .set(asTenant(w.company.id))
      .send({ reason: 'Remise', date: '2026-06-07', amount: '11800' })
      .expect(201);
    const june = await preview('2026-06');
    expect(figures(june).taxable_18).toEqual(['90000.00', '16200.00']);
    expect(figures(june).taxable_10).toEqual(['0.00', '0.00']);
    expect(june.checks).toEqual({ collectedMatchesLedger: true, deductibleMatchesLedger: true });
  });

  it('declares by quarter for a company set to quarterly returns', async () => {
    await http(service)
      .put(`/api/companies/${other.company.id}/tax-settings`)
      .set(asTenant(other.company.id))
      .send({ ninea: '0012345', rccm: null, regime: 'simplifie', vatPeriodicity: 'quarterly' })
      .expect(200);
    expect((await get(`${base(other.company.id)}/preview?period=2026-09`, other.company.id).expect(400)).body.message).toMatch(/trimestre/);
    const q = await preview('2026-T3', other.company.id);
    expect(q).toMatchObject({ period: '2026-Q3', start: '2026-07-01', end: '2026-09-30', due: '0.00' });
  });

  it('answers 404 for another company’s return, and keeps each company’s VAT codes apart', async () => {
    const [mine] = ((await get(base()).expect(200)).body as { items: VatReturn[] }).items;
    await get(`${base(other.company.id)}/${mine.id}`, other.company.id).expect(404);
    await http(service)
      .post(`${base(other.company.id)}/${mine.id}/reopen`)
      .set(asTenant(other.company.id))
      .expect(404);
    await get(`${base(other.company.id)}/not-a-uuid`, other.company.id).expect(404);
    const created = await http(service)
      .post(`/api/companies/${w.company.id}/vat-codes`)
      .set(asTenant(w.company.id))
      .send({ code: 'TVA5', label: 'Taux 5 %', rate: '5', kind: 'taxable' })
      .expect(201);
    expect(created.body).toMatchObject({ code: 'TVA5', rate: '5.00', kind: 'taxable', collectedAccount: '4431' });
    await http(service)
      .post(`/api/companies/${w.company.id}/vat-codes`)
      .set(asTenant(w.company.id))
      .send({ code: 'TVA5B', label: 'Encore 5 %', rate: '5' })
      .expect(409);
    const bad = await http(service)
      .post(`/api/companies/${w.company.id}/vat-codes`)
      .set(asTenant(w.company.id))
      .send({ code: 'EXP2', label: 'Export', rate: '5', kind: 'export' })
      .expect(400);
    expect(bad.body.issues).toEqual([
      { path: 'rate', message: 'Une exportation, une opération exonérée ou non imposable a un taux de 0 %' },
    ]);
    const otherCodes = (await get(`/api/companies/${other.company.id}/vat-codes`, other.company.id).expect(200)).body as VatCode[];
    expect(otherCodes.map((c) => c.code)).not.toContain('TVA5');
  });
});
