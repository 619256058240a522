import {
  HEADERS,
  MAX_INTERNAL_IDS,
  serviceUnavailableMessage,
  type Company,
  type CompanyCreateInput,
  type CompanySummary,
  type PortfolioFigures,
} from '@xaalis/contracts';
import { HttpError } from '@xaalis/service-kit';

export interface AccountingClient {
  /** Creates the company (with the id chosen by the caller) through the internal route. */
  createCompany(input: CompanyCreateInput, requestId?: string): Promise<Company>;
  /** Compensation when the caller could not commit its side. */
  deleteCompany(id: string, requestId?: string): Promise<void>;
  /** The company record, read as its own user would. */
  getCompany(id: string, userId: string, requestId?: string): Promise<Company>;
  /** Names and sectors of several companies (the switcher, invitations): one call per MAX_INTERNAL_IDS ids, in parallel. */
  listCompanies(ids: string[], requestId?: string): Promise<CompanySummary[]>;
  /** The portfolio figures of several companies: one call per MAX_INTERNAL_IDS ids, in parallel. */
  portfolio(ids: string[], requestId?: string, minLsn?: string): Promise<PortfolioFigures[]>;
}

const UNAVAILABLE = () => new HttpError(503, serviceUnavailableMessage('accounting'));

/**
 * `read` over `ids` in chunks of at most MAX_INTERNAL_IDS (what an internal route takes), all at
 * once, results in the order of the ids: a user in 500 companies costs three parallel calls.
 */
export async function inChunks<T>(ids: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += MAX_INTERNAL_IDS) chunks.push(ids.slice(i, i + MAX_INTERNAL_IDS));
  return (await Promise.all(chunks.map(read))).flat();
}

/** Gateway → accounting calls over HTTP with the shared internal token. */
export function createAccountingClient(baseUrl: string, internalToken: string): AccountingClient {
  async function call(
    method: string,
    path: string,
    opts: { body?: unknown; headers?: Record<string, string>; timeoutMs: number },
  ): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          [HEADERS.internalToken]: internalToken,
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch {
      throw UNAVAILABLE(); // refused, reset or timed out
    }
    if (res.ok) return res.status === 204 ? null : ((await res.json()) as unknown);
    if (res.status >= 500) throw UNAVAILABLE();
    // 4xx: the service's own French message (e.g. a company field it refuses) goes to the user.
    const body = (await res.json().catch(() => ({}))) as { message?: string; issues?: { path: string; message: string }[] };
    throw new HttpError(res.status, body.message ?? serviceUnavailableMessage('accounting'), body.issues);
  }
  const rid = (requestId?: string): Record<string, string> => (requestId ? { [HEADERS.requestId]: requestId } : {});
  return {
    createCompany: (input, requestId) =>
      call('POST', '/internal/companies', { body: input, headers: rid(requestId), timeoutMs: 10_000 }) as Promise<Company>,
    deleteCompany: async (id, requestId) => {
      await call('DELETE', `/internal/companies/${encodeURIComponent(id)}`, { headers: rid(requestId), timeoutMs: 5_000 });
    },
    getCompany: (id, userId, requestId) =>
      call('GET', `/api/companies/${encodeURIComponent(id)}`, {
        headers: { [HEADERS.companyId]: id, [HEADERS.userId]: userId, ...rid(requestId) },
        timeoutMs: 1_500,
      }) as Promise<Company>,
    listCompanies: (ids, requestId) =>
      inChunks(
        ids,
        async (chunk) =>
          (await call('GET', `/internal/companies?ids=${chunk.map(encodeURIComponent).join(',')}`, {
            headers: rid(requestId),
            timeoutMs: 1_500,
          })) as CompanySummary[],
      ),
    portfolio: (ids, requestId, minLsn) =>
      inChunks(
        ids,
        async (chunk) =>
          (await call('GET', `/internal/portfolio?companies=${chunk.map(encodeURIComponent).join(',')}`, {
            // The session's last write position: the figures include its writes (read replica).
            headers: { ...rid(requestId), ...(minLsn ? { [HEADERS.minLsn]: minLsn } : {}) },
            timeoutMs: 5_000,
          })) as PortfolioFigures[],
      ),
  };
}
