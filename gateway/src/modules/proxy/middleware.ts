import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Pool, type Dispatcher } from 'undici';
import type { Request, RequestHandler, Response } from 'express';
import {
  HEADERS,
  isCanonicalPath,
  MESSAGES_AUTH,
  MESSAGES_HTTP,
  SERVICES,
  serviceUnavailableMessage,
  type Role,
  type ServiceName,
  type User,
} from '@xaalis/contracts';
import { HttpError, type Logger } from '@xaalis/service-kit';
import { requestIsSecure, signedInUser, type SessionWithRole, type TrustProxy } from '../sessions';
import type { Access } from '../memberships/access';
import { resolveRoute, type ProxyRoute } from './table';

export interface ProxyOptions {
  services: Record<ServiceName, string>;
  internalToken: string;
  proxyTimeoutMs: number;
  connectTimeoutMs: number;
  log: Logger;
  /** The session of a plain signed-in read and the user's role, without express-session (see createSessionReader). */
  readSession: (cookie: string | undefined, secure: boolean) => Promise<SessionWithRole | null>;
  /** The user's current role in a company (null: not a member), for requests through express-session. */
  access: Pick<Access, 'role'>;
  /** The security headers every response carries (see securityHeaders). */
  securityHeaders: Readonly<Record<string, string>>;
  /** The id of a request from its incoming X-Request-Id (see requestId). */
  requestId: (incoming: string | undefined) => string;
}

export interface ServiceProxy {
  /**
   * Runs before Express (the fast path of most requests): a GET/HEAD of a service's canonical
   * path by a signed-in member of the path's company, whose session needs no write, is proxied at
   * once, with its request id, security headers and access log line, and none of Express's chain
   * (logger middleware, helmet, routers, express-session). Anything else, and any doubt (no plain
   * session, not a member, another company, the store failing), goes to `ordinary` (the Express
   * app), which answers it with every rule. `trust`: the app's 'trust proxy fn' (req.secure).
   */
  fastRead(req: IncomingMessage, res: ServerResponse, trust: TrustProxy, ordinary: () => void): void;
  /** Proxies `/api` paths owned by a service; calls next() for the others (the gateway's own routes). */
  handler: RequestHandler;
  /** Frees the keep-alive sockets (shutdown, tests). */
  close(): void;
}

interface Target {
  pool: Pool;
  /** Path of the service's base URL, without trailing slash (usually ''). */
  basePath: string;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection: never forwarded either way. The
// keep-alive agent manages the gateway → service connections, Node the browser → gateway ones.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade']);
// Identity comes from the session only: whatever the browser sent under these names is dropped.
// The session cookie stays here too: services have no use for it.
const DROPPED = new Set([
  ...HOP_BY_HOP,
  // Node's server has answered 100-continue already; the client refuses to send it on.
  'expect',
  'cookie',
  HEADERS.userId,
  HEADERS.companyId,
  HEADERS.role,
  HEADERS.internalToken,
  HEADERS.requestId,
  HEADERS.minLsn,
]);

function sendUnavailable(res: ServerResponse, service: ServiceName, headers: OutgoingHttpHeaders): void {
  if (res.headersSent) return void res.destroy(); // the response had started: cut it
  const body = JSON.stringify({ message: serviceUnavailableMessage(service) });
  res.writeHead(503, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** The request id among the identity headers sent to the service. */
const requestIdOf = (identity: OutgoingHttpHeaders) => String(identity[HEADERS.requestId]);

/**
 * The `/api/*` proxy: session required, tenancy guard, trusted identity headers, then the owning
 * service over a keep-alive agent (a thin http.request: http-proxy-middleware cost more than the
 * rest of the request). Request and response bodies stream through untouched (no body parser runs
 * on these paths). A service that refuses the connection, does not connect within
 * `connectTimeoutMs` or stays silent for `proxyTimeoutMs` gets a 503 JSON answer.
 */
export function createServiceProxy(opts: ProxyOptions): ServiceProxy {
  const targets = Object.fromEntries(
    SERVICES.map((service) => {
      const url = new URL(opts.services[service]);
      const target: Target = {
        // undici's pool: about a tenth of a proxied read's CPU less than http.request and pipe.
        pool: new Pool(url.origin, {
          connections: 100,
          pipelining: 1,
          connectTimeout: opts.connectTimeoutMs,
          // A service that accepted the request but stays silent for proxyTimeoutMs.
          headersTimeout: opts.proxyTimeoutMs,
          bodyTimeout: opts.proxyTimeoutMs,
        }),
        basePath: url.pathname.replace(/\/+$/, ''),
      };
      return [service, target];
    }),
  ) as Record<ServiceName, Target>;

  /**
   * Streams the request to the service and its answer back. `path` is the full `/api/...` URL
   * with its query; `written` runs when the service accepted a write, with the primary's WAL
   * position after it when the service reads from a replica (HEADERS.writeLsn). The answer carries the
   * gateway's security headers (over the service's own: the gateway sets the browser's policy)
   * and the request id.
   */
  function forward(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    service: ServiceName,
    identity: OutgoingHttpHeaders,
    written: ((writeLsn: string | undefined) => void) | null,
  ) {
    const target = targets[service];
    // From the raw list, repeated fields as they came (the service's Node merges them as ours
    // would): Node then neither builds the request's headers object nor validates ours one by one.
    const raw = req.rawHeaders;
    const headers: string[] = [];
    let hasBody = false;
    let host = false;
    let length = false;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i].toLowerCase();
      if (DROPPED.has(name)) continue;
      // The body is re-framed by the client (chunked when its length is unknown).
      if (name === 'transfer-encoding') {
        hasBody = true;
        continue;
      }
      if (name === 'content-length') {
        if (length) continue; // one length only, the first (as Node reads it)
        length = true;
        if (raw[i + 1] !== '0') hasBody = true;
      }
      if (name === 'host') {
        if (host) continue; // one host only, the first (as Node reads it)
        host = true;
      }
      headers.push(raw[i], raw[i + 1]);
    }
    for (const name in identity) headers.push(name, String(identity[name]));

    let failed = false;
    let clientGone = false;
    const fail = (err: NodeJS.ErrnoException) => {
      if (failed || clientGone) return;
      failed = true;
      opts.log.warn(
        { err: err.code ?? err.message, target: service, url: path, reqId: identity[HEADERS.requestId] },
        'service unreachable',
      );
      sendUnavailable(res, service, { ...opts.securityHeaders, [HEADERS.requestId]: requestIdOf(identity) });
    };

    let controller: Dispatcher.DispatchController | null = null;
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
      },
      onResponseStart(c, status, parsed, statusMessage) {
        if (written && status < 300) {
          const lsn = parsed[HEADERS.writeLsn];
          written(typeof lsn === 'string' ? lsn : undefined);
        }
        // From the raw list (name, value, name, value…) when undici keeps it. Repeated fields
        // (Set-Cookie) stay as they came; ours replace the service's of the same name.
        const raw = Array.isArray(c.rawHeaders)
          ? c.rawHeaders
          : Object.entries(parsed).flatMap(([k, v]) => [v ?? []].flat().flatMap((x) => [k, x]));
        const http10 = req.httpVersion === '1.0';
        const out: string[] = [];
        for (let i = 0; i < raw.length; i += 2) {
          const name = raw[i].toString('latin1');
          const lower = name.toLowerCase();
          if (HOP_BY_HOP.has(lower) || lower in opts.securityHeaders || lower === HEADERS.requestId || lower === HEADERS.writeLsn) continue;
          // An HTTP/1.0 client cannot read chunked bodies: Node closes the connection at the end instead.
          if (http10 && lower === 'transfer-encoding') continue;
          out.push(name, raw[i + 1].toString('latin1'));
        }
        for (const name in opts.securityHeaders) out.push(name, opts.securityHeaders[name]);
        out.push(HEADERS.requestId, requestIdOf(identity));
        res.writeHead(status, statusMessage, out);
      },
      onResponseData(c, chunk) {
        // The browser reads slower than the service answers: stop reading the service meanwhile.
        if (!res.write(chunk)) {
          c.pause();
          res.once('drain', () => c.resume());
        }
      },
      onResponseEnd() {
        res.end();
      },
      onResponseError(_c, err) {
        fail(err);
      },
    };
    // The browser went away before the answer was complete: stop the service's work too.
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      controller?.abort(new Error('client gone'));
    });
    try {
      target.pool.dispatch({ method: req.method ?? 'GET', path: target.basePath + path, headers, body: hasBody ? req : null }, handler);
    } catch (err) {
      fail(err as NodeJS.ErrnoException);
    }
  }

  const identity = (userId: string, companyId: string, role: Role, id: string, minLsn: string | undefined): OutgoingHttpHeaders => ({
    [HEADERS.userId]: userId,
    [HEADERS.companyId]: companyId,
    [HEADERS.role]: role,
    [HEADERS.internalToken]: opts.internalToken,
    [HEADERS.requestId]: id,
    ...(minLsn ? { [HEADERS.minLsn]: minLsn } : {}),
  });

  function proxy(route: ProxyRoute, user: User | null, role: Role | null, req: Request, res: Response, next: (err?: unknown) => void) {
    if (!user) {
      next(new HttpError(401, MESSAGES_AUTH.notAuthenticated));
      return;
    }
    // Tenancy guard: another company's data does not exist for this user.
    if (route.companyId !== undefined && route.companyId !== user.companyId) {
      next(new HttpError(404, MESSAGES_HTTP.notFound));
      return;
    }
    if (!user.companyId) {
      next(new HttpError(403, MESSAGES_HTTP.missingTenant));
      return;
    }
    // No longer a member (removed since the session began): nothing of the company exists for them.
    if (!role) {
      next(new HttpError(404, MESSAGES_HTTP.notFound));
      return;
    }
    const session = req.session;
    const service = route.service;
    const written =
      req.method !== 'GET' && session
        ? (writeLsn: string | undefined) => {
            // The settings page changed the company: GET /api/user re-reads name and sector.
            if (route.companyRecord) session.companyRefreshedAt = 0;
            // Saved with the session before the answer ends (express-session), so the next read has it.
            if (writeLsn) session.readAfter = { ...session.readAfter, [service]: writeLsn };
          }
        : null;
    const minLsn = session?.readAfter?.[service];
    // Mounted under /api, Express strips the mount path from req.url: originalUrl is the full path.
    forward(req, res, req.originalUrl, service, identity(user.id, user.companyId, role, req.id as string, minLsn), written); // pino-http's id
  }

  const handler: RequestHandler = (req, res, next) => {
    const route = resolveRoute(req.originalUrl.split('?')[0]);
    if (!route) {
      next(); // the gateway's own routes, or a 404
      return;
    }
    const user = signedInUser(req);
    if (!user?.companyId) {
      proxy(route, user, null, req, res, next);
      return;
    }
    opts.access
      .role(user.id, user.companyId)
      .then((role) => proxy(route, user, role, req, res, next))
      .catch(next);
  };

  function fastRead(req: IncomingMessage, res: ServerResponse, trust: TrustProxy, ordinary: () => void): void {
    const url = req.url ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith('/api/') || !isCanonicalPath(url)) {
      ordinary();
      return;
    }
    const route = resolveRoute(url.split('?')[0]);
    if (!route) {
      ordinary();
      return;
    }
    // The three fields read here, from the raw list (see forward).
    let cookie: string | undefined;
    let incomingId: string | undefined;
    let forwardedProto: string | undefined;
    const raw = req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i].toLowerCase();
      // Repeated fields joined as Node joins them (then an id with ', ' is no id; the first proto counts).
      if (name === 'cookie') cookie = cookie === undefined ? raw[i + 1] : `${cookie}; ${raw[i + 1]}`;
      else if (name === HEADERS.requestId) incomingId = incomingId === undefined ? raw[i + 1] : `${incomingId}, ${raw[i + 1]}`;
      else if (name === 'x-forwarded-proto') forwardedProto ??= raw[i + 1];
    }
    opts.readSession(cookie, requestIsSecure(req.socket, forwardedProto, trust)).then(
      (found) => {
        const user = found?.session.user;
        const role = found?.role;
        if (!user?.companyId || !role || (route.companyId !== undefined && route.companyId !== user.companyId)) {
          ordinary(); // answers 401, 403 or 404, or handles the session
          return;
        }
        const id = opts.requestId(incomingId);
        const start = Date.now();
        res.once('close', () => {
          // The access log line of the ordinary chain's logger (pino-http), same fields.
          const line = { req: { id, method: req.method, url }, res: { statusCode: res.statusCode }, responseTime: Date.now() - start };
          opts.log.info(line, res.writableFinished ? 'request completed' : 'request aborted');
        });
        const minLsn = found?.session.readAfter?.[route.service];
        forward(req, res, url, route.service, identity(user.id, user.companyId, role, id, minLsn), null);
      },
      ordinary, // the store failed: the ordinary chain answers (503)
    );
  }

  return { fastRead, handler, close: () => Object.values(targets).forEach((t) => void t.pool.destroy()) };
}
