import request from 'supertest';
import { type Company, type DashboardData, type TreasuryData } from '@xaalis/contracts';
import { fromCents, toCents } from '@xaalis/domain';
import type { RunningService } from '@xaalis/service-kit';
import { asTenant, companyWithChart, createThirdParty, pinDate } from '../../test-support';
import { addDays } from '../dashboard';
import { cr, dr, ExpectedLedger, startWithLedger, isTreasury } from '../../test-support/expected-ledger';

// The treasury screen end to end (real service and Postgres), against the
// model of the ledger kept by the test. Only Date is faked: "today" is pinned.
const TODAY = '2026-03-10';

let service: RunningService;
let own: Company;
let other: Company;
let ledger: ExpectedLedger;
let data: TreasuryData;
/** The open documents posted below: [due date as the forecast sees it, signed amount in cents]. */
const due: [string, bigint][] = [];

const http = () => request(service.app);
const get = (path: string, companyId = own.id) => http().get(`/api/companies/${companyId}${path}`).set(asTenant(companyId));

const thirdParty = (companyId: string, body: object) => createThirdParty(service, companyId, body);

beforeAll(async () => {
  pinDate(`${TODAY}T08:00:00Z`);
  ({ service, own, other, ledger } = await startWithLedger());

  await ledger.post('OD', '2026-01-05', 'Apport en capital', [dr('521', '2000000'), cr('101', '2000000')]);
  await ledger.post('CA', '2026-01-10', 'Alimentation caisse', [dr('571', '150000'), cr('521', '150000')]);
  await ledger.post('MM', '2026-02-01', 'Encaissement Orange Money', [dr('5521', '80000'), cr('706', '80000')]);
  await ledger.cancel(await ledger.post('CA', '2026-02-10', 'Dépense annulée', [dr('6222', '5000'), cr('571', '5000')]));
  await ledger.post('BQ', '2026-02-15', 'Virement reçu', [dr('5211', '40000'), cr('706', '40000')]);
  await ledger.post('BQ', '2026-02-20', 'Virement de fonds en transit', [dr('585', '25000'), cr('521', '25000')]);
  await ledger.post('BQ', '2026-03-01', 'Découvert autorisé', [dr('521', '300000'), cr('561', '300000')]);
  await ledger.post('BQ', '2026-03-15', 'Encaissement futur', [dr('521', '1000'), cr('706', '1000')]);

  const client = await thirdParty(own.id, { type: 'client', name: 'Auchan Sénégal', paymentTerms: 30 });
  const supplier = await thirdParty(own.id, { type: 'supplier', name: 'Sen Fournitures' });
  await ledger.invoice({
    type: 'sale',
    number: 'FV-2026-0001',
    date: '2026-01-29',
    dueDate: '2026-02-28',
    party: client,
    subtotal: '100000',
    paid: '18000',
  });
  due.push([TODAY, toCents('100000.00')]); // overdue: expected today
  await ledger.invoice({
    type: 'purchase',
    number: 'FA-2026-0001',
    date: '2026-03-01',
    dueDate: TODAY,
    party: supplier,
    subtotal: '50000',
  });
  due.push([TODAY, -toCents('59000.00')]);
  await ledger.invoice({ type: 'service', number: 'FS-2026-0001', date: '2026-03-01', dueDate: null, party: client, subtotal: '20000' });
  due.push(['2026-03-31', toCents('23600.00')]); // date + the client's 30 days
  await ledger.invoice({
    type: 'sale',
    number: 'FV-2026-0002',
    date: '2026-03-09',
    dueDate: '2026-04-09',
    party: client,
    subtotal: '10000',
  });
  due.push(['2026-04-09', toCents('11800.00')]); // the horizon's last day
  await ledger.invoice({
    type: 'sale',
    number: 'FV-2026-0003',
    date: '2026-03-09',
    dueDate: '2026-04-10',
    party: client,
    subtotal: '1000',
  }); // beyond
  await ledger.invoice({
    type: 'sale',
    number: 'FV-2026-0004',
    date: '2026-03-02',
    dueDate: '2026-03-12',
    party: client,
    subtotal: '7000',
    status: 'paid',
  });
  await ledger.invoice({
    type: 'purchase',
    number: 'FA-2026-0002',
    date: '2026-03-02',
    dueDate: '2026-03-12',
    party: supplier,
    subtotal: '7000',
    status: 'cancelled',
  });
  await ledger.invoice({
    type: 'purchase',
    number: 'FA-2026-0003',
    date: '2026-03-02',
    dueDate: '2026-03-12',
    party: supplier,
    subtotal: '7000',
    status: 'draft',
  });
  await ledger.loan('CBAO', [
    { dueDate: '2026-01-25', principal: '125000', interest: '25000', status: 'paid' },
    { dueDate: '2026-02-25', principal: '125000', interest: '25000', status: 'overdue' },
    { dueDate: '2026-03-25', principal: '125000', interest: '25000' },
    { dueDate: '2026-04-25', principal: '125000', interest: '25000' },
  ]);
  due.push([TODAY, -toCents('150000.00')], ['2026-03-25', -toCents('150000.00')]);

  // Recurring templates: the invoices still to issue from today on, at their due date (5 900 each).
  const recurring = (body: object) =>
    http()
      .post(`/api/companies/${own.id}/recurring-invoices`)
      .set(asTenant(own.id))
      .send({
        clientId: client.id,
        frequency: 'monthly',
        validate: true,
        lines: [
          { description: 'Loyer', quantity: '1', unitPrice: '5000', accountId: null, inventoryItemId: null, useExistingProduct: false },
        ],
        ...body,
      })
      .expect(201);
  await recurring({ day: 15, startDate: '2026-03-01', dueDays: 10 }); // 15 March, due the 25th
  due.push(['2026-03-25', toCents('5900.00')]);
  await recurring({ day: 5, startDate: '2026-02-01', dueDays: 0 }); // 5 February and March past (the sweep issues them); 5 April counts
  due.push(['2026-04-05', toCents('5900.00')]);
  await recurring({ day: 1, startDate: '2026-03-01', dueDays: 0, active: false }); // paused: nothing

  const neighbour = new ExpectedLedger(service.ctx.sequelize, other.id);
  await neighbour.post('BQ', '2026-03-01', 'Voisin', [dr('521', '999999'), cr('706', '999999')]);
  await neighbour.loan('Banque voisine', [{ dueDate: '2026-03-11', principal: '1', interest: '0' }]);

  data = (await get('/treasury').expect(200)).body;
});

afterAll(async () => {
  await service.close();
  jest.useRealTimers();
});

describe('GET /api/companies/:companyId/treasury', () => {
  it('lists the treasury accounts with their ledger balances (the payment methods’ accounts even without movements)', () => {
    const balanceOf = (code: string) => fromCents(ledger.balance((l) => l.code === code && l.date <= TODAY));
    expect(data.accounts).toEqual([
      { code: '513', name: 'Chèques à encaisser', kind: 'cheque', balance: '0.00' },
      { code: '521', name: 'Banques locales', kind: 'bank', balance: balanceOf('521') },
      { code: '5211', name: 'Banques en monnaie nationale', kind: 'bank', balance: '40000.00' },
      { code: '552', name: 'Monnaie électronique - téléphone portable', kind: 'mobile', balance: '0.00' },
      { code: '5521', name: 'Monnaie électronique - téléphone portable - Orange Money', kind: 'mobile', balance: '80000.00' },
      { code: '561', name: 'Crédits de trésorerie', kind: 'other', balance: '-300000.00' },
      { code: '571', name: 'Caisse siège social', kind: 'cash', balance: balanceOf('571') },
    ]);
    // 2 000 000 − 150 000 − 25 000 (to 585, not treasury) + 300 000 + payments 18 000 and 8 260; the future 1 000 not yet
    expect(balanceOf('521')).toBe('2151260.00');
    // The cancelled expense and its reversal net out.
    expect(balanceOf('571')).toBe('150000.00');
  });

  it('has the balance of the ledger’s treasury accounts, the dashboard’s treasury', async () => {
    expect(data.balance).toBe(fromCents(ledger.balance((l) => isTreasury(l.code) && l.date <= TODAY)));
    expect(data.balance).toBe(fromCents(data.accounts.reduce((s, a) => s + toCents(a.balance), 0n)));
    expect(data.balance).toBe('2121260.00');
    const dashboard: DashboardData = (await get('/dashboard').expect(200)).body;
    expect(dashboard.treasury).toBe(data.balance);
  });

  it('expects the open invoices and unpaid instalments due within 30 days, overdue ones included', () => {
    expect(data.expectedInflows).toBe(fromCents(due.filter(([, a]) => a > 0n).reduce((s, [, a]) => s + a, 0n)));
    expect(data.expectedOutflows).toBe(fromCents(due.filter(([, a]) => a < 0n).reduce((s, [, a]) => s - a, 0n)));
    expect([data.expectedInflows, data.expectedOutflows]).toEqual(['147200.00', '359000.00']);
  });

  it('projects the balance day by day from today to the horizon', () => {
    expect(data.forecast).toHaveLength(31);
    let running = toCents(data.balance);
    data.forecast.forEach((point, i) => {
      const date = addDays(TODAY, i);
      running += due.filter(([d]) => d === date).reduce((s, [, a]) => s + a, 0n);
      expect(point).toEqual({ date, balance: fromCents(running) });
    });
    // 2 121 260 + 100 000 − 59 000 − 150 000
    expect(data.forecast[0]).toEqual({ date: TODAY, balance: '2012260.00' });
    expect(data.forecast[30]).toEqual({
      date: '2026-04-09',
      balance: fromCents(toCents(data.balance) + toCents(data.expectedInflows) - toCents(data.expectedOutflows)),
    });
  });

  it('answers 404 for another company and shows a company without movements its method accounts at zero', async () => {
    await http().get(`/api/companies/${other.id}/treasury`).set(asTenant(own.id)).expect(404);
    const { company } = await companyWithChart(service);
    const empty: TreasuryData = (await get('/treasury', company.id).expect(200)).body;
    expect(empty.balance).toBe('0.00');
    expect(empty.accounts.map((a) => [a.code, a.kind, a.balance])).toEqual([
      ['513', 'cheque', '0.00'],
      ['521', 'bank', '0.00'],
      ['552', 'mobile', '0.00'],
      ['571', 'cash', '0.00'],
    ]);
    expect([empty.expectedInflows, empty.expectedOutflows]).toEqual(['0.00', '0.00']);
    expect(empty.forecast.every((p) => p.balance === '0.00')).toBe(true);
  });
});
