export {
  sessionMiddleware,
  createSessionStore,
  establishSession,
  endSession,
  SESSION_COOKIE,
  IDLE_TIMEOUT_MS,
  ABSOLUTE_LIFETIME_MS,
} from './middleware';
export { SessionUnavailableError, storeCheck } from './store';
export { requireUser, signedInUser, userOf } from './guards';
