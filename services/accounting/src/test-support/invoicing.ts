// Helpers for the invoicing integration tests (invoices, payments, stock): a
// company with its chart, a client, a supplier and stock items, payloads as the
// dialogs send them, and ledger read-backs. Real Postgres and Redis; nothing is
// mocked. Not imported by the service itself.
import { QueryTypes } from 'sequelize';
import request from 'supertest';
import type { Account, Company, InventoryItem, Invoice, InvoiceInput, Payment, PaymentInput, ThirdParty } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../server';
import { asTenant, companyWithChart, createThirdParty } from '.';

export interface InvoicingWorld {
  company: Company;
  accounts: Map<string, Account>;
  client: ThirdParty;
  supplier: ThirdParty;
  /** Sac de riz 50 kg at 25 000, stock 100. */
  rice: InventoryItem;
  /** Huile 20 l at 18 000.50, stock 10. */
  oil: InventoryItem;
}

export async function invoicingWorld(service: RunningService, sector: 'service' | 'restauration' = 'service'): Promise<InvoicingWorld> {
  const { company, accounts } = await companyWithChart(service, sector);
  const t = asTenant(company.id);
  const client = await createThirdParty(service, company.id, {
    type: 'client',
    name: 'Sonatel',
    address: 'Dakar Plateau',
    taxNumber: '0012345 2G3',
  });
  const supplier = await createThirdParty(service, company.id, { type: 'supplier', name: 'Sen Fournitures' });
  const item = async (body: object) =>
    (await request(service.app).post(`/api/companies/${company.id}/inventory`).set(t).send(body).expect(201)).body as InventoryItem;
  const rice = await item({
    name: 'Sac de riz 50 kg',
    category: 'ingredient',
    unit: 'pcs',
    currentStock: '100',
    minStock: '10',
    unitCost: '25000',
    supplierId: supplier.id,
  });
  const oil = await item({ name: 'Huile 20 l', category: 'ingredient', unit: 'l', currentStock: '10', unitCost: '18000.50' });
  return { company, accounts, client, supplier, rice, oil };
}

/** A started service with two worlds: the company under test and another (for isolation checks). Close the service after all. */
export async function startWithWorlds(): Promise<{ service: RunningService; w: InvoicingWorld; other: InvoicingWorld }> {
  const service = await start({ port: 0 });
  try {
    return { service, w: await invoicingWorld(service), other: await invoicingWorld(service) };
  } catch (err) {
    await service.close();
    throw err;
  }
}

type Line = InvoiceInput['lines'][number];

/** The invoice dialog's payload: one service line of 100 000 HT at 18 % unless told otherwise. */
export function invoicePayload(
  world: Pick<InvoicingWorld, 'client'>,
  over: Partial<InvoiceInput['invoice']> = {},
  lines: Line[] = [
    {
      description: 'Prestation de conseil',
      quantity: '1',
      unitPrice: '100000',
      accountId: null,
      inventoryItemId: null,
      useExistingProduct: false,
    },
  ],
): InvoiceInput {
  return {
    invoice: {
      type: 'sale',
      number: 'FV-2026-0001',
      thirdPartyId: world.client.id,
      date: '2026-03-14',
      dueDate: '2026-04-13',
      paymentMethod: 'bank',
      vatRate: '18.00',
      notes: '',
      ...over,
    },
    lines,
  };
}

export const http = (service: RunningService) => request(service.app);

export async function createInvoice(service: RunningService, companyId: string, body: InvoiceInput): Promise<Invoice> {
  const res = await http(service).post(`/api/companies/${companyId}/invoices`).set(asTenant(companyId)).send(body);
  if (res.status !== 201) throw new Error(`create invoice: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Invoice;
}

export async function validateInvoice(service: RunningService, companyId: string, id: string): Promise<Invoice> {
  const res = await http(service).patch(`/api/invoices/${id}/validate`).set(asTenant(companyId));
  if (res.status !== 200) throw new Error(`validate invoice: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Invoice;
}

/** A created and validated invoice. */
export async function validatedInvoice(service: RunningService, companyId: string, body: InvoiceInput): Promise<Invoice> {
  return validateInvoice(service, companyId, (await createInvoice(service, companyId, body)).id);
}

export function pay(service: RunningService, companyId: string, body: Partial<PaymentInput>) {
  return http(service)
    .post('/api/payments')
    .set(asTenant(companyId))
    .send({ companyId, date: '2026-03-20', method: 'bank', ...body });
}

export async function payOk(service: RunningService, companyId: string, body: Partial<PaymentInput>): Promise<Payment> {
  const res = await pay(service, companyId, body);
  if (res.status !== 201) throw new Error(`payment: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Payment;
}

/** An entry's journal, number and lines as [code, debit, credit, thirdPartyId]. */
export async function entryLines(service: RunningService, entryId: string) {
  const rows = await service.ctx.sequelize.query<{
    journal: string;
    status: string;
    code: string;
    debit: string;
    credit: string;
    third_party_id: string | null;
  }>(
    `SELECT e.journal, e.status, a.code, l.debit, l.credit, l.third_party_id
       FROM accounting.accounting_entries e
       JOIN accounting.accounting_entry_lines l ON l.entry_id = e.id
       JOIN accounting.accounts a ON a.id = l.account_id
      WHERE e.id = $1 ORDER BY l.line_no`,
    { bind: [entryId], type: QueryTypes.SELECT },
  );
  return { journal: rows[0]?.journal, status: rows[0]?.status, lines: rows.map((r) => [r.code, r.debit, r.credit, r.third_party_id]) };
}

/** Balance (debit − credit) of each account code over everything posted (validated and cancelled entries with their reversals). */
export async function balances(service: RunningService, companyId: string): Promise<Map<string, string>> {
  const rows = await service.ctx.sequelize.query<{ code: string; balance: string }>(
    `SELECT a.code, sum(l.debit - l.credit)::text AS balance
       FROM accounting.accounting_entry_lines l
       JOIN accounting.accounting_entries e ON e.id = l.entry_id
       JOIN accounting.accounts a ON a.id = l.account_id
      WHERE e.company_id = $1 AND e.status IN ('validated', 'cancelled')
      GROUP BY a.code`,
    { bind: [companyId], type: QueryTypes.SELECT },
  );
  return new Map(rows.map((r) => [r.code, r.balance]));
}

export async function stockOf(service: RunningService, companyId: string, itemId: string): Promise<InventoryItem> {
  return (await http(service).get(`/api/inventory/${itemId}`).set(asTenant(companyId)).expect(200)).body as InventoryItem;
}
