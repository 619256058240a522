import request from 'supertest';
import type { Company, ThirdParty } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { asTenant, startWithTwoCompanies } from '../../test-support';

let service: RunningService;
let own: Company;
let other: Company;

const url = (companyId: string) => `/api/companies/${companyId}/third-parties`;
const post = (companyId: string, body: object) => request(service.app).post(url(companyId)).set(asTenant(companyId)).send(body);
const list = async (companyId: string) =>
  (await request(service.app).get(url(companyId)).set(asTenant(companyId)).expect(200)).body as ThirdParty[];

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

  it("answers 404 for another company's path", async () => {
    await request(service.app).get(url(other.id)).set(asTenant(own.id)).expect(404);
    await request(service.app).post(url(other.id)).set(asTenant(own.id)).send({ type: 'client', name: 'Intrus' }).expect(404);
    expect((await list(other.id)).map((t) => t.name)).toEqual(['Client voisin']);
  });
});
