import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { QueryTypes, type Sequelize } from 'sequelize';
import { isRole, type Role } from '@xaalis/contracts';
import { SessionUnavailableError } from '../sessions/store';
import { IDENTITY_SCHEMA } from '../users/model';

/**
 * The role of a user in a company, checked on every request (a removed member loses access at
 * their next request). Postgres is the truth; Redis keeps a mirror, `<prefix>:member:<company>:<user>`
 * = role, `none`, or a change marker `changing:<token>`, so the check costs no database read:
 * - a miss reads Postgres and fills the key only if still absent (SET NX), so a stale read cannot
 *   overwrite what a change wrote meanwhile;
 * - a change of an existing membership (role change, removal, acceptance) first replaces the key by
 *   its marker, BEFORE its transaction: if Redis cannot be written the change is not made (503).
 *   While a marker is there every request reads Postgres and nothing fills the key (SET NX fails),
 *   so neither the old value nor a fill that read Postgres before the commit can survive it;
 * - after the commit the change puts the new role in place of ITS marker only (compare and set: a
 *   later change's marker or value is left alone). If that write fails the marker stays for its
 *   lifetime (ACCESS_TTL_S) and requests keep reading Postgres: slower, never stale;
 * - keys expire, which bounds the life of anything else a failed write leaves behind.
 * Without Redis (single-process fallback) the mirror is a Map in this process.
 */
export interface Access {
  role(userId: string, companyId: string): Promise<Role | null>;
  /**
   * Before a change of an existing membership: puts a marker in the mirror (requests read Postgres
   * until the change is settled) and returns it. Rejects with SessionUnavailableError when Redis
   * cannot be written: the change must then not be made.
   */
  changing(userId: string, companyId: string): Promise<string>;
  /** After the change committed (null: no longer a member): the new role replaces the marker. Never rejects. */
  settle(userId: string, companyId: string, marker: string, role: Role | null): Promise<void>;
  /** After the change was rolled back: the marker is removed (the next request fills the key). Never rejects. */
  abandon(userId: string, companyId: string, marker: string): Promise<void>;
  /** After a committed NEW membership (a company just created): writes the role. Never rejects. */
  changed(userId: string, companyId: string, role: Role | null): Promise<void>;
  /** The mirror's key prefix (the session reader reads it in the same round trip as the session). */
  readonly keyPrefix: string | null;
  /** Turns a mirrored value (or null for a miss) into a role, reading Postgres on a miss or a marker. */
  fromMirror(userId: string, companyId: string, value: string | null): Promise<Role | null>;
}

const NONE = 'none';
const MARKER = 'changing:';
export const ACCESS_TTL_S = 600;

export function memberKey(prefix: string, companyId: string, userId: string): string {
  return `${prefix}${companyId}:${userId}`;
}

// Compare and set / delete: only the change that wrote the marker replaces or removes it.
const SETTLE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3]) return 1 end
return 0`;
const ABANDON = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end
return 0`;

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
    // One process: a change writes the Map synchronously after its commit; the marker only keeps
    // a fill that read Postgres before the commit from being believed meanwhile.
    const mirror = new Map<string, { role: Role | null; at: number } | { marker: string }>();
    const memory: Access = {
      keyPrefix: null,
      async role(userId, companyId) {
        const key = `${companyId}:${userId}`;
        const hit = mirror.get(key);
        if (hit && 'role' in hit && Date.now() - hit.at < ACCESS_TTL_S * 1000) return hit.role;
        const role = await fromDatabase(userId, companyId);
        const now = mirror.get(key);
        if (!now || 'role' in now) mirror.set(key, { role, at: Date.now() });
        return role;
      },
      changing(userId, companyId) {
        const marker = `${MARKER}${randomUUID()}`;
        mirror.set(`${companyId}:${userId}`, { marker });
        return Promise.resolve(marker);
      },
      settle(userId, companyId, marker, role) {
        const hit = mirror.get(`${companyId}:${userId}`);
        if (hit && 'marker' in hit && hit.marker === marker) mirror.set(`${companyId}:${userId}`, { role, at: Date.now() });
        return Promise.resolve();
      },
      abandon(userId, companyId, marker) {
        const hit = mirror.get(`${companyId}:${userId}`);
        if (hit && 'marker' in hit && hit.marker === marker) mirror.delete(`${companyId}:${userId}`);
        return Promise.resolve();
      },
      changed(userId, companyId, role) {
        mirror.set(`${companyId}:${userId}`, { role, at: Date.now() });
        return Promise.resolve();
      },
      fromMirror(userId, companyId) {
        return memory.role(userId, companyId);
      },
    };
    return memory;
  }

  const keyPrefix = `${redisPrefix}:member:`;
  const key = (userId: string, companyId: string) => memberKey(keyPrefix, companyId, userId);
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw err instanceof SessionUnavailableError ? err : new SessionUnavailableError(err);
    }
  };
  // Writes after a commit: their failure must not turn a done change into an error (see above).
  const bestEffort = (work: () => Promise<unknown>): Promise<void> =>
    work().then(
      () => undefined,
      () => undefined,
    );
  const access: Access = {
    keyPrefix,
    async fromMirror(userId, companyId, value) {
      if (value === NONE) return null;
      if (isRole(value)) return value;
      const role = await fromDatabase(userId, companyId);
      // A marker: a change is under way (or its final write failed): Postgres alone answers.
      // A miss: filled if still absent; failing to fill costs only the next request a read.
      if (value === null) await bestEffort(() => redis.set(key(userId, companyId), role ?? NONE, 'EX', ACCESS_TTL_S, 'NX'));
      return role;
    },
    async role(userId, companyId) {
      const value = await guarded(() => redis.get(key(userId, companyId)));
      return access.fromMirror(userId, companyId, value);
    },
    async changing(userId, companyId) {
      const marker = `${MARKER}${randomUUID()}`;
      await guarded(() => redis.set(key(userId, companyId), marker, 'EX', ACCESS_TTL_S));
      return marker;
    },
    settle: (userId, companyId, marker, role) =>
      bestEffort(() => redis.eval(SETTLE, 1, key(userId, companyId), marker, role ?? NONE, ACCESS_TTL_S)),
    abandon: (userId, companyId, marker) => bestEffort(() => redis.eval(ABANDON, 1, key(userId, companyId), marker)),
    changed: (userId, companyId, role) => bestEffort(() => redis.set(key(userId, companyId), role ?? NONE, 'EX', ACCESS_TTL_S)),
  };
  return access;
}
