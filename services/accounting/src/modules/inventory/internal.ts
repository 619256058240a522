import type { Router } from 'express';
import { QueryTypes, type Sequelize } from 'sequelize';
import {
  MAX_INVENTORY_ITEM_IDS,
  MESSAGES_RESTAURANT,
  inventoryItemInputSchema,
  stockConsumptionInputSchema,
  type InventoryItem,
  type StockConsumptionResult,
  inventoryPageQuerySchema,
} from '@xaalis/contracts';
import { caseSensitiveRouter, HttpError, isUuid, notFound, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import type { z } from 'zod';
import { rememberInternalActor } from '../audit';
import { internalCompanyOf } from '../third-parties';
import { applyMovement, findItems, stockError } from './model';
import { inventoryPage } from './page';
import { inventoryService } from './service';
import { unknownCompany } from '../../model-support';

type ConsumptionValues = z.output<typeof stockConsumptionInputSchema>;

interface ConsumptionRow {
  source_id: string;
  movements: StockConsumptionResult['movements'];
  created_at: Date;
}

/** `?ids=a,b` → distinct lower-cased uuids; malformed ids are dropped, too many is a 400. */
export function parseItemIds(raw: unknown): string[] {
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : []));
  const ids = [...new Set(parts.map((p) => p.trim().toLowerCase()).filter(isUuid))];
  if (ids.length > MAX_INVENTORY_ITEM_IDS) throw new HttpError(400, MESSAGES_RESTAURANT.tooManyIds);
  return ids;
}

/**
 * Consumes stock for another service: one 'out' movement per line (the same
 * movement as a manual exit; going below zero is allowed, spec 02 §4), all in
 * one transaction, claimed by (company, sourceId) first so that a replay
 * answers the first result without moving again. An unknown item refuses the
 * whole consumption (404), nothing moved. `userId` (the user the caller acts
 * for, null for its jobs) is each movement's author, as for /api movements.
 */
export async function consumeStock(
  sequelize: Sequelize,
  companyId: string,
  input: ConsumptionValues,
  userId: string | null = null,
): Promise<StockConsumptionResult> {
  return sequelize
    .transaction(async (transaction) => {
      // Waits for a concurrent claim of the same source, then sees it committed (or rolled back).
      const claimed = await sequelize.query<{ id: string }>(
        `INSERT INTO accounting.stock_consumptions (company_id, source_id, reason) VALUES ($1, $2, $3)
         ON CONFLICT (company_id, source_id) DO NOTHING RETURNING id`,
        { bind: [companyId, input.sourceId, input.reason], type: QueryTypes.SELECT, transaction },
      );
      if (!claimed[0]) {
        const [row] = await sequelize.query<ConsumptionRow>(
          'SELECT source_id, movements, created_at FROM accounting.stock_consumptions WHERE company_id = $1 AND source_id = $2',
          { bind: [companyId, input.sourceId], type: QueryTypes.SELECT, transaction },
        );
        return { sourceId: row.source_id, replayed: true, movements: row.movements, createdAt: row.created_at.toISOString() };
      }
      const items = await findItems(
        sequelize,
        transaction,
        companyId,
        input.lines.map((l) => l.itemId.toLowerCase()),
      );
      if (input.lines.some((l) => !items.has(l.itemId.toLowerCase()))) throw notFound(MESSAGES_RESTAURANT.itemNotFound);
      const movements: StockConsumptionResult['movements'] = [];
      for (const line of input.lines) {
        const movement = await applyMovement(sequelize, transaction, companyId, line.itemId.toLowerCase(), {
          type: 'out',
          quantity: line.quantity,
          reason: input.reason,
          reference: input.sourceId,
          createdBy: userId,
        });
        if (!movement) throw notFound(MESSAGES_RESTAURANT.itemNotFound);
        movements.push({ itemId: movement.itemId, movementId: movement.id, quantity: movement.quantity, stockAfter: movement.stockAfter });
      }
      const [row] = await sequelize.query<ConsumptionRow>(
        `UPDATE accounting.stock_consumptions SET movements = $2::jsonb WHERE id = $1 RETURNING source_id, movements, created_at`,
        { bind: [claimed[0].id, JSON.stringify(movements)], type: QueryTypes.SELECT, transaction },
      );
      return { sourceId: row.source_id, replayed: false, movements, createdAt: row.created_at.toISOString() };
    })
    .catch((err: unknown) => {
      throw unknownCompany(stockError(err));
    });
}

/**
 * `/internal/companies/:companyId/...` stock routes for the sector service
 * (restaurant inventory tab, recipe costs, "Servir"). Behind the internal
 * token (the kit checks it); the gateway forwards only `/api/*`, so a browser
 * never reaches them. Every query is scoped to the path's company. Writes
 * take their author from the forwarded X-User-Id / X-User-Role.
 */
export function inventoryInternal(ctx: ServiceContext): Router {
  const inventory = inventoryService(ctx.sequelize);
  const router = caseSensitiveRouter();
  const base = '/companies/:companyId';

  // With `ids`: those items of the company, in one query (others simply absent). Without: the full list.
  router.get(`${base}/inventory-items`, async (req, res) => {
    const companyId = internalCompanyOf(req.params.companyId);
    if (req.query.ids === undefined) {
      res.json(await inventory.list(companyId, {}));
      return;
    }
    const items = await findItems(ctx.sequelize, undefined, companyId, parseItemIds(req.query.ids));
    res.json([...items.values()].sort((a, b) => a.name.localeCompare(b.name)) satisfies InventoryItem[]);
  });

  // One page of the stock, as the Stock page reads it (the restaurant's inventory tab).
  router.get(`${base}/inventory-items/page`, validate({ query: inventoryPageQuerySchema }), async (req, res) => {
    const companyId = internalCompanyOf(req.params.companyId);
    res.json(await inventoryPage(ctx.sequelize, companyId, validated(req, 'query', inventoryPageQuerySchema)));
  });

  router.post(`${base}/inventory-items`, validate({ body: inventoryItemInputSchema }), async (req, res) => {
    const companyId = internalCompanyOf(req.params.companyId);
    const { userId } = await rememberInternalActor(ctx.sequelize, companyId, req);
    const item = await inventory.create(companyId, validated(req, 'body', inventoryItemInputSchema), userId).catch((err: unknown) => {
      throw unknownCompany(err);
    });
    res.status(201).json(item);
  });

  router.post(`${base}/stock-consumptions`, validate({ body: stockConsumptionInputSchema }), async (req, res) => {
    const companyId = internalCompanyOf(req.params.companyId);
    const { userId } = await rememberInternalActor(ctx.sequelize, companyId, req);
    const result = await consumeStock(ctx.sequelize, companyId, validated(req, 'body', stockConsumptionInputSchema), userId);
    res.status(result.replayed ? 200 : 201).json(result);
  });

  return router;
}
