// Records of the test company shared by the remotes' fixtures (component tests only; not
// exported from the package index, so they never reach a bundle).
import type { Employee, ThirdParty } from '@xaalis/contracts';
import { COMPANY_ID } from './app';

/** The company and timestamps every record of the test company carries. */
export const STAMPS = { companyId: COMPANY_ID, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

/** A supplier of the test company (30 days' terms, no contact details), with `overrides` changed. */
export function thirdPartyRecord(id: string, name: string, overrides: Partial<ThirdParty> = {}): ThirdParty {
  return {
    id,
    type: 'supplier',
    name,
    code: null,
    address: null,
    phone: null,
    email: null,
    taxNumber: null,
    ninea: null,
    withholdingRate: null,
    paymentTerms: 30,
    ...STAMPS,
    ...overrides,
  };
}

/** An active, monthly-paid employee of the test company (Moussa Fall, accountant; no contact details), with `overrides` changed. */
export function employeeRecord(id: string, employeeNumber: string, overrides: Partial<Employee> = {}): Employee {
  return {
    id,
    employeeNumber,
    firstName: 'Moussa',
    lastName: 'Fall',
    position: 'Comptable',
    department: 'Finance',
    hireDate: '2024-03-01',
    salary: '450000.00',
    salaryType: 'monthly',
    bankAccount: null,
    ipresNumber: null,
    cssNumber: null,
    phone: null,
    email: null,
    address: null,
    status: 'active',
    isCadre: false,
    maritalStatus: null,
    children: 0,
    ...STAMPS,
    ...overrides,
  };
}

/** A first page (25 a page) of a paged list holding `items`, with `extra` (counters…) added or changed. */
export function listPage<T, E extends object>(
  items: T[],
  extra: E,
): { items: T[]; page: number; pageSize: number; totalItems: number } & E {
  return { items, page: 1, pageSize: 25, totalItems: items.length, ...extra };
}
