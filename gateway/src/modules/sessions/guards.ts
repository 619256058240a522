import type { RequestHandler, Request } from 'express';
import { MESSAGES_AUTH, type User } from '@xaalis/contracts';
import { HttpError } from '@xaalis/service-kit';

/** The session's user, or null when signed out. */
export const signedInUser = (req: Request): User | null => (req.session?.userId && req.session.user) || null;

/** 401 JSON for signed-out requests. */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (!signedInUser(req)) return next(new HttpError(401, MESSAGES_AUTH.notAuthenticated));
  next();
};
