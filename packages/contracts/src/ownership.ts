import { RESOURCES, type Resource } from './resources';
import type { ServiceName } from './services';

/**
 * Which service owns which API resource, derived from RESOURCES (resources.ts, where a segment is
 * declared once). The gateway builds its proxy table from this: `/api/companies/:companyId/<segment>/...` goes to COMPANY_SCOPED[segment],
 * `/api/<segment>/...` to TOP_LEVEL[segment]. `/api/companies/:companyId` itself
 * and `POST /api/companies` belong to the accounting service (the company record).
 */
export const COMPANY_RECORD_OWNER: ServiceName = 'accounting';

const segmentsWhere = (addressed: (r: Resource) => boolean): Record<string, ServiceName> =>
  Object.fromEntries(Object.entries(RESOURCES).flatMap(([segment, r]) => (addressed(r) ? [[segment, r.service]] : [])));

/** Resources addressed under the company: `/api/companies/:companyId/<segment>/...` (from RESOURCES). */
export const COMPANY_SCOPED: Record<string, ServiceName> = segmentsWhere((r) => r.company === true);

/** Resources addressed by their own id, `/api/<segment>/...`; the owning service checks X-Company-Id (from RESOURCES). */
export const TOP_LEVEL: Record<string, ServiceName> = segmentsWhere((r) => r.topLevel === true);
