import type { Request, RequestHandler } from 'express';
import type { Sequelize } from 'sequelize';
import { HEADERS, isRole, MESSAGES_HTTP } from '@xaalis/contracts';
import { HttpError, isUuid, tenantOf, type Actor } from '@xaalis/service-kit';

/**
 * Before each write request: the caller's role in the company, as the gateway sent it, is kept in
 * `actor_roles`, where the audit events of the request (and of the jobs it starts) take it
 * (migration 0016). One statement per write, nothing per read; no row is rewritten while the role
 * stays the same.
 */
export function rememberActorRole(sequelize: Sequelize): RequestHandler {
  return (req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') {
      next();
      return;
    }
    let tenant;
    try {
      tenant = tenantOf(req);
    } catch {
      next(); // no tenant: the route answers for itself
      return;
    }
    if (!tenant.role || !isUuid(tenant.userId)) {
      next();
      return;
    }
    sequelize
      .query(
        `INSERT INTO accounting.actor_roles (company_id, user_id, role) VALUES ($1, $2, $3)
         ON CONFLICT (company_id, user_id) DO UPDATE SET role = EXCLUDED.role, seen_at = now()
         WHERE actor_roles.role <> EXCLUDED.role`,
        { bind: [tenant.companyId, tenant.userId, tenant.role] },
      )
      .then(() => next(), next);
  };
}

/**
 * The acting user and role that another service forwards on an internal write (X-User-Id,
 * X-User-Role: the gateway's headers of the request it serves, see service-kit's internalClient).
 * Only a uuid and a known role are taken; anything else in them refuses the call (403), so a
 * caller's mistake shows instead of an author silently lost. Absent: no author (jobs, sweeps).
 */
export function internalActorOf(req: Request): Actor {
  const userId = req.get(HEADERS.userId);
  const role = req.get(HEADERS.role);
  if ((userId !== undefined && !isUuid(userId)) || (role !== undefined && !isRole(role)) || (role !== undefined && userId === undefined)) {
    throw new HttpError(403, MESSAGES_HTTP.forbiddenInternal);
  }
  return { userId: userId?.toLowerCase() ?? null, role: role ?? null };
}

/**
 * For an internal write route of `companyId` (the path's company): the forwarded actor, with the
 * role kept in `actor_roles` as rememberActorRole does for /api writes, so the audit events the
 * write makes (created, validated…) take the user from the rows and the role from there. Nothing is
 * kept for a company this service does not know (the route answers 404).
 */
export async function rememberInternalActor(sequelize: Sequelize, companyId: string, req: Request): Promise<Actor> {
  const actor = internalActorOf(req);
  if (actor.userId && actor.role) {
    await sequelize.query(
      `INSERT INTO accounting.actor_roles (company_id, user_id, role)
       SELECT c.id, $2, $3 FROM accounting.companies c WHERE c.id = $1
       ON CONFLICT (company_id, user_id) DO UPDATE SET role = EXCLUDED.role, seen_at = now()
       WHERE actor_roles.role <> EXCLUDED.role`,
      { bind: [companyId, actor.userId, actor.role] },
    );
  }
  return actor;
}
