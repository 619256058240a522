import { randomUUID } from 'node:crypto';
import express, { Router } from 'express';
import { loginSchema, MESSAGES_AUTH, registerSchema, type Company } from '@xaalis/contracts';
import { HttpError, parseOr400 } from '@xaalis/service-kit';
import { endSession, establishSession, requireUser } from '../sessions';
import { toUser, type UsersRepository, type UserRecord } from '../users';
import { currentUser, rememberCompany, type AccountingClient } from '../companies';
import type { LoginLimiter } from '../rate-limit';
import { dummyHash, hashPassword, verifyPassword } from './passwords';

export interface AuthDeps {
  users: UsersRepository;
  accounting: AccountingClient;
  limiter: LoginLimiter;
  /** Rejects (503) when the session store is down, before anything is created. */
  checkSessionStore: () => Promise<void>;
}

const json = express.json({ limit: '100kb' });

/** Routes that need no session: safe to serve while Redis is down. */
export function authRedirectRoutes(): Router {
  const router = Router();
  router.get('/login', (_req, res) => res.redirect(302, '/auth'));
  return router;
}

/** GET /api/user, POST /api/login, /api/register, /api/logout, GET /api/logout. */
export function authRoutes({ users, accounting, limiter, checkSessionStore }: AuthDeps): Router {
  const router = Router();

  router.get('/user', requireUser, async (req, res) => {
    res.json(await currentUser(req, accounting));
  });

  router.post('/login', json, async (req, res) => {
    const { username, password } = parseOr400(loginSchema, req.body);
    const ip = req.ip ?? 'unknown';
    if (await limiter.isBlocked(username, ip)) throw new HttpError(429, MESSAGES_AUTH.tooManyAttempts);
    const row = await users.findByUsername(username);
    // Verify even when the user does not exist, so timing does not reveal usernames.
    const valid = await verifyPassword(row?.passwordHash ?? (await dummyHash()), password);
    if (!row || !valid) {
      await limiter.recordFailure(username, ip);
      throw new HttpError(401, MESSAGES_AUTH.invalidCredentials);
    }
    await limiter.reset(username);
    const company = row.companyId ? await accounting.getCompany(row.companyId, row.id, req.id as string).catch(() => null) : null;
    const user = toUser(row, company);
    await establishSession(req, user);
    // Without the company (accounting down), GET /api/user retries reading it.
    res.json(rememberCompany(req, user, company));
  });

  router.post('/register', json, async (req, res) => {
    const input = parseOr400(registerSchema, req.body);
    await checkSessionStore();
    await users.assertAvailable(input.username, input.email);
    const passwordHash = await hashPassword(input.password);
    // One flow, nothing half-done: the user row waits in an open transaction while
    // accounting creates the company under the id chosen here; if that fails the
    // row is rolled back, and if the commit fails the company is deleted again.
    const companyId = randomUUID();
    const tx = await users.transaction();
    let row: UserRecord;
    let company: Company;
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
      company = await accounting.createCompany(
        { id: companyId, name: input.companyName, address: input.address, phone: input.phone, email: input.email, sector: input.sector },
        req.id as string,
      );
    } catch (err) {
      await tx.rollback().catch(() => {});
      throw err;
    }
    try {
      await tx.commit();
    } catch (err) {
      await accounting
        .deleteCompany(companyId, req.id as string)
        .catch((e: unknown) => req.log?.error({ err: e, companyId }, 'company compensation failed'));
      throw err;
    }
    const user = toUser(row, company);
    await establishSession(req, user);
    res.status(201).json(user);
  });

  router.post('/logout', async (req, res) => {
    await endSession(req, res);
    res.json({ ok: true });
  });

  router.get('/logout', async (req, res) => {
    await endSession(req, res);
    res.redirect(302, '/');
  });

  return router;
}
