import { HEADERS, isRole, SERVICE_DEFAULT_PORTS, serviceUnavailableMessage, type ServiceName } from '@xaalis/contracts';
import { HttpError } from './errors';
import { isUuid, type Tenant } from './tenant';

/**
 * Calls from one domain service to another's `/internal/...` routes (DESIGN §5):
 * internal token, short timeout, one call per page. A service that is down,
 * slow or failing answers 503 with the French "service unavailable" message, so
 * callers can show their own data with a notice; a 4xx keeps the owner's own
 * French message and issues. A write made for a user forwards that user and
 * role (`userId`, `role`), which the owner validates and records as the author.
 */
export interface InternalClient {
  get<T>(path: string, opts?: CallOptions): Promise<T>;
  post<T>(path: string, body: unknown, opts?: CallOptions): Promise<T>;
}

/**
 * The user acting in the request that makes the call (the gateway's X-User-Id and X-User-Role,
 * as `tenantOf(req)` read them), so that the owner records the author of what it writes.
 * Null for calls without a user (scheduled jobs, sweeps).
 */
export type Actor = Pick<Tenant, 'userId' | 'role'>;

/** No user: what jobs and sweeps pass. */
export const NO_ACTOR: Actor = Object.freeze({ userId: null, role: null });

export interface CallOptions extends Partial<Actor> {
  timeoutMs?: number;
  requestId?: string;
}

/** X-User-Id and X-User-Role for the acting user; a value that is not a uuid or a known role is not sent. */
function actorHeaders(opts: CallOptions): Record<string, string> {
  return {
    ...(isUuid(opts.userId) ? { [HEADERS.userId]: opts.userId } : {}),
    ...(isRole(opts.role) ? { [HEADERS.role]: opts.role } : {}),
  };
}

/** The base URL of a service: `<NAME>_URL` (e.g. ACCOUNTING_URL), else its local default port. */
export function serviceUrl(service: ServiceName, env: NodeJS.ProcessEnv = process.env): string {
  return env[`${service.toUpperCase()}_URL`] || `http://127.0.0.1:${SERVICE_DEFAULT_PORTS[service]}`;
}

export const INTERNAL_TIMEOUT_MS = 2_000;

export function internalClient(service: ServiceName, internalToken: string, baseUrl = serviceUrl(service)): InternalClient {
  const unavailable = () => new HttpError(503, serviceUnavailableMessage(service));

  async function call<T>(method: string, path: string, body: unknown, opts: CallOptions = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          [HEADERS.internalToken]: internalToken,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.requestId ? { [HEADERS.requestId]: opts.requestId } : {}),
          ...actorHeaders(opts),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs ?? INTERNAL_TIMEOUT_MS),
      });
    } catch {
      throw unavailable(); // refused, reset or timed out
    }
    if (res.ok) return (res.status === 204 ? null : await res.json()) as T;
    if (res.status >= 500) throw unavailable();
    const payload = (await res.json().catch(() => ({}))) as { message?: string; issues?: { path: string; message: string }[] };
    throw new HttpError(res.status, payload.message ?? serviceUnavailableMessage(service), payload.issues);
  }

  return {
    get: (path, opts) => call('GET', path, undefined, opts),
    post: (path, body, opts) => call('POST', path, body, opts),
  };
}
