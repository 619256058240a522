import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import fc from 'fast-check';
import { invoiceTotals, type Invoice } from '@xaalis/contracts';
import { fromCents } from '@xaalis/domain';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../server';
import { asTenant } from '../test-support';
import { http, invoicePayload, invoicingWorld, validateInvoice } from '../test-support/invoicing';
import { down, up } from './0031-vat';

// Migration 0031 moves each invoice's VAT rate onto its lines: run down then up again over invoices of
// every rate (one rate per invoice, as before 0031) and check that every invoice keeps its totals, its
// lines their share of its VAT, and the VAT ledger its validated documents. In a database of its own:
// the run's database is shared by the test files running alongside.
const runUrl = new URL(process.env.DATABASE_URL ?? '');
const adminUrl = new URL(runUrl.toString());
adminUrl.pathname = '/postgres';
const dbName = `${decodeURIComponent(runUrl.pathname.slice(1))}_vat_${randomBytes(2).toString('hex')}`;
const dbUrl = new URL(runUrl.toString());
dbUrl.pathname = `/${dbName}`;

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: adminUrl.toString() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

let service: RunningService;

beforeAll(async () => {
  await admin(`CREATE DATABASE "${dbName}"`);
  // The service reads its database from the environment when it starts: this file's own, then the run's again.
  const shared = process.env.DATABASE_URL;
  process.env.DATABASE_URL = dbUrl.toString();
  try {
    service = await start({ port: 0 });
  } finally {
    process.env.DATABASE_URL = shared;
  }
});

afterAll(async () => {
  await service?.close();
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
});

interface LineRow {
  invoice_id: string;
  line_no: number;
  total: string;
  vat_rate: string;
  vat_amount: string;
  code: string;
}

it('moves every invoice’s rate onto its lines and keeps every total, share of VAT and VAT ledger row', async () => {
  const w = await invoicingWorld(service);
  const c = w.company.id;
  const specs = fc.sample(
    fc.record({
      rate: fc.constantFrom('18', '10', '0', '5.5', '18'),
      cents: fc.array(fc.integer({ min: 1, max: 300_000_000 }), { minLength: 1, maxLength: 4 }),
      purchase: fc.boolean(),
      validated: fc.constantFrom(true, true, false),
      credited: fc.constantFrom(false, false, true),
    }),
    { numRuns: 25, seed: 30 },
  );
  const invoices: Invoice[] = [];
  for (const [i, s] of specs.entries()) {
    const body = invoicePayload(
      w,
      s.purchase
        ? { type: 'purchase', number: `FA-M-${i}`, thirdPartyId: w.supplier.id, vatRate: s.rate, date: '2026-04-10', dueDate: null }
        : { number: `FV-M-${i}`, vatRate: s.rate, date: '2026-04-10', dueDate: null },
      s.cents.map((cents, k) => ({
        description: `Ligne ${k}`,
        quantity: k % 2 ? '1.333' : '1',
        unitPrice: fromCents(BigInt(cents)),
        accountId: null,
        inventoryItemId: null,
        useExistingProduct: false,
      })),
    );
    const res = await http(service).post(`/api/companies/${c}/invoices`).set(asTenant(c)).send(body).expect(201);
    let invoice = res.body as Invoice;
    if (s.validated) invoice = await validateInvoice(service, c, invoice.id);
    if (s.validated && s.credited && invoice.status === 'validated')
      await http(service)
        .post(`/api/invoices/${invoice.id}/credit-notes`)
        .set(asTenant(c))
        .send({ reason: 'Retour', amount: '1', date: '2026-04-11' })
        .expect(201);
    invoices.push(invoice);
  }
  const db = service.ctx.sequelize;
  const lines = () =>
    db.query<LineRow>(
      `SELECT l.invoice_id, l.line_no, l.total::text, l.vat_rate::text, l.vat_amount::text, v.code
         FROM accounting.invoice_lines l JOIN accounting.vat_codes v ON v.id = l.vat_code_id
        WHERE l.company_id = $1 ORDER BY l.invoice_id, l.line_no`,
      { bind: [c], type: QueryTypes.SELECT },
    );
  const ledger = () =>
    db.query<{ source_type: string; source_id: string; code: string; base: string; vat: string }>(
      `SELECT v.source_type, v.source_id::text, c.code, v.base::text, v.vat::text
         FROM accounting.vat_lines v JOIN accounting.vat_codes c ON c.id = v.vat_code_id
        WHERE v.company_id = $1 ORDER BY v.source_type, v.source_id`,
      { bind: [c], type: QueryTypes.SELECT },
    );
  const headers = () =>
    db.query<{ id: string; subtotal: string; vat_rate: string; vat_amount: string; total: string }>(
      'SELECT id, subtotal::text, vat_rate::text, vat_amount::text, total::text FROM accounting.invoices WHERE company_id = $1 ORDER BY id',
      { bind: [c], type: QueryTypes.SELECT },
    );
  const [linesBefore, ledgerBefore, headersBefore] = [await lines(), await ledger(), await headers()];
  expect(ledgerBefore.length).toBeGreaterThan(0);

  const context = { sequelize: db, schema: service.ctx.schema, queryInterface: db.getQueryInterface() };
  await down({ context });
  await up({ context });

  const linesAfter = await lines();
  // The same code, rate and share of VAT on every line (the API's allocation and the migration's agree).
  expect(linesAfter).toEqual(linesBefore);
  expect(await ledger()).toEqual(ledgerBefore);
  const after = await headers();
  expect(after).toEqual(headersBefore);
  for (const h of after) {
    const mine = linesAfter.filter((l) => l.invoice_id === h.id);
    // The totals the lines give at their rates are the invoice's.
    const totals = invoiceTotals(
      mine.map((l) => ({ quantity: '1', unitPrice: l.total, vatRate: l.vat_rate })),
      h.vat_rate,
    );
    expect([h.id, totals.subtotal, totals.vatAmount, totals.total]).toEqual([h.id, h.subtotal, h.vat_amount, h.total]);
    expect(mine.every((l) => l.vat_rate === h.vat_rate)).toBe(true);
  }
  // A rate no default code had got its own code.
  if (specs.some((s) => s.rate === '5.5')) expect(linesAfter.some((l) => l.code === 'TVA5.5')).toBe(true);
});
