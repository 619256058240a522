import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Company } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';

// Real Postgres and Redis (global setup); the service migrates its schema on start.
const TOKEN = process.env.INTERNAL_TOKEN as string;

let service: RunningService;
let own: Company;
let other: Company;

/** A request as the gateway sends it for a signed-in user of `companyId`. */
const asTenant = (companyId: string) => ({
  'X-Internal-Token': TOKEN,
  'X-Company-Id': companyId,
  'X-User-Role': 'owner',
  'X-User-Id': randomUUID(),
});

async function createCompany(body: object): Promise<Company> {
  const res = await request(service.app).post('/internal/companies').set('X-Internal-Token', TOKEN).send(body).expect(201);
  return res.body as Company;
}

beforeAll(async () => {
  service = await start({ port: 0 });
  own = await createCompany({
    name: 'Teranga Resto',
    sector: 'restaurant',
    address: 'Dakar',
    phone: '+221 77 000 00 00',
    email: 'contact@teranga.sn',
  });
  other = await createCompany({ name: 'Autre SARL', sector: 'service' });
});

afterAll(async () => {
  await service.close();
});

describe('GET /api/companies/:companyId', () => {
  it("returns the caller's company in camelCase", async () => {
    const res = await request(service.app).get(`/api/companies/${own.id}`).set(asTenant(own.id)).expect(200);
    expect(res.body).toEqual({
      id: own.id,
      name: 'Teranga Resto',
      registrationNumber: null,
      taxNumber: null,
      address: 'Dakar',
      phone: '+221 77 000 00 00',
      email: 'contact@teranga.sn',
      sector: 'restauration',
      fiscalYear: '01-01',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("answers 404 for another company's id", async () => {
    const res = await request(service.app).get(`/api/companies/${other.id}`).set(asTenant(own.id)).expect(404);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('answers 404 when the tenant company does not exist', async () => {
    const ghost = randomUUID();
    const res = await request(service.app).get(`/api/companies/${ghost}`).set(asTenant(ghost)).expect(404);
    expect(res.body.message).toBe('Entreprise introuvable');
  });

  it('answers 403 without the tenant header', async () => {
    const res = await request(service.app).get(`/api/companies/${own.id}`).set('X-Internal-Token', TOKEN).expect(403);
    expect(res.body.message).toBe('Entreprise non identifiée');
  });
});

describe('PUT /api/companies/:companyId', () => {
  const form = {
    name: 'Teranga Restaurant',
    registrationNumber: 'SN-DKR-2024-B-123',
    taxNumber: '0123456789',
    address: 'Plateau, Dakar',
    phone: '+221 33 800 00 00',
    email: '',
    sector: 'restaurant',
    fiscalYear: '07-01',
  };

  it('updates the company, normalizing the sector and storing empty fields as null', async () => {
    const res = await request(service.app).put(`/api/companies/${own.id}`).set(asTenant(own.id)).send(form).expect(200);
    expect(res.body).toMatchObject({ ...form, id: own.id, email: null, sector: 'restauration' });
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(own.updatedAt).getTime());
    const read = await request(service.app).get(`/api/companies/${own.id}`).set(asTenant(own.id)).expect(200);
    expect(read.body).toEqual(res.body);
  });

  it('refuses an invalid body with a French message and the issues', async () => {
    const res = await request(service.app)
      .put(`/api/companies/${own.id}`)
      .set(asTenant(own.id))
      .send({ ...form, name: ' ', email: 'pas-un-email', fiscalYear: '2024' })
      .expect(400);
    expect(res.body.message).toBe("Nom de l'entreprise requis");
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: "Nom de l'entreprise requis" },
        { path: 'email', message: 'Email invalide' },
        { path: 'fiscalYear', message: 'Format MM-JJ attendu (ex. 01-01)' },
      ]),
    );
  });

  it('refuses an unknown sector', async () => {
    const res = await request(service.app)
      .put(`/api/companies/${own.id}`)
      .set(asTenant(own.id))
      .send({ ...form, sector: 'banque' })
      .expect(400);
    expect(res.body.message).toBe("Secteur d'activité requis");
  });

  it("answers 404 for another company's id and leaves it untouched", async () => {
    await request(service.app).put(`/api/companies/${other.id}`).set(asTenant(own.id)).send(form).expect(404);
    const read = await request(service.app).get(`/api/companies/${other.id}`).set(asTenant(other.id)).expect(200);
    expect(read.body.name).toBe('Autre SARL');
  });
});

describe('internal token', () => {
  it('is required on /api', async () => {
    const res = await request(service.app).get(`/api/companies/${own.id}`).set('X-Company-Id', own.id).expect(403);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toEqual({ message: 'Accès interne refusé' });
  });

  it('must be the right one', async () => {
    const res = await request(service.app)
      .get(`/api/companies/${own.id}`)
      .set({ ...asTenant(own.id), 'X-Internal-Token': 'wrong-token' })
      .expect(403);
    expect(res.body).toEqual({ message: 'Accès interne refusé' });
  });

  it('is required on /internal', async () => {
    await request(service.app).post('/internal/companies').send({ name: 'Intrus', sector: 'service' }).expect(403);
    await request(service.app).delete(`/internal/companies/${own.id}`).expect(403);
  });
});

describe('internal company routes (gateway)', () => {
  it('creates a company with the id chosen by the caller, once', async () => {
    const id = randomUUID();
    const created = await createCompany({ id, name: 'Ndar Transfo', sector: 'transformation', phone: '77 111 11 11' });
    expect(created).toMatchObject({ id, name: 'Ndar Transfo', sector: 'transformation', fiscalYear: '01-01', email: null });
    const again = await request(service.app)
      .post('/internal/companies')
      .set('X-Internal-Token', TOKEN)
      .send({ id, name: 'Doublon', sector: 'service' })
      .expect(409);
    expect(again.body.message).toBe('Cette entreprise existe déjà');
  });

  it('validates the body', async () => {
    const res = await request(service.app)
      .post('/internal/companies')
      .set('X-Internal-Token', TOKEN)
      .send({ sector: 'service' })
      .expect(400);
    expect(res.body.message).toBe("Nom de l'entreprise requis");
  });

  it('deletes a company (compensation), idempotently', async () => {
    const victim = await createCompany({ name: 'Éphémère', sector: 'commerce' });
    await request(service.app).get(`/internal/companies/${victim.id}`).set('X-Internal-Token', TOKEN).expect(200);
    await request(service.app).delete(`/internal/companies/${victim.id}`).set('X-Internal-Token', TOKEN).expect(204);
    await request(service.app).get(`/internal/companies/${victim.id}`).set('X-Internal-Token', TOKEN).expect(404);
    await request(service.app).delete(`/internal/companies/${victim.id}`).set('X-Internal-Token', TOKEN).expect(204);
    await request(service.app).get('/internal/companies/not-a-uuid').set('X-Internal-Token', TOKEN).expect(404);
  });
});

describe('probes', () => {
  it('GET /health answers 200 without the token', async () => {
    const res = await request(service.app).get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', service: 'accounting' });
  });

  it('GET /ready checks the database and Redis', async () => {
    const res = await request(service.app).get('/ready').expect(200);
    expect(res.body).toEqual({ status: 'ready', service: 'accounting', checks: { database: true, redis: true } });
  });

  it('propagates the request id and answers unknown routes with JSON 404', async () => {
    const res = await request(service.app).get('/api/nothing-here').set(asTenant(own.id)).set('X-Request-Id', 'req-123').expect(404);
    expect(res.headers['x-request-id']).toBe('req-123');
    expect(res.body).toEqual({ message: 'Ressource introuvable' });
  });
});
