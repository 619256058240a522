import express, { type Router, type Request, type RequestHandler } from 'express';
import {
  invitationInputSchema,
  memberRoleSchema,
  MESSAGES_HTTP,
  MESSAGES_MEMBERS,
  roleCan,
  roleForbiddenMessage,
  switchCompanySchema,
  type CompanySummary,
  type Invitation,
  type Membership,
  type Portfolio,
  type PortfolioFigures,
  type Role,
  type User,
} from '@xaalis/contracts';
import { caseSensitiveRouter, HttpError, isUuid, parseOr400 } from '@xaalis/service-kit';
import { requireUser, userOf } from '../sessions';
import type { AccountingClient } from '../companies/accounting-client';
import { takeQuota, type Quotas } from '../rate-limit/quotas';
import type { Access } from './access';
import type { Memberships } from './service';

export interface MembershipRoutesDeps {
  memberships: Memberships;
  access: Access;
  accounting: AccountingClient;
  /** Switches the session to a company the user is a member of (see session-company.ts). */
  switchTo(req: Request, user: User, companyId: string, role: Role): Promise<User>;
  /** Forgets the per-process list of a company's users (GET /api/users). */
  companyUsersChanged(companyId: string): void;
  /** Invitations sent per owner (429 beyond). */
  quotas: Pick<Quotas, 'invitations'>;
}

const json = express.json({ limit: '100kb' });

/** Company names by id; empty when accounting cannot be read (the lists still show, unnamed). */
async function companyNames(accounting: AccountingClient, ids: string[], requestId: string): Promise<Map<string, CompanySummary>> {
  const companies = await accounting.listCompanies([...new Set(ids)], requestId).catch(() => [] as CompanySummary[]);
  return new Map(companies.map((c) => [c.id, c]));
}

/**
 * The user's companies (GET /api/memberships), the switch (POST /api/session/company), the
 * invitee's invitations, the owners' members and invitations of the current company, and the
 * portfolio. Only the session's company can be managed, and only by its owners.
 */
export function membershipsRoutes(deps: MembershipRoutesDeps): Router {
  const { memberships, access, accounting } = deps;
  const router = caseSensitiveRouter();

  /** `/companies/:companyId/...` of the session's company, by one of its owners (the role read now). */
  const requireOwner: RequestHandler = (req, _res, next) => {
    const user = userOf(req);
    if (req.params.companyId !== user.companyId || !user.companyId) {
      next(new HttpError(404, MESSAGES_HTTP.notFound));
      return;
    }
    access
      .role(user.id, user.companyId)
      .then((role) => {
        if (!role) next(new HttpError(404, MESSAGES_HTTP.notFound));
        else if (!roleCan(role, 'members')) next(new HttpError(403, roleForbiddenMessage(role)));
        else {
          req.actor = { id: user.id, role };
          next();
        }
      })
      .catch(next);
  };
  const actorOf = (req: Request) => req.actor ?? { id: userOf(req).id, role: null };
  const idParam = (value: string | string[] | undefined): string => {
    if (typeof value !== 'string' || !isUuid(value)) throw new HttpError(404, MESSAGES_HTTP.notFound);
    return value;
  };
  const named = async <T extends Pick<Invitation, 'companyId' | 'companyName'>>(invitations: T[], requestId: string): Promise<T[]> => {
    const names = await companyNames(
      accounting,
      invitations.map((i) => i.companyId),
      requestId,
    );
    return invitations.map((i) => ({ ...i, companyName: names.get(i.companyId)?.name ?? null }));
  };

  router.get('/memberships', requireUser, async (req, res) => {
    const user = userOf(req);
    const mine = await memberships.listForUser(user.id);
    const names = await companyNames(
      accounting,
      mine.map((m) => m.companyId),
      req.id as string,
    );
    const list: Membership[] = mine.map((m) => ({
      companyId: m.companyId,
      companyName: names.get(m.companyId)?.name ?? null,
      sector: names.get(m.companyId)?.sector ?? null,
      role: m.role,
      current: m.companyId === user.companyId,
    }));
    list.sort((a, b) => (a.companyName ?? '').localeCompare(b.companyName ?? '', 'fr'));
    res.json(list);
  });

  router.post('/session/company', requireUser, json, async (req, res) => {
    const { companyId } = parseOr400(switchCompanySchema, req.body);
    const user = userOf(req);
    const role = await memberships.roleInDatabase(user.id, companyId);
    if (!role) throw new HttpError(404, MESSAGES_HTTP.notFound);
    res.json(await deps.switchTo(req, user, companyId, role));
  });

  router.get('/invitations', requireUser, async (req, res) => {
    res.json(await named(await memberships.invitationsOf(userOf(req).id), req.id as string));
  });

  router.post('/invitations/:id/accept', requireUser, async (req, res) => {
    const user = userOf(req);
    const { companyId, role } = await memberships.accept(idParam(req.params.id), user.id);
    deps.companyUsersChanged(companyId);
    const names = await companyNames(accounting, [companyId], req.id as string);
    const membership: Membership = {
      companyId,
      companyName: names.get(companyId)?.name ?? null,
      sector: names.get(companyId)?.sector ?? null,
      role,
      current: false,
    };
    res.json(membership);
  });

  router.post('/invitations/:id/decline', requireUser, async (req, res) => {
    await memberships.decline(idParam(req.params.id), userOf(req).id);
    res.status(204).end();
  });

  router.get('/companies/:companyId/members', requireUser, requireOwner, async (req, res) => {
    res.json(await memberships.members(idParam(req.params.companyId)));
  });

  router.patch('/companies/:companyId/members/:userId', requireUser, requireOwner, json, async (req, res) => {
    const { role } = parseOr400(memberRoleSchema, req.body);
    const companyId = idParam(req.params.companyId);
    res.json(await memberships.changeRole(companyId, idParam(req.params.userId), role, actorOf(req)));
  });

  router.delete('/companies/:companyId/members/:userId', requireUser, requireOwner, async (req, res) => {
    const companyId = idParam(req.params.companyId);
    await memberships.remove(companyId, idParam(req.params.userId), actorOf(req));
    res.status(204).end();
  });

  router.get('/companies/:companyId/invitations', requireUser, requireOwner, async (req, res) => {
    const companyId = idParam(req.params.companyId);
    res.json(await named(await memberships.companyInvitations(companyId), req.id as string));
  });

  router.post('/companies/:companyId/invitations', requireUser, requireOwner, json, async (req, res) => {
    const { login, role } = parseOr400(invitationInputSchema, req.body);
    const companyId = idParam(req.params.companyId);
    const actor = actorOf(req);
    await takeQuota(deps.quotas.invitations, actor.id, MESSAGES_MEMBERS.tooManyInvitations);
    // The same answer whether the login names an account or not (see Memberships.invite).
    const invitation = await memberships.invite(companyId, login, role, actor);
    res.status(201).json((await named([invitation], req.id as string))[0]);
  });

  router.delete('/companies/:companyId/invitations/:id', requireUser, requireOwner, async (req, res) => {
    await memberships.cancelInvitation(idParam(req.params.companyId), idParam(req.params.id), actorOf(req));
    res.status(204).end();
  });

  /** One row per company of the user: two batched calls to accounting (names, figures), never one per company. */
  router.get('/portfolio', requireUser, async (req, res) => {
    const user = userOf(req);
    const mine = await memberships.listForUser(user.id);
    const ids = mine.map((m) => m.companyId);
    const [names, figures] = await Promise.all([
      companyNames(accounting, ids, req.id as string),
      accounting.portfolio(ids, req.id as string, req.session.readAfter?.accounting).then(
        (rows) => new Map(rows.map((r) => [r.companyId, r])),
        () => null,
      ),
    ]);
    const none: Omit<PortfolioFigures, 'companyId'> = {
      treasury: null,
      receivables: null,
      payables: null,
      overdueInvoices: null,
      overdueAmount: null,
      lastEntryDate: null,
    };
    const portfolio: Portfolio = {
      figuresAvailable: figures !== null,
      rows: mine
        .map((m) => ({
          ...none,
          ...figures?.get(m.companyId),
          companyId: m.companyId,
          companyName: names.get(m.companyId)?.name ?? null,
          sector: names.get(m.companyId)?.sector ?? null,
          role: m.role,
          current: m.companyId === user.companyId,
        }))
        .sort((a, b) => (a.companyName ?? '').localeCompare(b.companyName ?? '', 'fr')),
    };
    res.json(portfolio);
  });

  return router;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by requireOwner: the acting owner. */
    actor?: { id: string; role: Role | null };
  }
}
