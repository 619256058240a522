import type { SumsPaidStatement } from '@xaalis/contracts';
import { pdfText, type RunningService } from '@xaalis/service-kit';
import { asTenant, binaryBody } from '../../test-support';
import { http, invoicePayload, startWithWorlds, validatedInvoice, type InvoicingWorld } from '../../test-support/invoicing';

// The annual statements: the état des sommes versées à des tiers from the ledger, and the DSF pack.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;

const base = (companyId = w.company.id) => `/api/companies/${companyId}/annual-statements`;
const supplier = async (name: string, ninea: string) =>
  (
    await http(service)
      .post(`/api/companies/${w.company.id}/third-parties`)
      .set(asTenant(w.company.id))
      .send({ type: 'supplier', name, ninea, address: 'Dakar' })
      .expect(201)
  ).body as { id: string };
const bill = (thirdPartyId: string, n: string, date: string, code: string, unitPrice: string) =>
  validatedInvoice(
    service,
    w.company.id,
    invoicePayload(w, { type: 'purchase', number: `FA-S-${n}`, thirdPartyId, date, dueDate: null, vatRate: '0' }, [
      {
        description: 'Charge',
        quantity: '1',
        unitPrice,
        accountId: w.accounts.get(code)!.id,
        inventoryItemId: null,
        useExistingProduct: false,
      },
    ]),
  );

beforeAll(async () => {
  ({ service, w, other } = await startWithWorlds());
  const landlord = await supplier('SCI Almadies', '0011111 2A1');
  const lawyer = await supplier('Me Fall, avocat', '0022222 2B2');
  await bill(landlord.id, '1', '2026-01-05', '6222', '200000');
  await bill(landlord.id, '2', '2026-02-05', '6222', '200000');
  await bill(landlord.id, '3', '2025-12-05', '6222', '900000'); // another year
  await bill(lawyer.id, '4', '2026-03-05', '6324', '250000'); // under the threshold
  // A rent paid without a third party: totalled apart.
  const entry = await http(service)
    .post(`/api/companies/${w.company.id}/accounting-entries`)
    .set(asTenant(w.company.id))
    .send({
      entry: { number: 'OD-LOYER-1', date: '2026-04-05', journal: 'OD', description: 'Loyer dépôt', reference: null },
      lines: [
        { accountId: w.accounts.get('6222')!.id, description: 'Loyer', debit: '100000', credit: '0' },
        { accountId: w.accounts.get('521')!.id, description: 'Banque', debit: '0', credit: '100000' },
      ],
    })
    .expect(201);
  await http(service).patch(`/api/accounting-entries/${entry.body.id}/validate`).set(asTenant(w.company.id)).expect(200);
});
afterAll(() => service.close());

it('states the rents, fees and commissions of the year per beneficiary above 300 000 F, as JSON, PDF and XLSX', async () => {
  const s = (await http(service).get(`${base()}/sums-paid?year=2026`).set(asTenant(w.company.id)).expect(200)).body as SumsPaidStatement;
  expect(s).toMatchObject({
    year: 2026,
    threshold: '300000.00',
    beneficiaries: [
      { name: 'SCI Almadies', ninea: '0011111 2A1', rents: '400000.00', fees: '0.00', commissions: '0.00', total: '400000.00' },
    ],
    totals: { rents: '400000.00', total: '400000.00' },
    unassigned: '100000.00',
  });
  const pdf = await http(service)
    .get(`${base()}/sums-paid?year=2026&format=pdf`)
    .set(asTenant(w.company.id))
    .buffer(true)
    .parse(binaryBody)
    .expect(200);
  const text = pdfText(pdf.body as Buffer);
  expect(text).toContain('État des sommes versées à des tiers — année 2026');
  expect(text).toContain('SCI Almadies');
  expect(text).not.toContain('Me Fall');
  const xlsx = await http(service)
    .get(`${base()}/sums-paid?year=2026&format=xlsx`)
    .set(asTenant(w.company.id))
    .buffer(true)
    .parse(binaryBody)
    .expect(200);
  expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
  await http(service).get(`${base()}/sums-paid?year=deux`).set(asTenant(w.company.id)).expect(400);
});

it('packs the statements and the notes from the books into one DSF PDF', async () => {
  await validatedInvoice(
    service,
    w.company.id,
    invoicePayload(w, { type: 'purchase', number: 'FA-S-5', thirdPartyId: w.supplier.id, date: '2026-05-05', dueDate: null }, [
      {
        description: 'Four',
        quantity: '1',
        unitPrice: '1500000',
        accountId: w.accounts.get('244')!.id,
        inventoryItemId: null,
        useExistingProduct: false,
      },
    ]),
  );
  const notes = (await http(service).get(`${base()}/dsf?year=2026`).set(asTenant(w.company.id)).expect(200)).body as {
    notes: { title: string; rows: { label: string; opening: string; increase: string; closing: string }[] }[];
    dueDates: { rows: string[][] };
  };
  expect(notes.notes[0].rows).toContainEqual({
    label: 'Matériel, mobilier et actifs biologiques',
    opening: '0.00',
    increase: '1500000.00',
    decrease: '0.00',
    closing: '1500000.00',
  });
  expect(notes.dueDates.rows[1][0]).toBe('Dettes fournisseurs');
  const pdf = await http(service)
    .get(`${base()}/dsf?year=2026&format=pdf`)
    .set(asTenant(w.company.id))
    .buffer(true)
    .parse(binaryBody)
    .expect(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  const text = pdfText(pdf.body as Buffer);
  for (const heading of [
    'Liasse fiscale',
    'Bilan',
    'Compte de résultat',
    'Tableau des flux de trésorerie',
    'Notes annexes tirées de la comptabilité',
    'Créances et dettes par échéance',
  ])
    expect(text).toContain(heading);
  // Another company's statements are its own.
  const theirs = (
    await http(service)
      .get(`${base(other.company.id)}/sums-paid?year=2026`)
      .set(asTenant(other.company.id))
      .expect(200)
  ).body as SumsPaidStatement;
  expect(theirs.beneficiaries).toEqual([]);
});
