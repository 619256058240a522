import request from 'supertest';
import type { Company, TaxSettings, ThirdParty } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { asTenant, startWithTwoCompanies } from '../../test-support';

// Paramètres → Fiscalité and the third parties' NINEA and withholding rate: real service, real Postgres.
let service: RunningService;
let own: Company;
let other: Company;
beforeAll(async () => ({ service, own, other } = await startWithTwoCompanies('Fiscalité SARL')));
afterAll(() => service.close());

const settings = (companyId: string) => `/api/companies/${companyId}/tax-settings`;

it('reads the defaults (réel normal, monthly), saves NINEA, RCCM, regime and periodicity; the NINEA is the company’s tax number', async () => {
  const before = (await request(service.app).get(settings(own.id)).set(asTenant(own.id)).expect(200)).body as TaxSettings;
  expect(before).toMatchObject({ regime: 'reel_normal', vatPeriodicity: 'monthly' });
  const body = { ninea: '005123456 2G3', rccm: 'SN-DKR-2020-B-1234', regime: 'simplifie', vatPeriodicity: 'quarterly' };
  expect((await request(service.app).put(settings(own.id)).set(asTenant(own.id)).send(body).expect(200)).body).toEqual(body);
  const company = (await request(service.app).get(`/api/companies/${own.id}`).set(asTenant(own.id)).expect(200)).body as Company;
  expect(company).toMatchObject({ taxNumber: '005123456 2G3', registrationNumber: 'SN-DKR-2020-B-1234' });
  // Emptied: null.
  const cleared = await request(service.app)
    .put(settings(own.id))
    .set(asTenant(own.id))
    .send({ ...body, ninea: '', rccm: null })
    .expect(200);
  expect(cleared.body).toMatchObject({ ninea: null, rccm: null });
});

it('refuses a bad regime or periodicity in French, and another company’s settings are 404', async () => {
  const bad = await request(service.app)
    .put(settings(own.id))
    .set(asTenant(own.id))
    .send({ regime: 'forfait', vatPeriodicity: 'yearly' })
    .expect(400);
  expect(bad.body.message).toBe('Régime fiscal invalide : réel normal ou simplifié');
  expect((bad.body as { issues: { message: string }[] }).issues.map((e) => e.message)).toEqual([
    'Régime fiscal invalide : réel normal ou simplifié',
    'Périodicité de TVA invalide : mensuelle ou trimestrielle',
  ]);
  await request(service.app).get(settings(other.id)).set(asTenant(own.id)).expect(404);
  await request(service.app)
    .put(settings(other.id))
    .set(asTenant(own.id))
    .send({ regime: 'reel_normal', vatPeriodicity: 'monthly' })
    .expect(404);
});

it('takes a third party’s NINEA and withholding rate (5 % by default in the form), and refuses a rate out of range', async () => {
  const url = `/api/companies/${own.id}/third-parties`;
  const created = (
    await request(service.app)
      .post(url)
      .set(asTenant(own.id))
      .send({ type: 'supplier', name: 'Moussa Diop (consultant)', ninea: '004987654', withholdingRate: '5' })
      .expect(201)
  ).body as ThirdParty;
  expect(created).toMatchObject({ taxNumber: '004987654', ninea: '004987654', withholdingRate: '5.00' });
  const plain = (
    await request(service.app).post(url).set(asTenant(own.id)).send({ type: 'supplier', name: 'SAR', withholdingRate: '' }).expect(201)
  ).body as ThirdParty;
  expect(plain.withholdingRate).toBeNull();
  const bad = await request(service.app)
    .post(url)
    .set(asTenant(own.id))
    .send({ type: 'supplier', name: 'X', withholdingRate: '150' })
    .expect(400);
  expect(bad.body.message).toBe('Taux de retenue invalide (entre 0,01 et 100 %)');
});
