import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { SessionData, Store } from 'express-session';
import { ABSOLUTE_LIFETIME_MS, sessionCookieName, TOUCH_INTERVAL_MS } from './middleware';

/** The first `name=value` of a Cookie header, URI-decoded (as the `cookie` package parses it). */
function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return null;
}

/** The session id of an express-session cookie value `s:<id>.<HMAC-SHA256, base64 unpadded>`, or null. */
export function unsignSessionId(value: string, secret: string): string | null {
  if (!value.startsWith('s:')) return null;
  const signed = value.slice(2);
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const sid = signed.slice(0, dot);
  const expected = Buffer.from(`${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`);
  const given = Buffer.from(signed);
  return expected.length === given.length && timingSafeEqual(expected, given) ? sid : null;
}

/**
 * The signed-in session of a read, loaded without express-session when nothing about it is to be
 * written: the same cookie, signature, store and lifetime rules, and no Set-Cookie, no store write.
 * null whenever the case is not that plain (no or badly signed cookie, no such session, signed out,
 * lifetime over, expiry due to be pushed back): express-session then handles the request as usual.
 * Rejects like the store (SessionUnavailableError when Redis is down).
 */
export function createSessionReader(store: Store, secret: string): (req: Request) => Promise<SessionData | null> {
  // Cookie values already verified → their session id (a value always verifies the same way):
  // one HMAC per session and process instead of one per request. Emptied when full.
  const verified = new Map<string, string>();
  const sessionId = (value: string): string | null => {
    const known = verified.get(value);
    if (known !== undefined) return known;
    const sid = unsignSessionId(value, secret);
    if (sid !== null) {
      if (verified.size >= 10_000) verified.clear();
      verified.set(value, sid);
    }
    return sid;
  };
  return (req) => {
    const value = cookieValue(req.headers.cookie, sessionCookieName(req));
    const sid = value === null ? null : sessionId(value);
    if (sid === null) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      store.get(sid, (err: unknown, sess?: SessionData | null) => {
        if (err) {
          reject(err instanceof Error ? err : new Error('session store error'));
          return;
        }
        const now = Date.now();
        const plain =
          !!sess?.userId &&
          !!sess.user &&
          now - (sess.loginAt ?? 0) <= ABSOLUTE_LIFETIME_MS &&
          sess.touchedAt !== undefined &&
          now - sess.touchedAt < TOUCH_INTERVAL_MS;
        resolve(plain ? sess : null);
      });
    });
  };
}
