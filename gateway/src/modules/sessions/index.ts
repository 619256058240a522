export {
  sessionMiddleware,
  createSessionStore,
  establishSession,
  endSession,
  sessionCookieName,
  requestIsSecure,
  type TrustProxy,
  SESSION_COOKIE,
  SECURE_SESSION_COOKIE,
  IDLE_TIMEOUT_MS,
  TOUCH_INTERVAL_MS,
  SESSION_TTL_MS,
  ABSOLUTE_LIFETIME_MS,
  type SessionCookieOptions,
} from './middleware';
export { createUserSessions, type UserSessions } from './user-sessions';
export { SessionUnavailableError, storeCheck } from './store';
export { requireUser, signedInUser, userOf } from './guards';
export { createSessionReader, unsignSessionId, type SessionWithRole } from './read-only';
