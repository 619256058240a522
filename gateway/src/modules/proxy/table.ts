import { COMPANY_RECORD_OWNER, COMPANY_SCOPED, TOP_LEVEL, type ServiceName } from '@xaalis/contracts';

export interface ProxyRoute {
  service: ServiceName;
  /** Set for `/api/companies/:companyId[/...]`: must be the session's company. */
  companyId?: string;
  /** `/api/companies/:companyId` itself (the company record). */
  companyRecord?: boolean;
}

/**
 * Which service answers an `/api/...` path, from the ownership table in
 * contracts (the single source of truth). `path` is the URL path without the
 * query string. null: no service owns it (404).
 */
export function resolveRoute(path: string): ProxyRoute | null {
  if (!path.startsWith('/api/')) return null;
  const segments = path.slice('/api/'.length).split('/');
  if (segments[segments.length - 1] === '') segments.pop(); // trailing slash
  // Dot segments could be normalised differently further down: refuse them.
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /%2e|%2f|%5c/i.test(s))) return null;
  const [first, companyId, resource] = segments;
  if (first === 'companies') {
    if (!companyId) return null;
    if (!resource) return { service: COMPANY_RECORD_OWNER, companyId, companyRecord: true };
    const service = own(COMPANY_SCOPED, resource);
    return service ? { service, companyId } : null;
  }
  const service = own(TOP_LEVEL, first);
  return service ? { service } : null;
}

// Own properties only: "constructor" or "__proto__" must not resolve to anything.
const own = (table: Record<string, ServiceName>, key: string): ServiceName | undefined =>
  Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
