import { QueryTypes } from 'sequelize';
import request from 'supertest';
import { ACCOUNT_CATEGORIES, ACCOUNT_TYPES, SECTORS, type ChartGenerationResult } from '@xaalis/contracts';
import type { RunningService, RunningWorker } from '@xaalis/service-kit';
import { start } from '../../server';
import { startWorker } from '../../worker';
import { asTenant, chartOf, createCompany } from '../../test-support';
import { SECTOR_ACCOUNTS, SYSCOHADA_ACCOUNTS, chartFor, levelOfCode, referenceAccount } from '.';

describe('SYSCOHADA reference data (generated module)', () => {
  it('holds the 596 accounts of the reference, with valid types and categories', () => {
    expect(SYSCOHADA_ACCOUNTS).toHaveLength(596);
    const codes = SYSCOHADA_ACCOUNTS.map(([code]) => code);
    expect(new Set(codes).size).toBe(596);
    for (const [code, name, type, category] of SYSCOHADA_ACCOUNTS) {
      expect(code).toMatch(/^[1-8]\d{1,3}$/);
      expect(name.length).toBeGreaterThan(0);
      expect(ACCOUNT_TYPES).toContain(type);
      expect(ACCOUNT_CATEGORIES).toContain(category);
    }
    expect(referenceAccount('4111')).toEqual({ code: '4111', name: 'Clients', type: 'asset', category: 'actif', level: 3 });
    expect(referenceAccount('5521')?.name).toMatch(/Orange Money/);
  });

  it('has every account the automatic postings need (DESIGN §6)', () => {
    for (const code of [
      '4111',
      '701',
      '706',
      '4431',
      '601',
      '604',
      '605',
      '4452',
      '4011',
      '521',
      '571',
      '552',
      '513',
      '658',
      '162',
      '6712',
      '6813',
      '6812',
      '661',
      '422',
      '4313',
      '447',
      '664',
    ]) {
      expect(referenceAccount(code)).toBeDefined();
    }
  });

  it('derives the level from the code length', () => {
    expect([levelOfCode('10'), levelOfCode('101'), levelOfCode('1011'), levelOfCode('1'), levelOfCode('123456789012')]).toEqual([
      1, 2, 3, 1, 7,
    ]);
  });

  it.each(SECTORS)('adds %s accounts that extend the reference without colliding with it', (sector) => {
    const extra = SECTOR_ACCOUNTS[sector];
    expect(extra.length).toBeGreaterThan(0);
    for (const [code, name] of extra) {
      expect(code).toMatch(/^[67]\d{3}$/);
      expect(referenceAccount(code)).toBeUndefined();
      expect(referenceAccount(code.slice(0, 3))).toBeDefined();
      expect(name).not.toBe('');
    }
    const chart = chartFor(sector);
    expect(new Set(chart.map((a) => a.code)).size).toBe(596 + extra.length);
    for (const [code] of extra) {
      const account = chart.find((a) => a.code === code)!;
      expect(account).toMatchObject(
        code.startsWith('6') ? { type: 'expense', category: 'charge', level: 3 } : { type: 'revenue', category: 'produit', level: 3 },
      );
    }
  });
});

describe('POST /api/companies/:companyId/generate-chart (BullMQ job)', () => {
  let service: RunningService;
  let worker: RunningWorker;

  beforeAll(async () => {
    service = await start({ port: 0 });
    worker = await startWorker();
  });

  afterAll(async () => {
    await worker.close();
    await service.close();
  });

  const generate = (companyId: string, body: object = {}) =>
    request(service.app).post(`/api/companies/${companyId}/generate-chart`).set(asTenant(companyId)).send(body);
  const accounts = async (companyId: string) => [...(await chartOf(service, companyId)).values()];

  it("generates the reference chart plus the company's sector accounts, with levels and parents", async () => {
    const company = await createCompany(service, { sector: 'restaurant' });
    const expected = 596 + SECTOR_ACCOUNTS.restauration.length;
    const res = await generate(company.id).expect(200);
    expect(res.body).toEqual({ created: expected, total: expected } satisfies ChartGenerationResult);

    const chart = await accounts(company.id);
    expect(chart).toHaveLength(expected);
    const byCode = new Map(chart.map((a) => [a.code, a]));
    expect(byCode.get('10')).toMatchObject({ name: 'Capital', level: 1, parentAccountId: null, type: 'equity', category: 'passif' });
    expect(byCode.get('101')).toMatchObject({ level: 2, parentAccountId: byCode.get('10')!.id });
    expect(byCode.get('4111')).toMatchObject({ level: 3, parentAccountId: byCode.get('411')!.id, type: 'asset' });
    expect(byCode.get('7026')).toMatchObject({
      name: 'Ventes de repas et plats cuisinés',
      level: 3,
      parentAccountId: byCode.get('702')!.id,
      type: 'revenue',
    });
    // Every account below level 1 hangs from the longest existing prefix.
    for (const a of chart.filter((x) => x.level > 1)) {
      const parent = chart.find((p) => p.id === a.parentAccountId);
      expect(parent && a.code.startsWith(parent.code)).toBe(true);
    }

    // The job ran in the worker under a per-company id without ':'.
    const job = await service.ctx.queue.queue!.getJob(`chart-${company.id}-restauration-0`);
    expect(job?.returnvalue).toEqual({ created: expected, total: expected });
  });

  it('is idempotent: a second run creates nothing, a later run adds only what is missing', async () => {
    const company = await createCompany(service, { sector: 'service' });
    const first = (await generate(company.id).expect(200)).body as ChartGenerationResult;
    expect(first.created).toBe(596 + SECTOR_ACCOUNTS.service.length);
    expect((await generate(company.id).expect(200)).body).toEqual({ created: 0, total: first.total });
    expect((await generate(company.id).expect(200)).body).toEqual({ created: 0, total: first.total });

    // A hand-made account changes the chart: the next run still duplicates nothing.
    await request(service.app)
      .post(`/api/companies/${company.id}/accounts`)
      .set(asTenant(company.id))
      .send({ code: '5219', name: 'Banque de projet', type: 'asset', category: 'actif', level: 3 })
      .expect(201);
    expect((await generate(company.id).expect(200)).body).toEqual({ created: 0, total: first.total + 1 });

    // Another sector adds its own missing accounts (7066 already exists under its service name).
    const hotelOnly = SECTOR_ACCOUNTS.hotel.filter(([code]) => !SECTOR_ACCOUNTS.service.some(([c]) => c === code));
    const res = (await generate(company.id, { sector: 'hotel' }).expect(200)).body as ChartGenerationResult;
    expect(res).toEqual({ created: hotelOnly.length, total: first.total + 1 + hotelOnly.length });
    const chart = await accounts(company.id);
    expect(chart.find((a) => a.code === '7066')?.name).toBe('Honoraires et prestations de conseil');
    expect(new Set(chart.map((a) => a.code)).size).toBe(chart.length);
  });

  it('never duplicates under concurrent requests', async () => {
    const company = await createCompany(service, { sector: 'transformation' });
    const results = await Promise.all([1, 2, 3, 4].map(() => generate(company.id).expect(200)));
    const expected = 596 + SECTOR_ACCOUNTS.transformation.length;
    for (const r of results) expect(r.body.total).toBe(expected);
    const [{ n, distinct }] = await service.ctx.sequelize.query<{ n: number; distinct: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT code)::int AS distinct FROM accounting.accounts WHERE company_id = $1',
      { bind: [company.id], type: QueryTypes.SELECT },
    );
    expect({ n, distinct }).toEqual({ n: expected, distinct: expected });
  });

  it('never duplicates when two jobs with different ids run at once', async () => {
    const company = await createCompany(service, { sector: 'commerce' });
    const [a, b] = await Promise.all([generate(company.id, { sector: 'commerce' }), generate(company.id, { sector: 'agriculture' })]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const expected = 596 + SECTOR_ACCOUNTS.commerce.length + SECTOR_ACCOUNTS.agriculture.length;
    const created = (r: { body: { created: number } }) => r.body.created;
    expect(created(a) + created(b)).toBe(expected);
    expect(await accounts(company.id)).toHaveLength(expected);
  });

  it('accepts both sector spellings and refuses an unknown sector', async () => {
    const company = await createCompany(service, { sector: 'service' });
    const res = await generate(company.id, { sector: 'restaurant' }).expect(200);
    expect(res.body.created).toBe(596 + SECTOR_ACCOUNTS.restauration.length);
    const bad = await generate(company.id, { sector: 'banque' }).expect(400);
    expect(bad.body.message).toBe("Secteur d'activité invalide");
  });

  it("answers 404 for another company's path, and for an unknown company", async () => {
    const own = await createCompany(service);
    const other = await createCompany(service);
    await request(service.app).post(`/api/companies/${other.id}/generate-chart`).set(asTenant(own.id)).send({}).expect(404);
    expect(await accounts(other.id)).toEqual([]);
    const ghost = '00000000-0000-4000-8000-000000000000';
    const res = await generate(ghost).expect(404);
    expect(res.body.message).toBe('Entreprise introuvable');
  });
});
