import type { RequestHandler } from 'express';
import { MESSAGES_HTTP } from '@xaalis/contracts';
import { HttpError } from '@xaalis/service-kit';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie sessions (DESIGN.md §4). A cross-site HTML form can
 * send neither `Content-Type: application/json` nor a custom header without a
 * CORS preflight, which we never grant; and a browser's Origin, when sent, must
 * be this site (or one of `allowedOrigins`, for development servers).
 */
export function csrfGuard(allowedOrigins: string[] = []): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) {
      next();
      return;
    }
    const contentType = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const scripted = contentType === 'application/json' || req.get('x-requested-with') !== undefined;
    if (!scripted || !sameOrigin(req.get('origin'), req.host, allowed)) {
      next(new HttpError(403, MESSAGES_HTTP.csrf));
      return;
    }
    next();
  };
}

function sameOrigin(origin: string | undefined, host: string | undefined, allowed: Set<string>): boolean {
  if (origin === undefined) return true; // non-browser clients omit it; the header test above still applies
  const normalized = origin.toLowerCase();
  if (allowed.has(normalized)) return true;
  try {
    return !!host && new URL(normalized).host === host.toLowerCase();
  } catch {
    return false; // "null" (sandboxed frames, file://) and garbage
  }
}
