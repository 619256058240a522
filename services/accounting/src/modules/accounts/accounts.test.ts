import request from 'supertest';
import type { Account, AccountListResponse, Company } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { asTenant, companyWithChart, startWithTwoCompanies } from '../../test-support';

// Real Postgres (the service migrates its schema on start); nothing mocked.
let service: RunningService;
let own: Company;
let other: Company;

const url = (companyId: string) => `/api/companies/${companyId}/accounts`;
const post = (companyId: string, body: object) => request(service.app).post(url(companyId)).set(asTenant(companyId)).send(body);
const page = async (companyId: string, query: Record<string, string | number> = {}) =>
  (await request(service.app).get(url(companyId)).query(query).set(asTenant(companyId)).expect(200)).body as AccountListResponse;
const list = async (companyId: string) => (await page(companyId, { pageSize: 1000 })).items;

beforeAll(async () => ({ service, own, other } = await startWithTwoCompanies('Comptes SARL')));
afterAll(() => service.close());

describe('accounts', () => {
  it('starts empty', async () => {
    expect(await list(own.id)).toEqual([]);
  });

  it('creates accounts, linking each to its longest existing prefix when no parent is given', async () => {
    const classe = (await post(own.id, { code: '60', name: 'Achats', type: 'expense', category: 'charge', level: 1 }).expect(201))
      .body as Account;
    expect(classe).toEqual({
      id: expect.any(String),
      code: '60',
      name: 'Achats',
      type: 'expense',
      category: 'charge',
      level: 1,
      parentAccountId: null,
      isActive: true,
      companyId: own.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // The form sends the level as a string and the parent as null.
    const sub = (
      await post(own.id, {
        code: '6011',
        name: 'Achats locaux',
        type: 'expense',
        category: 'charge',
        level: '3',
        parentAccountId: null,
      }).expect(201)
    ).body;
    expect(sub).toMatchObject({ code: '6011', level: 3, parentAccountId: classe.id });
    const explicit = (
      await post(own.id, {
        code: '601',
        name: 'Achats de marchandises',
        type: 'expense',
        category: 'charge',
        level: 2,
        parentAccountId: classe.id,
      }).expect(201)
    ).body;
    expect(explicit.parentAccountId).toBe(classe.id);
  });

  it('lists the chart in code order', async () => {
    await post(own.id, { code: '10', name: 'Capital', type: 'equity', category: 'passif', level: 1 }).expect(201);
    expect((await list(own.id)).map((a) => a.code)).toEqual(['10', '60', '601', '6011']);
  });

  it('refuses a code the company already has (409)', async () => {
    const res = await post(own.id, { code: '601', name: 'Doublon', type: 'expense', category: 'charge', level: 2 }).expect(409);
    expect(res.body).toEqual({ message: 'Un compte avec ce code existe déjà' });
  });

  it('lets another company use the same code', async () => {
    await post(other.id, { code: '601', name: 'Achats', type: 'expense', category: 'charge', level: 2 }).expect(201);
  });

  it("refuses a parent that is not one of the company's accounts", async () => {
    const foreign = (await list(other.id))[0];
    const res = await post(own.id, {
      code: '602',
      name: 'Matières',
      type: 'expense',
      category: 'charge',
      level: 2,
      parentAccountId: foreign.id,
    }).expect(400);
    expect(res.body).toEqual({ message: 'Compte parent introuvable' });
    expect((await list(own.id)).map((a) => a.code)).not.toContain('602');
  });

  it('validates the body with the French messages', async () => {
    expect((await post(own.id, { name: 'Sans code', type: 'expense', category: 'charge', level: 2 }).expect(400)).body.message).toBe(
      'Code compte requis',
    );
    expect((await post(own.id, { code: '70A', name: 'x', type: 'revenue', category: 'produit', level: 2 }).expect(400)).body.message).toBe(
      'Le code doit contenir uniquement des chiffres (1 à 12)',
    );
    expect((await post(own.id, { code: '70', name: ' ', type: 'revenue', category: 'produit', level: 1 }).expect(400)).body.message).toBe(
      'Nom du compte requis',
    );
    expect(
      (await post(own.id, { code: '70', name: 'Ventes', type: 'income', category: 'produit', level: 1 }).expect(400)).body.message,
    ).toBe('Type de compte invalide');
    expect(
      (await post(own.id, { code: '70', name: 'Ventes', type: 'revenue', category: 'produit', level: 8 }).expect(400)).body.message,
    ).toBe('Le niveau doit être un entier entre 1 et 7');
  });

  it('pages the chart in code order and searches it on the server, counting the whole chart', async () => {
    const { company, accounts } = await companyWithChart(service);
    const total = accounts.size;
    expect(total).toBeGreaterThan(100);
    const first = await page(company.id);
    expect(first).toMatchObject({ page: 1, pageSize: 50, totalItems: total, counters: { total } });
    expect(first.items).toHaveLength(50);
    expect(first.items.map((a) => a.code)).toEqual([...accounts.keys()].sort().slice(0, 50));
    const last = await page(company.id, { page: Math.ceil(total / 20), pageSize: 20 });
    expect(last.items).toHaveLength(total % 20 || 20);
    // A code starts with the term; a name contains it (any case).
    const bank = await page(company.id, { search: '521' });
    expect(bank.items.every((a) => a.code.startsWith('521') || a.name.includes('521'))).toBe(true);
    expect(bank.items[0].code).toBe('521');
    const byName = await page(company.id, { search: 'BANQUES' });
    expect(byName.totalItems).toBeGreaterThan(0);
    expect(byName.items.every((a) => /banques/i.test(a.name))).toBe(true);
    expect(byName.counters.total).toBe(total);
    // Prefixes (a class, or either of several), type, the active ones, one by id.
    const class2 = await page(company.id, { prefix: '2', pageSize: 1000 });
    expect(class2.items.length).toBeGreaterThan(0);
    expect(class2.items.every((a) => a.code.startsWith('2'))).toBe(true);
    const either = await page(company.id, { prefix: '601,602', pageSize: 1000 });
    expect(new Set(either.items.map((a) => a.code.slice(0, 3)))).toEqual(new Set(['601', '602']));
    expect((await page(company.id, { type: 'revenue', pageSize: 1000 })).items.every((a) => a.type === 'revenue')).toBe(true);
    expect((await page(company.id, { active: 'true' })).totalItems).toBe(total);
    const chosen = accounts.get('521') as Account;
    expect((await page(company.id, { id: chosen.id })).items.map((a) => a.code)).toEqual(['521']);
    expect((await page(own.id, { id: chosen.id })).totalItems).toBe(0);
    for (const bad of [{ pageSize: 1001 }, { prefix: '6a' }, { type: 'income' }, { active: 'yes' }, { id: '521' }]) {
      await request(service.app).get(url(company.id)).query(bad).set(asTenant(company.id)).expect(400);
    }
  });

  it('answers 404 when the tenant company does not exist', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    const res = await post(ghost, { code: '70', name: 'Ventes', type: 'revenue', category: 'produit', level: 1 }).expect(404);
    expect(res.body).toEqual({ message: 'Entreprise introuvable' });
    const tp = await request(service.app)
      .post(`/api/companies/${ghost}/third-parties`)
      .set(asTenant(ghost))
      .send({ type: 'client', name: 'X' })
      .expect(404);
    expect(tp.body).toEqual({ message: 'Entreprise introuvable' });
  });

  it("answers 404 JSON for another company's path and creates nothing there", async () => {
    const read = await request(service.app).get(url(other.id)).set(asTenant(own.id)).expect(404);
    expect(read.body).toEqual({ message: expect.any(String) });
    await request(service.app)
      .post(url(other.id))
      .set(asTenant(own.id))
      .send({ code: '70', name: 'Intrus', type: 'revenue', category: 'produit', level: 1 })
      .expect(404);
    expect((await list(other.id)).map((a) => a.code)).toEqual(['601']);
  });
});
