import { randomUUID } from 'node:crypto';
import {
  MESSAGES_MONEY,
  MESSAGES_RESTAURANT,
  incompatibleUnit,
  serviceUnavailableMessage,
  type InventoryItem,
  type Menu,
  type MenuList,
  type Recipe,
  type RecipeList,
  type RestaurantInventoryList,
  type ServeResult,
  type StockConsumptionInput,
} from '@xaalis/contracts';
import { internalClient } from '@xaalis/service-kit';
import { asTenant, companyPath, companyWithModules, messageOf, runWithStandIns, standIn, TOKEN } from '../../test-support';
import { INVENTORY_READS_HEADER } from './routes';
import { restaurantService } from './service';

// The real sector service on the real database. The accounting service is a
// stand-in over real HTTP that keeps its internal stock routes' contract
// (company-scoped reads by ids, creation, idempotent all-or-nothing
// consumptions; the real routes have their own tests in the accounting
// service): services never import each other, even in tests. It counts the
// calls (batching) and can be taken down.
const items = new Map<string, InventoryItem>();
const consumed = new Map<string, unknown>();
const calls: string[] = [];
let accountingUp = true;
/** Applies a consumption, then drops the connection: the caller cannot know it was applied. */
let dropAfterApply = false;

const stub = standIn(calls, () => accountingUp);
stub.get('/internal/companies/:cid/inventory-items', (req, res) => {
  const own = [...items.values()].filter((i) => i.companyId === req.params.cid);
  const ids = typeof req.query.ids === 'string' ? req.query.ids.split(',') : null;
  res.json(ids ? own.filter((i) => ids.includes(i.id)) : own);
});
// The Stock page's read (paged and counted in SQL by the real route): one page by name.
stub.get('/internal/companies/:cid/inventory-items/page', (req, res) => {
  const own = [...items.values()].filter((i) => i.companyId === req.params.cid).sort((a, b) => a.name.localeCompare(b.name));
  const term = typeof req.query.search === 'string' ? req.query.search.toLowerCase() : '';
  const id = typeof req.query.id === 'string' ? req.query.id : null;
  const matching = own.filter((i) => i.name.toLowerCase().includes(term) && (!id || i.id === id));
  const page = Number(req.query.page ?? 1);
  const pageSize = Number(req.query.pageSize ?? 25);
  const out = own.filter((i) => Number(i.currentStock) <= 0).length;
  const low = own.filter((i) => Number(i.currentStock) > 0 && Number(i.currentStock) <= Number(i.minStock)).length;
  res.json({
    items: matching.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    totalItems: matching.length,
    counters: { total: own.length, low, out, value: '0' },
  });
});
stub.post('/internal/companies/:cid/inventory-items', (req, res) => {
  const b = req.body as Record<string, string>;
  const now = new Date().toISOString();
  const item: InventoryItem = {
    id: randomUUID(),
    name: b.name,
    category: b.category as InventoryItem['category'],
    unit: b.unit as InventoryItem['unit'],
    currentStock: Number(b.currentStock).toFixed(3),
    minStock: Number(b.minStock).toFixed(3),
    unitCost: Number(b.unitCost).toFixed(2),
    supplierId: null,
    companyId: req.params.cid,
    createdAt: now,
    updatedAt: now,
  };
  items.set(item.id, item);
  res.status(201).json(item);
});
stub.post('/internal/companies/:cid/stock-consumptions', (req, res) => {
  const body = req.body as StockConsumptionInput;
  const key = `${req.params.cid}:${body.sourceId}`;
  if (consumed.has(key)) {
    res.json({ ...(consumed.get(key) as object), replayed: true });
    return;
  }
  const lines = body.lines.map((l) => ({ ...l, item: items.get(l.itemId) }));
  if (lines.some((l) => l.item?.companyId !== req.params.cid)) {
    res.status(404).json({ message: MESSAGES_RESTAURANT.itemNotFound });
    return;
  }
  const movements = lines.map((l) => {
    const item = l.item!;
    item.currentStock = (Math.round(Number(item.currentStock) * 1000 - Number(l.quantity) * 1000) / 1000).toFixed(3);
    return { itemId: item.id, movementId: randomUUID(), quantity: Number(l.quantity).toFixed(3), stockAfter: item.currentStock };
  });
  const result = { sourceId: body.sourceId, replayed: false, movements, createdAt: new Date().toISOString() };
  consumed.set(key, result);
  if (dropAfterApply) req.socket.destroy();
  else res.status(201).json(result);
});

const running = runWithStandIns({ ACCOUNTING_URL: stub });

afterEach(() => {
  accountingUp = true;
  dropAfterApply = false;
});

const { api } = running;

/** A restaurant company (module switched on in its settings). */
const restaurantCompany = () => companyWithModules(running.service, ['restaurant']);

const createItem = async (companyId: string, body: object) =>
  (
    await api()
      .post(companyPath(companyId, 'restaurant-inventory'))
      .set(asTenant(companyId))
      .send({ category: 'ingredient', currentStock: '0', minStock: '0', ...body })
      .expect(201)
  ).body as InventoryItem;
const postRecipe = (companyId: string, body: object) => api().post(companyPath(companyId, 'recipes')).set(asTenant(companyId)).send(body);
const listRecipes = (companyId: string) => api().get(companyPath(companyId, 'recipes')).set(asTenant(companyId)).expect(200);

let own: string;
let other: string;
let rice: InventoryItem;
let oil: InventoryItem;
let fish: InventoryItem;

beforeAll(async () => {
  own = await restaurantCompany();
  other = await restaurantCompany();
  rice = await createItem(own, { name: 'Riz brisé', unit: 'kg', unitCost: '800', currentStock: '50' });
  oil = await createItem(own, { name: 'Huile', unit: 'l', unitCost: '1500', currentStock: '10' });
  fish = await createItem(own, { name: 'Poisson', unit: 'pcs', unitCost: '2000', currentStock: '20' });
});

describe('restaurant inventory tab', () => {
  it("lists the company's accounting items in one call and creates items there", async () => {
    calls.length = 0;
    const list = (await api().get(companyPath(own, 'restaurant-inventory')).set(asTenant(own)).expect(200)).body as RestaurantInventoryList;
    expect(list.items.map((i) => i.name).sort()).toEqual(['Huile', 'Poisson', 'Riz brisé']);
    expect(list).toMatchObject({ page: 1, pageSize: 25, totalItems: 3 });
    expect(calls).toEqual([`GET /internal/companies/${own}/inventory-items/page`]);
    const page = async (query: string) =>
      (
        await api()
          .get(`${companyPath(own, 'restaurant-inventory')}?${query}`)
          .set(asTenant(own))
          .expect(200)
      ).body as RestaurantInventoryList;
    const second = await page('page=2&pageSize=1');
    expect(second).toMatchObject({ page: 2, pageSize: 1, totalItems: 3, lowStockCount: list.lowStockCount });
    expect(second.items).toHaveLength(1);
    const found = await page('search=HUI');
    expect(found.items.map((i) => i.name)).toEqual(['Huile']);
    expect(found.totalItems).toBe(1);
    // `id` (a select box's chosen value) goes on to accounting's page.
    const byId = await page(`id=${found.items[0].id}`);
    expect(byId.items.map((i) => i.name)).toEqual(['Huile']);
    await api()
      .get(`${companyPath(own, 'restaurant-inventory')}?id=x`)
      .set(asTenant(own))
      .expect(400);
  });

  it('refuses a bad item (400) and says the accounting service is down (503, French)', async () => {
    const bad = await api().post(companyPath(own, 'restaurant-inventory')).set(asTenant(own)).send({ name: '' }).expect(400);
    expect(messageOf(bad)).toBe(MESSAGES_RESTAURANT.nameRequired);
    accountingUp = false;
    const res = await api().get(companyPath(own, 'restaurant-inventory')).set(asTenant(own)).expect(503);
    expect(messageOf(res)).toBe(MESSAGES_RESTAURANT.accountingDown);
  });
});

describe('recipes', () => {
  let thieb: Recipe;

  it('computes cost, cost per serving, margin and time on the server, converting units (g → kg, cl → l)', async () => {
    const res = await postRecipe(own, {
      name: 'Thieboudienne',
      category: 'main',
      servings: '4',
      preparationTime: '30',
      cookingTime: 60,
      sellingPrice: '10000',
      ingredients: [
        { inventoryItemId: rice.id, quantity: '500', unit: 'g' }, // 0.5 kg × 800 = 400
        { inventoryItemId: oil.id, quantity: '25', unit: 'cl' }, // 0.25 l × 1500 = 375
        { inventoryItemId: fish.id, quantity: '2', unit: 'pcs' }, // 2 × 2000 = 4000
      ],
    }).expect(201);
    thieb = res.body as Recipe;
    expect(thieb).toMatchObject({
      name: 'Thieboudienne',
      servings: 4,
      totalTime: 90,
      sellingPrice: '10000.00',
      totalCost: '4775.00',
      costPerServing: '1193.75',
      margin: '52.3', // (10000 − 4775) / 10000 = 52.25 % → 52.3
      costAvailable: true,
    });
    expect(thieb.ingredients.map((i) => [i.itemName, i.quantity, i.unit, i.unitCost, i.cost])).toEqual([
      ['Riz brisé', '500.000', 'g', '800.00', '400.00'],
      ['Huile', '25.000', 'cl', '1500.00', '375.00'],
      ['Poisson', '2.000', 'pcs', '2000.00', '4000.00'],
    ]);
  });

  it('defaults as the spec says (1 serving, price 0 → no margin) and refuses bad input (400)', async () => {
    const plain = (await postRecipe(own, { name: 'Bissap' }).expect(201)).body as Recipe;
    expect(plain).toMatchObject({ servings: 1, sellingPrice: '0.00', totalCost: '0.00', margin: null, ingredients: [] });
    const refusals: string[] = [];
    for (const body of [
      {},
      { name: 'X', servings: 0 },
      { name: 'X', preparationTime: -1 },
      { name: 'X', sellingPrice: '-5' },
      { name: 'X', category: 'soup' },
      { name: 'X', ingredients: [{ inventoryItemId: rice.id, quantity: '0', unit: 'kg' }] },
      { name: 'X', ingredients: [{ inventoryItemId: rice.id, quantity: '1', unit: 'tasse' }] },
      { name: 'X', ingredients: [{ inventoryItemId: 'nope', quantity: '1', unit: 'kg' }] },
    ]) {
      refusals.push(messageOf(await postRecipe(own, body).expect(400)));
    }
    expect(refusals).toEqual([
      MESSAGES_RESTAURANT.nameRequired,
      MESSAGES_RESTAURANT.servingsInvalid,
      MESSAGES_RESTAURANT.timeInvalid,
      MESSAGES_MONEY.negative,
      MESSAGES_RESTAURANT.categoryInvalid,
      MESSAGES_RESTAURANT.ingredientQuantityInvalid,
      MESSAGES_RESTAURANT.unitInvalid,
      MESSAGES_RESTAURANT.ingredientItemRequired,
    ]);
  });

  it('refuses an incompatible unit (400, French) and an unknown or foreign item (404)', async () => {
    const res = await postRecipe(own, { name: 'X', ingredients: [{ inventoryItemId: rice.id, quantity: '1', unit: 'l' }] }).expect(400);
    expect(messageOf(res)).toBe(incompatibleUnit('l', 'kg'));
    const foreign = await createItem(other, { name: 'Ailleurs', unit: 'kg', unitCost: '1' });
    for (const id of [foreign.id, randomUUID()]) {
      const r = await postRecipe(own, { name: 'X', ingredients: [{ inventoryItemId: id, quantity: '1', unit: 'kg' }] }).expect(404);
      expect(messageOf(r)).toBe(MESSAGES_RESTAURANT.itemNotFound);
    }
  });

  it('lists recipes with live costs in ONE internal call per page, and follows a unit cost change', async () => {
    for (let n = 0; n < 5; n++) {
      await postRecipe(own, { name: `Plat ${n}`, ingredients: [{ inventoryItemId: rice.id, quantity: '1', unit: 'kg' }] }).expect(201);
    }
    calls.length = 0;
    const res = await listRecipes(own);
    expect(calls).toHaveLength(1);
    expect(res.headers[INVENTORY_READS_HEADER]).toBe('1');
    const list = res.body as RecipeList;
    expect(list.itemsAvailable).toBe(true);
    expect(list.items.length).toBeGreaterThanOrEqual(7);
    items.get(rice.id)!.unitCost = '1000.00';
    const after = (await listRecipes(own)).body as RecipeList;
    expect(after.items.find((r) => r.id === thieb.id)?.totalCost).toBe('4875.00');
    items.get(rice.id)!.unitCost = '800.00';
  });

  it('still lists recipes when the accounting service is down: names and costs null', async () => {
    accountingUp = false;
    const list = (await listRecipes(own)).body as RecipeList;
    expect(list.itemsAvailable).toBe(false);
    const r = list.items.find((x) => x.id === thieb.id)!;
    expect(r).toMatchObject({ name: 'Thieboudienne', totalCost: null, costPerServing: null, margin: null, costAvailable: false });
    expect(r.ingredients.every((i) => i.itemName === null && i.cost === null)).toBe(true);
    // Saving needs the items: refused with the 503.
    await postRecipe(own, { name: 'X', ingredients: [{ inventoryItemId: rice.id, quantity: '1', unit: 'kg' }] }).expect(503);
  });

  it('updates a recipe (ingredients replaced as a whole) and reads it back', async () => {
    const res = await api()
      .put(`${companyPath(own, 'recipes')}/${thieb.id}`)
      .set(asTenant(own))
      .send({
        name: 'Thieb rouge',
        servings: 2,
        sellingPrice: '5000',
        ingredients: [{ inventoryItemId: rice.id, quantity: '1.5', unit: 'kg' }],
      })
      .expect(200);
    expect(res.body).toMatchObject({ name: 'Thieb rouge', totalCost: '1200.00', costPerServing: '600.00', margin: '76.0' });
    expect((res.body as Recipe).ingredients).toHaveLength(1);
    const one = (
      await api()
        .get(`${companyPath(own, 'recipes')}/${thieb.id}`)
        .set(asTenant(own))
        .expect(200)
    ).body as Recipe;
    expect(one.name).toBe('Thieb rouge');
  });

  it('serves: takes quantity × ingredient / servings out of stock, once per request id', async () => {
    const before = items.get(rice.id)!.currentStock;
    expect(before).toBe('50.000');
    const requestId = randomUUID();
    const serve = (body: object) =>
      api()
        .post(`${companyPath(own, 'recipes')}/${thieb.id}/serve`)
        .set(asTenant(own))
        .send(body);
    // 3 portions of a 2-serving recipe with 1.5 kg → 2.25 kg.
    const first = (await serve({ quantity: 3, requestId }).expect(201)).body as ServeResult;
    expect(first).toMatchObject({ recipeId: thieb.id, quantity: 3, status: 'completed' });
    expect(first.movements).toEqual([{ itemId: rice.id, movementId: expect.any(String), quantity: '2.250', stockAfter: '47.750' }]);
    const again = (await serve({ quantity: 3, requestId }).expect(200)).body as ServeResult;
    expect(again).toEqual(first);
    expect(items.get(rice.id)!.currentStock).toBe('47.750');
    // The accounting side got the reason and an idempotency key.
    expect([...consumed.keys()]).toContain(`${own}:recipe-serve:${requestId}`);
    expect(consumed.get(`${own}:recipe-serve:${requestId}`)).toBeTruthy();
    for (const body of [{}, { quantity: 0 }, { quantity: 1.5 }, { quantity: -2 }]) await serve(body).expect(400);
  });

  it('keeps a serve pending when the stock exit may have been applied (lost answer), then settles it exactly once', async () => {
    const before = items.get(rice.id)!.currentStock;
    const requestId = randomUUID();
    dropAfterApply = true;
    const pending = (
      await api()
        .post(`${companyPath(own, 'recipes')}/${thieb.id}/serve`)
        .set(asTenant(own))
        .send({ quantity: 2, requestId })
        .expect(202)
    ).body as ServeResult;
    expect(pending).toMatchObject({ id: requestId, status: 'pending', movements: [] });
    dropAfterApply = false;
    // Applied once on the accounting side (2 portions of 2 servings × 1.5 kg).
    const after = (Number(before) - 1.5).toFixed(3);
    expect(items.get(rice.id)!.currentStock).toBe(after);

    const restaurant = restaurantService(running.service.ctx.sequelize, internalClient('accounting', TOKEN));
    accountingUp = false; // still down: nothing settled, nothing dropped
    expect(await restaurant.settlePendingServes(0)).toEqual({ completed: 0, dropped: 0 });
    accountingUp = true;
    const settled = await restaurant.settlePendingServes(0);
    expect(settled.completed).toBeGreaterThanOrEqual(1);
    expect(items.get(rice.id)!.currentStock).toBe(after); // replayed, not applied twice
    const done = (
      await api()
        .post(`${companyPath(own, 'recipes')}/${thieb.id}/serve`)
        .set(asTenant(own))
        .send({ quantity: 2, requestId })
        .expect(200)
    ).body as ServeResult;
    expect(done).toMatchObject({
      id: requestId,
      status: 'completed',
      movements: [{ itemId: rice.id, quantity: '1.500', stockAfter: after }],
    });
  });

  it('refuses a serve as a whole when an item is unknown (404) or the accounting service is down (503): nothing recorded', async () => {
    const ghost = (await createItem(own, { name: 'Éphémère', unit: 'kg', unitCost: '10', currentStock: '5' })).id;
    const r = (
      await postRecipe(own, {
        name: 'Mafé',
        ingredients: [
          { inventoryItemId: rice.id, quantity: '1', unit: 'kg' },
          { inventoryItemId: ghost, quantity: '1', unit: 'kg' },
        ],
      }).expect(201)
    ).body as Recipe;
    items.delete(ghost); // deleted in the accounting service since
    const stock = items.get(rice.id)!.currentStock;
    const res = await api()
      .post(`${companyPath(own, 'recipes')}/${r.id}/serve`)
      .set(asTenant(own))
      .send({ quantity: 1 })
      .expect(404);
    expect(messageOf(res)).toBe(MESSAGES_RESTAURANT.itemNotFound);
    expect(items.get(rice.id)!.currentStock).toBe(stock);
    accountingUp = false;
    const down = await api()
      .post(`${companyPath(own, 'recipes')}/${thieb.id}/serve`)
      .set(asTenant(own))
      .send({ quantity: 1 })
      .expect(503);
    expect(messageOf(down)).toBe(serviceUnavailableMessage('accounting'));
    accountingUp = true;
    expect(items.get(rice.id)!.currentStock).toBe(stock);
    // The recipe with the missing item still lists, its cost unknown.
    const listed = ((await listRecipes(own)).body as RecipeList).items.find((x) => x.id === r.id)!;
    expect(listed).toMatchObject({ costAvailable: false, totalCost: null });
    expect(listed.ingredients[1]).toMatchObject({ itemName: null, cost: null });
  });
});

describe('menus', () => {
  let recipe: Recipe;
  let menu: Menu;
  const postMenu = (companyId: string, body: object) => api().post(companyPath(companyId, 'menus')).set(asTenant(companyId)).send(body);

  beforeAll(async () => {
    recipe = (await postRecipe(own, { name: 'Yassa poulet', sellingPrice: '3500' }).expect(201)).body as Recipe;
  });

  it('creates a menu with a recipe item and a free item, defaults filled', async () => {
    menu = (
      await postMenu(own, {
        name: 'Menu du midi',
        type: 'lunch',
        validFrom: '2026-01-01',
        validTo: '2026-01-31',
        items: [
          { recipeId: recipe.id, name: 'Yassa poulet', price: '3500', category: 'main' },
          { name: 'Jus de bouye', price: 500, isAvailable: false },
        ],
      }).expect(201)
    ).body as Menu;
    expect(menu).toMatchObject({ name: 'Menu du midi', type: 'lunch', isActive: true, validFrom: '2026-01-01', validTo: '2026-01-31' });
    expect(menu.items.map((i) => [i.recipeId, i.name, i.price, i.isAvailable])).toEqual([
      [recipe.id, 'Yassa poulet', '3500.00', true],
      [null, 'Jus de bouye', '500.00', false],
    ]);
    expect(((await api().get(companyPath(own, 'menus')).set(asTenant(own)).expect(200)).body as MenuList).items.map((m) => m.id)).toContain(
      menu.id,
    );
  });

  it('refuses validTo before validFrom (French), bad input, and a recipe of another company', async () => {
    const bad = await postMenu(own, { name: 'M', validFrom: '2026-02-01', validTo: '2026-01-01' }).expect(400);
    expect(JSON.stringify(bad.body)).toContain(MESSAGES_RESTAURANT.validToBeforeValidFrom);
    await postMenu(own, { name: '' }).expect(400);
    await postMenu(own, { name: 'M', type: 'brunch' }).expect(400);
    await postMenu(own, { name: 'M', items: [{ name: 'x', price: '-1' }] }).expect(400);
    const foreign = (await postRecipe(other, { name: 'Autre' }).expect(201)).body as Recipe;
    const res = await postMenu(own, { name: 'M', items: [{ recipeId: foreign.id, name: 'x', price: '1' }] }).expect(404);
    expect(messageOf(res)).toBe(MESSAGES_RESTAURANT.recipeNotFound);
  });

  it('replaces items on PUT; a recipe on a menu cannot be deleted (409) until removed from it', async () => {
    await api()
      .delete(`${companyPath(own, 'recipes')}/${recipe.id}`)
      .set(asTenant(own))
      .expect(409);
    const updated = (
      await api()
        .put(`${companyPath(own, 'menus')}/${menu.id}`)
        .set(asTenant(own))
        .send({ name: 'Menu du soir', type: 'dinner', isActive: false, items: [{ name: 'Thé', price: '200' }] })
        .expect(200)
    ).body as Menu;
    expect(updated).toMatchObject({ name: 'Menu du soir', isActive: false, validFrom: null, validTo: null });
    expect(updated.items.map((i) => i.name)).toEqual(['Thé']);
    await api()
      .delete(`${companyPath(own, 'recipes')}/${recipe.id}`)
      .set(asTenant(own))
      .expect(204);
    await api()
      .delete(`${companyPath(own, 'menus')}/${menu.id}`)
      .set(asTenant(own))
      .expect(204);
    await api()
      .get(`${companyPath(own, 'menus')}/${menu.id}`)
      .set(asTenant(own))
      .expect(404);
  });
});

describe('company scoping', () => {
  it("answers 404 for another company's recipe or menu on every route", async () => {
    const r = (await postRecipe(own, { name: 'Privée' }).expect(201)).body as Recipe;
    const m = (await api().post(companyPath(own, 'menus')).set(asTenant(own)).send({ name: 'Privé' }).expect(201)).body as Menu;
    const as = asTenant(other);
    await running.expectNotFound(as, [
      ['get', `${companyPath(other, 'recipes')}/${r.id}`],
      ['put', `${companyPath(other, 'recipes')}/${r.id}`, { name: 'X' }],
      ['delete', `${companyPath(other, 'recipes')}/${r.id}`],
      ['post', `${companyPath(other, 'recipes')}/${r.id}/serve`, { quantity: 1 }],
      ['get', `${companyPath(other, 'menus')}/${m.id}`],
      ['put', `${companyPath(other, 'menus')}/${m.id}`, { name: 'X' }],
      ['delete', `${companyPath(other, 'menus')}/${m.id}`],
    ]);
    expect(((await listRecipes(other)).body as RecipeList).items.map((x) => x.id)).not.toContain(r.id);
    // The path's company must be the tenant's.
    await api().get(companyPath(own, 'recipes')).set(as).expect(404);
    await api()
      .get(`${companyPath(own, 'recipes')}/not-a-uuid`)
      .set(asTenant(own))
      .expect(404);
  });
});

describe('paged lists', () => {
  it('pages recipes and menus, searches by name and counts active menus over the whole company', async () => {
    const c = await restaurantCompany();
    await postRecipe(c, { name: 'Thieboudienne' }).expect(201);
    await postRecipe(c, { name: 'Mafé' }).expect(201);
    const menus = (body: object) => api().post(companyPath(c, 'menus')).set(asTenant(c)).send(body).expect(201);
    await menus({ name: 'Carte du soir' });
    await menus({ name: 'Ancienne carte', isActive: false });
    const get = async <T>(path: string) => (await api().get(companyPath(c, path)).set(asTenant(c)).expect(200)).body as T;

    const first = await get<RecipeList>('recipes?page=1&pageSize=1');
    expect(first).toMatchObject({ page: 1, pageSize: 1, totalItems: 2, itemsAvailable: true });
    expect(first.items.map((r) => r.name)).toEqual(['Mafé']);
    expect((await get<RecipeList>('recipes?page=2&pageSize=1')).items.map((r) => r.name)).toEqual(['Thieboudienne']);
    expect(await get<RecipeList>('recipes?search=thieb')).toMatchObject({ totalItems: 1, items: [{ name: 'Thieboudienne' }] });
    // `id`: one recipe (a select box's chosen value), of this company only.
    const mafe = first.items[0];
    expect(await get<RecipeList>(`recipes?id=${mafe.id}`)).toMatchObject({ totalItems: 1, items: [{ name: 'Mafé' }] });
    expect(
      (
        (
          await api()
            .get(companyPath(other, `recipes?id=${mafe.id}`))
            .set(asTenant(other))
            .expect(200)
        ).body as RecipeList
      ).items,
    ).toEqual([]);

    const menuPage = await get<MenuList>('menus?page=2&pageSize=1');
    expect(menuPage).toMatchObject({ page: 2, pageSize: 1, totalItems: 2, activeCount: 1 });
    expect(menuPage.items.map((m) => m.name)).toEqual(['Carte du soir']);
    // The counter is the company's, whatever the search.
    expect(await get<MenuList>('menus?search=ancienne')).toMatchObject({ totalItems: 1, activeCount: 1 });
    await api().get(companyPath(c, 'recipes?pageSize=101')).set(asTenant(c)).expect(400);
    // Another company sees none of them.
    const theirs = (await api().get(companyPath(other, 'menus')).set(asTenant(other)).expect(200)).body as MenuList;
    expect(theirs.items.map((m) => m.name)).not.toContain('Carte du soir');
    await api().get(companyPath(c, 'menus')).set(asTenant(other)).expect(404);
  });
});
