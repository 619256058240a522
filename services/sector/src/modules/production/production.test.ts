import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  MESSAGES_PRODUCTION,
  transitionRefused,
  type FinishedProduct,
  type FinishedProductInput,
  type FinishedProductList,
  type ProductionOrder,
  type ProductionOrderList,
  type RawMaterial,
  type RawMaterialInput,
  type RawMaterialList,
} from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, enableModules } from '../../test-support';

// The real sector service on the real database; companies are plain uuids
// (the company record lives in the accounting service), with the production
// module switched on through their saved choice.
let service: RunningService;
const own = randomUUID();
const other = randomUUID();
const year = new Date().getUTCFullYear();

const http = () => request(service.app);
const path = (companyId: string, rest: string) => `/api/companies/${companyId}/${rest}`;
const get = (companyId: string, rest: string, as = companyId) => http().get(path(companyId, rest)).set(asTenant(as));
const post = (companyId: string, rest: string, body: object = {}, as = companyId) =>
  http().post(path(companyId, rest)).set(asTenant(as)).send(body);
const put = (companyId: string, rest: string, body: object, as = companyId) =>
  http().put(path(companyId, rest)).set(asTenant(as)).send(body);
const message = async (req: request.Test, status: number) => ((await req.expect(status)).body as { message: string }).message;

const rawInput = (over: Partial<RawMaterialInput> = {}): RawMaterialInput => ({
  name: 'Farine',
  category: 'ingredient',
  unit: 'kg',
  currentStock: '100',
  minStock: '10',
  unitCost: '500',
  ...over,
});
const createRaw = async (companyId: string, over: Partial<RawMaterialInput> = {}) =>
  (await post(companyId, 'raw-materials', rawInput(over)).expect(201)).body as RawMaterial;
const createProduct = async (companyId: string, body: FinishedProductInput) =>
  (await post(companyId, 'finished-products', body).expect(201)).body as FinishedProduct;
const createOrder = async (companyId: string, finishedProductId: string, quantityToProduce = 10, extra: object = {}) =>
  (await post(companyId, 'production-orders', { finishedProductId, quantityToProduce, ...extra }).expect(201)).body as ProductionOrder;
const rawOf = async (companyId: string, id: string) => (await get(companyId, `raw-materials/${id}`).expect(200)).body as RawMaterial;
const productOf = async (companyId: string, id: string) =>
  (await get(companyId, `finished-products/${id}`).expect(200)).body as FinishedProduct;
const orderOf = async (companyId: string, id: string) =>
  (await get(companyId, `production-orders/${id}`).expect(200)).body as ProductionOrder;

beforeAll(async () => {
  service = await start({ port: 0 });
  await enableModules(service, own, ['transformation']);
  await enableModules(service, other, ['transformation']);
});

afterAll(async () => {
  await service.close();
});

describe('raw materials', () => {
  it('creates one as the dialog sends it: quantities to three decimals, money to two, no supplier for "none"', async () => {
    const res = await post(own, 'raw-materials', {
      name: ' Farine T55 ',
      reference: 'MP-001',
      category: 'ingredient',
      unit: 'kg',
      currentStock: '12.5',
      minStock: '',
      unitCost: '450.5',
      supplierId: 'none',
    }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Farine T55',
      reference: 'MP-001',
      category: 'ingredient',
      unit: 'kg',
      currentStock: '12.500',
      minStock: '0.000',
      unitCost: '450.50',
      supplierId: null,
      companyId: own,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('lists the company’s raw materials by name, with search and category filters', async () => {
    const company = randomUUID();
    await enableModules(service, company, ['transformation']);
    await createRaw(company, { name: 'Sucre', category: 'ingredient' });
    await createRaw(company, { name: 'Bouteille', category: 'supply', unit: 'pcs' });
    await createRaw(company, { name: 'Arôme', category: 'ingredient', unit: 'l' });
    const names = async (query = '') =>
      ((await get(company, `raw-materials${query}`).expect(200)).body as RawMaterialList).items.map((r) => r.name);
    expect(await names()).toEqual(['Arôme', 'Bouteille', 'Sucre']);
    expect(await names('?category=ingredient')).toEqual(['Arôme', 'Sucre']);
    expect(await names('?search=sUc')).toEqual(['Sucre']);
    expect(await names('?search=%25')).toEqual([]);
  });

  it('edits one, keeping the stock when the form does not send it', async () => {
    const raw = await createRaw(own, { name: 'Levure', currentStock: '5' });
    const edited = (
      await put(own, `raw-materials/${raw.id}`, {
        ...rawInput({ name: 'Levure sèche', unitCost: '1200' }),
        currentStock: undefined,
      }).expect(200)
    ).body as RawMaterial;
    expect(edited).toMatchObject({ id: raw.id, name: 'Levure sèche', unitCost: '1200.00', currentStock: '5.000' });
    await put(own, `raw-materials/${raw.id}`, rawInput({ name: 'Levure sèche', currentStock: '7.25' })).expect(200);
    expect((await rawOf(own, raw.id)).currentStock).toBe('7.250');
  });

  it('refuses bad input with French messages', async () => {
    expect(await message(post(own, 'raw-materials', rawInput({ name: '' })), 400)).toBe(MESSAGES_PRODUCTION.nameRequired);
    expect(await message(post(own, 'raw-materials', { ...rawInput(), unitCost: '' }), 400)).toBe(MESSAGES_PRODUCTION.unitCostRequired);
    expect(await message(post(own, 'raw-materials', { ...rawInput(), unitCost: undefined }), 400)).toBe(
      MESSAGES_PRODUCTION.unitCostRequired,
    );
    expect(await message(post(own, 'raw-materials', rawInput({ currentStock: '-1' })), 400)).toBe(MESSAGES_PRODUCTION.stockInvalid);
    expect(await message(post(own, 'raw-materials', rawInput({ minStock: '1.2345' })), 400)).toBe(MESSAGES_PRODUCTION.stockInvalid);
    expect(await message(post(own, 'raw-materials', rawInput({ unit: 'g' as never })), 400)).toBe(MESSAGES_PRODUCTION.unitRequired);
    expect(await message(post(own, 'raw-materials', rawInput({ category: 'x' as never })), 400)).toBe(MESSAGES_PRODUCTION.categoryRequired);
  });

  it('refuses a reference the company already uses (409), not another company’s', async () => {
    await createRaw(own, { reference: 'REF-DUP' });
    expect(await message(post(own, 'raw-materials', rawInput({ reference: 'REF-DUP' })), 409)).toBe(MESSAGES_PRODUCTION.duplicateReference);
    await createRaw(other, { reference: 'REF-DUP' });
  });

  it('answers 404 for an unknown id, a malformed one and another company’s raw material', async () => {
    const theirs = await createRaw(other);
    for (const id of [randomUUID(), 'not-a-uuid', theirs.id]) {
      expect(await message(get(own, `raw-materials/${id}`), 404)).toBe(MESSAGES_PRODUCTION.rawMaterialNotFound);
      expect(await message(put(own, `raw-materials/${id}`, rawInput()), 404)).toBe(MESSAGES_PRODUCTION.rawMaterialNotFound);
    }
    // Through the other company's path: 404 before anything is read or written.
    await get(other, 'raw-materials', own).expect(404);
    await get(other, `raw-materials/${theirs.id}`, own).expect(404);
    await post(other, 'raw-materials', rawInput(), own).expect(404);
    await put(other, `raw-materials/${theirs.id}`, rawInput({ name: 'Volé' }), own).expect(404);
    expect((await rawOf(other, theirs.id)).name).toBe('Farine');
  });
});

describe('finished products', () => {
  let farine: RawMaterial;
  let sucre: RawMaterial;

  beforeAll(async () => {
    farine = await createRaw(own, { name: 'Farine BOM' });
    sucre = await createRaw(own, { name: 'Sucre BOM', unitCost: '800' });
  });

  it('creates one with its bill of materials (raw material names, cost per unit)', async () => {
    const product = await createProduct(own, {
      name: 'Pain',
      reference: 'PF-001',
      unit: 'pcs',
      currentStock: '3',
      minStock: '1',
      sellingPrice: '250',
      billOfMaterials: [
        { rawMaterialId: sucre.id, quantity: '0.05' },
        { rawMaterialId: farine.id, quantity: 0.5 },
      ],
    });
    expect(product).toEqual({
      id: expect.any(String),
      name: 'Pain',
      reference: 'PF-001',
      category: 'finished',
      unit: 'pcs',
      currentStock: '3.000',
      minStock: '1.000',
      productionCost: '0.00',
      sellingPrice: '250.00',
      billOfMaterials: [
        { rawMaterialId: farine.id, quantity: '0.500', rawMaterial: { id: farine.id, name: 'Farine BOM', unit: 'kg', unitCost: '500.00' } },
        { rawMaterialId: sucre.id, quantity: '0.050', rawMaterial: { id: sucre.id, name: 'Sucre BOM', unit: 'kg', unitCost: '800.00' } },
      ],
      bomUnitCost: '290.00',
      companyId: own,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const listed = ((await get(own, 'finished-products').expect(200)).body as FinishedProductList).items;
    expect(listed.find((p) => p.id === product.id)).toEqual(product);
  });

  it('replaces the bill of materials as a whole on edit, keeping stock and cost when absent', async () => {
    const product = await createProduct(own, {
      name: 'Gâteau',
      unit: 'pcs',
      currentStock: '2',
      productionCost: '1000',
      billOfMaterials: [{ rawMaterialId: farine.id, quantity: '1' }],
    });
    const edited = (
      await put(own, `finished-products/${product.id}`, {
        name: 'Gâteau sucré',
        unit: 'pcs',
        billOfMaterials: [{ rawMaterialId: sucre.id, quantity: '0.2' }],
      }).expect(200)
    ).body as FinishedProduct;
    expect(edited).toMatchObject({ name: 'Gâteau sucré', currentStock: '2.000', productionCost: '1000.00', bomUnitCost: '160.00' });
    expect(edited.billOfMaterials.map((l) => [l.rawMaterial.name, l.quantity])).toEqual([['Sucre BOM', '0.200']]);
    const emptied = (await put(own, `finished-products/${product.id}`, { name: 'Gâteau', unit: 'pcs', billOfMaterials: [] }).expect(200))
      .body as FinishedProduct;
    expect(emptied.billOfMaterials).toEqual([]);
  });

  it('refuses a bill of materials with an unknown, another company’s, duplicated or non-positive line, writing nothing', async () => {
    const theirs = await createRaw(other);
    const body = (lines: object[]) => ({ name: 'Refusé', unit: 'pcs', billOfMaterials: lines });
    for (const id of [randomUUID(), theirs.id]) {
      expect(await message(post(own, 'finished-products', body([{ rawMaterialId: id, quantity: '1' }])), 400)).toBe(
        MESSAGES_PRODUCTION.rawMaterialNotFound,
      );
    }
    expect(
      await message(
        post(
          own,
          'finished-products',
          body([
            { rawMaterialId: farine.id, quantity: '1' },
            { rawMaterialId: farine.id, quantity: '2' },
          ]),
        ),
        400,
      ),
    ).toBe(MESSAGES_PRODUCTION.bomDuplicate);
    for (const quantity of ['0', '-1', '0.0001', 'abc']) {
      await post(own, 'finished-products', body([{ rawMaterialId: farine.id, quantity }])).expect(400);
    }
    expect(await message(post(own, 'finished-products', body([{ rawMaterialId: farine.id, quantity: '-1' }])), 400)).toBe(
      MESSAGES_PRODUCTION.stockInvalid,
    );
    expect(await message(post(own, 'finished-products', body([{ rawMaterialId: farine.id, quantity: '0' }])), 400)).toBe(
      MESSAGES_PRODUCTION.quantityPositive,
    );
    expect(await message(post(own, 'finished-products', { ...body([]), currentStock: '-5' }), 400)).toBe(MESSAGES_PRODUCTION.stockInvalid);
    expect(await message(post(own, 'finished-products', { ...body([]), sellingPrice: '-5' }), 400)).toMatch(/négatif/);
    const names = ((await get(own, 'finished-products').expect(200)).body as FinishedProductList).items.map((p) => p.name);
    expect(names).not.toContain('Refusé');
  });

  it('answers 404 for an unknown id and another company’s product, on every route', async () => {
    const theirs = await createProduct(other, { name: 'Leur produit', unit: 'pcs' });
    const body = { name: 'Volé', unit: 'pcs' };
    for (const id of [randomUUID(), 'x', theirs.id]) {
      expect(await message(get(own, `finished-products/${id}`), 404)).toBe(MESSAGES_PRODUCTION.finishedProductNotFound);
      expect(await message(put(own, `finished-products/${id}`, body), 404)).toBe(MESSAGES_PRODUCTION.finishedProductNotFound);
    }
    await get(other, 'finished-products', own).expect(404);
    await post(other, 'finished-products', body, own).expect(404);
    await get(other, `finished-products/${theirs.id}`, own).expect(404);
    await put(other, `finished-products/${theirs.id}`, body, own).expect(404);
    expect((await productOf(other, theirs.id)).name).toBe('Leur produit');
  });
});

describe('database checks (the safety net behind the service)', () => {
  it('refuses a negative stock, a zero BOM quantity and production figures on an order that is not completed', async () => {
    const db = service.ctx.sequelize;
    const raw = await createRaw(own, { name: 'Contrôle' });
    const product = await createProduct(own, {
      name: 'Contrôlé',
      unit: 'pcs',
      billOfMaterials: [{ rawMaterialId: raw.id, quantity: '1' }],
    });
    const order = await createOrder(own, product.id, 1);
    const refused = (sql: string, id: string) => expect(db.query(sql, { bind: [id] })).rejects.toThrow(/check constraint/);
    await refused('UPDATE sector.raw_materials SET current_stock = -0.001 WHERE id = $1', raw.id);
    await refused('UPDATE sector.finished_products SET current_stock = -1 WHERE id = $1', product.id);
    await refused('UPDATE sector.bom_lines SET quantity = 0 WHERE finished_product_id = $1', product.id);
    await refused('UPDATE sector.production_orders SET quantity_produced = 1 WHERE id = $1', order.id);
    await refused("UPDATE sector.production_orders SET status = 'completed' WHERE id = $1", order.id);
    await refused("UPDATE sector.production_orders SET status = 'planned' WHERE id = $1", order.id);
  });

  it('keeps a bill of materials within one company (composite foreign key)', async () => {
    const theirs = await createRaw(other);
    const mine = await createProduct(own, { name: 'Mélange', unit: 'pcs' });
    await expect(
      service.ctx.sequelize.query(
        'INSERT INTO sector.bom_lines (company_id, finished_product_id, raw_material_id, quantity) VALUES ($1, $2, $3, 1)',
        { bind: [own, mine.id, theirs.id] },
      ),
    ).rejects.toThrow(/foreign key/);
  });
});

describe('production orders', () => {
  let company: string;
  let farine: RawMaterial;
  let sucre: RawMaterial;
  let pain: FinishedProduct;

  beforeAll(async () => {
    company = randomUUID();
    await enableModules(service, company, ['transformation']);
    farine = await createRaw(company, { name: 'Farine', currentStock: '100', unitCost: '500' });
    sucre = await createRaw(company, { name: 'Sucre', currentStock: '20', unitCost: '800' });
    pain = await createProduct(company, {
      name: 'Pain',
      unit: 'pcs',
      currentStock: '10',
      productionCost: '300',
      billOfMaterials: [
        { rawMaterialId: farine.id, quantity: '0.5' },
        { rawMaterialId: sucre.id, quantity: '0.05' },
      ],
    });
  });

  it('creates pending orders numbered OP-YYYY-NNNN in sequence, the list newest first', async () => {
    const first = await createOrder(company, pain.id, 10, { startDate: '2026-03-01', endDate: '2026-03-05', notes: 'Fournée du matin' });
    expect(first).toEqual({
      id: expect.any(String),
      orderNumber: `OP-${year}-0001`,
      finishedProductId: pain.id,
      finishedProduct: { id: pain.id, name: 'Pain', unit: 'pcs' },
      quantityToProduce: 10,
      quantityProduced: null,
      startDate: '2026-03-01',
      plannedEndDate: '2026-03-05',
      endDate: '2026-03-05',
      actualEndDate: null,
      status: 'pending',
      totalCost: null,
      notes: 'Fournée du matin',
      consumptions: [],
      companyId: company,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // The form's own number and status are ignored; concurrent creations get consecutive numbers.
    const more = await Promise.all([1, 2, 3].map(() => createOrder(company, pain.id, 5, { orderNumber: 'X', status: 'completed' })));
    expect(more.map((o) => o.orderNumber).sort()).toEqual([2, 3, 4].map((n) => `OP-${year}-000${n}`));
    expect(more.every((o) => o.status === 'pending')).toBe(true);
    const listed = ((await get(company, 'production-orders').expect(200)).body as ProductionOrderList).items;
    expect(listed.map((o) => o.orderNumber)).toEqual([4, 3, 2, 1].map((n) => `OP-${year}-000${n}`));
    // Another company's counter starts at 1.
    const elsewhere = await createProduct(other, { name: 'Autre', unit: 'pcs' });
    expect((await createOrder(other, elsewhere.id)).orderNumber).toMatch(new RegExp(`^OP-${year}-\\d{4}$`));
  });

  it('defaults the start date to today', async () => {
    const order = await createOrder(company, pain.id, 1);
    expect(order.startDate).toBe(new Date().toISOString().slice(0, 10));
    expect(order.plannedEndDate).toBeNull();
  });

  it('refuses bad orders with French messages', async () => {
    const send = (body: object) => post(company, 'production-orders', { finishedProductId: pain.id, quantityToProduce: 1, ...body });
    for (const quantityToProduce of [0, '0', -3]) {
      expect(await message(send({ quantityToProduce }), 400)).toBe(MESSAGES_PRODUCTION.quantityToProduceMin);
    }
    expect(await message(send({ quantityToProduce: 1.5 }), 400)).toBe(MESSAGES_PRODUCTION.quantityToProduceInvalid);
    expect(await message(send({ finishedProductId: randomUUID() }), 400)).toBe(MESSAGES_PRODUCTION.finishedProductNotFound);
    expect(await message(send({ finishedProductId: 'abc' }), 400)).toBe(MESSAGES_PRODUCTION.finishedProductRequired);
    const theirs = await createProduct(other, { name: 'Pas à moi', unit: 'pcs' });
    expect(await message(send({ finishedProductId: theirs.id }), 400)).toBe(MESSAGES_PRODUCTION.finishedProductNotFound);
    expect(await message(send({ startDate: '2026-03-05', endDate: '2026-03-01' }), 400)).toBe(MESSAGES_PRODUCTION.endBeforeStart);
    expect(await message(send({ startDate: '2026-02-30' }), 400)).toBe(MESSAGES_PRODUCTION.dateInvalid);
    expect(await message(get(company, 'production-orders?status=planned'), 400)).toBe(MESSAGES_PRODUCTION.statusInvalid);
  });

  it('completes an order: raw materials out, products in, total cost and weighted average cost, exactly', async () => {
    const order = await createOrder(company, pain.id, 40, { startDate: '2026-01-10' });
    const started = (await post(company, `production-orders/${order.id}/start`).expect(200)).body as ProductionOrder;
    expect(started.status).toBe('in_progress');
    const done = (
      await post(company, `production-orders/${order.id}/complete`, { quantityProduced: '40', actualEndDate: '2026-01-12' }).expect(200)
    ).body as ProductionOrder;
    expect(done).toMatchObject({
      status: 'completed',
      quantityProduced: '40.000',
      actualEndDate: '2026-01-12',
      // 20 kg × 500 + 2 kg × 800
      totalCost: '11600.00',
      consumptions: [
        { rawMaterialId: farine.id, rawMaterialName: 'Farine', unit: 'kg', quantity: '20.000', unitCost: '500.00', cost: '10000.00' },
        { rawMaterialId: sucre.id, rawMaterialName: 'Sucre', unit: 'kg', quantity: '2.000', unitCost: '800.00', cost: '1600.00' },
      ],
    });
    expect((await rawOf(company, farine.id)).currentStock).toBe('80.000');
    expect((await rawOf(company, sucre.id)).currentStock).toBe('18.000');
    // (10 × 300 + 11 600) / (10 + 40) = 292
    expect(await productOf(company, pain.id)).toMatchObject({ currentStock: '50.000', productionCost: '292.00' });
    expect(await orderOf(company, order.id)).toEqual(done);
    const completed = ((await get(company, 'production-orders?status=completed').expect(200)).body as ProductionOrderList).items;
    expect(completed.map((o) => o.id)).toEqual([order.id]);
  });

  it('completes a pending order directly, rounding quantities to three decimals and costs to two', async () => {
    const order = await createOrder(company, pain.id, 3);
    const done = (await post(company, `production-orders/${order.id}/complete`, { quantityProduced: 3.333 }).expect(200))
      .body as ProductionOrder;
    // Farine 0.5 × 3.333 = 1.6665 → 1.667 kg (833.50); sucre 0.05 × 3.333 = 0.16665 → 0.167 kg (133.60).
    expect(done.consumptions?.map((c) => [c.quantity, c.cost])).toEqual([
      ['1.667', '833.50'],
      ['0.167', '133.60'],
    ]);
    expect(done.totalCost).toBe('967.10');
    expect(done.actualEndDate).toBe(new Date().toISOString().slice(0, 10));
    expect((await rawOf(company, farine.id)).currentStock).toBe('78.333');
    expect((await rawOf(company, sucre.id)).currentStock).toBe('17.833');
    // (50 × 292 + 967.10) / 53.333 = 291.88495… → 291.88
    expect(await productOf(company, pain.id)).toMatchObject({ currentStock: '53.333', productionCost: '291.88' });
  });

  it('refuses a completion when a raw material is short, changing nothing', async () => {
    const order = await createOrder(company, pain.id, 1000);
    const before = await Promise.all([rawOf(company, farine.id), rawOf(company, sucre.id), productOf(company, pain.id)]);
    const res = await post(company, `production-orders/${order.id}/complete`, { quantityProduced: '1000' }).expect(409);
    const body = res.body as { message: string; issues: { path: string; message: string }[] };
    expect(body.message).toBe(
      'Stock insuffisant pour Farine : besoin 500.000 kg, disponible 78.333 ; Stock insuffisant pour Sucre : besoin 50.000 kg, disponible 17.833',
    );
    expect(body.issues.map((i) => i.path)).toEqual([farine.id, sucre.id]);
    expect(await Promise.all([rawOf(company, farine.id), rawOf(company, sucre.id), productOf(company, pain.id)])).toEqual(before);
    expect(await orderOf(company, order.id)).toMatchObject({
      status: 'pending',
      quantityProduced: null,
      totalCost: null,
      consumptions: [],
    });
  });

  it('refuses to complete an order of a product without a bill of materials', async () => {
    const bare = await createProduct(company, { name: 'Sans nomenclature', unit: 'pcs' });
    const order = await createOrder(company, bare.id, 1);
    expect(await message(post(company, `production-orders/${order.id}/complete`, { quantityProduced: '1' }), 409)).toBe(
      MESSAGES_PRODUCTION.bomRequired,
    );
    expect((await orderOf(company, order.id)).status).toBe('pending');
  });

  it('refuses bad completions with French messages', async () => {
    const order = await createOrder(company, pain.id, 1, { startDate: '2026-05-10' });
    const complete = (body: object) => post(company, `production-orders/${order.id}/complete`, body);
    for (const quantityProduced of ['0', 0])
      expect(await message(complete({ quantityProduced }), 400)).toBe(MESSAGES_PRODUCTION.quantityPositive);
    expect(await message(complete({ quantityProduced: '-2' }), 400)).toBe(MESSAGES_PRODUCTION.stockInvalid);
    expect(await message(complete({}), 400)).toBe(MESSAGES_PRODUCTION.quantityRequired);
    expect(await message(complete({ quantityProduced: '1', actualEndDate: '2026-05-01' }), 400)).toBe(
      MESSAGES_PRODUCTION.actualEndBeforeStart,
    );
    expect((await orderOf(company, order.id)).status).toBe('pending');
  });

  it('follows the life cycle: refused transitions are 409 with the French message', async () => {
    const order = await createOrder(company, pain.id, 1);
    await post(company, `production-orders/${order.id}/start`).expect(200);
    expect(await message(post(company, `production-orders/${order.id}/start`), 409)).toBe(transitionRefused('in_progress'));
    expect(((await post(company, `production-orders/${order.id}/cancel`).expect(200)).body as ProductionOrder).status).toBe('cancelled');
    expect(await message(post(company, `production-orders/${order.id}/cancel`), 409)).toBe("Transition impossible : l'ordre est Annulé");
    expect(await message(post(company, `production-orders/${order.id}/start`), 409)).toBe(transitionRefused('cancelled'));
    expect(await message(post(company, `production-orders/${order.id}/complete`, { quantityProduced: '1' }), 409)).toBe(
      transitionRefused('cancelled'),
    );

    const done = await createOrder(company, pain.id, 1);
    await post(company, `production-orders/${done.id}/complete`, { quantityProduced: '1' }).expect(200);
    for (const action of ['start', 'cancel']) {
      expect(await message(post(company, `production-orders/${done.id}/${action}`), 409)).toBe(
        "Transition impossible : l'ordre est Terminé",
      );
    }
    expect(await message(post(company, `production-orders/${done.id}/complete`, { quantityProduced: '1' }), 409)).toBe(
      transitionRefused('completed'),
    );
    const pendingCancelled = await createOrder(company, pain.id, 1);
    await post(company, `production-orders/${pendingCancelled.id}/cancel`).expect(200);
  });

  it('lets exactly one of two concurrent completions of the same order through', async () => {
    const order = await createOrder(company, pain.id, 2);
    const [farineBefore, painBefore] = await Promise.all([rawOf(company, farine.id), productOf(company, pain.id)]);
    const results = await Promise.all([1, 2].map(() => post(company, `production-orders/${order.id}/complete`, { quantityProduced: '2' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(Number((await rawOf(company, farine.id)).currentStock)).toBeCloseTo(Number(farineBefore.currentStock) - 1, 3);
    expect(Number((await productOf(company, pain.id)).currentStock)).toBeCloseTo(Number(painBefore.currentStock) + 2, 3);
    expect((await orderOf(company, order.id)).consumptions).toHaveLength(2);
  });

  it('never lets concurrent completions of different orders take the stock below zero', async () => {
    const solo = randomUUID();
    await enableModules(service, solo, ['transformation']);
    const cacao = await createRaw(solo, { name: 'Cacao', currentStock: '3', unitCost: '100' });
    const bonbon = await createProduct(solo, {
      name: 'Bonbon',
      unit: 'pcs',
      billOfMaterials: [{ rawMaterialId: cacao.id, quantity: '1' }],
    });
    const orders = await Promise.all([1, 2, 3].map(() => createOrder(solo, bonbon.id, 2)));
    const results = await Promise.all(orders.map((o) => post(solo, `production-orders/${o.id}/complete`, { quantityProduced: '2' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await rawOf(solo, cacao.id)).toMatchObject({ currentStock: '1.000' });
    expect(await productOf(solo, bonbon.id)).toMatchObject({ currentStock: '2.000', productionCost: '100.00' });
  });

  it('answers 404 for unknown ids and another company’s orders, on every route, changing nothing', async () => {
    const theirProduct = await createProduct(other, { name: 'Leur pain', unit: 'pcs' });
    const theirs = await createOrder(other, theirProduct.id, 1);
    for (const id of [randomUUID(), 'nope', theirs.id]) {
      expect(await message(get(company, `production-orders/${id}`), 404)).toBe(MESSAGES_PRODUCTION.orderNotFound);
      for (const action of ['start', 'cancel']) {
        expect(await message(post(company, `production-orders/${id}/${action}`), 404)).toBe(MESSAGES_PRODUCTION.orderNotFound);
      }
      expect(await message(post(company, `production-orders/${id}/complete`, { quantityProduced: '1' }), 404)).toBe(
        MESSAGES_PRODUCTION.orderNotFound,
      );
    }
    // Through the other company's path as this company's user.
    await get(other, 'production-orders', company).expect(404);
    await post(other, 'production-orders', { finishedProductId: theirProduct.id, quantityToProduce: 1 }, company).expect(404);
    await get(other, `production-orders/${theirs.id}`, company).expect(404);
    for (const action of ['start', 'cancel', 'complete']) {
      await post(other, `production-orders/${theirs.id}/${action}`, { quantityProduced: '1' }, company).expect(404);
    }
    expect((await orderOf(other, theirs.id)).status).toBe('pending');
  });
});

describe('paged lists', () => {
  it('pages and searches each list; stock value, low stock and order counters cover the whole company', async () => {
    const c = randomUUID();
    await enableModules(service, c, ['transformation']);
    await createRaw(c, { name: 'Farine', reference: 'MP-1', currentStock: '10', minStock: '20', unitCost: '500' });
    await createRaw(c, { name: 'Sucre', reference: 'MP-2', currentStock: '4', minStock: '1', unitCost: '250.5' });
    const first = (await get(c, 'raw-materials?page=1&pageSize=1').expect(200)).body as RawMaterialList;
    expect(first).toMatchObject({ page: 1, pageSize: 1, totalItems: 2, stockValue: '6002.00', lowStockCount: 1 });
    expect(first.items.map((r) => r.name)).toEqual(['Farine']);
    expect(((await get(c, 'raw-materials?page=2&pageSize=1').expect(200)).body as RawMaterialList).items.map((r) => r.name)).toEqual([
      'Sucre',
    ]);
    expect((await get(c, 'raw-materials?search=mp-2').expect(200)).body).toMatchObject({ totalItems: 1, stockValue: '6002.00' });
    // `id`: one item (a select box's chosen value); not a uuid: 400.
    const sucre = ((await get(c, 'raw-materials?page=2&pageSize=1').expect(200)).body as RawMaterialList).items[0];
    expect(((await get(c, `raw-materials?id=${sucre.id}`).expect(200)).body as RawMaterialList).items.map((r) => r.name)).toEqual([
      'Sucre',
    ]);
    await get(c, 'raw-materials?id=x').expect(400);

    const pain = await createProduct(c, { name: 'Pain', unit: 'pcs' });
    const gateau = await createProduct(c, { name: 'Gâteau', unit: 'pcs' });
    const products = (await get(c, 'finished-products?page=2&pageSize=1').expect(200)).body as FinishedProductList;
    expect(products).toMatchObject({ page: 2, pageSize: 1, totalItems: 2, stockValue: '0.00', lowStockCount: 2 });
    expect(products.items.map((p) => p.id)).toEqual([pain.id]);
    expect(((await get(c, `finished-products?id=${gateau.id}`).expect(200)).body as FinishedProductList).items.map((p) => p.id)).toEqual([
      gateau.id,
    ]);

    const one = await createOrder(c, pain.id, 5);
    const two = await createOrder(c, gateau.id, 5);
    await post(c, `production-orders/${one.id}/start`).expect(200);
    const orders = (await get(c, 'production-orders?page=1&pageSize=1').expect(200)).body as ProductionOrderList;
    expect(orders).toMatchObject({ page: 1, pageSize: 1, totalItems: 2, inProgressCount: 1, completedCost: '0.00' });
    expect(orders.items.map((o) => o.id)).toEqual([two.id]);
    expect(((await get(c, 'production-orders?page=2&pageSize=1').expect(200)).body as ProductionOrderList).items.map((o) => o.id)).toEqual([
      one.id,
    ]);
    const byProduct = (await get(c, 'production-orders?search=g%C3%A2teau').expect(200)).body as ProductionOrderList;
    expect(byProduct).toMatchObject({ totalItems: 1, inProgressCount: 1, items: [{ id: two.id }] });
    await get(c, 'raw-materials?pageSize=101').expect(400);
    expect(((await get(other, 'raw-materials').expect(200)).body as RawMaterialList).items.map((r) => r.reference)).not.toContain('MP-2');
  });
});
