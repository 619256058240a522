import type { InvestmentListResponse } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, companyWithChart, investmentInput } from '../../test-support';
import { http } from '../../test-support/invoicing';

// The Immobilisations list on the real Postgres: server pages, search, category, and the
// page's four figures over the whole company. No worker: plans stay 'computing', the list
// does not read them.
let service: RunningService;

beforeAll(async () => {
  service = await start({ port: 0 });
});
afterAll(() => service.close());

const page = async (companyId: string, query: Record<string, string | number> = {}) =>
  (await http(service).get(`/api/companies/${companyId}/investments`).query(query).set(asTenant(companyId)).expect(200))
    .body as InvestmentListResponse;

describe('GET /api/companies/:id/investments', () => {
  it('pages, searches and filters on the server; the totals count the whole company', async () => {
    const { company } = await companyWithChart(service);
    const { company: other } = await companyWithChart(service);
    const c = company.id;
    for (let i = 1; i <= 26; i++) {
      const day = String(i).padStart(2, '0');
      const over =
        i <= 20
          ? { name: `Titres ${day}`, category: 'financial' as const, purchaseDate: `2026-01-${day}`, purchasePrice: '1000' }
          : { name: `Ordinateur ${day}`, purchaseDate: `2026-01-${day}`, purchasePrice: '100000', usefulLife: 5, depreciationRate: '20' };
      await http(service).post(`/api/companies/${c}/investments`).set(asTenant(c)).send(investmentInput(over)).expect(201);
    }
    const first = await page(c);
    expect(first).toMatchObject({
      page: 1,
      pageSize: 25,
      totalItems: 26,
      totals: { count: 26, purchase: '620000.00', current: '620000.00', depreciation: '0.00' },
    });
    expect(first.items).toHaveLength(25);
    expect(first.items[0].name).toBe('Ordinateur 26');
    expect(first.items[0].depreciationSchedules).toBeUndefined();
    expect((await page(c, { page: 2 })).items.map((i) => i.name)).toEqual(['Titres 01']);
    expect((await page(c, { pageSize: 4 })).items).toHaveLength(4);
    const found = await page(c, { search: 'ordi' });
    expect(found.items.map((i) => i.name)).toEqual([
      'Ordinateur 26',
      'Ordinateur 25',
      'Ordinateur 24',
      'Ordinateur 23',
      'Ordinateur 22',
      'Ordinateur 21',
    ]);
    expect(found.totals.count).toBe(26);
    // The asset account's code (starts with) or name.
    expect((await page(c, { search: '27' })).totalItems).toBe(20);
    expect((await page(c, { category: 'financial' })).totalItems).toBe(20);
    expect((await page(c, { search: '%' })).totalItems).toBe(0);
    // Another company's path is a 404; its own list is empty.
    await http(service).get(`/api/companies/${c}/investments`).set(asTenant(other.id)).expect(404);
    expect(await page(other.id)).toEqual({
      items: [],
      page: 1,
      pageSize: 25,
      totalItems: 0,
      totals: { count: 0, purchase: '0.00', current: '0.00', depreciation: '0.00' },
    });
    for (const bad of [{ pageSize: 101 }, { page: 'x' }, { category: 'land' }]) {
      await http(service).get(`/api/companies/${c}/investments`).query(bad).set(asTenant(c)).expect(400);
    }
  });
});
