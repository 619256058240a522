import { Router, type Express, type RequestHandler } from 'express';
import { VALIDATED_SCHEMAS, type ValidateSchemas } from './validate';

/** One route of an Express app, found by walking its routers (see `listRoutes`). */
export interface DiscoveredRoute {
  /** Upper-case HTTP method. */
  method: string;
  /** Full path, e.g. `/api/companies/:companyId/invoices/:id`. */
  path: string;
  /** What the route's `validate()` middleware parses (empty when it has none). */
  schemas: ValidateSchemas;
}

// The parts of router@2's Layer and Route the walk reads.
interface LayerLike {
  rawPath?: unknown;
  handle: RequestHandler & { stack?: unknown; caseSensitive?: boolean; [VALIDATED_SCHEMAS]?: ValidateSchemas };
  route?: { path: unknown; methods: Record<string, boolean>; stack: LayerLike[] };
}

const join = (prefix: string, path: string) => {
  const joined = `${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
};

function walk(stack: LayerLike[], prefix: string, out: DiscoveredRoute[]): void {
  for (const layer of stack) {
    const paths = (Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath]).filter((p): p is string => typeof p === 'string');
    if (layer.route) {
      const schemas: ValidateSchemas = {};
      for (const inner of layer.route.stack) Object.assign(schemas, inner.handle[VALIDATED_SCHEMAS]);
      const methods = Object.keys(layer.route.methods).filter((m) => m !== '_all');
      for (const path of paths) for (const method of methods) out.push({ method: method.toUpperCase(), path: join(prefix, path), schemas });
    } else if (Array.isArray(layer.handle.stack)) {
      for (const path of paths) walk(layer.handle.stack as LayerLike[], join(prefix, path), out);
    }
  }
}

/**
 * Every route of an Express 5 app (router@2 keeps each layer's `rawPath`), with the
 * schemas of its `validate()`: the generated tenancy and bad-input tests walk the
 * services with it, so a new route is covered (or makes them fail) by itself.
 */
export function listRoutes(app: Express): DiscoveredRoute[] {
  const out: DiscoveredRoute[] = [];
  walk((app as unknown as { router: { stack: LayerLike[] } }).router.stack, '', out);
  return out;
}

/**
 * The only way to make a router in the services and the gateway: Express matches paths
 * case-insensitively by default, and a router does not inherit the app's setting, so
 * `/validate` and `/VALIDATE` would reach the same route while the role rule reads the path as
 * typed. Case-sensitive, every decision sees the one canonical path (contracts' isCanonicalPath).
 */
export const caseSensitiveRouter = (): Router => Router({ caseSensitive: true });

/**
 * The mount paths of the routers of `app` (the app's own router included, as '/') that match
 * paths case-insensitively: the generated tests expect none in any service or in the gateway.
 */
export function caseInsensitiveRouters(app: Express): string[] {
  const out: string[] = [];
  const visit = (router: { stack: LayerLike[]; caseSensitive?: boolean }, prefix: string) => {
    if (router.caseSensitive !== true) out.push(prefix || '/');
    for (const layer of router.stack) {
      if (layer.route || !Array.isArray(layer.handle.stack)) continue;
      const paths = (Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath]).filter((p): p is string => typeof p === 'string');
      for (const path of paths) visit(layer.handle as unknown as { stack: LayerLike[]; caseSensitive?: boolean }, join(prefix, path));
    }
  };
  visit((app as unknown as { router: { stack: LayerLike[]; caseSensitive?: boolean } }).router, '');
  return out;
}
