import { randomUUID } from 'node:crypto';
import express, { Router, type Request } from 'express';
import { companyInputSchema, MESSAGES_AUTH, type Company, type User } from '@xaalis/contracts';
import { HttpError, parseOr400 } from '@xaalis/service-kit';
import { requireUser, userOf } from '../sessions';
import type { UsersRepository } from '../users';
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

/**
 * The session's user with a reasonably fresh company name and sector (the
 * settings page can change them in the accounting service). When accounting is
 * unreachable the stored values are kept.
 */
export async function currentUser(req: Request, accounting: AccountingClient): Promise<User> {
  const user = userOf(req);
  if (!user.companyId || Date.now() - (req.session.companyRefreshedAt ?? 0) < COMPANY_REFRESH_MS) return user;
  const company = await accounting.getCompany(user.companyId, user.id, req.id as string).catch(() => null);
  return company ? rememberCompany(req, user, company) : user;
}

/** `POST /api/companies`: a signed-in user without a company creates one (accounting) and gets it attached. */
export function companiesRoutes(deps: { users: UsersRepository; accounting: AccountingClient }): Router {
  const router = Router();
  router.post('/companies', requireUser, express.json({ limit: '100kb' }), async (req, res) => {
    const user = userOf(req);
    if (user.companyId) throw new HttpError(409, MESSAGES_AUTH.companyAlreadyAttached);
    const values = parseOr400(companyInputSchema, req.body);
    const id = randomUUID();
    const company = await deps.accounting.createCompany({ ...values, id }, req.id as string);
    const attached = await deps.users.attachCompany(user.id, id).catch((err: unknown) => {
      void deps.accounting.deleteCompany(id, req.id as string).catch(() => {});
      throw err;
    });
    if (!attached) {
      // Another tab attached a company meanwhile: undo ours, and let the session catch up.
      await deps.accounting.deleteCompany(id, req.id as string).catch(() => {});
      const row = await deps.users.findById(user.id);
      if (row) req.session.user = { ...user, companyId: row.companyId };
      req.session.companyRefreshedAt = 0;
      throw new HttpError(409, MESSAGES_AUTH.companyAlreadyAttached);
    }
    rememberCompany(req, { ...user, companyId: id }, company);
    res.status(201).json(company);
  });
  return router;
}
