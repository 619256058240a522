import type { Redis } from 'ioredis';
import { QueryTypes, type Sequelize } from 'sequelize';
import { isRole, type Role } from '@xaalis/contracts';
import { SessionUnavailableError } from '../sessions/store';
import { IDENTITY_SCHEMA } from '../users/model';

/**
 * The role of a user in a company, checked on every request (a removed member loses access at
 * their next request). Postgres is the truth; Redis keeps a mirror, `<prefix>:member:<company>:<user>`
 * = role or `none`, so the check costs no database read:
 * - a miss reads Postgres and fills the key only if still absent (SET NX), so a stale read cannot
 *   overwrite what a change wrote meanwhile;
 * - every change writes the key (unconditionally) after its transaction committed;
 * - keys expire, which bounds any staleness left by a failed write.
 * Without Redis (single-process fallback) the mirror is a Map in this process.
 */
export interface Access {
  role(userId: string, companyId: string): Promise<Role | null>;
  /** After a committed change of the membership (null: no longer a member). */
  changed(userId: string, companyId: string, role: Role | null): Promise<void>;
  /** The mirror's key prefix (the session reader reads it in the same round trip as the session). */
  readonly keyPrefix: string | null;
  /** Turns a mirrored value (or null for a miss) into a role, reading Postgres on a miss. */
  fromMirror(userId: string, companyId: string, value: string | null): Promise<Role | null>;
}

const NONE = 'none';
export const ACCESS_TTL_S = 600;

export function memberKey(prefix: string, companyId: string, userId: string): string {
  return `${prefix}${companyId}:${userId}`;
}

export function createAccess(sequelize: Sequelize, redis: Redis | null, redisPrefix: string): Access {
  const fromDatabase = async (userId: string, companyId: string): Promise<Role | null> => {
    const rows = await sequelize.query<{ role: string }>(
      `SELECT role FROM "${IDENTITY_SCHEMA}".memberships WHERE user_id = $1 AND company_id = $2`,
      { bind: [userId, companyId], type: QueryTypes.SELECT },
    );
    const role = rows[0]?.role;
    return isRole(role) ? role : null;
  };

  if (!redis) {
    const mirror = new Map<string, { role: Role | null; at: number }>();
    return {
      keyPrefix: null,
      async role(userId, companyId) {
        const hit = mirror.get(`${companyId}:${userId}`);
        if (hit && Date.now() - hit.at < ACCESS_TTL_S * 1000) return hit.role;
        const role = await fromDatabase(userId, companyId);
        mirror.set(`${companyId}:${userId}`, { role, at: Date.now() });
        return role;
      },
      changed(userId, companyId, role) {
        mirror.set(`${companyId}:${userId}`, { role, at: Date.now() });
        return Promise.resolve();
      },
      fromMirror(userId, companyId) {
        return this.role(userId, companyId);
      },
    };
  }

  const keyPrefix = `${redisPrefix}:member:`;
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw err instanceof SessionUnavailableError ? err : new SessionUnavailableError(err);
    }
  };
  const access: Access = {
    keyPrefix,
    async fromMirror(userId, companyId, value) {
      if (value === NONE) return null;
      if (isRole(value)) return value;
      const role = await fromDatabase(userId, companyId);
      await guarded(() => redis.set(memberKey(keyPrefix, companyId, userId), role ?? NONE, 'EX', ACCESS_TTL_S, 'NX'));
      return role;
    },
    async role(userId, companyId) {
      const value = await guarded(() => redis.get(memberKey(keyPrefix, companyId, userId)));
      return access.fromMirror(userId, companyId, value);
    },
    async changed(userId, companyId, role) {
      await guarded(() => redis.set(memberKey(keyPrefix, companyId, userId), role ?? NONE, 'EX', ACCESS_TTL_S));
    },
  };
  return access;
}
