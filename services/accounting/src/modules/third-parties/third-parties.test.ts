import request from 'supertest';
import type { Company, ThirdPartyListResponse } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { asTenant, createCompany, startWithTwoCompanies } from '../../test-support';

let service: RunningService;
let own: Company;
let other: Company;

const url = (companyId: string) => `/api/companies/${companyId}/third-parties`;
const post = (companyId: string, body: object) => request(service.app).post(url(companyId)).set(asTenant(companyId)).send(body);
const page = async (companyId: string, query: Record<string, string | number> = {}) =>
  (await request(service.app).get(url(companyId)).query(query).set(asTenant(companyId)).expect(200)).body as ThirdPartyListResponse;
const list = async (companyId: string) => (await page(companyId)).items;

beforeAll(async () => ({ service, own, other } = await startWithTwoCompanies('Tiers SARL')));
afterAll(() => service.close());

describe('third parties', () => {
  it('creates a third party as the form sends it, storing empty fields as null', async () => {
    const res = await post(own.id, {
      type: 'client',
      name: 'Sonatel',
      code: '',
      address: 'Dakar',
      phone: '',
      email: '',
      taxNumber: '',
    }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      type: 'client',
      name: 'Sonatel',
      code: null,
      address: 'Dakar',
      phone: null,
      email: null,
      taxNumber: null,
      ninea: null,
      withholdingRate: null,
      paymentTerms: 30,
      companyId: own.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('keeps codes unique per company, but any number of third parties may have none', async () => {
    await post(own.id, {
      type: 'supplier',
      name: 'Sen Fournitures',
      code: 'F001',
      email: 'ventes@senfournitures.sn',
      paymentTerms: '45',
    }).expect(201);
    const dup = await post(own.id, { type: 'both', name: 'Autre', code: 'F001' }).expect(409);
    expect(dup.body).toEqual({ message: 'Un tiers avec ce code existe déjà' });
    await post(own.id, { type: 'client', name: 'Awa Ndiaye' }).expect(201);
    await post(other.id, { type: 'client', name: 'Client voisin', code: 'F001' }).expect(201);
  });

  it('lists by name', async () => {
    const names = (await list(own.id)).map((t) => [t.name, t.paymentTerms]);
    expect(names).toEqual([
      ['Awa Ndiaye', 30],
      ['Sen Fournitures', 45],
      ['Sonatel', 30],
    ]);
  });

  it('validates the body with the French messages', async () => {
    expect((await post(own.id, { type: 'client', name: '' }).expect(400)).body.message).toBe('Nom requis');
    expect((await post(own.id, { type: 'client', name: 'X', email: 'pas-un-email' }).expect(400)).body.message).toBe('Email invalide');
    expect((await post(own.id, { type: 'partner', name: 'X' }).expect(400)).body.message).toBe('Type de tiers invalide');
  });

  it('pages, searches and filters on the server, counting the whole company', async () => {
    const tenant = await createCompany(service, { name: 'Tiers Pages SARL' });
    for (let i = 1; i <= 30; i++) {
      await post(tenant.id, {
        type: i % 3 === 0 ? 'supplier' : i % 5 === 0 ? 'both' : 'client',
        name: `Tiers ${String(i).padStart(2, '0')}`,
      }).expect(201);
    }
    await post(tenant.id, { type: 'supplier', name: 'Quincaillerie 50%_off', code: 'Q-9' }).expect(201);
    const first = await page(tenant.id);
    expect(first).toMatchObject({ page: 1, pageSize: 25, totalItems: 31, counters: { total: 31, clients: 20, suppliers: 15 } });
    expect(first.items).toHaveLength(25);
    expect(first.items[0].name).toBe('Quincaillerie 50%_off');
    const second = await page(tenant.id, { page: 2, pageSize: 25 });
    expect(second.items.map((t) => t.name)).toEqual(['Tiers 25', 'Tiers 26', 'Tiers 27', 'Tiers 28', 'Tiers 29', 'Tiers 30']);
    expect((await page(tenant.id, { pageSize: 10 })).items).toHaveLength(10);
    // The search's wildcards are literal; it reads the code too; counters stay the company's.
    const found = await page(tenant.id, { search: '50%_' });
    expect(found).toMatchObject({ totalItems: 1, counters: { total: 31 } });
    expect((await page(tenant.id, { search: 'q-9' })).items.map((t) => t.name)).toEqual(['Quincaillerie 50%_off']);
    expect((await page(tenant.id, { search: '%' })).totalItems).toBe(1);
    // Case and accents do not matter, either way.
    await post(tenant.id, { type: 'client', name: 'Société Générale Sénégal' }).expect(201);
    expect((await page(tenant.id, { search: 'societe GENERALE' })).items.map((t) => t.name)).toEqual(['Société Générale Sénégal']);
    expect((await page(tenant.id, { search: 'SÉNÉ' })).totalItems).toBe(1);
    expect((await page(tenant.id, { search: 'quincaillerie' })).totalItems).toBe(1);
    expect((await page(tenant.id, { type: 'both' })).totalItems).toBe(4);
    // A supplier is a supplier or both: 10 suppliers of the loop, 4 'both', the quincaillerie.
    expect((await page(tenant.id, { role: 'supplier', pageSize: 100 })).items).toHaveLength(15);
    expect((await page(tenant.id, { role: 'client', search: 'Tiers 1' })).items.map((t) => t.name)).toEqual([
      'Tiers 10',
      'Tiers 11',
      'Tiers 13',
      'Tiers 14',
      'Tiers 16',
      'Tiers 17',
      'Tiers 19',
    ]);
    const chosen = second.items[0];
    expect((await page(tenant.id, { id: chosen.id })).items).toEqual([chosen]);
    // Another company's id is nothing here.
    expect((await page(own.id, { id: chosen.id })).totalItems).toBe(0);
    for (const bad of [{ pageSize: 101 }, { page: 0 }, { type: 'partner' }, { role: 'both' }, { id: 'x' }]) {
      await request(service.app).get(url(tenant.id)).query(bad).set(asTenant(tenant.id)).expect(400);
    }
  });

  it("answers 404 for another company's path", async () => {
    await request(service.app).get(url(other.id)).set(asTenant(own.id)).expect(404);
    await request(service.app).post(url(other.id)).set(asTenant(own.id)).send({ type: 'client', name: 'Intrus' }).expect(404);
    expect((await list(other.id)).map((t) => t.name)).toEqual(['Client voisin']);
  });
});
