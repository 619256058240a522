import type { Router } from 'express';
import {
  finishedProductInputSchema,
  finishedProductUpdateSchema,
  productionItemListQuerySchema,
  productionOrderCancelSchema,
  productionOrderCompleteSchema,
  productionOrderInputSchema,
  productionOrderListQuerySchema,
  productionOrderStartSchema,
  rawMaterialInputSchema,
  rawMaterialUpdateSchema,
} from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { productionService } from './service';

/**
 * Production ('Gestion Production'): raw materials, finished products with
 * their bill of materials, production orders and their life cycle, all under
 * `/companies/:companyId/...` of the caller's company (another company's is a
 * 404). Module gating (the company enabled 'transformation') is the sector
 * service's central middleware, not this router's.
 */
export function productionApi(ctx: ServiceContext): Router {
  const production = productionService(ctx.sequelize);
  const router = caseSensitiveRouter();
  const base = '/companies/:companyId';
  const id = (params: Record<string, string | string[]>) => String(params.id);

  // ---------------------------------------------------------------- raw materials
  router.get(`${base}/raw-materials`, requireSameCompany, validate({ query: productionItemListQuerySchema }), async (req, res) => {
    res.json(await production.listRawMaterials(tenantOf(req).companyId, validated(req, 'query', productionItemListQuerySchema)));
  });

  router.post(`${base}/raw-materials`, requireSameCompany, validate({ body: rawMaterialInputSchema }), async (req, res) => {
    res.status(201).json(await production.createRawMaterial(tenantOf(req).companyId, validated(req, 'body', rawMaterialInputSchema)));
  });

  router.get(`${base}/raw-materials/:id`, requireSameCompany, async (req, res) => {
    res.json(await production.getRawMaterial(tenantOf(req).companyId, id(req.params)));
  });

  router.put(`${base}/raw-materials/:id`, requireSameCompany, validate({ body: rawMaterialUpdateSchema }), async (req, res) => {
    res.json(await production.updateRawMaterial(tenantOf(req).companyId, id(req.params), validated(req, 'body', rawMaterialUpdateSchema)));
  });

  // ---------------------------------------------------------------- finished products
  router.get(`${base}/finished-products`, requireSameCompany, validate({ query: productionItemListQuerySchema }), async (req, res) => {
    res.json(await production.listFinishedProducts(tenantOf(req).companyId, validated(req, 'query', productionItemListQuerySchema)));
  });

  router.post(`${base}/finished-products`, requireSameCompany, validate({ body: finishedProductInputSchema }), async (req, res) => {
    res
      .status(201)
      .json(await production.createFinishedProduct(tenantOf(req).companyId, validated(req, 'body', finishedProductInputSchema)));
  });

  router.get(`${base}/finished-products/:id`, requireSameCompany, async (req, res) => {
    res.json(await production.getFinishedProduct(tenantOf(req).companyId, id(req.params)));
  });

  router.put(`${base}/finished-products/:id`, requireSameCompany, validate({ body: finishedProductUpdateSchema }), async (req, res) => {
    res.json(
      await production.updateFinishedProduct(tenantOf(req).companyId, id(req.params), validated(req, 'body', finishedProductUpdateSchema)),
    );
  });

  // ---------------------------------------------------------------- production orders
  router.get(`${base}/production-orders`, requireSameCompany, validate({ query: productionOrderListQuerySchema }), async (req, res) => {
    res.json(await production.listOrders(tenantOf(req).companyId, validated(req, 'query', productionOrderListQuerySchema)));
  });

  router.post(`${base}/production-orders`, requireSameCompany, validate({ body: productionOrderInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(await production.createOrder(companyId, validated(req, 'body', productionOrderInputSchema), userId));
  });

  router.get(`${base}/production-orders/:id`, requireSameCompany, async (req, res) => {
    res.json(await production.getOrder(tenantOf(req).companyId, id(req.params)));
  });

  router.post(
    `${base}/production-orders/:id/start`,
    requireSameCompany,
    validate({ body: productionOrderStartSchema }),
    async (req, res) => {
      res.json(await production.start(tenantOf(req).companyId, id(req.params)));
    },
  );

  router.post(
    `${base}/production-orders/:id/complete`,
    requireSameCompany,
    validate({ body: productionOrderCompleteSchema }),
    async (req, res) => {
      const { companyId, userId } = tenantOf(req);
      res.json(await production.complete(companyId, id(req.params), validated(req, 'body', productionOrderCompleteSchema), userId));
    },
  );

  router.post(
    `${base}/production-orders/:id/cancel`,
    requireSameCompany,
    validate({ body: productionOrderCancelSchema }),
    async (req, res) => {
      res.json(await production.cancel(tenantOf(req).companyId, id(req.params)));
    },
  );

  return router;
}
