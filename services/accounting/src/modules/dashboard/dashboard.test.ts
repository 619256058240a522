import request from 'supertest';
import {
  type AccountingEntry,
  type CashFlowData,
  type Company,
  type DashboardData,
  type RevenueBreakdownData,
  type ThirdParty,
} from '@xaalis/contracts';
import { fromCents, Decimal } from '@xaalis/domain';
import type { RunningService } from '@xaalis/service-kit';
import { asTenant, companyWithChart, createThirdParty, pinDate } from '../../test-support';
import { cr, dr, ExpectedLedger, startWithLedger, isRevenue, isTreasury } from '../../test-support/expected-ledger';

// The dashboard figures end to end: real service, real Postgres. Every figure
// is checked against what the model of the ledger (the lines posted here,
// filtered in JavaScript) says. "Today" is pinned (only Date is faked: timers,
// I/O and the database run for real) so that fiscal-year boundaries are exact.
const TODAY = '2026-11-20';

let service: RunningService;
let own: Company;
let other: Company;
let ledger: ExpectedLedger;
let sonatel: ThirdParty;
let orange: ThirdParty;
let senelec: ThirdParty;
let c3: AccountingEntry;
let c7: AccountingEntry;

const http = () => request(service.app);
const get = (path: string, companyId = own.id) => http().get(`/api/companies/${companyId}${path}`).set(asTenant(companyId));
const db = () => service.ctx.sequelize;

const thirdParty = (companyId: string, body: object) => createThirdParty(service, companyId, body);

beforeAll(async () => {
  pinDate(`${TODAY}T10:30:00Z`);
  ({ service, own, other, ledger } = await startWithLedger());
  // A fiscal year from 1 July: today is in 2026-2027.
  await http()
    .put(`/api/companies/${own.id}`)
    .set(asTenant(own.id))
    .send({ name: own.name, sector: 'service', fiscalYear: '07-01' })
    .expect(200);
  sonatel = await thirdParty(own.id, { type: 'client', name: 'Sonatel' });
  orange = await thirdParty(own.id, { type: 'client', name: 'Orange', paymentTerms: 45 });
  senelec = await thirdParty(own.id, { type: 'supplier', name: 'Senelec' });

  // ── previous fiscal year (2025-07-01 → 2026-06-30) ──
  await ledger.post('OD', '2025-07-01', 'Apport en capital', [dr('521', '1000000'), cr('101', '1000000')]);
  await ledger.post('VT', '2025-08-10', 'Mission audit', [dr('4111', '590000'), cr('706', '500000'), cr('4431', '90000')]);
  // The last day of the comparable span (a year before today)…
  await ledger.post('VT', '2025-11-20', 'Vente comptoir', [dr('571', '50000'), cr('7071', '50000')]);
  // …and the first day after it.
  await ledger.post('VT', '2025-11-21', 'Vente marchandises', [dr('4111', '118000'), cr('701', '100000'), cr('4431', '18000')]);
  await ledger.post('VT', '2026-06-30', 'Formation juin', [dr('521', '200000'), cr('706', '200000')]);

  // ── current fiscal year (2026-07-01 → 2027-06-30) ──
  await ledger.post('VT', '2026-07-01', 'Mission conseil', [dr('4111', '354000'), cr('706', '300000'), cr('4431', '54000')]);
  await ledger.post('VT', '2026-09-05', 'Ventes comptant', [
    dr('571', '236000'),
    cr('701', '150000'),
    cr('707', '50000'),
    cr('4431', '36000'),
  ]);
  c3 = await ledger.post('VT', '2026-09-10', 'Facture annulée', [dr('4111', '94400'), cr('706', '80000'), cr('4431', '14400')]);
  await ledger.post('BQ', '2026-10-01', 'Règlement client', [dr('521', '354000'), cr('4111', '354000')]);
  await ledger.post('AC', '2026-10-15', 'Achat fournitures', [dr('601', '100000'), dr('4452', '18000'), cr('4011', '118000')]);
  await ledger.post('BQ', '2026-10-20', 'Règlement fournisseur', [dr('4011', '50000'), cr('521', '50000')]);
  c7 = await ledger.post('BQ', '2026-10-25', 'Loyer octobre (erreur)', [dr('6222', '30000'), cr('521', '30000')]);
  await ledger.post('CA', '2026-11-10', 'Retrait banque pour la caisse', [dr('571', '20000'), cr('521', '20000')]);
  await ledger.post('BQ', '2026-11-12', 'Virement de fonds vers succursale', [dr('585', '10000'), cr('521', '10000')]);
  await ledger.post('CA', '2026-11-13', 'Virement de fonds reçu', [dr('571', '10000'), cr('585', '10000')]);
  await ledger.post('OD', '2026-11-14', 'Retour marchandises', [dr('701', '10000'), cr('4111', '10000')]);
  await ledger.post('VT', '2026-11-15', 'Travaux facturés', [dr('4111', '45000'), cr('705', '45000')]);
  await ledger.post('BQ', '2026-11-16', 'Crédit de trésorerie', [dr('521', '100000'), cr('561', '100000')]);
  await ledger.post('CA', '2026-11-18', 'Vente comptant', [dr('571', '59000'), cr('706', '50000'), cr('4431', '9000')]);
  // After today: in the ledger, not yet in the figures as of today.
  await ledger.post('VT', '2026-11-25', 'Vente à venir', [dr('521', '999'), cr('706', '999')]);
  // Cancelled by reversal today: both movements stay in the ledger and net out.
  await ledger.cancel(c3);
  await ledger.cancel(c7);
  // A draft is not in the ledger.
  await http()
    .post(`/api/companies/${own.id}/accounting-entries`)
    .set(asTenant(own.id))
    .send({
      entry: { number: 'BROUILLON-1', date: '2026-11-18', description: 'Brouillon', total: '0' },
      lines: [
        { accountId: await accountId(own.id, '521'), description: 'x', debit: '77777' },
        { accountId: await accountId(own.id, '706'), description: 'x', credit: '77777' },
      ],
    })
    .expect(201);

  // ── open documents ──
  await ledger.invoice({
    type: 'sale',
    number: 'FV-2026-0001',
    date: '2026-10-11',
    dueDate: '2026-11-10',
    party: sonatel,
    subtotal: '500000',
    paid: '90000.00',
  }); // overdue
  await ledger.invoice({
    type: 'purchase',
    number: 'FA-2026-0001',
    date: '2026-11-01',
    dueDate: '2026-11-27',
    party: senelec,
    subtotal: '100000',
  }); // today + 7
  await ledger.invoice({ type: 'service', number: 'FS-2026-0001', date: '2026-11-01', dueDate: null, party: orange, subtotal: '200000' }); // + 45 days: 2026-12-16
  await ledger.invoice({
    type: 'sale',
    number: 'FV-2026-0002',
    date: '2026-11-19',
    dueDate: '2026-12-21',
    party: sonatel,
    subtotal: '10000',
  }); // today + 31
  await ledger.invoice({
    type: 'sale',
    number: 'FV-2026-0003',
    date: '2026-10-01',
    dueDate: '2026-10-31',
    party: sonatel,
    subtotal: '1000',
    status: 'paid',
  });
  await ledger.invoice({
    type: 'sale',
    number: 'FV-2026-0004',
    date: '2026-10-01',
    dueDate: '2026-10-31',
    party: sonatel,
    subtotal: '2000',
    status: 'cancelled',
  });
  await ledger.invoice({
    type: 'sale',
    number: 'FV-2026-0005',
    date: '2026-10-01',
    dueDate: '2026-10-31',
    party: sonatel,
    subtotal: '3000',
    status: 'draft',
  });
  await ledger.loan('CBAO', [
    { dueDate: '2026-10-20', principal: '125000', interest: '25000', status: 'paid' },
    { dueDate: '2026-12-20', principal: '125000', interest: '25000' }, // today + 30
    { dueDate: '2027-01-20', principal: '125000', interest: '25000' },
  ]);

  // The neighbour's ledger and documents never show.
  const neighbour = new ExpectedLedger(db(), other.id);
  await neighbour.post('VT', '2026-11-19', 'Voisin', [dr('521', '5000000'), cr('706', '5000000')]);
  const client = await thirdParty(other.id, { type: 'client', name: 'Client voisin' });
  await neighbour.invoice({
    type: 'sale',
    number: 'FV-2026-0001',
    date: '2026-11-01',
    dueDate: '2026-11-02',
    party: client,
    subtotal: '1',
  });
  await neighbour.loan('Banque voisine', [{ dueDate: '2026-11-01', principal: '1', interest: '0' }]);
});

afterAll(async () => {
  await service.close();
  jest.useRealTimers();
});

async function accountId(companyId: string, code: string): Promise<string> {
  const [[row]] = (await db().query('SELECT id FROM accounting.accounts WHERE company_id = $1 AND code = $2', {
    bind: [companyId, code],
  })) as [{ id: string }[], unknown];
  return row.id;
}

const trend = (current: bigint, previous: bigint) =>
  previous === 0n
    ? null
    : new Decimal(String(current - previous))
        .times(100)
        .dividedBy(new Decimal(String(previous)).abs())
        .toFixed(1, Decimal.ROUND_HALF_UP);

describe('GET /api/companies/:companyId/dashboard', () => {
  let data: DashboardData;
  beforeAll(async () => {
    data = (await get('/dashboard').expect(200)).body;
  });

  it('shows the current fiscal year from the company start day', () => {
    expect(data.fiscalYear).toEqual({ label: '2026-2027', start: '2026-07-01', end: '2027-06-30' });
  });

  it('takes revenue (class 70, credit − debit) over the fiscal year to date and compares it with the same span a year before', () => {
    const revenue = -ledger.balance((l) => isRevenue(l.code) && l.date >= '2026-07-01' && l.date <= TODAY);
    const previous = -ledger.balance((l) => isRevenue(l.code) && l.date >= '2025-07-01' && l.date <= '2025-11-20');
    expect(data.revenue).toBe(fromCents(revenue));
    // 300 000 + 150 000 + 50 000 (+80 000 − 80 000 cancelled) − 10 000 + 45 000 + 50 000
    // + invoices 500 000 + 200 000 + 10 000 + 1 000 (+2 000 − 2 000 cancelled; the draft not posted)
    expect(data.revenue).toBe('1296000.00');
    // 500 000 + 50 000 (the 2025-11-21 sale is after the span)
    expect(fromCents(previous)).toBe('550000.00');
    expect(data.revenueTrend).toBe(trend(revenue, previous));
    expect(data.revenueTrend).toBe('135.6');
  });

  it('takes treasury (class 5 but 58 and 59) at today and compares it with 30 days ago', () => {
    const treasury = ledger.balance((l) => isTreasury(l.code) && l.date <= TODAY);
    const before = ledger.balance((l) => isTreasury(l.code) && l.date <= '2026-10-21');
    expect(data.treasury).toBe(fromCents(treasury));
    expect(data.treasuryTrend).toBe(trend(treasury, before));
    // 585 (virement de fonds) is out, 561 (crédit de trésorerie) is in: the overdraft drawn adds nothing net.
    // 521: 1 665 180, 571: 375 000, 561: −100 000; 30 days ago 1 881 180.
    expect(data.treasury).toBe('1940180.00');
    expect(data.treasuryTrend).toBe('3.1');
  });

  it('takes receivables (411) and payables (401) from their ledger balances', () => {
    expect(data.receivables).toBe(fromCents(ledger.balance((l) => l.code.startsWith('411') && l.date <= TODAY)));
    expect(data.payables).toBe(fromCents(-ledger.balance((l) => l.code.startsWith('401') && l.date <= TODAY)));
    expect(data.payables).toBe('186000.00');
    expect(data.receivables).toBe('1490800.00');
  });

  it('lists the 5 latest treasury movements, netted per entry, newest first', () => {
    const expected = ledger
      .treasuryNets((l) => l.date <= TODAY)
      .filter((n) => n.net !== 0n)
      .sort((a, b) => (a.date === b.date ? b.number.localeCompare(a.number) : b.date.localeCompare(a.date)))
      .slice(0, 5)
      .map((n) => ({
        id: n.entryId,
        type: n.net > 0n ? 'income' : 'expense',
        description: n.description,
        date: n.date,
        amount: fromCents(n.net > 0n ? n.net : -n.net),
      }));
    expect(data.recentTransactions).toEqual(expected);
    expect(data.recentTransactions.map((t) => [t.date, t.type, t.amount, t.description])).toEqual([
      ['2026-11-20', 'income', '30000.00', `Contre-passation de ${c7.number} — Loyer octobre (erreur)`],
      ['2026-11-18', 'income', '59000.00', 'Vente comptant'],
      ['2026-11-13', 'income', '10000.00', 'Virement de fonds reçu'],
      ['2026-11-12', 'expense', '10000.00', 'Virement de fonds vers succursale'],
      ['2026-10-25', 'expense', '30000.00', 'Loyer octobre (erreur)'],
    ]);
  });

  it('lists the first 5 open documents by due date with their urgency', () => {
    expect(data.upcomingPayments).toEqual([
      {
        id: expect.any(String),
        kind: 'invoice',
        invoiceId: expect.any(String),
        description: 'Facture FV-2026-0001 — Sonatel',
        dueDate: '2026-11-10',
        amount: '500000.00',
        urgency: 'urgent',
      },
      {
        id: expect.any(String),
        kind: 'invoice',
        invoiceId: expect.any(String),
        description: 'Facture FA-2026-0001 — Senelec',
        dueDate: '2026-11-27',
        amount: '-118000.00',
        urgency: 'urgent',
      },
      {
        id: expect.any(String),
        kind: 'invoice',
        invoiceId: expect.any(String),
        description: 'Facture FS-2026-0001 — Orange',
        dueDate: '2026-12-16',
        amount: '236000.00',
        urgency: 'soon',
      },
      {
        id: expect.any(String),
        kind: 'loan',
        loanPaymentId: expect.any(String),
        description: 'Échéance emprunt — CBAO',
        dueDate: '2026-12-20',
        amount: '-150000.00',
        urgency: 'soon',
      },
      {
        id: expect.any(String),
        kind: 'invoice',
        invoiceId: expect.any(String),
        description: 'Facture FV-2026-0002 — Sonatel',
        dueDate: '2026-12-21',
        amount: '11800.00',
        urgency: 'planned',
      },
    ]);
    for (const p of data.upcomingPayments) expect(p.id).toBe(p.invoiceId ?? p.loanPaymentId);
  });
});

describe('GET /api/companies/:companyId/cash-flow/:period', () => {
  const cashFlow = async (period?: string) => (await get(period ? `/cash-flow/${period}` : '/cash-flow').expect(200)).body as CashFlowData;
  const fromModel = (data: CashFlowData) =>
    data.points.map((p) => ({ label: p.label, start: p.start, end: p.end, ...ledger.cashFlow(p.start, p.end) }));

  it('3months (the default): the current month and the two before, money in and out of the treasury accounts, entry by entry', async () => {
    const data = await cashFlow('3months');
    expect(data.period).toBe('3months');
    expect(data.points).toEqual([
      { label: 'sept. 2026', start: '2026-09-01', end: '2026-09-30', inflow: '236000.00', outflow: '0.00', net: '236000.00' },
      // 354 000 + 90 000 + 1 180 in; 50 000 + 30 000 (cancelled in November: the reversal is November's) out
      { label: 'oct. 2026', start: '2026-10-01', end: '2026-10-31', inflow: '445180.00', outflow: '80000.00', net: '365180.00' },
      // Transfers between treasury accounts (571 ← 521, the overdraft 561 → 521) are no flow; 585 is not treasury.
      { label: 'nov. 2026', start: '2026-11-01', end: '2026-11-30', inflow: '99999.00', outflow: '10000.00', net: '89999.00' },
    ]);
    expect(data.points).toEqual(fromModel(data));
    expect(await cashFlow()).toEqual(data);
  });

  it('1month: the last five ISO weeks', async () => {
    const data = await cashFlow('1month');
    expect(data.points.map((p) => [p.label, p.start, p.end, p.inflow, p.outflow])).toEqual([
      ['S43', '2026-10-19', '2026-10-25', '0.00', '80000.00'],
      ['S44', '2026-10-26', '2026-11-01', '0.00', '0.00'],
      ['S45', '2026-11-02', '2026-11-08', '0.00', '0.00'],
      ['S46', '2026-11-09', '2026-11-15', '10000.00', '10000.00'],
      ['S47', '2026-11-16', '2026-11-22', '89000.00', '0.00'],
    ]);
    expect(data.points).toEqual(fromModel(data));
  });

  it('6months and 1year: calendar months, empty ones included', async () => {
    const six = await cashFlow('6months');
    expect(six.points.map((p) => p.label)).toEqual(['juin 2026', 'juil. 2026', 'août 2026', 'sept. 2026', 'oct. 2026', 'nov. 2026']);
    expect(six.points).toEqual(fromModel(six));
    expect(six.points[0]).toMatchObject({ inflow: '200000.00', net: '200000.00' });
    const year = await cashFlow('1year');
    expect(year.points).toHaveLength(12);
    expect(year.points[0]).toMatchObject({
      label: 'déc. 2025',
      start: '2025-12-01',
      end: '2025-12-31',
      inflow: '0.00',
      outflow: '0.00',
      net: '0.00',
    });
    expect(year.points[11]).toMatchObject({ label: 'nov. 2026', start: '2026-11-01', end: '2026-11-30' });
    expect(year.points).toEqual(fromModel(year));
  });

  it('answers 400 for an unknown period', async () => {
    const res = await get('/cash-flow/2weeks').expect(400);
    expect(res.body.message).toBe('Période invalide (1month, 3months, 6months ou 1year)');
  });
});

describe('GET /api/companies/:companyId/revenue-breakdown', () => {
  it('splits the current fiscal year to date by revenue account; the total is the dashboard revenue', async () => {
    const data: RevenueBreakdownData = (await get('/revenue-breakdown').expect(200)).body;
    const byPrefix = (p: string) => fromCents(-ledger.balance((l) => l.code.startsWith(p) && l.date >= '2026-07-01' && l.date <= TODAY));
    expect(data).toEqual({
      year: 'current',
      fiscalYear: { label: '2026-2027', start: '2026-07-01', end: '2027-06-30' },
      total: '1296000.00',
      items: [
        { key: '701', label: 'Ventes de marchandises', amount: byPrefix('701') },
        { key: '706', label: 'Services vendus', amount: byPrefix('706') },
        { key: '707', label: 'Produits accessoires', amount: byPrefix('707') },
        { key: 'other', label: 'Autres ventes', amount: '45000.00' },
      ],
    });
    expect(data.items.map((i) => i.amount)).toEqual(['651000.00', '550000.00', '50000.00', '45000.00']);
    expect((await get('/revenue-breakdown?year=current').expect(200)).body).toEqual(data);
  });

  it('takes the whole previous fiscal year, with the names of the company’s own chart', async () => {
    await db().query(`UPDATE accounting.accounts SET name = 'Honoraires' WHERE company_id = $1 AND code = '706'`, { bind: [own.id] });
    const data: RevenueBreakdownData = (await get('/revenue-breakdown?year=previous').expect(200)).body;
    expect(data).toEqual({
      year: 'previous',
      fiscalYear: { label: '2025-2026', start: '2025-07-01', end: '2026-06-30' },
      total: fromCents(-ledger.balance((l) => isRevenue(l.code) && l.date >= '2025-07-01' && l.date <= '2026-06-30')),
      items: [
        { key: '701', label: 'Ventes de marchandises', amount: '100000.00' },
        { key: '706', label: 'Honoraires', amount: '700000.00' },
        { key: '707', label: 'Produits accessoires', amount: '50000.00' },
      ],
    });
    expect(data.total).toBe('850000.00');
  });

  it('answers 400 for another year', async () => {
    expect((await get('/revenue-breakdown?year=2024').expect(400)).body.message).toBe('Exercice invalide (current ou previous)');
  });
});

describe('another company', () => {
  it.each([
    '/dashboard',
    '/cash-flow',
    '/cash-flow/1year',
    '/cash-flow/2weeks',
    '/revenue-breakdown',
    '/revenue-breakdown?year=bad',
    '/treasury',
  ])("answers 404 (JSON) for another company's %s", async (path) => {
    const res = await http().get(`/api/companies/${other.id}${path}`).set(asTenant(own.id)).expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('sees only its own ledger and documents', async () => {
    const data: DashboardData = (await get('/dashboard', other.id).expect(200)).body;
    expect(data).toMatchObject({ revenue: '5000001.00', treasury: '5000000.00', receivables: '1.18', payables: '0.00' });
    expect(data.fiscalYear).toEqual({ label: '2026', start: '2026-01-01', end: '2026-12-31' });
    expect(data.upcomingPayments.map((p) => [p.description, p.amount])).toEqual([
      ['Échéance emprunt — Banque voisine', '-1.00'],
      ['Facture FV-2026-0001 — Client voisin', '1.18'],
    ]);
  });
});

describe('a company without history', () => {
  it('shows zeros, no trend, empty lists and empty buckets', async () => {
    const { company } = await companyWithChart(service);
    const data: DashboardData = (await get('/dashboard', company.id).expect(200)).body;
    expect(data).toEqual({
      fiscalYear: { label: '2026', start: '2026-01-01', end: '2026-12-31' },
      revenue: '0.00',
      revenueTrend: null,
      treasury: '0.00',
      treasuryTrend: null,
      payables: '0.00',
      receivables: '0.00',
      recentTransactions: [],
      upcomingPayments: [],
    });
    const flow: CashFlowData = (await get('/cash-flow/6months', company.id).expect(200)).body;
    expect(flow.points).toHaveLength(6);
    expect(flow.points.every((p) => p.inflow === '0.00' && p.outflow === '0.00' && p.net === '0.00')).toBe(true);
    expect((await get('/revenue-breakdown?year=previous', company.id).expect(200)).body).toEqual({
      year: 'previous',
      fiscalYear: { label: '2025', start: '2025-01-01', end: '2025-12-31' },
      total: '0.00',
      items: [],
    });
  });

  it('compares a negative revenue basis by its size and rounds the trend to one decimal', async () => {
    const { company } = await companyWithChart(service);
    const model = new ExpectedLedger(db(), company.id);
    // Previous year, same span: a net credit note of 30 000 (revenue −30 000); this year: 10 000.
    await model.post('VT', '2025-02-01', 'Vente', [dr('4111', '10000'), cr('706', '10000')]);
    await model.post('OD', '2025-03-01', 'Avoir', [dr('706', '40000'), cr('4111', '40000')]);
    await model.post('VT', '2026-11-19', 'Vente', [dr('571', '10000'), cr('706', '10000')]);
    // 30 days ago the cash held 3 000: 13 000 now is +333.3 %.
    await model.post('CA', '2026-10-01', 'Apport', [dr('571', '3000'), cr('101', '3000')]);
    const data: DashboardData = (await get('/dashboard', company.id).expect(200)).body;
    expect(data).toMatchObject({ revenue: '10000.00', revenueTrend: '133.3', treasury: '13000.00', treasuryTrend: '333.3' });
  });
});
