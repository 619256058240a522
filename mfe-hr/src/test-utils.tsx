// Fixtures for the HR remote's component tests (jsdom). Not part of the bundle.
// The render and fetch helpers are shared by the remotes, from web-kit.
import type { Employee } from '@xaalis/contracts';
import { COMPANY_ID, testUuid as uuid } from '@xaalis/web-kit/src/testing/app';

export { mockFetch, type FakeResponse, type FetchHandler } from '@xaalis/web-kit/src/testing/fetch';
export { callsTo, company, COMPANY_ID, LocationProbe, renderWithApp, TEST_USER, type RenderOptions } from '@xaalis/web-kit/src/testing/app';

let seq = 0;

export function employee(overrides: Partial<Employee> = {}): Employee {
  seq += 1;
  return {
    id: uuid(700000 + seq),
    employeeNumber: `E${String(seq).padStart(3, '0')}`,
    firstName: 'Moussa',
    lastName: 'Fall',
    position: 'Comptable',
    department: 'Finance',
    hireDate: '2024-03-01',
    salary: '450000.00',
    salaryType: 'monthly',
    bankAccount: null,
    phone: null,
    email: null,
    address: null,
    status: 'active',
    isCadre: false,
    maritalStatus: null,
    children: 0,
    companyId: COMPANY_ID,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
