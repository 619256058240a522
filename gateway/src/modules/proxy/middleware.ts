import http from 'node:http';
import type { Socket } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware, type RequestHandler as ProxyHandler } from 'http-proxy-middleware';
import { HEADERS, MESSAGES_AUTH, MESSAGES_HTTP, SERVICES, serviceUnavailableMessage, type ServiceName } from '@xaalis/contracts';
import { HttpError, type Logger } from '@xaalis/service-kit';
import { signedInUser } from '../sessions';
import { resolveRoute } from './table';

export interface ProxyOptions {
  services: Record<ServiceName, string>;
  internalToken: string;
  proxyTimeoutMs: number;
  connectTimeoutMs: number;
  log: Logger;
}

export interface ServiceProxy {
  handler: RequestHandler;
  /** Frees the keep-alive sockets (shutdown, tests). */
  close(): void;
}

function sendUnavailable(res: http.ServerResponse | Socket, service: ServiceName): void {
  if (!(res instanceof http.ServerResponse)) return void res.destroy();
  if (res.headersSent) return void res.destroy(); // the response had started: cut it
  const body = JSON.stringify({ message: serviceUnavailableMessage(service) });
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * The `/api/*` proxy: session required, tenancy guard, trusted identity headers,
 * then http-proxy-middleware to the owning service. Request bodies stream through
 * untouched (no body parser runs on these paths).
 */
export function createServiceProxy(opts: ProxyOptions): ServiceProxy {
  const agents: http.Agent[] = [];
  const proxies = Object.fromEntries(
    SERVICES.map((service) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 100, timeout: 60_000 });
      agents.push(agent);
      const proxy = createProxyMiddleware<Request, Response>({
        target: opts.services[service],
        agent,
        proxyTimeout: opts.proxyTimeoutMs,
        logger: undefined,
        on: {
          proxyReq: (proxyReq) => {
            // Connection refused is immediate, but an unreachable host would wait for
            // the OS connect timeout: cap the connect phase (reused sockets skip this).
            const socket = proxyReq.socket;
            if (!socket?.connecting) return;
            const timer = setTimeout(
              () => proxyReq.destroy(Object.assign(new Error('connect timeout'), { code: 'ECONNTIMEOUT' })),
              opts.connectTimeoutMs,
            );
            socket.once('connect', () => clearTimeout(timer));
            socket.once('close', () => clearTimeout(timer));
          },
          proxyRes: (proxyRes, req) => {
            // The settings page changed the company: GET /api/user re-reads name and sector.
            if (req.method !== 'GET' && req.session && (proxyRes.statusCode ?? 500) < 300 && resolveRoute(req.path)?.companyRecord) {
              req.session.companyRefreshedAt = 0;
            }
          },
          error: (err, req, res) => {
            opts.log.warn(
              { err: (err as NodeJS.ErrnoException).code ?? err.message, target: service, url: req.url, reqId: req.id },
              'service unreachable',
            );
            sendUnavailable(res, service);
          },
        },
      });
      return [service, proxy];
    }),
  ) as Record<ServiceName, ProxyHandler<Request, Response>>;

  const handler: RequestHandler = (req, res, next) => {
    const route = resolveRoute(req.originalUrl.split('?')[0]);
    if (!route) {
      next(new HttpError(404, MESSAGES_HTTP.notFound));
      return;
    }
    const user = signedInUser(req);
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

    // Identity comes from the session only: drop whatever the browser sent, then set ours.
    const headers = req.headers;
    headers[HEADERS.userId] = user.id;
    headers[HEADERS.companyId] = user.companyId;
    headers[HEADERS.internalToken] = opts.internalToken;
    headers[HEADERS.requestId] = req.id as string; // pino-http's id, a string we generate
    delete headers.cookie; // services have no use for the session cookie
    // Mounted under /api, Express strips the mount path from req.url: restore it.
    req.url = req.originalUrl;
    void proxies[route.service](req, res, next);
  };

  return { handler, close: () => agents.forEach((a) => a.destroy()) };
}
