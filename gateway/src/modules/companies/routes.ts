import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import express, { type Router, type Request } from 'express';
import type { Transaction } from 'sequelize';
import { companyInputSchema, MESSAGES_MEMBERS, type Company, type Role, type User } from '@xaalis/contracts';
import { caseSensitiveRouter, parseOr400 } from '@xaalis/service-kit';
import { requireUser, userOf } from '../sessions';
import type { UsersRepository } from '../users';
import type { Access } from '../memberships/access';
import type { Memberships } from '../memberships/service';
import { takeQuota, type Quotas } from '../rate-limit/quotas';
import type { AccountingClient } from './accounting-client';

/** Company name/sector in the session are re-read from accounting at most this often. */
const COMPANY_REFRESH_MS = 60_000;

/** Puts the company's name and sector into the session's user. */
export function rememberCompany(req: Request, user: User, company: Pick<Company, 'name' | 'sector'> | null): User {
  const next = { ...user, companyName: company?.name ?? user.companyName, sector: company?.sector ?? user.sector };
  req.session.user = next;
  req.session.companyRefreshedAt = company ? Date.now() : 0;
  return next;
}

export interface WorkspaceDeps {
  users: UsersRepository;
  accounting: AccountingClient;
  memberships: Memberships;
  access: Access;
}

/**
 * The session's company and the user's role in it. The session holds the current company; the
 * gateway alone changes it, after checking the membership in Postgres.
 */
export function createWorkspace({ users, accounting, memberships, access }: WorkspaceDeps) {
  /** Moves the session (and the company the next sign-in lands in) to a company the user is a member of. */
  async function switchTo(req: Request, user: User, companyId: string, role: Role): Promise<User> {
    const company = await accounting.getCompany(companyId, user.id, req.id as string).catch(() => null);
    const next = rememberCompany(req, { ...user, companyId, role, companyName: null, sector: null }, company);
    await users.setLastCompany(user.id, companyId);
    await promisify(req.session.save.bind(req.session))();
    return next;
  }

  /** The company a sign-in lands in: the last one used while still a member, else the oldest membership. */
  async function landingCompany(userId: string, lastCompanyId: string | null): Promise<{ companyId: string; role: Role } | null> {
    const mine = await memberships.listForUser(userId);
    return mine.find((m) => m.companyId === lastCompanyId) ?? mine[0] ?? null;
  }

  /**
   * The session's user with its current role and a reasonably fresh company name and sector (the
   * settings page can change them in the accounting service). A user removed from the session's
   * company moves to another of theirs (or to none). When accounting is unreachable the stored
   * values are kept.
   */
  async function currentUser(req: Request): Promise<User> {
    let user = userOf(req);
    if (user.companyId) {
      const role = await access.role(user.id, user.companyId);
      if (!role) {
        const other = await landingCompany(user.id, null);
        if (other) return switchTo(req, user, other.companyId, other.role);
        req.session.user = { ...user, companyId: null, companyName: null, sector: null, role: null };
        return req.session.user;
      }
      if (role !== user.role) user = req.session.user = { ...user, role };
    }
    if (!user.companyId || Date.now() - (req.session.companyRefreshedAt ?? 0) < COMPANY_REFRESH_MS) return user;
    const company = await accounting.getCompany(user.companyId, user.id, req.id as string).catch(() => null);
    return company ? rememberCompany(req, user, company) : user;
  }

  return { switchTo, landingCompany, currentUser };
}
export type Workspace = ReturnType<typeof createWorkspace>;

/**
 * `POST /api/companies`: any signed-in user creates a company (accounting) and becomes its owner;
 * the session moves to it. If the membership cannot be written, the company is deleted again.
 * At most `companiesMaxPerWindow` per user and window (429); a creation that fails is not counted.
 */
export function companiesRoutes(
  deps: WorkspaceDeps & { workspace: Workspace; companyUsersChanged(companyId: string): void; quotas: Pick<Quotas, 'companies'> },
): Router {
  const router = caseSensitiveRouter();
  router.post('/companies', requireUser, express.json({ limit: '100kb' }), async (req, res) => {
    const user = userOf(req);
    const values = parseOr400(companyInputSchema, req.body);
    await takeQuota(deps.quotas.companies, user.id, MESSAGES_MEMBERS.tooManyCompanies);
    const id = randomUUID();
    let t: Transaction | undefined;
    let company: Company;
    try {
      company = await deps.accounting.createCompany({ ...values, id }, req.id as string);
      try {
        t = await deps.users.transaction();
        await deps.memberships.addOwner(user.id, id, t);
        await t.commit();
      } catch (err) {
        await t?.rollback().catch(() => {});
        await deps.accounting.deleteCompany(id, req.id as string).catch(() => {});
        throw err;
      }
    } catch (err) {
      await deps.quotas.companies.giveBack(user.id).catch(() => {});
      throw err;
    }
    await deps.access.changed(user.id, id, 'owner');
    deps.companyUsersChanged(id);
    await deps.workspace.switchTo(req, user, id, 'owner');
    res.status(201).json(company);
  });
  return router;
}
