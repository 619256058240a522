import type { RequestHandler } from 'express';
import { isCanonicalPath, MESSAGES_HTTP } from '@xaalis/contracts';

/**
 * First gate of every `/api` request (any case of `/api`): a path not in canonical form — an
 * upper-case letter, a percent-encoded byte (slash, dot or anything else), a dot segment or a
 * trailing dot, a doubled slash — is 404 before any session, proxy or route sees it. Routers match
 * case-sensitively and the services apply the same rule, so the role rule, the ownership table
 * and the route matcher all read the same string.
 */
export const canonicalPathGuard: RequestHandler = (req, res, next) => {
  const url = req.originalUrl;
  const isApi = url.slice(0, 5).toLowerCase() === '/api/' || url.split('?')[0].toLowerCase() === '/api';
  if (!isApi || isCanonicalPath(url)) next();
  else res.status(404).json({ message: MESSAGES_HTTP.notFound });
};
