import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { GatewayConfig } from '../../config';

// Incoming request ids are kept only when they look like ids (they end up in logs and headers).
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The request's id: the one the caller (nginx, a balancer) sent (`incoming`, its X-Request-Id)
 * when it looks like an id, a new one otherwise.
 */
export function requestId(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

function contentSecurityPolicy(config: GatewayConfig) {
  if (!config.cspEnabled) return false as const;
  // Remotes moved to another origin (REMOTE_<NAME>_URL) must be allowed to load.
  const remoteOrigins = config.remotes.remotes
    .map((r) => {
      try {
        return new URL(r.entry).origin;
      } catch {
        return null; // relative: same origin
      }
    })
    .filter((o): o is string => !!o);
  return {
    useDefaults: true,
    directives: {
      'script-src': ["'self'", ...remoteOrigins],
      'connect-src': ["'self'", ...remoteOrigins],
      // MUI/emotion inject <style> tags at run time.
      'style-src': ["'self'", "'unsafe-inline'", ...remoteOrigins],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:', ...remoteOrigins],
      // No page of ours is ever framed (clickjacking); nginx sends the same policy (infra/docker/nginx).
      'frame-ancestors': ["'none'"],
      // Local mode is plain HTTP on any host name: do not force https sub-resources.
      'upgrade-insecure-requests': null,
    },
  };
}

/**
 * The security headers of every response (helmet's, with our policy), computed once: our policy
 * has no per-request part (no nonce), so the same names and values serve every request. Running
 * helmet's twelve middlewares on each request was a visible share of a proxied read's CPU.
 */
export function securityHeaders(config: GatewayConfig): Readonly<Record<string, string>> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let done = false;
  const middleware = helmet({ contentSecurityPolicy: contentSecurityPolicy(config), frameguard: { action: 'deny' } });
  // helmet reads nothing of the request.
  middleware(Object.create(null) as never, res as never, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet failed');
    done = true;
  });
  // helmet is synchronous; anything else would mean per-request work we would silently skip.
  if (!done) throw new Error('helmet did not complete synchronously');
  return Object.freeze(Object.fromEntries(headers));
}

/** Sets the precomputed security headers on every response of the ordinary (Express) path. */
export function securityHeadersMiddleware(headers: Readonly<Record<string, string>>): RequestHandler {
  return (_req, res, next) => {
    for (const name in headers) res.setHeader(name, headers[name]);
    next();
  };
}
