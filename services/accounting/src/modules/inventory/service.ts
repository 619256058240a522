import type { Readable } from 'node:stream';
import { Decimal } from '@xaalis/domain';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  MESSAGES_INVENTORY,
  type InventoryItem,
  type StockMovementResult,
  type inventoryItemInputSchema,
  type inventoryItemUpdateSchema,
  type inventoryListQuerySchema,
  type stockMovementInputSchema,
} from '@xaalis/contracts';
import { HttpError, isUuid, notFound, mustExist, foldedPattern, foldedSql } from '@xaalis/service-kit';
import type { z } from 'zod';
import { stockWorkbook } from './export';
import { ITEM_COLUMNS, applyMovement, findItem, findMovements, stockError, toItem, type ItemDbRow } from './model';

type ItemValues = z.output<typeof inventoryItemInputSchema>;
type ItemUpdate = z.output<typeof inventoryItemUpdateSchema>;
type ListQuery = z.output<typeof inventoryListQuerySchema>;
type MovementValues = z.output<typeof stockMovementInputSchema>;

/** How many movements an item's page shows. */
export const MOVEMENT_HISTORY = 100;

/** "-2.500" → "2.5"-like absolute value and its direction. */
function signed(quantity: Decimal): { type: 'in' | 'out'; quantity: string } {
  return { type: quantity.isNegative() ? 'out' : 'in', quantity: quantity.abs().toFixed(3) };
}

/** Stock items of one company and their movements (spec 02 "Gestion des Stocks"). */
export function inventoryService(sequelize: Sequelize) {
  const write = <T>(fn: (transaction: Transaction) => Promise<T>): Promise<T> =>
    sequelize.transaction(fn).catch((err: unknown) => {
      throw stockError(err);
    });

  /** A supplier must be one of the company's third parties. */
  async function checkSupplier(transaction: Transaction, companyId: string, supplierId: string | null | undefined): Promise<void> {
    if (!supplierId) return;
    const rows = await sequelize.query('SELECT 1 FROM accounting.third_parties WHERE company_id = $1 AND id = $2', {
      bind: [companyId, supplierId],
      type: QueryTypes.SELECT,
      transaction,
    });
    if (!rows.length) throw new HttpError(400, MESSAGES_INVENTORY.supplierNotFound);
  }

  async function list(companyId: string, q: ListQuery): Promise<InventoryItem[]> {
    const bind: unknown[] = [companyId];
    let where = '';
    if (q.category) {
      bind.push(q.category);
      where += ` AND i.category = $${bind.length}`;
    }
    if (q.search) {
      bind.push(foldedPattern(q.search));
      where += ` AND ${foldedSql('i.name')} LIKE $${bind.length}`;
    }
    const rows = await sequelize.query<ItemDbRow>(
      `SELECT ${ITEM_COLUMNS} FROM accounting.inventory_items i WHERE i.company_id = $1${where} ORDER BY i.name, i.id`,
      {
        bind,
        type: QueryTypes.SELECT,
      },
    );
    return rows.map(toItem);
  }

  return {
    list,

    async get(companyId: string, id: string): Promise<InventoryItem> {
      const item = isUuid(id) ? await findItem(sequelize, companyId, id) : null;
      if (!item) throw notFound();
      return { ...item, movements: await findMovements(sequelize, id, MOVEMENT_HISTORY) };
    },

    /** A new item; a non-zero opening stock is recorded as its first movement ("Stock initial"). */
    create(companyId: string, values: ItemValues, userId: string | null = null): Promise<InventoryItem> {
      return write(async (transaction) => {
        await checkSupplier(transaction, companyId, values.supplierId);
        const [row] = await sequelize.query<ItemDbRow>(
          `INSERT INTO accounting.inventory_items AS i (company_id, name, category, unit, current_stock, min_stock, unit_cost, supplier_id)
           VALUES ($1, $2, $3, $4, 0, $5, $6, $7) RETURNING ${ITEM_COLUMNS}`,
          {
            bind: [companyId, values.name, values.category, values.unit, values.minStock, values.unitCost, values.supplierId ?? null],
            type: QueryTypes.SELECT,
            transaction,
          },
        );
        const opening = new Decimal(values.currentStock);
        if (opening.isZero()) return toItem(row);
        await applyMovement(sequelize, transaction, companyId, row.id, {
          ...signed(opening),
          reason: MESSAGES_INVENTORY.initialStockReason,
          createdBy: userId,
        });
        return mustExist(await findItem(sequelize, companyId, row.id, { transaction }), 'inventory item');
      });
    },

    /** Every field but the stock, which only moves through movements. */
    update(companyId: string, id: string, values: ItemUpdate): Promise<InventoryItem> {
      if (!isUuid(id)) return Promise.reject(notFound());
      return write(async (transaction) => {
        await checkSupplier(transaction, companyId, values.supplierId);
        const rows = await sequelize.query<ItemDbRow>(
          `UPDATE accounting.inventory_items AS i
              SET name = $3, category = $4, unit = $5, min_stock = $6, unit_cost = $7, supplier_id = $8, updated_at = now()
            WHERE i.id = $1 AND i.company_id = $2 RETURNING ${ITEM_COLUMNS}`,
          {
            bind: [id, companyId, values.name, values.category, values.unit, values.minStock, values.unitCost, values.supplierId ?? null],
            type: QueryTypes.SELECT,
            transaction,
          },
        );
        if (!rows[0]) throw notFound();
        return toItem(rows[0]);
      });
    },

    /** An entry or exit of stock; below zero is allowed (spec 02 §4). */
    addMovement(companyId: string, itemId: string, values: MovementValues, userId: string | null = null): Promise<StockMovementResult> {
      if (!isUuid(itemId)) return Promise.reject(notFound());
      return write(async (transaction) => {
        const movement = await applyMovement(sequelize, transaction, companyId, itemId, {
          type: values.type,
          quantity: values.quantity,
          reason: values.reason,
          reference: values.reference || null,
          createdBy: userId,
        });
        if (!movement) throw notFound();
        return { item: mustExist(await findItem(sequelize, companyId, itemId, { transaction }), 'inventory item'), movement };
      });
    },

    /**
     * An inventory count (PATCH {currentStock}): the item is locked, and the
     * difference with the stock on record becomes an "Ajustement d'inventaire"
     * movement (none when the count matches).
     */
    adjust(companyId: string, itemId: string, currentStock: string, userId: string | null = null): Promise<StockMovementResult> {
      if (!isUuid(itemId)) return Promise.reject(notFound());
      return write(async (transaction) => {
        const item = await findItem(sequelize, companyId, itemId, { transaction, lock: true });
        if (!item) throw notFound();
        const diff = new Decimal(currentStock).minus(item.currentStock);
        if (diff.isZero()) return { item, movement: null };
        const movement = await applyMovement(sequelize, transaction, companyId, itemId, {
          ...signed(diff),
          reason: MESSAGES_INVENTORY.adjustmentReason,
          createdBy: userId,
        });
        return { item: mustExist(await findItem(sequelize, companyId, itemId, { transaction }), 'inventory item'), movement };
      });
    },

    /** The list (same filters) as an .xlsx workbook, written in the worker pool and streamed. */
    async exportXlsx(companyId: string, q: ListQuery): Promise<Readable> {
      return stockWorkbook(await list(companyId, q));
    },
  };
}

export type InventoryService = ReturnType<typeof inventoryService>;
