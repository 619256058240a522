import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import type { Sequelize, Transaction } from 'sequelize';
import { HEADERS, isRole, type Role } from '@xaalis/contracts';

/** The request being served: its caller's role, as the gateway sent it (tenantOf reads the same header). */
const actor = new AsyncLocalStorage<{ role: Role | null }>();

/** Express middleware: what the request runs (its transactions included) knows the caller's role. */
export const actorContext: RequestHandler = (req, _res, next) => {
  const role = req.get(HEADERS.role);
  actor.run({ role: isRole(role) ? role : null }, next);
};

/**
 * Sets `xaalis.actor_role` for the rest of `transaction`: the audit events it
 * appends record that role (audit_events.actor_role's default, migration 0015).
 * Nothing outside a request (jobs) or without a role.
 */
export async function stampActorRole(sequelize: Sequelize, transaction: Transaction): Promise<void> {
  const role = actor.getStore()?.role;
  if (role) await sequelize.query(`SELECT set_config('xaalis.actor_role', $1, true)`, { bind: [role], transaction });
}
