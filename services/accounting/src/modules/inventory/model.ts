import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  MESSAGES_INVENTORY,
  type InventoryCategory,
  type InventoryItem,
  type InventoryUnit,
  type MovementType,
  type StockMovement,
} from '@xaalis/contracts';
import { HttpError } from '@xaalis/service-kit';
import { rowFinder } from '../../model-support';

/**
 * Row-level access to `inventory_items` and `stock_movements`. Stock only ever
 * changes through applyMovement: one statement that moves the item's stock
 * (row locked until the caller's transaction ends) and records the movement
 * with the stock it left, so the history always adds up.
 */
export interface ItemDbRow {
  id: string;
  company_id: string;
  name: string;
  category: InventoryCategory;
  unit: InventoryUnit;
  current_stock: string;
  min_stock: string;
  unit_cost: string;
  supplier_id: string | null;
  created_at: Date;
  updated_at: Date;
}

interface MovementDbRow {
  id: string;
  item_id: string;
  type: MovementType;
  quantity: string;
  stock_after: string;
  reason: string;
  reference: string | null;
  invoice_id: string | null;
  created_by: string | null;
  created_at: Date;
}

export const ITEM_COLUMNS =
  'i.id, i.company_id, i.name, i.category, i.unit, i.current_stock, i.min_stock, i.unit_cost, i.supplier_id, i.created_at, i.updated_at';
const MOVEMENT_COLUMNS =
  'm.id, m.item_id, m.type, m.quantity, m.stock_after, m.reason, m.reference, m.invoice_id, m.created_by, m.created_at';

export function toItem(row: ItemDbRow): InventoryItem {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    unit: row.unit,
    currentStock: row.current_stock,
    minStock: row.min_stock,
    unitCost: row.unit_cost,
    supplierId: row.supplier_id,
    companyId: row.company_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toMovement(row: MovementDbRow): StockMovement {
  return {
    id: row.id,
    itemId: row.item_id,
    type: row.type,
    quantity: row.quantity,
    stockAfter: row.stock_after,
    reason: row.reason,
    reference: row.reference,
    invoiceId: row.invoice_id,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

/** numeric(10,3) overflow (a stock beyond ±9 999 999.999) is SQLSTATE 22003. */
export function stockError(err: unknown): unknown {
  const code = (err as { parent?: { code?: string } })?.parent?.code ?? (err as { code?: string })?.code;
  return code === '22003' ? new HttpError(400, MESSAGES_INVENTORY.stockOverflow) : err;
}

/** One item of the company, or null; `lock` takes the row FOR UPDATE. */
export const findItem = rowFinder<ItemDbRow, InventoryItem>(
  (lock) => `SELECT ${ITEM_COLUMNS} FROM accounting.inventory_items i WHERE i.id = $1 AND i.company_id = $2${lock ? ' FOR UPDATE' : ''}`,
  toItem,
);

/** The company's items among these ids (others are simply absent from the map). */
export async function findItems(
  sequelize: Sequelize,
  transaction: Transaction | undefined,
  companyId: string,
  ids: string[],
): Promise<Map<string, InventoryItem>> {
  if (!ids.length) return new Map();
  const rows = await sequelize.query<ItemDbRow>(
    `SELECT ${ITEM_COLUMNS} FROM accounting.inventory_items i WHERE i.company_id = $1 AND i.id = ANY($2::uuid[])`,
    {
      bind: [companyId, [...new Set(ids)]],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return new Map(rows.map((r) => [r.id, toItem(r)]));
}

export async function findMovements(sequelize: Sequelize, itemId: string, limit: number): Promise<StockMovement[]> {
  const rows = await sequelize.query<MovementDbRow>(
    `SELECT ${MOVEMENT_COLUMNS} FROM accounting.stock_movements m WHERE m.item_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT $2`,
    { bind: [itemId, limit], type: QueryTypes.SELECT },
  );
  return rows.map(toMovement);
}

export interface MovementInput {
  type: MovementType;
  /** Positive, at most three decimals ("2.5"). */
  quantity: string;
  reason: string;
  reference?: string | null;
  invoiceId?: string | null;
  /** The acting user (X-User-Id), null when unknown. */
  createdBy?: string | null;
}

/**
 * Moves an item's stock and records the movement, atomically, in the caller's
 * transaction: `UPDATE … SET current_stock = current_stock ± q RETURNING` locks
 * the row and gives the stock after this very movement, so concurrent
 * movements queue up and each records the stock it left. Going below zero is
 * allowed (spec 02 §4). Null when the item is not the company's.
 * `created_at` is the clock time, not the transaction's start, so several
 * movements written by one transaction (an invoice's lines) keep their order.
 */
export async function applyMovement(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  itemId: string,
  m: MovementInput,
): Promise<StockMovement | null> {
  const rows = await sequelize.query<MovementDbRow>(
    `WITH moved AS (
       UPDATE accounting.inventory_items
          SET current_stock = current_stock + CASE WHEN $3 = 'in' THEN $4::numeric ELSE -$4::numeric END,
              updated_at = now()
        WHERE id = $1 AND company_id = $2
        RETURNING id, current_stock
     )
     INSERT INTO accounting.stock_movements AS m (company_id, item_id, type, quantity, stock_after, reason, reference, invoice_id, created_by, created_at)
     SELECT $2, moved.id, $3, $4::numeric, moved.current_stock, $5, $6, $7, $8, clock_timestamp() FROM moved
     RETURNING ${MOVEMENT_COLUMNS}`,
    {
      bind: [itemId, companyId, m.type, m.quantity, m.reason, m.reference ?? null, m.invoiceId ?? null, m.createdBy ?? null],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return rows[0] ? toMovement(rows[0]) : null;
}
