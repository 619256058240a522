import type { ServiceName } from './services';

/**
 * Which service owns which API resource. The gateway builds its proxy table from
 * this: `/api/companies/:companyId/<segment>/...` goes to COMPANY_SCOPED[segment],
 * `/api/<segment>/...` to TOP_LEVEL[segment]. `/api/companies/:companyId` itself
 * and `POST /api/companies` belong to the accounting service (the company record).
 */
export const COMPANY_RECORD_OWNER: ServiceName = 'accounting';

export const COMPANY_SCOPED: Record<string, ServiceName> = {
  dashboard: 'accounting',
  'cash-flow': 'accounting',
  'revenue-breakdown': 'accounting',
  invoices: 'accounting',
  payments: 'accounting',
  inventory: 'accounting',
  treasury: 'accounting',
  investments: 'accounting',
  loans: 'accounting',
  'accounting-entries': 'accounting',
  'entry-imports': 'accounting',
  'audit-events': 'accounting',
  'fiscal-years': 'accounting',
  'ledger-integrity': 'accounting',
  accounts: 'accounting',
  'third-parties': 'accounting',
  'generate-chart': 'accounting',
  reports: 'accounting',
  jobs: 'accounting',
  'accounting-status': 'accounting',
  'hr-status': 'hr',
  'sector-status': 'sector',
  employees: 'hr',
  payrolls: 'hr',
  'payroll-settings': 'hr',
  recipes: 'sector',
  menus: 'sector',
  'restaurant-inventory': 'sector',
  'raw-materials': 'sector',
  'finished-products': 'sector',
  'production-orders': 'sector',
  rooms: 'sector',
  reservations: 'sector',
  projects: 'sector',
  timesheets: 'sector',
  modules: 'sector',
};

/** Resources addressed by their own id; the owning service checks X-Company-Id. */
export const TOP_LEVEL: Record<string, ServiceName> = {
  'accounting-entries': 'accounting',
  invoices: 'accounting',
  payments: 'accounting',
  investments: 'accounting',
  loans: 'accounting',
  'loan-payments': 'accounting',
  accounts: 'accounting',
  'third-parties': 'accounting',
  inventory: 'accounting',
  employees: 'hr',
  payrolls: 'hr',
  recipes: 'sector',
  menus: 'sector',
  rooms: 'sector',
  reservations: 'sector',
  projects: 'sector',
  timesheets: 'sector',
  'production-orders': 'sector',
};
