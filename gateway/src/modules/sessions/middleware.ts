import { promisify } from 'node:util';
import session, { MemoryStore, type Store } from 'express-session';
import type { Request, RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import type { User } from '@xaalis/contracts';
import { GuardedRedisStore } from './store';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    /** Login time (ms): the session ends 12 h after it whatever the activity. */
    loginAt: number;
    /** The user as last returned, so GET /api/user needs no database read. */
    user: User;
    /** When the company name/sector in `user` were last read from the accounting service (0: stale). */
    companyRefreshedAt: number;
  }
}

/** The cookie on plain HTTP (local mode). */
export const SESSION_COOKIE = 'xaalis.sid';
/**
 * The cookie over HTTPS: the __Host- prefix makes the browser refuse it unless it is Secure,
 * Path=/ and without Domain, so no subdomain (or plain-HTTP page) can plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = '__Host-xaalis.sid';
/** The session cookie's name for this request: req.secure follows the 'trust proxy' setting. */
export const sessionCookieName = (req: Request) => (req.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

export interface SessionStoreOptions {
  /** null: in-memory store (single-process fallback without Redis). */
  redis: Redis | null;
  redisPrefix: string;
}

export function createSessionStore(opts: SessionStoreOptions): Store {
  return opts.redis ? new GuardedRedisStore(opts.redis, `${opts.redisPrefix}:sess:`) : new MemoryStore();
}

export interface SessionCookieOptions {
  /** Production: the cookie is always Secure, so a plain-HTTP hop never receives one. */
  alwaysSecure?: boolean;
}

/**
 * express-session (rolling 30 min idle timeout) followed by the 12 h absolute lifetime check.
 * Two instances, chosen per request: `__Host-xaalis.sid` (Secure) over HTTPS, `xaalis.sid` on plain HTTP.
 */
export function sessionMiddleware(store: Store, secret: string, opts: SessionCookieOptions = {}): RequestHandler[] {
  // express-session writes its `generate` (new sessions, regenerate) onto the store it is given:
  // each instance gets its own view of the shared store, or the last one's cookie options win.
  const instance = (name: string, secure: boolean) =>
    session({
      name,
      store: Object.create(store) as Store,
      secret,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure, maxAge: IDLE_TIMEOUT_MS, path: '/' },
    });
  const overHttps = instance(SECURE_SESSION_COOKIE, true);
  const plain = instance(SESSION_COOKIE, opts.alwaysSecure ?? false);
  const base: RequestHandler = (req, res, next) => {
    void (req.secure ? overHttps : plain)(req, res, next);
  };
  const absoluteLifetime: RequestHandler = (req, _res, next) => {
    const s = req.session;
    if (!s?.userId || Date.now() - (s.loginAt ?? 0) <= ABSOLUTE_LIFETIME_MS) {
      next();
      return;
    }
    // Too old: drop it from the store and carry on signed out with a fresh, unsaved session.
    s.regenerate((err) => next(err));
  };
  return [base, absoluteLifetime];
}

/** Starts a signed-in session under a new id (no session fixation) and saves it before answering. */
export async function establishSession(req: Request, user: User): Promise<void> {
  await promisify(req.session.regenerate.bind(req.session))();
  req.session.userId = user.id;
  req.session.loginAt = Date.now();
  req.session.user = user;
  req.session.companyRefreshedAt = Date.now();
  await promisify(req.session.save.bind(req.session))();
}

/** Removes the session from the store and tells the browser to forget the cookie. */
export async function endSession(req: Request, res: Response): Promise<void> {
  if (req.session) {
    await promisify(req.session.destroy.bind(req.session))();
  }
  res.clearCookie(sessionCookieName(req), { path: '/', httpOnly: true, sameSite: 'lax', secure: req.secure });
}
