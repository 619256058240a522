import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type {
  BomLine,
  FinishedProduct,
  ProductionCategory,
  ProductionConsumption,
  ProductionOrder,
  ProductionOrderStatus,
  ProductionUnit,
  RawMaterial,
} from '@xaalis/contracts';
import { CompanyWhere, pageWindow, foldedPattern, foldedSql } from '@xaalis/service-kit';
import { takeYearNumber } from '../../numbering';

/** Row-level access to the production tables of `sector`: every statement is scoped by the company. */

type Db = { sequelize: Sequelize; transaction?: Transaction };

async function select<T extends object>(db: Db, sql: string, bind: unknown[]): Promise<T[]> {
  return db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT, transaction: db.transaction });
}

// ---------------------------------------------------------------- stock items

/** The columns raw materials and finished products share (the `item` of migration 0003). */
interface StockItemDbRow {
  id: string;
  company_id: string;
  name: string;
  reference: string | null;
  category: ProductionCategory;
  unit: ProductionUnit;
  current_stock: string;
  min_stock: string;
  created_at: Date;
  updated_at: Date;
}

/** The writable fields raw materials and finished products share. */
interface StockItemFields {
  name: string;
  reference: string | null;
  category: ProductionCategory;
  unit: ProductionUnit;
  /** null on edit: the stock stays as it is. */
  currentStock: string | null;
  minStock: string;
}

const ITEM_COLUMNS = 'id, company_id, name, reference, category, unit, current_stock, min_stock, created_at, updated_at';

function toStockItem(row: StockItemDbRow) {
  return {
    id: row.id,
    name: row.name,
    reference: row.reference,
    category: row.category,
    unit: row.unit,
    currentStock: row.current_stock,
    minStock: row.min_stock,
    companyId: row.company_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

// ---------------------------------------------------------------- raw materials

interface RawMaterialDbRow extends StockItemDbRow {
  unit_cost: string;
  supplier_id: string | null;
}

export interface RawMaterialFields extends StockItemFields {
  unitCost: string;
  supplierId: string | null;
}

const RM_COLUMNS = `${ITEM_COLUMNS}, unit_cost, supplier_id`;

function toRawMaterial(row: RawMaterialDbRow): RawMaterial {
  return { ...toStockItem(row), unitCost: row.unit_cost, supplierId: row.supplier_id };
}

export interface ItemFilter {
  /** One item (a select box's chosen value). */
  id?: string;
  category?: ProductionCategory;
  search?: string;
  page: number;
  pageSize: number;
}

/** One page of a list, how many rows match in all, and the list's counters over the whole company. */
export interface RowPage<Item, C> {
  rows: Item[];
  total: number;
  counters: C;
}

/** Over the whole company: the stock value and the items at or below their minimum. */
export interface StockCounters {
  stockValue: string;
  lowStockCount: number;
}

function itemWhere(companyId: string, filter: ItemFilter): CompanyWhere {
  const where = new CompanyWhere(companyId);
  if (filter.id) where.and('id = ?', filter.id);
  if (filter.category) where.and('category = ?', filter.category);
  if (filter.search) where.and(`(${foldedSql('name')} LIKE ? OR ${foldedSql('reference')} LIKE ?)`, foldedPattern(filter.search));
  return where;
}

interface ItemTable<Item> {
  list: (sequelize: Sequelize, companyId: string, filter: ItemFilter) => Promise<RowPage<Item, StockCounters>>;
  find: (db: Db, companyId: string, id: string, lock?: boolean) => Promise<Item | null>;
  /** The edit: the shared fields ($3-$8, the stock kept when null) and the table's own (`set` of $9...); null when not the company's. */
  update: (db: Db, companyId: string, id: string, f: StockItemFields, own: { set: string; values: unknown[] }) => Promise<Item | null>;
}

/**
 * The filtered list, the lookup by id (optionally locked) and the edit of a
 * stock table (raw materials or finished products); `toItem` maps the table's
 * rows (typed by it: `select` does not check them either).
 */
function itemTable<Item>(table: string, columns: string, costColumn: string, toItem: (row: never) => Item): ItemTable<Item> {
  return {
    list: async (sequelize, companyId, filter) => {
      const where = itemWhere(companyId, filter);
      const { limit, offset } = pageWindow(filter);
      const [rows, [counts]] = await Promise.all([
        select<never>(
          { sequelize },
          `SELECT ${columns} FROM ${table} WHERE ${where.sql} ORDER BY name, id LIMIT ${limit} OFFSET ${offset}`,
          where.bind,
        ),
        select<{ total: number; stock_value: string; low_stock: number }>(
          { sequelize },
          `SELECT count(*) FILTER (WHERE ${where.sql})::int AS total,
                  COALESCE(sum(current_stock * ${costColumn}), 0)::numeric(17,2)::text AS stock_value,
                  count(*) FILTER (WHERE current_stock <= min_stock)::int AS low_stock
             FROM ${table} WHERE company_id = $1`,
          where.bind,
        ),
      ]);
      return {
        rows: rows.map(toItem),
        total: counts.total,
        counters: { stockValue: counts.stock_value, lowStockCount: counts.low_stock },
      };
    },
    find: async (db, companyId, id, lock = false) => {
      const [row] = await select<never>(
        db,
        `SELECT ${columns} FROM ${table} WHERE company_id = $1 AND id = $2${lock ? ' FOR NO KEY UPDATE' : ''}`,
        [companyId, id],
      );
      return row ? toItem(row) : null;
    },
    update: async (db, companyId, id, f, own) => {
      const [row] = await select<never>(
        db,
        `UPDATE ${table}
         SET name = $3, reference = $4, category = $5, unit = $6, current_stock = COALESCE($7, current_stock), min_stock = $8,
             ${own.set}, updated_at = now()
         WHERE company_id = $1 AND id = $2 RETURNING ${columns}`,
        [companyId, id, f.name, f.reference, f.category, f.unit, f.currentStock, f.minStock, ...own.values],
      );
      return row ? toItem(row) : null;
    },
  };
}

const rawMaterials = itemTable('sector.raw_materials', RM_COLUMNS, 'unit_cost', toRawMaterial);
export const listRawMaterials = rawMaterials.list;
export const findRawMaterial = rawMaterials.find;

/** The company's raw materials among `ids`, locked in id order (so concurrent completions never deadlock). */
export async function lockRawMaterials(db: Db, companyId: string, ids: string[]): Promise<RawMaterial[]> {
  if (ids.length === 0) return [];
  const rows = await select<RawMaterialDbRow>(
    db,
    `SELECT ${RM_COLUMNS} FROM sector.raw_materials WHERE company_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
    [companyId, ids],
  );
  return rows.map(toRawMaterial);
}

/** How many of `ids` are raw materials of the company. */
export async function countRawMaterials(db: Db, companyId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await select<{ n: string }>(
    db,
    'SELECT count(*) AS n FROM sector.raw_materials WHERE company_id = $1 AND id = ANY($2::uuid[])',
    [companyId, ids],
  );
  return Number(row.n);
}

export async function insertRawMaterial(sequelize: Sequelize, companyId: string, f: RawMaterialFields): Promise<RawMaterial> {
  const [row] = await select<RawMaterialDbRow>(
    { sequelize },
    `INSERT INTO sector.raw_materials (company_id, name, reference, category, unit, current_stock, min_stock, unit_cost, supplier_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${RM_COLUMNS}`,
    [companyId, f.name, f.reference, f.category, f.unit, f.currentStock ?? '0', f.minStock, f.unitCost, f.supplierId],
  );
  return toRawMaterial(row);
}

/** null when the raw material is not the company's. */
export const updateRawMaterial = (sequelize: Sequelize, companyId: string, id: string, f: RawMaterialFields): Promise<RawMaterial | null> =>
  rawMaterials.update({ sequelize }, companyId, id, f, { set: 'unit_cost = $9, supplier_id = $10', values: [f.unitCost, f.supplierId] });

export async function decrementRawMaterial(db: Db, companyId: string, id: string, quantity: string): Promise<void> {
  await db.sequelize.query(
    'UPDATE sector.raw_materials SET current_stock = current_stock - $3, updated_at = now() WHERE company_id = $1 AND id = $2',
    { bind: [companyId, id, quantity], transaction: db.transaction },
  );
}

// ---------------------------------------------------------------- finished products

interface FinishedProductDbRow extends StockItemDbRow {
  production_cost: string;
  selling_price: string;
}

export interface FinishedProductFields extends StockItemFields {
  sellingPrice: string;
  /** null on edit: kept. */
  productionCost: string | null;
}

/** A finished product row without its bill of materials (the service adds it). */
export type FinishedProductRow = Omit<FinishedProduct, 'billOfMaterials' | 'bomUnitCost'>;

const FP_COLUMNS = `${ITEM_COLUMNS}, production_cost, selling_price`;

function toFinishedProduct(row: FinishedProductDbRow): FinishedProductRow {
  return { ...toStockItem(row), productionCost: row.production_cost, sellingPrice: row.selling_price };
}

const finishedProducts = itemTable('sector.finished_products', FP_COLUMNS, 'production_cost', toFinishedProduct);
export const listFinishedProducts = finishedProducts.list;
export const findFinishedProduct = finishedProducts.find;

export async function insertFinishedProduct(db: Db, companyId: string, f: FinishedProductFields): Promise<FinishedProductRow> {
  const [row] = await select<FinishedProductDbRow>(
    db,
    `INSERT INTO sector.finished_products (company_id, name, reference, category, unit, current_stock, min_stock, selling_price, production_cost)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${FP_COLUMNS}`,
    [companyId, f.name, f.reference, f.category, f.unit, f.currentStock ?? '0', f.minStock, f.sellingPrice, f.productionCost ?? '0'],
  );
  return toFinishedProduct(row);
}

export const updateFinishedProduct = (
  db: Db,
  companyId: string,
  id: string,
  f: FinishedProductFields,
): Promise<FinishedProductRow | null> =>
  finishedProducts.update(db, companyId, id, f, {
    set: 'selling_price = $9, production_cost = COALESCE($10, production_cost)',
    values: [f.sellingPrice, f.productionCost],
  });

/** Adds a completed order's output to the stock and sets the new average cost. */
export async function produceInto(db: Db, companyId: string, id: string, quantity: string, productionCost: string): Promise<void> {
  await db.sequelize.query(
    `UPDATE sector.finished_products SET current_stock = current_stock + $3, production_cost = $4, updated_at = now()
     WHERE company_id = $1 AND id = $2`,
    { bind: [companyId, id, quantity, productionCost], transaction: db.transaction },
  );
}

// ---------------------------------------------------------------- bill of materials

interface BomDbRow {
  finished_product_id: string;
  raw_material_id: string;
  quantity: string;
  name: string;
  unit: ProductionUnit;
  unit_cost: string;
}

/** The bill of materials of each of `productIds` (one query), by product id, lines in raw material name order. */
export async function bomOf(db: Db, companyId: string, productIds: string[]): Promise<Map<string, BomLine[]>> {
  const byProduct = new Map<string, BomLine[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await select<BomDbRow>(
    db,
    `SELECT b.finished_product_id, b.raw_material_id, b.quantity, r.name, r.unit, r.unit_cost
     FROM sector.bom_lines b JOIN sector.raw_materials r ON r.company_id = b.company_id AND r.id = b.raw_material_id
     WHERE b.company_id = $1 AND b.finished_product_id = ANY($2::uuid[])
     ORDER BY r.name, r.id`,
    [companyId, productIds],
  );
  for (const row of rows) {
    byProduct.get(row.finished_product_id)?.push({
      rawMaterialId: row.raw_material_id,
      quantity: row.quantity,
      rawMaterial: { id: row.raw_material_id, name: row.name, unit: row.unit, unitCost: row.unit_cost },
    });
  }
  return byProduct;
}

/** Replaces the bill of materials of a product as a whole. */
export async function replaceBom(
  db: Db,
  companyId: string,
  productId: string,
  lines: { rawMaterialId: string; quantity: string }[],
): Promise<void> {
  await db.sequelize.query('DELETE FROM sector.bom_lines WHERE company_id = $1 AND finished_product_id = $2', {
    bind: [companyId, productId],
    transaction: db.transaction,
  });
  if (lines.length === 0) return;
  await db.sequelize.query(
    `INSERT INTO sector.bom_lines (company_id, finished_product_id, raw_material_id, quantity)
     SELECT $1, $2, m, q FROM unnest($3::uuid[], $4::numeric[]) AS t(m, q)`,
    {
      bind: [companyId, productId, lines.map((l) => l.rawMaterialId), lines.map((l) => l.quantity)],
      transaction: db.transaction,
    },
  );
}

// ---------------------------------------------------------------- production orders

interface OrderDbRow {
  id: string;
  company_id: string;
  order_number: string;
  finished_product_id: string;
  product_name: string;
  product_unit: ProductionUnit;
  quantity_to_produce: number;
  quantity_produced: string | null;
  start_date: string;
  planned_end_date: string | null;
  actual_end_date: string | null;
  status: ProductionOrderStatus;
  total_cost: string | null;
  notes: string | null;
  created_at: Date;
  updated_at: Date;
}

const ORDER_SELECT = `
  SELECT o.id, o.company_id, o.order_number, o.finished_product_id, p.name AS product_name, p.unit AS product_unit,
         o.quantity_to_produce, o.quantity_produced, o.start_date, o.planned_end_date, o.actual_end_date, o.status,
         o.total_cost, o.notes, o.created_at, o.updated_at
  FROM sector.production_orders o
  JOIN sector.finished_products p ON p.company_id = o.company_id AND p.id = o.finished_product_id`;

function toOrder(row: OrderDbRow): ProductionOrder {
  return {
    id: row.id,
    orderNumber: row.order_number,
    finishedProductId: row.finished_product_id,
    finishedProduct: { id: row.finished_product_id, name: row.product_name, unit: row.product_unit },
    quantityToProduce: row.quantity_to_produce,
    quantityProduced: row.quantity_produced,
    startDate: row.start_date,
    plannedEndDate: row.planned_end_date,
    endDate: row.planned_end_date,
    actualEndDate: row.actual_end_date,
    status: row.status,
    totalCost: row.total_cost,
    notes: row.notes,
    companyId: row.company_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export interface OrderFilter {
  status?: ProductionOrderStatus;
  finishedProductId?: string;
  search?: string;
  page: number;
  pageSize: number;
}

/** Over the whole company: the orders in progress and Σ cost of the completed ones. */
export interface OrderCounters {
  inProgressCount: number;
  completedCost: string;
}

/** Newest first, by number: numbers follow the counter lock, creation times (transaction start) may not. */
export async function listOrders(
  sequelize: Sequelize,
  companyId: string,
  filter: OrderFilter,
): Promise<RowPage<ProductionOrder, OrderCounters>> {
  const where = new CompanyWhere(companyId, 'o.');
  if (filter.status) where.and('o.status = ?', filter.status);
  if (filter.finishedProductId) where.and('o.finished_product_id = ?', filter.finishedProductId.toLowerCase());
  if (filter.search) where.and(`(o.order_number ILIKE ? OR ${foldedSql('p.name')} LIKE ?)`, foldedPattern(filter.search));
  const { limit, offset } = pageWindow(filter);
  const [rows, [counts]] = await Promise.all([
    select<OrderDbRow>(
      { sequelize },
      `${ORDER_SELECT} WHERE ${where.sql} ORDER BY o.order_number DESC LIMIT ${limit} OFFSET ${offset}`,
      where.bind,
    ),
    select<{ total: number; in_progress: number; completed_cost: string }>(
      { sequelize },
      `SELECT count(*) FILTER (WHERE ${where.sql})::int AS total,
              count(*) FILTER (WHERE o.status = 'in_progress')::int AS in_progress,
              COALESCE(sum(o.total_cost) FILTER (WHERE o.status = 'completed'), 0)::numeric(17,2)::text AS completed_cost
         FROM sector.production_orders o
         JOIN sector.finished_products p ON p.company_id = o.company_id AND p.id = o.finished_product_id
        WHERE o.company_id = $1`,
      where.bind,
    ),
  ]);
  return {
    rows: rows.map(toOrder),
    total: counts.total,
    counters: { inProgressCount: counts.in_progress, completedCost: counts.completed_cost },
  };
}

export async function findOrder(db: Db, companyId: string, id: string): Promise<ProductionOrder | null> {
  const [row] = await select<OrderDbRow>(db, `${ORDER_SELECT} WHERE o.company_id = $1 AND o.id = $2`, [companyId, id]);
  return row ? toOrder(row) : null;
}

/** Locks the order row (the product row is not locked by this). */
export async function lockOrder(db: Db, companyId: string, id: string): Promise<ProductionOrder | null> {
  const [row] = await select<OrderDbRow>(db, `${ORDER_SELECT} WHERE o.company_id = $1 AND o.id = $2 FOR NO KEY UPDATE OF o`, [
    companyId,
    id,
  ]);
  return row ? toOrder(row) : null;
}

/** The next number of the company's counter for `year` (the row stays locked until the transaction ends). */
export const takeOrderNumber = (db: Db, companyId: string, year: number): Promise<number> =>
  takeYearNumber(db, 'sector.production_order_counters', companyId, year);

export interface NewOrder {
  orderNumber: string;
  finishedProductId: string;
  quantityToProduce: number;
  startDate: string;
  plannedEndDate: string | null;
  notes: string | null;
  createdBy: string | null;
}

export async function insertOrder(db: Db, companyId: string, o: NewOrder): Promise<string> {
  const [row] = await select<{ id: string }>(
    db,
    `INSERT INTO sector.production_orders
       (company_id, order_number, finished_product_id, quantity_to_produce, start_date, planned_end_date, notes, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [companyId, o.orderNumber, o.finishedProductId, o.quantityToProduce, o.startDate, o.plannedEndDate, o.notes, o.createdBy],
  );
  return row.id;
}

export async function setOrderStatus(db: Db, companyId: string, id: string, status: ProductionOrderStatus): Promise<void> {
  await db.sequelize.query('UPDATE sector.production_orders SET status = $3, updated_at = now() WHERE company_id = $1 AND id = $2', {
    bind: [companyId, id, status],
    transaction: db.transaction,
  });
}

export async function completeOrderRow(
  db: Db,
  companyId: string,
  id: string,
  c: { quantityProduced: string; totalCost: string; actualEndDate: string; completedBy: string | null },
): Promise<void> {
  await db.sequelize.query(
    `UPDATE sector.production_orders
     SET status = 'completed', quantity_produced = $3, total_cost = $4, actual_end_date = $5, completed_by = $6, updated_at = now()
     WHERE company_id = $1 AND id = $2`,
    { bind: [companyId, id, c.quantityProduced, c.totalCost, c.actualEndDate, c.completedBy], transaction: db.transaction },
  );
}

export async function insertConsumptions(
  db: Db,
  companyId: string,
  orderId: string,
  lines: { rawMaterialId: string; quantity: string; unitCost: string; cost: string }[],
): Promise<void> {
  if (lines.length === 0) return;
  await db.sequelize.query(
    `INSERT INTO sector.production_order_consumptions (company_id, order_id, raw_material_id, quantity, unit_cost, cost)
     SELECT $1, $2, m, q, u, c FROM unnest($3::uuid[], $4::numeric[], $5::numeric[], $6::numeric[]) AS t(m, q, u, c)`,
    {
      bind: [
        companyId,
        orderId,
        lines.map((l) => l.rawMaterialId),
        lines.map((l) => l.quantity),
        lines.map((l) => l.unitCost),
        lines.map((l) => l.cost),
      ],
      transaction: db.transaction,
    },
  );
}

export async function consumptionsOf(db: Db, companyId: string, orderId: string): Promise<ProductionConsumption[]> {
  const rows = await select<{
    raw_material_id: string;
    name: string;
    unit: ProductionUnit;
    quantity: string;
    unit_cost: string;
    cost: string;
  }>(
    db,
    `SELECT c.raw_material_id, r.name, r.unit, c.quantity, c.unit_cost, c.cost
     FROM sector.production_order_consumptions c
     JOIN sector.raw_materials r ON r.company_id = c.company_id AND r.id = c.raw_material_id
     WHERE c.company_id = $1 AND c.order_id = $2 ORDER BY r.name, r.id`,
    [companyId, orderId],
  );
  return rows.map((r) => ({
    rawMaterialId: r.raw_material_id,
    rawMaterialName: r.name,
    unit: r.unit,
    quantity: r.quantity,
    unitCost: r.unit_cost,
    cost: r.cost,
  }));
}
