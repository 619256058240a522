import { dec, money, toFixed, type DecimalValue } from '@xaalis/domain';
import type { Sequelize, Transaction } from 'sequelize';
import {
  MESSAGES_PRODUCTION,
  shortageMessage,
  transitionRefused,
  type BomLine,
  type FinishedProduct,
  type FinishedProductList,
  type FinishedProductValues,
  type ProductionOrder,
  type ProductionOrderList,
  type ProductionOrderStatus,
  type ProductionOrderValues,
  type ProductionShortage,
  type RawMaterial,
  type RawMaterialList,
  type RawMaterialValues,
} from '@xaalis/contracts';
import { HttpError, isUuid, mustExist, notFound, pagedOf, refusingDuplicates } from '@xaalis/service-kit';
import { formatYearNumber } from '../../numbering';
import {
  bomOf,
  completeOrderRow,
  consumptionsOf,
  countRawMaterials,
  decrementRawMaterial,
  findFinishedProduct,
  findOrder,
  findRawMaterial,
  insertConsumptions,
  insertFinishedProduct,
  insertOrder,
  insertRawMaterial,
  listFinishedProducts,
  listOrders,
  listRawMaterials,
  lockOrder,
  lockRawMaterials,
  produceInto,
  replaceBom,
  setOrderStatus,
  takeOrderNumber,
  updateFinishedProduct,
  updateRawMaterial,
  type FinishedProductRow,
  type ItemFilter,
  type OrderFilter,
} from './model';

const qty = (v: DecimalValue) => toFixed(v, 3);

/** Today in Dakar (UTC all year round): the default start and actual end dates. */
const today = () => new Date().toISOString().slice(0, 10);

/** 'OP-2026-0007': the year of creation (Dakar), four digits at least. */
export const formatOrderNumber = (year: number, n: number) => formatYearNumber('OP', year, n);

/** A raw material's fields as PUT sends them: an absent stock is kept. */
type RawMaterialEdit = Omit<RawMaterialValues, 'currentStock'> & { currentStock?: string };
/** A finished product's fields as PUT sends them: absent stock and cost are kept. */
type FinishedProductEdit = Omit<FinishedProductValues, 'currentStock' | 'productionCost'> & {
  currentStock?: string;
  productionCost?: string;
};

/** Σ BOM quantity × current unit cost of one unit of product. */
const bomUnitCost = (lines: BomLine[]) => money(lines.reduce((sum, l) => sum.plus(dec(l.quantity).times(l.rawMaterial.unitCost)), dec(0)));

const withBom = (p: FinishedProductRow, lines: BomLine[]): FinishedProduct => ({
  ...p,
  billOfMaterials: lines,
  bomUnitCost: bomUnitCost(lines),
});

/**
 * Production of one company: raw materials, finished products with their bill
 * of materials, production orders (pending → in_progress → completed or
 * cancelled). Completing an order moves the stocks in one transaction. Another
 * company's record, or an id that is not one, is a 404.
 */
export function productionService(sequelize: Sequelize) {
  async function getRawMaterial(companyId: string, id: string): Promise<RawMaterial> {
    const found = isUuid(id) ? await findRawMaterial({ sequelize }, companyId, id) : null;
    if (!found) throw notFound(MESSAGES_PRODUCTION.rawMaterialNotFound);
    return found;
  }

  async function getFinishedProduct(companyId: string, id: string): Promise<FinishedProduct> {
    const found = isUuid(id) ? await findFinishedProduct({ sequelize }, companyId, id) : null;
    if (!found) throw notFound(MESSAGES_PRODUCTION.finishedProductNotFound);
    const bom = await bomOf({ sequelize }, companyId, [found.id]);
    return withBom(found, bom.get(found.id) ?? []);
  }

  async function getOrder(companyId: string, id: string): Promise<ProductionOrder> {
    const found = isUuid(id) ? await findOrder({ sequelize }, companyId, id) : null;
    if (!found) throw notFound(MESSAGES_PRODUCTION.orderNotFound);
    return { ...found, consumptions: await consumptionsOf({ sequelize }, companyId, found.id) };
  }

  /** On edit (keepStock) an absent stock is kept; on create it is 0. */
  const rawFields = (v: RawMaterialEdit, keepStock: boolean) => ({
    name: v.name,
    reference: v.reference,
    category: v.category,
    unit: v.unit,
    currentStock: keepStock && v.currentStock === undefined ? null : (v.currentStock ?? '0.000'),
    minStock: v.minStock,
    unitCost: v.unitCost,
    supplierId: v.supplierId ?? null,
  });

  /** Writes a product and its bill of materials; the BOM's raw materials must be the company's (400 otherwise). */
  async function saveFinishedProduct(companyId: string, id: string | null, v: FinishedProductEdit): Promise<FinishedProduct> {
    const productId = await refusingDuplicates(MESSAGES_PRODUCTION.duplicateReference, () =>
      sequelize.transaction(async (transaction) => {
        const db = { sequelize, transaction };
        const ids = v.billOfMaterials.map((l) => l.rawMaterialId.toLowerCase());
        if ((await countRawMaterials(db, companyId, ids)) !== ids.length) throw new HttpError(400, MESSAGES_PRODUCTION.rawMaterialNotFound);
        const fields = {
          name: v.name,
          reference: v.reference,
          category: v.category,
          unit: v.unit,
          currentStock: v.currentStock ?? (id ? null : '0.000'),
          minStock: v.minStock,
          sellingPrice: v.sellingPrice,
          productionCost: v.productionCost ?? (id ? null : '0.00'),
        };
        let row: FinishedProductRow | null;
        if (id) {
          // Locks the product like a completion does, so a BOM never changes under one.
          if (!(await findFinishedProduct(db, companyId, id, true))) throw notFound(MESSAGES_PRODUCTION.finishedProductNotFound);
          row = await updateFinishedProduct(db, companyId, id, fields);
        } else {
          row = await insertFinishedProduct(db, companyId, fields);
        }
        const saved = mustExist(row, 'finished product');
        await replaceBom(
          db,
          companyId,
          saved.id,
          v.billOfMaterials.map((l) => ({ rawMaterialId: l.rawMaterialId.toLowerCase(), quantity: l.quantity })),
        );
        return saved.id;
      }),
    );
    return getFinishedProduct(companyId, productId);
  }

  /** Locks the order and checks that its status is one of `allowed` (409 with the French message otherwise). */
  async function lockForTransition(
    db: { sequelize: Sequelize; transaction: Transaction },
    companyId: string,
    id: string,
    allowed: ProductionOrderStatus[],
  ) {
    const order = isUuid(id) ? await lockOrder(db, companyId, id) : null;
    if (!order) throw notFound(MESSAGES_PRODUCTION.orderNotFound);
    if (!allowed.includes(order.status)) throw new HttpError(409, transitionRefused(order.status));
    return order;
  }

  return {
    // ------------------------------------------------------------ raw materials
    async listRawMaterials(companyId: string, filter: ItemFilter): Promise<RawMaterialList> {
      const { rows, total, counters } = await listRawMaterials(sequelize, companyId, filter);
      return { ...pagedOf(rows, filter, total), ...counters };
    },
    getRawMaterial,

    createRawMaterial(companyId: string, v: RawMaterialValues): Promise<RawMaterial> {
      return refusingDuplicates(MESSAGES_PRODUCTION.duplicateReference, () => insertRawMaterial(sequelize, companyId, rawFields(v, false)));
    },

    async updateRawMaterial(companyId: string, id: string, v: RawMaterialEdit): Promise<RawMaterial> {
      const updated = isUuid(id)
        ? await refusingDuplicates(MESSAGES_PRODUCTION.duplicateReference, () =>
            updateRawMaterial(sequelize, companyId, id, rawFields(v, true)),
          )
        : null;
      if (!updated) throw notFound(MESSAGES_PRODUCTION.rawMaterialNotFound);
      return updated;
    },

    // ------------------------------------------------------------ finished products
    async listFinishedProducts(companyId: string, filter: ItemFilter): Promise<FinishedProductList> {
      const { rows, total, counters } = await listFinishedProducts(sequelize, companyId, filter);
      const bom = await bomOf(
        { sequelize },
        companyId,
        rows.map((r) => r.id),
      );
      return {
        ...pagedOf(
          rows.map((r) => withBom(r, bom.get(r.id) ?? [])),
          filter,
          total,
        ),
        ...counters,
      };
    },
    getFinishedProduct,

    createFinishedProduct: (companyId: string, v: FinishedProductValues) => saveFinishedProduct(companyId, null, v),

    updateFinishedProduct(companyId: string, id: string, v: FinishedProductEdit): Promise<FinishedProduct> {
      if (!isUuid(id)) throw notFound(MESSAGES_PRODUCTION.finishedProductNotFound);
      return saveFinishedProduct(companyId, id, v);
    },

    // ------------------------------------------------------------ production orders
    async listOrders(companyId: string, filter: OrderFilter): Promise<ProductionOrderList> {
      const { rows, total, counters } = await listOrders(sequelize, companyId, filter);
      return { ...pagedOf(rows, filter, total), ...counters };
    },
    getOrder,

    /** A pending order numbered from the company's counter of the current year (a rollback gives the number back). */
    async createOrder(companyId: string, v: ProductionOrderValues, userId: string | null): Promise<ProductionOrder> {
      const startDate = v.startDate ?? today();
      if (v.endDate && v.endDate < startDate) throw new HttpError(400, MESSAGES_PRODUCTION.endBeforeStart);
      const id = await sequelize.transaction(async (transaction) => {
        const db = { sequelize, transaction };
        if (!(await findFinishedProduct(db, companyId, v.finishedProductId.toLowerCase()))) {
          throw new HttpError(400, MESSAGES_PRODUCTION.finishedProductNotFound);
        }
        const year = new Date().getUTCFullYear();
        const n = await takeOrderNumber(db, companyId, year);
        return insertOrder(db, companyId, {
          orderNumber: formatOrderNumber(year, n),
          finishedProductId: v.finishedProductId.toLowerCase(),
          quantityToProduce: v.quantityToProduce,
          startDate,
          plannedEndDate: v.endDate,
          notes: v.notes,
          createdBy: userId,
        });
      });
      return getOrder(companyId, id);
    },

    async start(companyId: string, id: string): Promise<ProductionOrder> {
      await sequelize.transaction(async (transaction) => {
        const db = { sequelize, transaction };
        await lockForTransition(db, companyId, id, ['pending']);
        await setOrderStatus(db, companyId, id, 'in_progress');
      });
      return getOrder(companyId, id);
    },

    async cancel(companyId: string, id: string): Promise<ProductionOrder> {
      await sequelize.transaction(async (transaction) => {
        const db = { sequelize, transaction };
        await lockForTransition(db, companyId, id, ['pending', 'in_progress']);
        await setOrderStatus(db, companyId, id, 'cancelled');
      });
      return getOrder(companyId, id);
    },

    /**
     * Completes an order in one transaction: locks the order, its product and
     * the BOM's raw materials (id order); needed = BOM quantity × quantity
     * produced (three decimals, half up); any shortage refuses the whole
     * completion (409, nothing written). Otherwise the raw materials go down,
     * the product goes up, totalCost = Σ consumed × unit cost (each line to
     * two decimals) and the product's cost becomes the weighted average
     * (old stock × old cost + totalCost) / (old stock + produced).
     */
    async complete(
      companyId: string,
      id: string,
      input: { quantityProduced: string; actualEndDate: string | null },
      userId: string | null,
    ): Promise<ProductionOrder> {
      await sequelize.transaction(async (transaction) => {
        const db = { sequelize, transaction };
        const order = await lockForTransition(db, companyId, id, ['pending', 'in_progress']);
        const actualEndDate = input.actualEndDate ?? today();
        if (actualEndDate < order.startDate) throw new HttpError(400, MESSAGES_PRODUCTION.actualEndBeforeStart);
        const product = mustExist(await findFinishedProduct(db, companyId, order.finishedProductId, true), 'finished product');
        const bom = (await bomOf(db, companyId, [product.id])).get(product.id) ?? [];
        if (bom.length === 0) throw new HttpError(409, MESSAGES_PRODUCTION.bomRequired);

        const materials = new Map(
          (
            await lockRawMaterials(
              db,
              companyId,
              bom.map((l) => l.rawMaterialId),
            )
          ).map((m) => [m.id, m] as const),
        );
        const produced = dec(input.quantityProduced);
        const shortages: ProductionShortage[] = [];
        const consumptions: { rawMaterialId: string; quantity: string; unitCost: string; cost: string }[] = [];
        for (const line of bom) {
          const material = mustExist(materials.get(line.rawMaterialId), 'raw material');
          const needed = dec(qty(dec(line.quantity).times(produced)));
          if (needed.isZero()) continue;
          if (needed.greaterThan(material.currentStock)) {
            shortages.push({
              rawMaterialId: material.id,
              name: material.name,
              unit: material.unit,
              needed: needed.toFixed(3),
              available: material.currentStock,
            });
            continue;
          }
          consumptions.push({
            rawMaterialId: material.id,
            quantity: needed.toFixed(3),
            unitCost: material.unitCost,
            cost: money(needed.times(material.unitCost)),
          });
        }
        if (shortages.length > 0) {
          throw new HttpError(
            409,
            shortageMessage(shortages),
            shortages.map((s) => ({ path: s.rawMaterialId, message: shortageMessage([s]) })),
          );
        }

        const totalCost = consumptions.reduce((sum, c) => sum.plus(c.cost), dec(0));
        const oldStock = dec(product.currentStock);
        const averageCost = oldStock.times(product.productionCost).plus(totalCost).dividedBy(oldStock.plus(produced));
        for (const c of consumptions) await decrementRawMaterial(db, companyId, c.rawMaterialId, c.quantity);
        await produceInto(db, companyId, product.id, produced.toFixed(3), money(averageCost));
        await insertConsumptions(db, companyId, order.id, consumptions);
        await completeOrderRow(db, companyId, order.id, {
          quantityProduced: produced.toFixed(3),
          totalCost: money(totalCost),
          actualEndDate,
          completedBy: userId,
        });
      });
      return getOrder(companyId, id);
    },
  };
}

export type ProductionService = ReturnType<typeof productionService>;
