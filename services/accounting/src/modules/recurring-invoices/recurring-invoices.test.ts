import { QueryTypes } from 'sequelize';
import { recurringDates, type RecurringInvoice } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { asTenant } from '../../test-support';
import { http, startWithWorlds, type InvoicingWorld } from '../../test-support/invoicing';
import { recurringInvoicesService } from './service';

// Recurring invoices: real service, real Postgres.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;
beforeAll(async () => ({ service, w, other } = await startWithWorlds()));
afterAll(() => service.close());

const t = () => asTenant(w.company.id);
const template = (over: object = {}) => ({
  clientId: w.client.id,
  frequency: 'monthly',
  day: 5,
  startDate: '2099-01-01',
  validate: true,
  notes: 'Loyer du bureau',
  lines: [{ description: 'Loyer mensuel', quantity: '1', unitPrice: '250000' }],
  ...over,
});
const invoicesOf = (id: string) =>
  service.ctx.sequelize.query<{ date: string; status: string; total: string }>(
    `SELECT i.date::text AS date, i.status, i.total FROM accounting.recurring_invoice_runs r JOIN accounting.invoices i ON i.id = r.invoice_id
      WHERE r.recurring_invoice_id = $1 ORDER BY i.date`,
    { bind: [id], type: QueryTypes.SELECT },
  );

it('computes the dates of each frequency from the start, up to the end', () => {
  expect(recurringDates({ frequency: 'monthly', day: 5, startDate: '2026-01-10', endDate: null }, '2026-04-30')).toEqual([
    '2026-02-05',
    '2026-03-05',
    '2026-04-05',
  ]);
  expect(recurringDates({ frequency: 'quarterly', day: 1, startDate: '2026-01-01', endDate: '2026-12-31' }, '2027-06-30')).toEqual([
    '2026-01-01',
    '2026-04-01',
    '2026-07-01',
    '2026-10-01',
  ]);
  expect(recurringDates({ frequency: 'yearly', day: 28, startDate: '2025-02-01', endDate: null }, '2027-03-01')).toEqual([
    '2025-02-28',
    '2026-02-28',
    '2027-02-28',
  ]);
});

it('catches up every missed period once, even when the sweep runs twice or concurrently, and stops at the end date', async () => {
  const created = (await http(service).post(`/api/companies/${w.company.id}/recurring-invoices`).set(t()).send(template()).expect(201))
    .body as RecurringInvoice;
  expect(created).toMatchObject({ total: '295000.00', nextDate: '2099-01-05', invoicesCreated: 0 });
  await http(service)
    .put(`/api/recurring-invoices/${created.id}`)
    .set(t())
    .send(template({ startDate: '2026-01-01', endDate: '2026-06-30' }))
    .expect(200);
  const svc = recurringInvoicesService(service.ctx.sequelize);
  // Late after an outage: four months due at once; run twice concurrently, then again.
  const runs = await Promise.all([svc.generate('2026-04-20', w.company.id), svc.generate('2026-04-20', w.company.id)]);
  expect(runs[0].created + runs[1].created).toBe(4);
  expect((await svc.generate('2026-04-20', w.company.id)).created).toBe(0);
  expect((await invoicesOf(created.id)).map((i) => i.date)).toEqual(['2026-01-05', '2026-02-05', '2026-03-05', '2026-04-05']);
  expect((await invoicesOf(created.id)).every((i) => i.status === 'validated' && i.total === '295000.00')).toBe(true);
  await svc.generate('2027-01-01', w.company.id);
  expect(await invoicesOf(created.id)).toHaveLength(6);
  const listed = (await http(service).get(`/api/companies/${w.company.id}/recurring-invoices`).set(t()).expect(200)).body as {
    items: RecurringInvoice[];
  };
  expect(listed.items.find((r) => r.id === created.id)).toMatchObject({ invoicesCreated: 6, nextDate: null });
});

it('refuses bad input in French and keeps templates to their company', async () => {
  const post = (body: object) => http(service).post(`/api/companies/${w.company.id}/recurring-invoices`).set(t()).send(body);
  expect((await post(template({ day: 31 })).expect(400)).body.message).toBe('Jour du mois invalide (1 à 28)');
  expect((await post(template({ endDate: '2098-01-01' })).expect(400)).body.message).toBe(
    'La date de fin ne peut pas précéder la date de début',
  );
  expect((await post(template({ clientId: other.client.id })).expect(400)).body.message).toBe('Client introuvable');
  const created = (await post(template()).expect(201)).body as RecurringInvoice;
  const o = asTenant(other.company.id);
  await http(service).get(`/api/recurring-invoices/${created.id}`).set(o).expect(404);
  await http(service).put(`/api/recurring-invoices/${created.id}`).set(o).send({}).expect(404);
  await http(service).delete(`/api/recurring-invoices/${created.id}`).set(o).expect(404);
  await http(service).delete(`/api/recurring-invoices/${created.id}`).set(t()).expect(204);
});
