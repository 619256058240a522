import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SessionData, Store } from 'express-session';
import type { Redis } from 'ioredis';
import { isRole, type Role } from '@xaalis/contracts';
import type { Access } from '../memberships/access';
import { SessionUnavailableError } from './store';
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

/** A signed-in session with the user's current role in its company (null: not a member). */
export interface SessionWithRole {
  session: SessionData;
  role: Role | null;
}

/**
 * Reads a session and the mirrored membership of its user and company in ONE Redis round trip
 * (the membership key depends on the session's content). The ids are found by pattern, not by
 * decoding the JSON (cjson cost more than the GETs); the gateway uses the role only when those ids
 * are the parsed session's own. Scripts may only touch declared keys on a Redis Cluster; we run a
 * single Redis, where reading the derived key is fine.
 */
const READ_SESSION_AND_MEMBER = `
local s = redis.call('GET', KEYS[1])
if not s then return false end
local u = string.match(s, '"userId":"([%x%-]+)"')
local c = string.match(s, '"companyId":"([%x%-]+)"')
if not u or not c then return {s} end
return {s, c, u, redis.call('GET', ARGV[1] .. c .. ':' .. u)}`;

/** [session JSON, company id, user id, mirrored role]: the last three only when found. */
type ScriptedRedis = Redis & {
  xaalisSessionAndMember(key: string, memberPrefix: string): Promise<[string, string?, string?, string?] | null>;
};

export interface SessionReaderOptions {
  store: Store;
  secret: string;
  access: Access;
  /** With Redis: the session and the membership are read by one script (see above). */
  redis: Redis | null;
  /** The session store's key prefix (`<prefix>:sess:`). */
  sessionPrefix: string;
}

/**
 * The signed-in session of a read, loaded without express-session when nothing about it is to be
 * written: the same cookie, signature, store and lifetime rules, and no Set-Cookie, no store write.
 * null whenever the case is not that plain (no or badly signed cookie, no such session, signed out,
 * lifetime over, expiry due to be pushed back): express-session then handles the request as usual.
 * Rejects like the store (SessionUnavailableError when Redis is down). `secure`: whether the
 * request came over HTTPS (req.secure, see requestIsSecure), which names the cookie.
 */
export function createSessionReader(
  opts: SessionReaderOptions,
): (cookie: string | undefined, secure: boolean) => Promise<SessionWithRole | null> {
  const { store, secret, access, redis, sessionPrefix } = opts;
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
  const plain = (sess: SessionData | null | undefined): sess is SessionData => {
    const now = Date.now();
    return (
      !!sess?.userId &&
      !!sess.user &&
      now - (sess.loginAt ?? 0) <= ABSOLUTE_LIFETIME_MS &&
      sess.touchedAt !== undefined &&
      now - sess.touchedAt < TOUCH_INTERVAL_MS
    );
  };
  const withRole = (session: SessionData, mirrored: string | null): SessionWithRole | Promise<SessionWithRole> => {
    const companyId = session.user.companyId;
    if (!companyId) return { session, role: null };
    // The usual case, a mirrored role: no further await on the request path.
    if (isRole(mirrored)) return { session, role: mirrored };
    return access.fromMirror(session.userId, companyId, mirrored).then((role) => ({ session, role }));
  };

  let scripted: ScriptedRedis | null = null;
  if (redis && access.keyPrefix) {
    redis.defineCommand('xaalisSessionAndMember', { numberOfKeys: 1, lua: READ_SESSION_AND_MEMBER });
    scripted = redis as ScriptedRedis;
  }
  const memberPrefix = access.keyPrefix ?? '';

  // The last parse of each session's stored JSON: an unchanged session (most reads) is not parsed
  // again. Read only: nobody writes to these objects. Emptied when full.
  const parsed = new Map<string, { json: string; session: SessionData }>();
  const parse = (sid: string, json: string): SessionData => {
    const known = parsed.get(sid);
    if (known?.json === json) return known.session;
    const session = JSON.parse(json) as SessionData;
    if (parsed.size >= 10_000) parsed.clear();
    parsed.set(sid, { json, session });
    return session;
  };

  return async (cookie, secure) => {
    const value = cookieValue(cookie, sessionCookieName({ secure }));
    const sid = value === null ? null : sessionId(value);
    if (sid === null) return null;
    if (scripted) {
      let found: [string, string?, string?, string?] | null;
      try {
        found = await scripted.xaalisSessionAndMember(sessionPrefix + sid, memberPrefix);
      } catch (err) {
        throw new SessionUnavailableError(err);
      }
      if (!found) return null;
      const sess = parse(sid, found[0]);
      if (!plain(sess)) return null;
      const sameIds = found[1] === sess.user.companyId && found[2] === sess.userId;
      return withRole(sess, sameIds ? (found[3] ?? null) : null);
    }
    const sess = await new Promise<SessionData | null>((resolve, reject) => {
      store.get(sid, (err: unknown, data?: SessionData | null) => {
        if (err) reject(err instanceof Error ? err : new Error('session store error'));
        else resolve(data ?? null);
      });
    });
    return plain(sess) ? withRole(sess, null) : null;
  };
}
