import type { Capability } from './memberships';
import type { ServiceName } from './services';

/**
 * Every API resource segment, declared once: the service that owns it, where it is addressed, and
 * what a call needs. The gateway's proxy table (ownership.ts), the role rule (memberships.ts:
 * writeCapability, readCapability) and the generated route tests are derived from it.
 */
export interface Resource {
  service: ServiceName;
  /** Addressed as `/api/companies/:companyId/<segment>/...` (the gateway checks the company). */
  company?: true;
  /** Addressed as `/api/<segment>/...` by its own id (the owning service checks the company). */
  topLevel?: true;
  /** What a write needs (any method but GET/HEAD). */
  write: Capability;
  /**
   * Writes whose last path part is one of these need that capability instead (validating,
   * cancelling); null: a write that only reads (an export), every member may make it.
   */
  actions?: Readonly<Record<string, Capability | null>>;
  /** What a read needs; absent: every member reads it. */
  read?: Capability;
}

const accounting = (write: Capability, more: Partial<Resource> = {}): Resource => ({ service: 'accounting', write, ...more });
const sector = (more: Partial<Resource> = {}): Resource => ({ service: 'sector', write: 'documents', company: true, ...more });
const BOTH = { company: true, topLevel: true } as const;

export const RESOURCES: Readonly<Record<string, Resource>> = {
  // accounting: documents a collaborator writes
  invoices: accounting('documents', BOTH),
  'credit-notes': accounting('documents', BOTH),
  quotes: accounting('documents', BOTH),
  'recurring-invoices': accounting('documents', BOTH),
  reminders: accounting('documents', BOTH),
  'reminder-levels': accounting('accounting', { company: true }),
  payments: accounting('documents', BOTH),
  inventory: accounting('documents', BOTH),
  'accounting-entries': accounting('documents', { ...BOTH, actions: { validate: 'accounting', cancel: 'accounting' } }),
  // accounting: the accountant's
  dashboard: accounting('accounting', { company: true }),
  'cash-flow': accounting('accounting', { company: true }),
  'revenue-breakdown': accounting('accounting', { company: true }),
  treasury: accounting('accounting', { company: true }),
  'treasury-accounts': accounting('accounting', { company: true }),
  'treasury-transfers': accounting('accounting', { company: true }),
  reconciliations: accounting('accounting', { company: true }),
  letterings: accounting('accounting', { company: true }),
  'statement-lines': accounting('accounting', { company: true }),
  'statement-rules': accounting('accounting', { company: true }),
  investments: accounting('accounting', BOTH),
  loans: accounting('accounting', BOTH),
  'loan-payments': accounting('accounting', { topLevel: true }),
  'entry-imports': accounting('accounting', { company: true }),
  'audit-events': accounting('accounting', { company: true }),
  'fiscal-years': accounting('accounting', { company: true }),
  'ledger-integrity': accounting('accounting', { company: true }),
  accounts: accounting('accounting', BOTH),
  'third-parties': accounting('accounting', BOTH),
  // Fiscalité: the accountant sets it, every member reads it.
  'tax-settings': accounting('accounting', { company: true }),
  // VAT codes and returns: the accountant declares (reopen included), every member reads.
  'vat-codes': accounting('accounting', { company: true }),
  'vat-returns': accounting('accounting', { company: true }),
  'withholding-statements': accounting('accounting', { company: true }),
  'annual-statements': accounting('accounting', { company: true }),
  'generate-chart': accounting('accounting', { company: true }),
  // Starting an export job reads the ledger: every member may.
  reports: accounting('accounting', { company: true, actions: { exports: null } }),
  'accounting-status': accounting('accounting', { company: true }),
  // hr
  'hr-status': { service: 'hr', write: 'accounting', company: true },
  employees: { service: 'hr', write: 'accounting', ...BOTH },
  // Payroll data is confidential: reading it needs `payroll` too (and so does writing a draft, which shows salaries).
  payrolls: { service: 'hr', write: 'payroll', read: 'payroll', ...BOTH },
  'payroll-settings': { service: 'hr', write: 'accounting', company: true },
  // Payroll declarations, journal and annual statement: as confidential as the payslips they sum.
  'social-declarations': { service: 'hr', write: 'payroll', read: 'payroll', company: true },
  'salary-tax-statements': { service: 'hr', write: 'payroll', read: 'payroll', company: true },
  'payroll-journal': { service: 'hr', write: 'payroll', read: 'payroll', company: true },
  'annual-salary-declarations': { service: 'hr', write: 'payroll', read: 'payroll', company: true },
  // Leave and absences change the payslips: kept with them.
  leaves: { service: 'hr', write: 'payroll', read: 'payroll', company: true },
  // sector modules: documents
  'sector-status': sector({ write: 'accounting' }),
  modules: sector({ write: 'accounting' }),
  recipes: sector({ topLevel: true }),
  menus: sector({ topLevel: true }),
  'restaurant-inventory': sector(),
  'raw-materials': sector(),
  'finished-products': sector(),
  'production-orders': sector({ topLevel: true }),
  rooms: sector({ topLevel: true }),
  reservations: sector({ topLevel: true }),
  projects: sector({ topLevel: true }),
  timesheets: sector({ topLevel: true }),
};

/** The resource of `segment`, own properties only ("constructor" or "__proto__" name nothing). */
export const resourceOf = (segment: string | undefined): Resource | undefined =>
  segment !== undefined && Object.prototype.hasOwnProperty.call(RESOURCES, segment) ? RESOURCES[segment] : undefined;
