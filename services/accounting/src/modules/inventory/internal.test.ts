import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MAX_INVENTORY_ITEM_IDS, MESSAGES_RESTAURANT, type InventoryItem, type StockConsumptionResult } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { TOKEN, asTenant, createCompany } from '../../test-support';

// The internal stock routes the sector service calls, on the real service and database.
let service: RunningService;
let own: string;
let other: string;

const internal = (path: string) => `/internal/companies/${path}`;
const get = (path: string) => request(service.app).get(internal(path)).set('X-Internal-Token', TOKEN);
const post = (path: string, body: object) => request(service.app).post(internal(path)).set('X-Internal-Token', TOKEN).send(body);
const createItem = async (companyId: string, over: object = {}) =>
  (
    await post(`${companyId}/inventory-items`, {
      name: `Riz ${randomUUID().slice(0, 6)}`,
      category: 'ingredient',
      unit: 'kg',
      currentStock: '10',
      unitCost: '800',
      ...over,
    }).expect(201)
  ).body as InventoryItem;
const stock = async (companyId: string, id: string) =>
  ((await request(service.app).get(`/api/inventory/${id}`).set(asTenant(companyId)).expect(200)).body as InventoryItem).currentStock;
const consume = (companyId: string, body: object) => post(`${companyId}/stock-consumptions`, body);

beforeAll(async () => {
  service = await start({ port: 0 });
  own = (await createCompany(service, { sector: 'restauration' })).id;
  other = (await createCompany(service, { sector: 'restauration' })).id;
});

afterAll(async () => {
  await service.close();
});

describe('internal inventory routes', () => {
  it('require the internal token', async () => {
    await request(service.app)
      .get(internal(`${own}/inventory-items`))
      .expect(403);
    await request(service.app)
      .get(internal(`${own}/inventory-items`))
      .set('X-Internal-Token', 'wrong')
      .expect(403);
    await request(service.app)
      .post(internal(`${own}/stock-consumptions`))
      .send({})
      .expect(403);
  });

  it('creates an item without a user (opening stock as its first movement) and lists the company items only', async () => {
    const rice = await createItem(own, { name: 'Riz parfumé' });
    expect(rice).toMatchObject({ name: 'Riz parfumé', unit: 'kg', currentStock: '10.000', unitCost: '800.00', companyId: own });
    await createItem(other, { name: 'Autre société' });
    const list = (await get(`${own}/inventory-items`).expect(200)).body as InventoryItem[];
    expect(list.map((i) => i.name)).toContain('Riz parfumé');
    expect(list.every((i) => i.companyId === own)).toBe(true);
  });

  it('refuses a bad item (400) and an unknown company (404)', async () => {
    expect((await post(`${own}/inventory-items`, { name: '', unit: 'kg' }).expect(400)).body.message).toBe(
      MESSAGES_RESTAURANT.nameRequired,
    );
    await post(`${randomUUID()}/inventory-items`, { name: 'X', category: 'ingredient', unit: 'kg', unitCost: '1' }).expect(404);
    await get('not-a-uuid/inventory-items').expect(404);
  });

  it('reads the listed ids of the company in one call: another company’s ids and malformed ids are dropped', async () => {
    const a = await createItem(own);
    const b = await createItem(own);
    const foreign = await createItem(other);
    const res = (
      await get(`${own}/inventory-items`)
        .query({ ids: [a.id, b.id, foreign.id, 'nope', randomUUID()].join(',') })
        .expect(200)
    ).body as InventoryItem[];
    expect(res.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    expect((await get(`${own}/inventory-items`).query({ ids: '' }).expect(200)).body).toEqual([]);
    const tooMany = Array.from({ length: MAX_INVENTORY_ITEM_IDS + 1 }, () => randomUUID()).join(',');
    expect((await get(`${own}/inventory-items`).query({ ids: tooMany }).expect(400)).body.message).toBe(MESSAGES_RESTAURANT.tooManyIds);
  });

  it('consumes stock: one out movement per line, in one go, with the reason and the source as reference', async () => {
    const rice = await createItem(own, { currentStock: '10' });
    const oil = await createItem(own, { unit: 'l', currentStock: '5' });
    const res = (
      await consume(own, {
        sourceId: 'recipe-serve:1',
        reason: 'Consommation recette Thieboudienne',
        lines: [
          { itemId: rice.id, quantity: '1.5' },
          { itemId: oil.id, quantity: '0.25' },
        ],
      }).expect(201)
    ).body as StockConsumptionResult;
    expect(res).toMatchObject({ sourceId: 'recipe-serve:1', replayed: false });
    expect(res.movements).toEqual([
      { itemId: rice.id, movementId: expect.any(String), quantity: '1.500', stockAfter: '8.500' },
      { itemId: oil.id, movementId: expect.any(String), quantity: '0.250', stockAfter: '4.750' },
    ]);
    const item = (await request(service.app).get(`/api/inventory/${rice.id}`).set(asTenant(own)).expect(200)).body as InventoryItem;
    expect(item.movements?.[0]).toMatchObject({
      type: 'out',
      quantity: '1.500',
      reason: 'Consommation recette Thieboudienne',
      reference: 'recipe-serve:1',
    });
  });

  it('is idempotent by (company, sourceId): a replay answers the first result and moves nothing', async () => {
    const rice = await createItem(own, { currentStock: '10' });
    const body = {
      sourceId: `recipe-serve:${randomUUID()}`,
      reason: 'Consommation recette Yassa',
      lines: [{ itemId: rice.id, quantity: '2' }],
    };
    const first = (await consume(own, body).expect(201)).body as StockConsumptionResult;
    const [again, concurrent] = await Promise.all([consume(own, body), consume(own, body)]);
    expect(again.status).toBe(200);
    expect(concurrent.status).toBe(200);
    expect(again.body).toEqual({ ...first, replayed: true });
    expect(await stock(own, rice.id)).toBe('8.000');
    // The same source id in another company is another consumption.
    const foreign = await createItem(other, { currentStock: '3' });
    await consume(other, { ...body, lines: [{ itemId: foreign.id, quantity: '1' }] }).expect(201);
    expect(await stock(other, foreign.id)).toBe('2.000');
  });

  it('is all or nothing: an unknown or foreign item refuses the whole consumption, nothing moved, the source id still free', async () => {
    const rice = await createItem(own, { currentStock: '10' });
    const foreign = await createItem(other, { currentStock: '10' });
    const sourceId = `recipe-serve:${randomUUID()}`;
    for (const missing of [foreign.id, randomUUID()]) {
      const res = await consume(own, {
        sourceId,
        reason: 'Consommation recette Mafé',
        lines: [
          { itemId: rice.id, quantity: '1' },
          { itemId: missing, quantity: '1' },
        ],
      }).expect(404);
      expect(res.body.message).toBe(MESSAGES_RESTAURANT.itemNotFound);
    }
    expect(await stock(own, rice.id)).toBe('10.000');
    expect(await stock(other, foreign.id)).toBe('10.000');
    await consume(own, { sourceId, reason: 'Consommation recette Mafé', lines: [{ itemId: rice.id, quantity: '1' }] }).expect(201);
    expect(await stock(own, rice.id)).toBe('9.000');
  });

  it('allows going below zero like a manual exit, and refuses bad input with French messages', async () => {
    const rice = await createItem(own, { currentStock: '1' });
    await consume(own, { sourceId: randomUUID(), reason: 'Consommation recette Riz', lines: [{ itemId: rice.id, quantity: '3' }] }).expect(
      201,
    );
    expect(await stock(own, rice.id)).toBe('-2.000');
    const bad = [
      { reason: 'x', lines: [{ itemId: rice.id, quantity: '1' }] },
      { sourceId: 's', reason: 'x', lines: [] },
      { sourceId: 's', reason: 'x', lines: [{ itemId: rice.id, quantity: '-1' }] },
      { sourceId: 's', reason: 'x', lines: [{ itemId: rice.id, quantity: '0' }] },
      { sourceId: 's', reason: 'x', lines: [{ itemId: rice.id, quantity: '1.2345' }] },
    ];
    const refusals: string[] = [];
    for (const body of bad) refusals.push((await consume(own, body).expect(400)).body.message);
    expect(refusals).toEqual([
      MESSAGES_RESTAURANT.sourceIdRequired,
      MESSAGES_RESTAURANT.consumptionLinesInvalid,
      MESSAGES_RESTAURANT.ingredientQuantityInvalid,
      MESSAGES_RESTAURANT.ingredientQuantityInvalid,
      MESSAGES_RESTAURANT.ingredientQuantityInvalid,
    ]);
    await consume(randomUUID(), { sourceId: 's', reason: 'x', lines: [{ itemId: rice.id, quantity: '1' }] }).expect(404);
  });
});
