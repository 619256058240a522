import type { Router, RequestHandler } from 'express';
import { companyModulesInputSchema, MESSAGES_SECTOR_MODULES, sectorModuleOfResource } from '@xaalis/contracts';
import { caseSensitiveRouter, notFound, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { companyModulesService, type CompanyModulesService } from './service';

// One service per running service, shared by the gate and the settings routes (one sector cache).
const services = new WeakMap<ServiceContext, CompanyModulesService>();
function modulesOf(ctx: ServiceContext): CompanyModulesService {
  let service = services.get(ctx);
  if (!service) {
    service = companyModulesService(ctx.sequelize, { internalToken: ctx.config.internalToken, log: ctx.log });
    services.set(ctx, service);
  }
  return service;
}

/** Paramètres → Modules: the company's sector modules (read, with whether it chose them; save). */
export function modulesApi(ctx: ServiceContext): Router {
  const modules = modulesOf(ctx);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/modules', requireSameCompany, async (req, res) => {
    res.json(await modules.get(tenantOf(req).companyId));
  });

  router.put('/companies/:companyId/modules', requireSameCompany, validate({ body: companyModulesInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.json(await modules.save(companyId, validated(req, 'body', companyModulesInputSchema).modules, userId));
  });

  return router;
}

/**
 * The resource segment of an API path: `/companies/:id/<segment>/...` or the top-level
 * `/<segment>/...`, decoded and lower-cased: service-kit's requireRole already answers 404 to a
 * path not in canonical form, this keeps the gate safe on its own.
 */
export function resourceSegment(path: string): string | undefined {
  const parts = path.split('/').filter(Boolean);
  const raw = parts[0]?.toLowerCase() === 'companies' ? parts[2] : parts[0];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * Mounted before every module router: a call of a module the company (the
 * gateway's tenant header, never the body or the query) has not enabled is a 404
 * with a French message, whatever the route, method or payload, and whether
 * or not the module has routes yet.
 */
export function moduleGate(ctx: ServiceContext): RequestHandler {
  const modules = modulesOf(ctx);
  return async (req, _res, next) => {
    const module = sectorModuleOfResource(resourceSegment(req.path));
    if (!module) {
      next();
      return;
    }
    if (!(await modules.isEnabled(tenantOf(req).companyId, module))) throw notFound(MESSAGES_SECTOR_MODULES.notEnabled);
    next();
  };
}
