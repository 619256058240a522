export {
  sessionMiddleware,
  createSessionStore,
  establishSession,
  endSession,
  sessionCookieName,
  SESSION_COOKIE,
  SECURE_SESSION_COOKIE,
  IDLE_TIMEOUT_MS,
  ABSOLUTE_LIFETIME_MS,
  type SessionCookieOptions,
} from './middleware';
export { createUserSessions, type UserSessions } from './user-sessions';
export { SessionUnavailableError, storeCheck } from './store';
export { requireUser, signedInUser, userOf } from './guards';
