import { randomUUID } from 'node:crypto';
import express, { type Router, type Request } from 'express';
import {
  changePasswordSchema,
  loginSchema,
  MESSAGES_SIGN_IN,
  MESSAGES_AUTH,
  registerSchema,
  type Company,
  type User,
} from '@xaalis/contracts';
import { caseSensitiveRouter, HttpError, parseOr400 } from '@xaalis/service-kit';
import { endSession, establishSession, requireUser, userOf, type UserSessions } from '../sessions';
import { toUser, type UsersRepository, type UserRecord } from '../users';
import { rememberCompany, type AccountingClient, type Workspace } from '../companies';
import type { Access } from '../memberships/access';
import type { Memberships } from '../memberships/service';
import type { LoginLimiter, RegistrationLimiter } from '../rate-limit';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import { passwordProblem } from './password-rules';

export interface AuthDeps {
  users: UsersRepository;
  accounting: AccountingClient;
  memberships: Memberships;
  access: Access;
  workspace: Workspace;
  limiter: LoginLimiter;
  registrations: RegistrationLimiter;
  /** The session ids of each user (a password change ends the others). */
  userSessions: UserSessions;
  /** Rejects (503) when the session store is down, before anything is created. */
  checkSessionStore: () => Promise<void>;
}

const json = express.json({ limit: '100kb' });

const clientAddress = (req: Request) => req.ip ?? 'unknown';

/** 400 for a refused new password, on the form field that holds it. */
function refusePassword(path: string, problem: string | null): void {
  if (problem) throw new HttpError(400, problem, [{ path, message: problem }]);
}

/**
 * GET /api/logout is a link (specification): it ends the session only when the browser says the
 * navigation came from our own pages or the address bar (Sec-Fetch-Site same-origin / none), so a
 * link or image on another site cannot sign the user out. Browsers without the header keep the
 * session (POST /api/logout, which the app uses, always works).
 */
const sameOriginNavigation = (req: Request) => ['same-origin', 'none'].includes(req.get('sec-fetch-site') ?? '');

/** Routes that need no session: safe to serve while Redis is down. */
export function authRedirectRoutes(): Router {
  const router = caseSensitiveRouter();
  router.get('/login', (_req, res) => res.redirect(302, '/auth'));
  return router;
}

/** GET /api/user, POST /api/login, /api/register, /api/logout, /api/user/password, GET /api/logout. */
export function authRoutes(deps: AuthDeps): Router {
  const { users, accounting, memberships, access, workspace, limiter, registrations, userSessions, checkSessionStore } = deps;
  const router = caseSensitiveRouter();

  /** Signs the user in under a new session id, remembered among the user's sessions. */
  const signIn = async (req: Request, user: User) => {
    await establishSession(req, user);
    await userSessions.add(user.id, req.sessionID);
  };

  router.get('/user', requireUser, async (req, res) => {
    res.json(await workspace.currentUser(req));
  });

  router.post('/login', json, async (req, res) => {
    const { username, password } = parseOr400(loginSchema, req.body);
    const ip = clientAddress(req);
    // The attempt is counted before the password is checked (atomically), so parallel guesses
    // cannot all slip under the limit; over it, nothing is verified.
    if (!(await limiter.reserve(username, ip))) throw new HttpError(429, MESSAGES_AUTH.tooManyAttempts);
    const row = await users.findByUsername(username);
    // Verify even when the user does not exist, so timing does not reveal usernames.
    const valid = await verifyPassword(row?.passwordHash ?? (await dummyHash()), password);
    if (!row || !valid) throw new HttpError(401, MESSAGES_AUTH.invalidCredentials);
    // Only the counter of the account that authenticated is cleared (its stored name, not the typed one).
    await limiter.release(row.username, ip);
    // The company the user last worked in, while still a member of it; else their oldest membership.
    const landing = await workspace.landingCompany(row.id, row.companyId);
    const company = landing ? await accounting.getCompany(landing.companyId, row.id, req.id as string).catch(() => null) : null;
    const user = toUser(row, company, landing);
    await signIn(req, user);
    // Without the company (accounting down), GET /api/user retries reading it.
    res.json(rememberCompany(req, user, company));
  });

  router.post('/register', json, async (req, res) => {
    const input = parseOr400(registerSchema, req.body);
    await checkSessionStore();
    // Each registration costs a hash, a company and a user row: a few per address and window.
    if (!(await registrations.reserve(clientAddress(req)))) throw new HttpError(429, MESSAGES_SIGN_IN.tooManyRegistrations);
    refusePassword('password', passwordProblem(input.password, { username: input.username, companyName: input.companyName }));
    await users.assertAvailable(input.username, input.email);
    const passwordHash = await hashPassword(input.password);
    // One flow, nothing half-done: accounting creates the company under the id chosen here first
    // (no database transaction is held open across that call); if the user row then cannot be
    // written or committed, the company is deleted again.
    const companyId = randomUUID();
    const company: Company = await accounting.createCompany(
      { id: companyId, name: input.companyName, address: input.address, phone: input.phone, email: input.email, sector: input.sector },
      req.id as string,
    );
    let row: UserRecord;
    try {
      const tx = await users.transaction();
      try {
        row = await users.create(
          {
            username: input.username,
            email: input.email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone,
            address: input.address,
            companyId,
          },
          tx,
        );
        // The registering user owns the company (Propriétaire), written with the user.
        await memberships.addOwner(row.id, companyId, tx);
        await tx.commit();
      } catch (err) {
        await tx.rollback().catch(() => {});
        throw err;
      }
    } catch (err) {
      await accounting
        .deleteCompany(companyId, req.id as string)
        .catch((e: unknown) => req.log?.error({ err: e, companyId }, 'company compensation failed'));
      throw err;
    }
    await access.changed(row.id, companyId, 'owner');
    const user = toUser(row, company, { companyId, role: 'owner' });
    await signIn(req, user);
    res.status(201).json(user);
  });

  /**
   * Password change: the current password is required (a wrong one counts as a failed login),
   * the new one follows the registration rules; the session gets a new id and the user's other
   * sessions end.
   */
  router.post('/user/password', requireUser, json, async (req, res) => {
    const input = parseOr400(changePasswordSchema, req.body);
    const sessionUser = userOf(req);
    const row = await users.findById(sessionUser.id);
    if (!row) throw new HttpError(401, MESSAGES_AUTH.notAuthenticated);
    refusePassword('newPassword', passwordProblem(input.newPassword, { username: row.username, companyName: sessionUser.companyName }));
    const ip = clientAddress(req);
    if (!(await limiter.reserve(row.username, ip))) throw new HttpError(429, MESSAGES_AUTH.tooManyAttempts);
    if (!(await verifyPassword(row.passwordHash, input.currentPassword)))
      throw new HttpError(400, MESSAGES_SIGN_IN.currentPasswordWrong, [
        { path: 'currentPassword', message: MESSAGES_SIGN_IN.currentPasswordWrong },
      ]);
    await limiter.release(row.username, ip);
    await users.updatePasswordHash(row.id, await hashPassword(input.newPassword));
    await signIn(req, sessionUser);
    await userSessions.endOthers(row.id, req.sessionID);
    res.json({ ok: true });
  });

  /** Ends the session and forgets its id among the user's sessions. */
  const signOut = async (req: Request, res: express.Response) => {
    const userId = req.session?.userId;
    const sid = req.sessionID;
    await endSession(req, res);
    if (userId) await userSessions.remove(userId, sid);
  };

  router.post('/logout', async (req, res) => {
    await signOut(req, res);
    res.json({ ok: true });
  });

  router.get('/logout', async (req, res) => {
    if (sameOriginNavigation(req)) await signOut(req, res);
    res.redirect(302, '/');
  });

  return router;
}
