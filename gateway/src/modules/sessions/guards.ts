import type { RequestHandler, Request } from 'express';
import { MESSAGES_AUTH, type User } from '@xaalis/contracts';
import { HttpError } from '@xaalis/service-kit';

/** The session's user, or null when signed out. */
export const signedInUser = (req: Request): User | null => (req.session?.userId && req.session.user) || null;

/** The user of a route behind `requireUser` (401 should the session have ended meanwhile). */
export function userOf(req: Request): User {
  const user = signedInUser(req);
  if (!user) throw new HttpError(401, MESSAGES_AUTH.notAuthenticated);
  return user;
}

/** 401 JSON for signed-out requests. */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (!signedInUser(req)) {
    next(new HttpError(401, MESSAGES_AUTH.notAuthenticated));
    return;
  }
  next();
};
