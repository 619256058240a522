import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { HEADERS, isRole, MESSAGES_HTTP, roleCan, roleForbiddenMessage, writeCapability, type Role } from '@xaalis/contracts';
import { HttpError, notFound } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Refuses every request that does not carry the gateway's shared secret. */
export function requireInternalToken(token: string): RequestHandler {
  return (req, _res, next) => {
    const given = req.get(HEADERS.internalToken);
    if (!given || !sameSecret(given, token)) {
      next(new HttpError(403, MESSAGES_HTTP.forbiddenInternal));
      return;
    }
    next();
  };
}

export interface Tenant {
  companyId: string;
  userId: string | null;
  /** The caller's role in the company, as checked by the gateway for this request. */
  role: Role | null;
}

/** The caller's company, as set by the gateway from the session (never by the browser). */
export function tenantOf(req: Request): Tenant {
  const companyId = req.get(HEADERS.companyId);
  if (!isUuid(companyId)) throw new HttpError(403, MESSAGES_HTTP.missingTenant);
  const userId = req.get(HEADERS.userId);
  const role = req.get(HEADERS.role);
  return { companyId, userId: isUuid(userId) ? userId : null, role: isRole(role) ? role : null };
}

/**
 * Every write under /api needs the capability its path asks for (contracts' writeCapability):
 * a role that lacks it (or no role at all) is 403 with a French message, before any route runs.
 * Reads are open to every role.
 */
export const requireRoleForWrites: RequestHandler = (req, _res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') {
    next();
    return;
  }
  const role = isRole(req.get(HEADERS.role)) ? (req.get(HEADERS.role) as Role) : null;
  if (!roleCan(role, writeCapability(req.originalUrl))) {
    next(new HttpError(403, roleForbiddenMessage(role)));
    return;
  }
  next();
};

/**
 * For `/api/companies/:companyId/...` routes: the path's company must be the
 * caller's, otherwise 404 (another company's data does not exist for the caller).
 */
export const requireSameCompany: RequestHandler = (req, _res, next) => {
  const { companyId } = tenantOf(req);
  const param = req.params.companyId;
  if (param !== undefined && param !== companyId) {
    next(notFound());
    return;
  }
  next();
};
