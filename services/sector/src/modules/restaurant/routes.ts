import type { Router } from 'express';
import {
  menuInputSchema,
  recipeInputSchema,
  restaurantInventoryItemInputSchema,
  restaurantListQuerySchema,
  serveInputSchema,
} from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { clientOf, companyOf, sendCounted } from '../routing';
import { restaurantService } from './service';

/** Header of the recipe list: the internal calls it made (1, or 0 without ingredients), whatever the page size. */
export const INVENTORY_READS_HEADER = 'x-inventory-reads';

/**
 * Restaurant routes, all under `/companies/:companyId/` and checked against
 * the tenant (another company's record is a 404). The module gate in front
 * refuses them when the company has not enabled the restaurant.
 */
export function restaurantApi(ctx: ServiceContext): Router {
  const restaurant = restaurantService(ctx.sequelize, clientOf(ctx, 'accounting'));
  const router = caseSensitiveRouter();
  const recipes = '/companies/:companyId/recipes';
  const menus = '/companies/:companyId/menus';
  const inventory = '/companies/:companyId/restaurant-inventory';

  router.get(recipes, requireSameCompany, validate({ query: restaurantListQuerySchema }), async (req, res) => {
    const query = validated(req, 'query', restaurantListQuerySchema);
    await sendCounted(res, INVENTORY_READS_HEADER, (calls) => restaurant.list(companyOf(req), query, calls));
  });
  router.post(recipes, requireSameCompany, validate({ body: recipeInputSchema }), async (req, res) => {
    res.status(201).json(await restaurant.create(companyOf(req), validated(req, 'body', recipeInputSchema)));
  });
  router.get(`${recipes}/:id`, requireSameCompany, async (req, res) => {
    res.json(await restaurant.get(companyOf(req), String(req.params.id)));
  });
  router.put(`${recipes}/:id`, requireSameCompany, validate({ body: recipeInputSchema }), async (req, res) => {
    res.json(await restaurant.update(companyOf(req), String(req.params.id), validated(req, 'body', recipeInputSchema)));
  });
  router.delete(`${recipes}/:id`, requireSameCompany, async (req, res) => {
    await restaurant.remove(companyOf(req), String(req.params.id));
    res.status(204).end();
  });
  router.post(`${recipes}/:id/serve`, requireSameCompany, validate({ body: serveInputSchema }), async (req, res) => {
    const { quantity, requestId } = validated(req, 'body', serveInputSchema);
    const { companyId, userId, role } = tenantOf(req);
    const { serve, replayed } = await restaurant.serve(companyId, String(req.params.id), quantity, { userId, role }, requestId);
    // 202: recorded, its stock exit is being settled with the accounting service.
    res.status(serve.status === 'pending' ? 202 : replayed ? 200 : 201).json(serve);
  });

  router.get(menus, requireSameCompany, validate({ query: restaurantListQuerySchema }), async (req, res) => {
    res.json(await restaurant.listMenus(companyOf(req), validated(req, 'query', restaurantListQuerySchema)));
  });
  router.post(menus, requireSameCompany, validate({ body: menuInputSchema }), async (req, res) => {
    res.status(201).json(await restaurant.createMenu(companyOf(req), validated(req, 'body', menuInputSchema)));
  });
  router.get(`${menus}/:id`, requireSameCompany, async (req, res) => {
    res.json(await restaurant.getMenu(companyOf(req), String(req.params.id)));
  });
  router.put(`${menus}/:id`, requireSameCompany, validate({ body: menuInputSchema }), async (req, res) => {
    res.json(await restaurant.updateMenu(companyOf(req), String(req.params.id), validated(req, 'body', menuInputSchema)));
  });
  router.delete(`${menus}/:id`, requireSameCompany, async (req, res) => {
    await restaurant.removeMenu(companyOf(req), String(req.params.id));
    res.status(204).end();
  });

  // The inventory tab: the accounting service's stock items, read and created through its internal routes.
  router.get(inventory, requireSameCompany, validate({ query: restaurantListQuerySchema }), async (req, res) => {
    res.json(await restaurant.inventory(companyOf(req), validated(req, 'query', restaurantListQuerySchema)));
  });
  router.post(inventory, requireSameCompany, validate({ body: restaurantInventoryItemInputSchema }), async (req, res) => {
    const { companyId, userId, role } = tenantOf(req);
    res
      .status(201)
      .json(await restaurant.createItem(companyId, validated(req, 'body', restaurantInventoryItemInputSchema), { userId, role }));
  });

  return router;
}
