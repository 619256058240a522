import request from 'supertest';
import type { DashboardData, TreasuryData } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, pinDate } from '../../test-support';
import {
  balances,
  createInvoice,
  invoicePayload,
  invoicingWorld,
  payOk,
  validatedInvoice,
  type InvoicingWorld,
} from '../../test-support/invoicing';

// The dashboard and treasury follow the business documents through their own
// APIs (invoices validated and posted, payments posted, a cancellation by
// reversal): every figure is the ledger's. Only Date is faked: "today" is pinned.
const TODAY = '2026-03-25';

let service: RunningService;
let w: InvoicingWorld;

const get = async <T>(path: string): Promise<T> =>
  (await request(service.app).get(`/api/companies/${w.company.id}${path}`).set(asTenant(w.company.id)).expect(200)).body as T;
const line = (unitPrice: string) => [
  { description: 'Prestation', quantity: '1', unitPrice, accountId: null, inventoryItemId: null, useExistingProduct: false },
];

beforeAll(async () => {
  pinDate(`${TODAY}T09:00:00Z`);
  service = await start({ port: 0 });
  w = await invoicingWorld(service);
});

afterAll(async () => {
  await service.close();
  jest.useRealTimers();
});

it('follows invoices, payments and a cancellation through the ledger', async () => {
  const empty = await get<DashboardData>('/dashboard');
  expect(empty).toMatchObject({ revenue: '0.00', treasury: '0.00', receivables: '0.00', payables: '0.00', upcomingPayments: [] });

  // A sale of 1 000 000 HT (1 180 000 TTC) due in 5 days, a purchase of 100 000 HT without due date (supplier terms: 30 days).
  const sale = await validatedInvoice(
    service,
    w.company.id,
    invoicePayload(w, { number: 'FV-2026-0001', date: '2026-03-14', dueDate: '2026-03-30' }, line('1000000')),
  );
  const purchase = await validatedInvoice(
    service,
    w.company.id,
    invoicePayload({ client: w.supplier }, { type: 'purchase', number: 'FA-2026-0001', date: '2026-03-10', dueDate: null }, line('100000')),
  );
  // A draft is not owed yet.
  await createInvoice(
    service,
    w.company.id,
    invoicePayload(w, { number: 'FV-2026-0002', date: '2026-03-15', dueDate: '2026-03-20' }, line('5000')),
  );

  let d = await get<DashboardData>('/dashboard');
  expect(d).toMatchObject({
    revenue: '1000000.00',
    receivables: '1180000.00',
    payables: '118000.00',
    treasury: '0.00',
    recentTransactions: [],
  });
  expect(d.upcomingPayments).toEqual([
    {
      id: sale.id,
      kind: 'invoice',
      invoiceId: sale.id,
      description: 'Facture FV-2026-0001 — Sonatel',
      dueDate: '2026-03-30',
      amount: '1180000.00',
      urgency: 'urgent',
    },
    {
      id: purchase.id,
      kind: 'invoice',
      invoiceId: purchase.id,
      description: 'Facture FA-2026-0001 — Sen Fournitures',
      dueDate: '2026-04-09',
      amount: '-118000.00',
      urgency: 'soon',
    },
  ]);

  // The client pays 500 000 by bank; the supplier is paid in full in cash.
  await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: sale.id, amount: '500000', date: '2026-03-20', method: 'bank' });
  await payOk(service, w.company.id, {
    type: 'invoice_payment',
    invoiceId: purchase.id,
    amount: '118000.00',
    date: '2026-03-22',
    method: 'cash',
  });

  d = await get<DashboardData>('/dashboard');
  const ledger = await balances(service, w.company.id);
  expect(ledger.get('521')).toBe('500000.00');
  expect(ledger.get('571')).toBe('-118000.00');
  expect(d).toMatchObject({ revenue: '1000000.00', treasury: '382000.00', receivables: '680000.00', payables: '0.00' });
  expect(d.recentTransactions.map((t) => [t.date, t.type, t.amount])).toEqual([
    ['2026-03-22', 'expense', '118000.00'],
    ['2026-03-20', 'income', '500000.00'],
  ]);
  // The paid purchase is gone; the sale shows its balance due.
  expect(d.upcomingPayments.map((p) => [p.description, p.amount])).toEqual([['Facture FV-2026-0001 — Sonatel', '680000.00']]);

  const t = await get<TreasuryData>('/treasury');
  expect(t).toMatchObject({ balance: '382000.00', expectedInflows: '680000.00', expectedOutflows: '0.00' });
  expect(t.accounts.filter((a) => a.balance !== '0.00').map((a) => [a.code, a.kind, a.balance])).toEqual([
    ['521', 'bank', '500000.00'],
    ['571', 'cash', '-118000.00'],
  ]);
  expect(t.forecast.find((p) => p.date === '2026-03-30')?.balance).toBe('1062000.00');

  // Another sale, validated then cancelled unpaid: posted, reversed today, netted out everywhere.
  const cancelled = await validatedInvoice(
    service,
    w.company.id,
    invoicePayload(w, { number: 'FV-2026-0003', date: '2026-03-16', dueDate: '2026-03-26' }, line('300000')),
  );
  expect((await get<DashboardData>('/dashboard')).revenue).toBe('1300000.00');
  await request(service.app).post(`/api/invoices/${cancelled.id}/cancel`).set(asTenant(w.company.id)).expect(200);
  d = await get<DashboardData>('/dashboard');
  expect(d).toMatchObject({ revenue: '1000000.00', receivables: '680000.00' });
  expect(d.upcomingPayments).toHaveLength(1);

  // The cash flow of March: 500 000 in, 118 000 out.
  const flow = await get<{ points: { label: string; inflow: string; outflow: string; net: string }[] }>('/cash-flow/3months');
  expect(flow.points.at(-1)).toMatchObject({ label: 'mars 2026', inflow: '500000.00', outflow: '118000.00', net: '382000.00' });
  const breakdown = await get<{ total: string; items: { key: string; amount: string }[] }>('/revenue-breakdown');
  expect(breakdown).toMatchObject({ total: '1000000.00', items: [{ key: '701', amount: '1000000.00' }] });
});
