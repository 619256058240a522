// Fixtures for the HR remote's component tests (jsdom). Not part of the bundle.
// The render and fetch helpers are shared by the remotes, from web-kit.
import type { Employee } from '@xaalis/contracts';
import { testUuid as uuid } from '@xaalis/web-kit/src/testing/app';
import { employeeRecord } from '@xaalis/web-kit/src/testing/records';

export { mockFetch, type FakeResponse, type FetchHandler } from '@xaalis/web-kit/src/testing/fetch';
export { callsTo, company, COMPANY_ID, LocationProbe, renderWithApp, TEST_USER, type RenderOptions } from '@xaalis/web-kit/src/testing/app';

let seq = 0;

export function employee(overrides: Partial<Employee> = {}): Employee {
  seq += 1;
  return employeeRecord(uuid(700000 + seq), `E${String(seq).padStart(3, '0')}`, overrides);
}
