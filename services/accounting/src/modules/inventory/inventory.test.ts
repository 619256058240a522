import type { InventoryItem, InventoryListResponse, StockMovementResult } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { randomUUID } from 'node:crypto';
import { asTenant, binaryBody, TOKEN, workbookOf } from '../../test-support';
import { http, invoicingWorld, startWithWorlds, stockOf, type InvoicingWorld } from '../../test-support/invoicing';

// Stock items and movements end to end (spec 02 "Gestion des Stocks").
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;

const url = (companyId: string) => `/api/companies/${companyId}/inventory`;
const create = (body: object, companyId = w.company.id) => http(service).post(url(companyId)).set(asTenant(companyId)).send(body);
const move = (itemId: string, body: object, companyId = w.company.id) =>
  http(service)
    .post(`${url(companyId)}/${itemId}/movements`)
    .set(asTenant(companyId))
    .send(body);
const item = { name: 'Carton de lait', category: 'beverage', unit: 'box', currentStock: '12', minStock: '5', unitCost: '9500' };

beforeAll(async () => ({ service, w, other } = await startWithWorlds()));
afterAll(() => service.close());

describe('items', () => {
  it('creates an item as the dialog sends it; an opening stock is its first movement', async () => {
    const res = (await create({ ...item, supplierId: 'none' }).expect(201)).body as InventoryItem;
    expect(res).toEqual({
      id: expect.any(String),
      name: 'Carton de lait',
      category: 'beverage',
      unit: 'box',
      currentStock: '12.000',
      minStock: '5.000',
      unitCost: '9500.00',
      supplierId: null,
      companyId: w.company.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const read = await stockOf(service, w.company.id, res.id);
    expect(read.movements).toEqual([
      {
        id: expect.any(String),
        itemId: res.id,
        type: 'in',
        quantity: '12.000',
        stockAfter: '12.000',
        reason: 'Stock initial',
        reference: null,
        invoiceId: null,
        createdBy: expect.any(String),
        createdAt: expect.any(String),
      },
    ]);
    const empty = (await create({ ...item, name: 'Sucre', currentStock: '', minStock: '' }).expect(201)).body as InventoryItem;
    expect(empty).toMatchObject({ currentStock: '0.000', minStock: '0.000' });
    expect((await stockOf(service, w.company.id, empty.id)).movements).toEqual([]);
  });

  it('validates with the French messages, and refuses another company’s supplier', async () => {
    const refused = async (body: object, message: string) => expect((await create(body).expect(400)).body.message).toBe(message);
    await refused({ ...item, name: '' }, 'Nom requis');
    await refused({ ...item, category: '' }, 'Catégorie requise');
    await refused({ ...item, unit: 'tonne' }, 'Unité requise');
    await refused({ ...item, unitCost: '' }, 'Coût unitaire requis');
    await refused({ ...item, unitCost: undefined }, 'Coût unitaire requis');
    await refused({ ...item, currentStock: '1.2345' }, 'Quantité invalide (au plus trois décimales)');
    await refused({ ...item, supplierId: other.supplier.id }, 'Fournisseur introuvable');
  });

  it('lists by name, filtered by category and search', async () => {
    const fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    await create({ ...item, name: 'Bissap' }, c).expect(201);
    const page = async (query: object = {}) =>
      (await http(service).get(url(c)).query(query).set(asTenant(c)).expect(200)).body as InventoryListResponse;
    const list = async (query: object = {}) => (await page(query)).items.map((i) => i.name);
    expect(await list()).toEqual(['Bissap', 'Huile 20 l', 'Sac de riz 50 kg']);
    expect(await list({ category: 'beverage' })).toEqual(['Bissap']);
    expect(await list({ search: 'RIZ' })).toEqual(['Sac de riz 50 kg']);
    await http(service).get(url(c)).query({ category: 'meuble' }).set(asTenant(c)).expect(400);

    // Server pages; the tiles count the whole company whatever the filters.
    for (let i = 1; i <= 24; i++)
      await create({ ...item, name: `Article ${String(i).padStart(2, '0')}`, currentStock: '0' }, c).expect(201);
    const first = await page();
    expect(first).toMatchObject({ page: 1, pageSize: 25, totalItems: 27 });
    expect(first.items).toHaveLength(25);
    expect((await page({ page: 2 })).items.map((i) => i.name)).toEqual(['Huile 20 l', 'Sac de riz 50 kg']);
    expect((await page({ pageSize: 5 })).items).toHaveLength(5);
    const found = await page({ search: 'riz' });
    expect(found.totalItems).toBe(1);
    expect(found.counters).toEqual(first.counters);
    expect(first.counters.total).toBe(27);
    expect(first.counters.out).toBe(24);
    const chosen = first.items[3];
    expect((await page({ id: chosen.id })).items).toEqual([chosen]);
    for (const bad of [{ pageSize: 101 }, { id: 'x' }, { page: 0 }])
      await http(service).get(url(c)).query(bad).set(asTenant(c)).expect(400);
  });

  it('edits every field but the stock', async () => {
    const created = (await create(item).expect(201)).body as InventoryItem;
    const res = await http(service)
      .put(`/api/inventory/${created.id}`)
      .set(asTenant(w.company.id))
      .send({ ...item, name: 'Lait UHT', unitCost: '9900', minStock: '8', currentStock: '999', supplierId: w.supplier.id })
      .expect(200);
    expect(res.body).toMatchObject({
      name: 'Lait UHT',
      unitCost: '9900.00',
      minStock: '8.000',
      currentStock: '12.000',
      supplierId: w.supplier.id,
    });
    await http(service)
      .put(`/api/inventory/${created.id}`)
      .set(asTenant(w.company.id))
      .send({ ...item, supplierId: other.supplier.id })
      .expect(400);
  });
});

describe('movements', () => {
  it('applies entries and exits atomically, records the stock after each, allows going below zero', async () => {
    const created = (await create(item).expect(201)).body as InventoryItem;
    const out = (await move(created.id, { type: 'out', quantity: '2.5', reason: 'Vente comptoir', reference: 'BL-12' }).expect(201))
      .body as StockMovementResult;
    expect(out.item.currentStock).toBe('9.500');
    expect(out.movement).toMatchObject({
      type: 'out',
      quantity: '2.500',
      stockAfter: '9.500',
      reason: 'Vente comptoir',
      reference: 'BL-12',
    });
    const below = (await move(created.id, { type: 'out', quantity: 10, reason: 'Casse' }).expect(201)).body as StockMovementResult;
    expect(below.item.currentStock).toBe('-0.500');
    // Concurrent movements queue on the row: each records the stock it left.
    const results = await Promise.all(
      Array.from({ length: 10 }, () => move(created.id, { type: 'in', quantity: '1', reason: 'Réception' })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(results.map((r) => (r.body as StockMovementResult).movement!.stockAfter).sort()).toEqual([
      '0.500',
      '1.500',
      '2.500',
      '3.500',
      '4.500',
      '5.500',
      '6.500',
      '7.500',
      '8.500',
      '9.500',
    ]);
    const read = await stockOf(service, w.company.id, created.id);
    expect(read.currentStock).toBe('9.500');
    expect(read.movements).toHaveLength(13);
    expect(read.movements![0].stockAfter).toBe('9.500');
    expect(read.movements!.at(-1)!.reason).toBe('Stock initial');
  });

  it('validates a movement with the French messages', async () => {
    const refused = async (body: object, message: string) => expect((await move(w.rice.id, body).expect(400)).body.message).toBe(message);
    await refused({ type: 'in', quantity: '', reason: 'x' }, 'Quantité requise');
    await refused({ type: 'in', quantity: '0', reason: 'x' }, 'Quantité invalide (au plus trois décimales)');
    await refused({ type: 'in', quantity: '1', reason: '' }, 'Motif requis');
    await refused({ type: 'transfer', quantity: '1', reason: 'x' }, 'Type de mouvement invalide');
    await refused({ type: 'in', quantity: '99999999', reason: 'x' }, 'Quantité invalide (au plus trois décimales)');
    const big = (await create({ ...item, currentStock: '9999999' }).expect(201)).body as InventoryItem;
    expect((await move(big.id, { type: 'in', quantity: '1', reason: 'x' }).expect(400)).body).toEqual({
      message: 'Stock hors limites (au plus 9 999 999,999)',
    });
    expect((await stockOf(service, w.company.id, big.id)).currentStock).toBe('9999999.000');
  });

  it('records an inventory count (PATCH currentStock) as an adjustment of the difference', async () => {
    const created = (await create(item).expect(201)).body as InventoryItem;
    const patch = (currentStock: unknown) =>
      http(service)
        .patch(`${url(w.company.id)}/${created.id}`)
        .set(asTenant(w.company.id))
        .send({ currentStock });
    const down = (await patch('10.250').expect(200)).body as StockMovementResult;
    expect(down.item.currentStock).toBe('10.250');
    expect(down.movement).toMatchObject({ type: 'out', quantity: '1.750', stockAfter: '10.250', reason: "Ajustement d'inventaire" });
    const up = (await patch(15).expect(200)).body as StockMovementResult;
    expect(up.movement).toMatchObject({ type: 'in', quantity: '4.750', stockAfter: '15.000' });
    const same = (await patch('15.000').expect(200)).body as StockMovementResult;
    expect(same).toMatchObject({ item: { currentStock: '15.000' }, movement: null });
    expect((await patch('').expect(400)).body.message).toBe('Quantité requise');
  });
});

describe('export', () => {
  it('exports the stock as an .xlsx workbook with quantities, costs, values and states', async () => {
    const fresh = await invoicingWorld(service);
    const c = fresh.company.id;
    await create({ ...item, name: 'Bissap', currentStock: '3', minStock: '5', unitCost: '1500.50' }, c).expect(201);
    await create({ ...item, name: 'Gingembre', currentStock: '0' }, c).expect(201);
    const res = await http(service)
      .get(`${url(c)}/export.xlsx`)
      .set(asTenant(c))
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="stock.xlsx"');
    const workbook = await workbookOf(res.body);
    const sheet = workbook.getWorksheet('Stock')!;
    const rows = sheet
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows).toEqual([
      ['Article', 'Catégorie', 'Unité', 'Stock', 'Stock minimum', 'Coût unitaire', 'Valeur', 'État'],
      ['Bissap', 'Boisson', 'carton', 3, 5, 1500.5, 4501.5, 'Stock faible'],
      ['Gingembre', 'Boisson', 'carton', 0, 5, 9500, 0, 'Rupture'],
      ['Huile 20 l', 'Ingrédient', 'litre', 10, 0, 18000.5, 180005, 'En stock'],
      ['Sac de riz 50 kg', 'Ingrédient', 'pièce', 100, 10, 25000, 2500000, 'En stock'],
    ]);
  });
});

describe('tenancy', () => {
  it('answers 404 for another company’s items and paths', async () => {
    const me = asTenant(w.company.id);
    const h = http(service);
    for (const r of [
      h.get(`/api/inventory/${other.rice.id}`),
      h.put(`/api/inventory/${other.rice.id}`).send(item),
      h.post(`${url(w.company.id)}/${other.rice.id}/movements`).send({ type: 'out', quantity: '1', reason: 'Vol' }),
      h.patch(`${url(w.company.id)}/${other.rice.id}`).send({ currentStock: '0' }),
      h.get(url(other.company.id)),
      h.post(url(other.company.id)).send(item),
      h.get(`${url(other.company.id)}/export.xlsx`),
      h.post(`${url(other.company.id)}/${other.rice.id}/movements`).send({ type: 'out', quantity: '1', reason: 'Vol' }),
      h.patch(`${url(other.company.id)}/${other.rice.id}`).send({ currentStock: '0' }),
      h.get('/api/inventory/not-a-uuid'),
    ]) {
      expect((await r.set(me)).status).toBe(404);
    }
    expect((await stockOf(service, other.company.id, other.rice.id)).currentStock).toBe('100.000');
  });
});

describe('the acting user (X-User-Id)', () => {
  it('records who moved the stock (opening stock, movement, count); null without a user', async () => {
    const c = w.company.id;
    const user = randomUUID();
    const base = { 'X-Internal-Token': TOKEN, 'X-Company-Id': c, 'X-User-Role': 'owner' };
    const created = (
      await http(service)
        .post(url(c))
        .set({ ...base, 'X-User-Id': user })
        .send({ ...item, name: 'Farine' })
        .expect(201)
    ).body as InventoryItem;
    const moved = (
      await http(service)
        .post(`${url(c)}/${created.id}/movements`)
        .set({ ...base, 'X-User-Id': user })
        .send({ type: 'out', quantity: '2', reason: 'Casse' })
        .expect(201)
    ).body as StockMovementResult;
    expect(moved.movement?.createdBy).toBe(user);
    const counted = (
      await http(service)
        .patch(`${url(c)}/${created.id}`)
        .set(base)
        .send({ currentStock: '9' })
        .expect(200)
    ).body as StockMovementResult;
    expect(counted.movement?.createdBy).toBeNull();
    expect((await stockOf(service, c, created.id)).movements?.map((m) => [m.reason, m.createdBy])).toEqual([
      [expect.any(String), null],
      ['Casse', user],
      ['Stock initial', user],
    ]);
  });
});
