import type { Socket } from 'node:net';
import { promisify } from 'node:util';
import session, { MemoryStore, type Store } from 'express-session';
import type { Request, RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import type { ServiceName, User } from '@xaalis/contracts';
import { GuardedRedisStore, markNewSession } from './store';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    /** Login time (ms): the session ends 12 h after it whatever the activity. */
    loginAt: number;
    /** The user as last returned, so GET /api/user needs no database read. */
    user: User;
    /** When the company name/sector in `user` were last read from the accounting service (0: stale). */
    companyRefreshedAt: number;
    /** When the session's expiry (Redis TTL, cookie expiry) was last pushed back (ms). */
    touchedAt: number;
    /**
     * The primary's WAL position after this session's last write, per service that reads from
     * a replica (HEADERS.writeLsn): sent back as HEADERS.minLsn, so the session reads its writes.
     */
    readAfter?: Partial<Record<ServiceName, string>>;
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
export const sessionCookieName = (req: Pick<Request, 'secure'>) => (req.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/** The app's 'trust proxy fn': whether the peer at `address` is a proxy we trust. */
export type TrustProxy = (address: string | undefined, hop: number) => boolean;

/**
 * Express's req.secure for a request Express has not seen yet: HTTPS on the socket or, from a
 * trusted proxy, the first value of its X-Forwarded-Proto (`forwardedProto`).
 */
export function requestIsSecure(socket: Socket, forwardedProto: string | undefined, trust: TrustProxy): boolean {
  const own = 'encrypted' in socket && socket.encrypted ? 'https' : 'http';
  if (!trust(socket.remoteAddress, 0)) return own === 'https';
  const proto = forwardedProto || own;
  const comma = proto.indexOf(',');
  return (comma === -1 ? proto : proto.slice(0, comma)).trim() === 'https';
}
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/**
 * An active session's expiry is pushed back at most this often, not on every request (each push is
 * a Redis write and a newly signed cookie).
 */
export const TOUCH_INTERVAL_MS = 60 * 1000;
/** The lifetime given at each push: an idle session ends 30 to 31 minutes after its last request. */
export const SESSION_TTL_MS = IDLE_TIMEOUT_MS + TOUCH_INTERVAL_MS;
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
 * express-session followed by the lifetime checks: the 30 min idle timeout, rolling at most once a
 * minute (`touchedAt`), and the 12 h absolute lifetime.
 * Two instances, chosen per request: `__Host-xaalis.sid` (Secure) over HTTPS, `xaalis.sid` on plain HTTP.
 */
export function sessionMiddleware(store: Store, secret: string, opts: SessionCookieOptions = {}): RequestHandler[] {
  // express-session writes its `generate` (new sessions, regenerate) onto the store it is given:
  // each instance gets its own view of the shared store, or the last one's cookie options win.
  const view = () => {
    const v = Object.create(store) as Store;
    // No per-request touch: the expiry is pushed back by saving the session once a minute (below).
    v.touch = undefined;
    return v;
  };
  const instance = (name: string, secure: boolean) =>
    session({
      name,
      store: view(),
      secret,
      resave: false,
      saveUninitialized: false,
      // Not rolling: the cookie is re-sent (with a fresh expiry) only when the session is saved.
      rolling: false,
      cookie: { httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_TTL_MS, path: '/' },
    });
  const overHttps = instance(SECURE_SESSION_COOKIE, true);
  const plain = instance(SESSION_COOKIE, opts.alwaysSecure ?? false);
  const base: RequestHandler = (req, res, next) => {
    void (req.secure ? overHttps : plain)(req, res, next);
  };
  const lifetime: RequestHandler = (req, _res, next) => {
    const s = req.session;
    if (!s?.userId) {
      next();
      return;
    }
    const now = Date.now();
    // The store expires idle sessions; checked here too in case a store keeps one a little longer.
    const idle = s.touchedAt !== undefined && now - s.touchedAt > SESSION_TTL_MS;
    if (idle || now - (s.loginAt ?? 0) > ABSOLUTE_LIFETIME_MS) {
      // Too old: drop it from the store and carry on signed out with a fresh, unsaved session.
      s.regenerate((err) => next(err));
      return;
    }
    // Once a minute, a changed session: express-session saves it (a new TTL) and re-sends the cookie.
    if (now - (s.touchedAt ?? 0) >= TOUCH_INTERVAL_MS) s.touchedAt = now;
    next();
  };
  return [base, lifetime];
}

/** Starts a signed-in session under a new id (no session fixation) and saves it before answering. */
export async function establishSession(req: Request, user: User): Promise<void> {
  await promisify(req.session.regenerate.bind(req.session))();
  req.session.userId = user.id;
  req.session.loginAt = Date.now();
  req.session.user = user;
  req.session.companyRefreshedAt = Date.now();
  req.session.touchedAt = req.session.loginAt;
  markNewSession(req.session);
  await promisify(req.session.save.bind(req.session))();
}

/** Removes the session from the store and tells the browser to forget the cookie. */
export async function endSession(req: Request, res: Response): Promise<void> {
  if (req.session) {
    await promisify(req.session.destroy.bind(req.session))();
  }
  res.clearCookie(sessionCookieName(req), { path: '/', httpOnly: true, sameSite: 'lax', secure: req.secure });
}
