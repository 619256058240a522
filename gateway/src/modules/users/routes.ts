import type { Router } from 'express';
import { caseSensitiveRouter } from '@xaalis/service-kit';
import type { CompanyUser } from '@xaalis/contracts';
import { requireUser, userOf } from '../sessions';

/**
 * A company's user list is read from Postgres at most this often per gateway process (the front
 * ends ask for it on many pages); a membership change in this process forgets it at once, other
 * gateway processes within the minute (these are names for the audit trail, not access rights).
 */
export const COMPANY_USERS_TTL_MS = 60_000;
const MAX_CACHED_COMPANIES = 1_000;

/**
 * `GET /api/users`: the users who are or were in the session's company as `[{id, name}]`, so
 * the front ends can show who created, validated or cancelled a document
 * (services store only ids). Never another company's users.
 */
export function usersRoutes(deps: {
  companyUsers(companyId: string): Promise<CompanyUser[]>;
  /** Whether the user is (still) a member of the company. */
  isMember(userId: string, companyId: string): Promise<boolean>;
}): { router: Router; changed: (companyId: string) => void } {
  // Concurrent requests share one read; a failed read is not kept.
  const cache = new Map<string, { at: number; users: Promise<CompanyUser[]> }>();
  const companyUsers = (companyId: string): Promise<CompanyUser[]> => {
    const now = Date.now();
    const hit = cache.get(companyId);
    if (hit && now - hit.at < COMPANY_USERS_TTL_MS) return hit.users;
    cache.delete(companyId);
    if (cache.size >= MAX_CACHED_COMPANIES) cache.delete(cache.keys().next().value as string); // the oldest
    const entry = { at: now, users: deps.companyUsers(companyId) };
    cache.set(companyId, entry);
    entry.users.catch(() => {
      if (cache.get(companyId) === entry) cache.delete(companyId);
    });
    return entry.users;
  };

  const router = caseSensitiveRouter();
  router.get('/users', requireUser, async (req, res) => {
    const { id, companyId } = userOf(req);
    const users: CompanyUser[] = companyId && (await deps.isMember(id, companyId)) ? await companyUsers(companyId) : [];
    res.json(users);
  });
  return { router, changed: (companyId) => void cache.delete(companyId) };
}
