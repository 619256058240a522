import type { Router } from 'express';
import {
  inventoryItemInputSchema,
  inventoryItemUpdateSchema,
  inventoryListQuerySchema,
  inventoryPageQuerySchema,
  inventoryStockPatchSchema,
  stockMovementInputSchema,
} from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { sendWorkbook } from '../spreadsheet';
import { inventoryPage } from './page';
import { inventoryService } from './service';

/**
 * Stock items. Company paths check the path's company against the tenant;
 * `/inventory/:id` looks the item up within the tenant's company (another
 * company's item is a 404).
 */
export function inventoryApi(ctx: ServiceContext): Router {
  const inventory = inventoryService(ctx.sequelize);
  const router = caseSensitiveRouter();
  const company = '/companies/:companyId/inventory';

  router.get(company, requireSameCompany, validate({ query: inventoryPageQuerySchema }), async (req, res) => {
    res.json(await inventoryPage(ctx.sequelize, tenantOf(req).companyId, validated(req, 'query', inventoryPageQuerySchema)));
  });
  router.get(`${company}/export.xlsx`, requireSameCompany, validate({ query: inventoryListQuerySchema }), async (req, res) => {
    await sendWorkbook(
      res,
      'stock.xlsx',
      await inventory.exportXlsx(tenantOf(req).companyId, validated(req, 'query', inventoryListQuerySchema)),
    );
  });
  router.post(company, requireSameCompany, validate({ body: inventoryItemInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(await inventory.create(companyId, validated(req, 'body', inventoryItemInputSchema), userId));
  });
  router.post(`${company}/:itemId/movements`, requireSameCompany, validate({ body: stockMovementInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res
      .status(201)
      .json(await inventory.addMovement(companyId, String(req.params.itemId), validated(req, 'body', stockMovementInputSchema), userId));
  });
  // Spec 02 §7: PATCH {currentStock} — an inventory count, recorded as an adjustment movement.
  router.patch(`${company}/:itemId`, requireSameCompany, validate({ body: inventoryStockPatchSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.json(
      await inventory.adjust(companyId, String(req.params.itemId), validated(req, 'body', inventoryStockPatchSchema).currentStock, userId),
    );
  });
  router.get('/inventory/:id', async (req, res) => {
    res.json(await inventory.get(tenantOf(req).companyId, req.params.id));
  });
  router.put('/inventory/:id', validate({ body: inventoryItemUpdateSchema }), async (req, res) => {
    res.json(await inventory.update(tenantOf(req).companyId, String(req.params.id), validated(req, 'body', inventoryItemUpdateSchema)));
  });
  return router;
}
