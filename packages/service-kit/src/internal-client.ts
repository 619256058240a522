import { HEADERS, SERVICE_DEFAULT_PORTS, serviceUnavailableMessage, type ServiceName } from '@xaalis/contracts';
import { HttpError } from './errors';

/**
 * Calls from one domain service to another's `/internal/...` routes (DESIGN §5):
 * internal token, short timeout, one call per page. A service that is down,
 * slow or failing answers 503 with the French "service unavailable" message, so
 * callers can show their own data with a notice; a 4xx keeps the owner's own
 * French message and issues.
 */
export interface InternalClient {
  get<T>(path: string, opts?: CallOptions): Promise<T>;
  post<T>(path: string, body: unknown, opts?: CallOptions): Promise<T>;
}

export interface CallOptions {
  timeoutMs?: number;
  requestId?: string;
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
