import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { CompanySummary, PortfolioFigures } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { asTenant, createCompany, pinDate, TOKEN } from '../../test-support';
import {
  createInvoice,
  http,
  invoicePayload,
  payOk,
  startWithWorlds,
  validatedInvoice,
  type InvoicingWorld,
} from '../../test-support/invoicing';
import { MESSAGES_PORTFOLIO } from './internal';

// The gateway's cross-company reads, end to end: real service, real Postgres, documents written through the API.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;

const internal = (path: string) => request(service.app).get(path).set('X-Internal-Token', TOKEN);
const figures = async (...ids: string[]) =>
  (await internal(`/internal/portfolio?companies=${ids.join(',')}`).expect(200)).body as PortfolioFigures[];

beforeAll(async () => {
  pinDate('2026-05-15T10:00:00Z');
  ({ service, w, other } = await startWithWorlds());
  const id = w.company.id;
  const sale = (over: object, lines?: Parameters<typeof invoicePayload>[2]) => invoicePayload(w, over, lines);
  const halfLine = [
    { description: 'Formation', quantity: '1', unitPrice: '50000', accountId: null, inventoryItemId: null, useExistingProduct: false },
  ];
  // Overdue since 13 April, 18 000 paid by bank: 100 000 still due.
  const partly = await validatedInvoice(service, id, sale({ date: '2026-03-14', dueDate: '2026-04-13' }));
  await payOk(service, id, { type: 'invoice_payment', invoiceId: partly.id, amount: '18000', date: '2026-03-20', method: 'bank' });
  // No due date: due on its date + the client's 30 days (31 March), overdue: 59 000.
  await validatedInvoice(service, id, sale({ date: '2026-03-01', dueDate: null }, halfLine));
  // A service invoice not yet due.
  await validatedInvoice(service, id, sale({ type: 'service', date: '2026-05-01', dueDate: '2026-05-31' }));
  // Paid in full (by bank, on 10 May): no longer overdue.
  const paid = await validatedInvoice(service, id, sale({ date: '2026-03-02', dueDate: '2026-04-01' }));
  await payOk(service, id, { type: 'invoice_payment', invoiceId: paid.id, amount: '118000', date: '2026-05-10', method: 'bank' });
  // A draft and a cancelled invoice, both past due: neither counts.
  await createInvoice(service, id, sale({ date: '2026-03-03', dueDate: '2026-04-01' }));
  const cancelled = await validatedInvoice(service, id, sale({ date: '2026-03-04', dueDate: '2026-04-01' }));
  await http(service).post(`/api/invoices/${cancelled.id}/cancel`).set(asTenant(id)).expect(200);
  // A supplier invoice past due: a payable, never an overdue customer invoice.
  await validatedInvoice(
    service,
    id,
    sale({ type: 'purchase', thirdPartyId: w.supplier.id, date: '2026-03-05', dueDate: '2026-04-01' }, halfLine),
  );
  // The other company: one overdue invoice of its own.
  await validatedInvoice(service, other.company.id, invoicePayload(other, { date: '2026-03-10', dueDate: '2026-04-09' }));
});

afterAll(async () => {
  jest.useRealTimers();
  await service?.close();
});

describe('GET /internal/portfolio', () => {
  it('answers each company its own figures, exactly, in the order asked', async () => {
    expect(await figures(other.company.id, w.company.id)).toEqual([
      {
        companyId: other.company.id,
        treasury: '0.00',
        receivables: '118000.00',
        payables: '0.00',
        overdueInvoices: 1,
        overdueAmount: '118000.00',
        lastEntryDate: '2026-03-10',
      },
      {
        companyId: w.company.id,
        // Bank: 18 000 + 118 000 received.
        treasury: '136000.00',
        // 118 000 × 3 + 59 000 invoiced (the cancelled one reversed) − 136 000 received.
        receivables: '277000.00',
        // The supplier's 59 000.
        payables: '59000.00',
        // 100 000 + 59 000.
        overdueInvoices: 2,
        overdueAmount: '159000.00',
        // The cancelled invoice's reversal, dated the day of the cancellation.
        lastEntryDate: '2026-05-15',
      },
    ]);
  });

  it('answers only the companies asked that exist: unknown ids are absent, a company without documents has zeros', async () => {
    const empty = await createCompany(service);
    expect(await figures(w.company.id.toUpperCase(), randomUUID(), empty.id, w.company.id)).toEqual([
      expect.objectContaining({ companyId: w.company.id }),
      {
        companyId: empty.id,
        treasury: '0.00',
        receivables: '0.00',
        payables: '0.00',
        overdueInvoices: 0,
        overdueAmount: '0.00',
        lastEntryDate: null,
      },
    ]);
    expect(await figures()).toEqual([]);
  });

  it('refuses malformed ids and more than 200 ids (400, French), and callers without the internal token (403)', async () => {
    const bad = await internal(`/internal/portfolio?companies=${w.company.id},pas-un-id`).expect(400);
    expect(bad.body).toMatchObject({ message: MESSAGES_PORTFOLIO.invalidId });
    const many = Array.from({ length: 201 }, () => randomUUID()).join(',');
    expect((await internal(`/internal/portfolio?companies=${many}`).expect(400)).body).toMatchObject({
      message: MESSAGES_PORTFOLIO.tooManyIds,
    });
    await request(service.app).get(`/internal/portfolio?companies=${w.company.id}`).expect(403);
    await request(service.app).get(`/internal/portfolio?companies=${w.company.id}`).set('X-Internal-Token', 'wrong').expect(403);
  });
});

describe('GET /internal/companies', () => {
  it('answers the names and sectors of the companies asked that exist, in the order asked', async () => {
    const res = await internal(`/internal/companies?ids=${other.company.id},${randomUUID()},${w.company.id}`).expect(200);
    expect(res.body as CompanySummary[]).toEqual([
      { id: other.company.id, name: other.company.name, sector: other.company.sector },
      { id: w.company.id, name: w.company.name, sector: w.company.sector },
    ]);
    // The single-company route is still there.
    await internal(`/internal/companies/${w.company.id}`).expect(200);
  });

  it('refuses malformed ids (400) and callers without the internal token (403)', async () => {
    expect((await internal('/internal/companies?ids=1,2').expect(400)).body).toMatchObject({ message: MESSAGES_PORTFOLIO.invalidId });
    await request(service.app).get(`/internal/companies?ids=${w.company.id}`).expect(403);
  });
});
