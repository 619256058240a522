import type { RequestHandler } from 'express';
import type { Sequelize } from 'sequelize';
import { isUuid, tenantOf } from '@xaalis/service-kit';

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
