import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import {
  HEADERS,
  isCanonicalPath,
  isRole,
  MESSAGES_HTTP,
  readCapability,
  roleCan,
  roleForbiddenMessage,
  writeCapability,
  type Role,
} from '@xaalis/contracts';
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
 * Every call under /api needs the capability its path asks for (contracts' writeCapability for
 * writes, readCapability for reads: payroll data is confidential): a role that lacks it (or no
 * role at all) is 403 with a French message, before any route runs. A path not in canonical form
 * is 404 here too (the gateway already refuses it): routers match case-sensitively, so the string
 * this rule reads is the one a route matches.
 */
export const requireRole: RequestHandler = (req, _res, next) => {
  if (!isCanonicalPath(req.originalUrl)) {
    next(notFound());
    return;
  }
  const read = req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS';
  const capability = read ? readCapability(req.originalUrl) : writeCapability(req.originalUrl);
  if (!capability) {
    next();
    return;
  }
  const role = req.get(HEADERS.role);
  const known = isRole(role) ? role : null;
  if (!roleCan(known, capability)) {
    next(new HttpError(403, roleForbiddenMessage(known)));
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
