import type { Payment, WithholdingPreview, WithholdingStatement } from '@xaalis/contracts';
import { pdfText, type RunningService } from '@xaalis/service-kit';
import { asTenant, binaryBody } from '../../test-support';
import {
  entryLines,
  http,
  invoicePayload,
  pay,
  payOk,
  startWithWorlds,
  validatedInvoice,
  type InvoicingWorld,
} from '../../test-support/invoicing';

// Withholding at source (BRS): a supplier subject to it has its rate withheld from each payment; the bordereau of the period.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;

const base = (companyId = w.company.id) => `/api/companies/${companyId}/withholding-statements`;
const get = (path: string, companyId = w.company.id) => http(service).get(path).set(asTenant(companyId));

let plumber: { id: string };

beforeAll(async () => {
  ({ service, w, other } = await startWithWorlds());
  plumber = (
    await http(service)
      .post(`/api/companies/${w.company.id}/third-parties`)
      .set(asTenant(w.company.id))
      .send({ type: 'supplier', name: 'Moussa Diop (plombier)', ninea: '0045678 2G3', withholdingRate: '5' })
      .expect(201)
  ).body as { id: string };
});
afterAll(() => service.close());

const purchase = (date: string, unitPrice: string) =>
  validatedInvoice(
    service,
    w.company.id,
    invoicePayload(w, { type: 'purchase', number: `FA-W-${date}`, thirdPartyId: plumber.id, date, dueDate: null, vatRate: '0' }, [
      { description: 'Réparation plomberie', quantity: '1', unitPrice, accountId: null, inventoryItemId: null, useExistingProduct: false },
    ]),
  );

describe('withholding at source', () => {
  it('withholds the supplier’s rate from a payment: D 4011 gross / C treasury net / C 4471', async () => {
    const invoice = await purchase('2026-09-05', '200000');
    const payment = await payOk(service, w.company.id, {
      type: 'invoice_payment',
      invoiceId: invoice.id,
      amount: '150000',
      date: '2026-09-10',
    });
    expect(payment).toMatchObject({ amount: '150000.00', withholding: '7500.00' });
    expect((await entryLines(service, payment.entryId!)).lines).toEqual([
      ['4011', '150000.00', '0.00', plumber.id],
      ['521', '0.00', '142500.00', null],
      ['4471', '0.00', '7500.00', null],
    ]);
    // An explicit amount wins ('0': nothing withheld); more than paid is refused.
    const none = await payOk(service, w.company.id, {
      type: 'invoice_payment',
      invoiceId: invoice.id,
      amount: '10000',
      withholding: '0',
      date: '2026-09-12',
    });
    expect(none.withholding).toBe('0.00');
    const tooMuch = await pay(service, w.company.id, {
      type: 'invoice_payment',
      invoiceId: invoice.id,
      amount: '1000',
      withholding: '2000',
      date: '2026-09-12',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.issues).toEqual([{ path: 'withholding', message: 'La retenue ne peut pas dépasser le montant payé' }]);
  });

  it('refuses a withholding on a customer payment', async () => {
    const sale = await validatedInvoice(service, w.company.id, invoicePayload(w, { date: '2026-09-05', dueDate: null }));
    const res = await pay(service, w.company.id, {
      type: 'invoice_payment',
      invoiceId: sale.id,
      amount: '1000',
      withholding: '50',
      date: '2026-09-06',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/facture fournisseur/);
  });

  it('previews the bordereau of a month, files it once, lists and prints it', async () => {
    const p = (await get(`${base()}/preview?period=2026-09`).expect(200)).body as WithholdingPreview;
    expect(p).toMatchObject({
      period: '2026-09',
      beneficiaries: [
        {
          thirdPartyId: plumber.id,
          name: 'Moussa Diop (plombier)',
          ninea: '0045678 2G3',
          gross: '150000.00',
          withheld: '7500.00',
          payments: 1,
        },
      ],
      totalGross: '150000.00',
      totalWithheld: '7500.00',
      declared: null,
      declarable: true,
    });
    const filed = (
      await http(service)
        .post(base())
        .set(asTenant(w.company.id))
        .send({ period: '2026-09', filedOn: '2026-10-14', reference: 'BRS-0926' })
        .expect(201)
    ).body as WithholdingStatement;
    expect(filed).toMatchObject({ period: '2026-09', totalWithheld: '7500.00', reference: 'BRS-0926' });
    await http(service).post(base()).set(asTenant(w.company.id)).send({ period: '2026-09', filedOn: '2026-10-15' }).expect(409);
    // Its quarter overlaps it.
    const q = await http(service).post(base()).set(asTenant(w.company.id)).send({ period: '2026-T3', filedOn: '2026-10-15' }).expect(409);
    expect(q.body.message).toMatch(/couvre déjà/);
    // Frozen: a later payment dated in September does not change it.
    const invoice = await purchase('2026-09-20', '40000');
    await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: invoice.id, amount: '40000', date: '2026-09-25' });
    expect(((await get(`${base()}/${filed.id}`).expect(200)).body as WithholdingStatement).totalWithheld).toBe('7500.00');
    expect(((await get(`${base()}/preview?period=2026-09`).expect(200)).body as WithholdingPreview).totalWithheld).toBe('9500.00');
    const list = (await get(base()).expect(200)).body as { items: { id: string }[]; totalItems: number };
    expect(list).toMatchObject({ totalItems: 1, items: [{ id: filed.id }] });
    const pdf = await get(`${base()}/${filed.id}?format=pdf`).buffer(true).parse(binaryBody).expect(200);
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain('Bordereau de retenue à la source — septembre 2026');
    expect(text).toContain('0045678 2G3');
    const xlsx = await get(`${base()}/${filed.id}?format=xlsx`).buffer(true).parse(binaryBody).expect(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('refuses bad periods and dates in French, and answers 404 for another company’s bordereau', async () => {
    const bad = await http(service).post(base()).set(asTenant(w.company.id)).send({ period: '2026-13', filedOn: '2026-10-14' }).expect(400);
    expect(bad.body.message).toMatch(/^Période invalide/);
    await http(service).post(base()).set(asTenant(w.company.id)).send({ period: '2026-11', filedOn: '2026-12-14' }).expect(400);
    await http(service).post(base()).set(asTenant(w.company.id)).send({ period: '2026-08', filedOn: '2026-08-20' }).expect(400);
    const [mine] = ((await get(base()).expect(200)).body as { items: Payment[] }).items;
    await get(`${base(other.company.id)}/${mine.id}`, other.company.id).expect(404);
  });
});
