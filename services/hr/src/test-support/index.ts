// Helpers for the service's integration tests (real Postgres and Redis from the
// Jest global setup; nothing is mocked). Not imported by the service itself.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Employee, EmployeeInput, Role } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';

export const TOKEN = process.env.INTERNAL_TOKEN as string;

/** The headers the gateway sends for a signed-in user of `companyId` (an owner unless `role` says otherwise). */
export const asTenant = (companyId: string, role: Role = 'owner') => ({
  'X-Internal-Token': TOKEN,
  'X-Company-Id': companyId,
  'X-User-Role': role,
  'X-User-Id': randomUUID(),
});

/** A complete employee form (the spec's required fields), with a fresh matricule unless given. */
export const employeeInput = (over: Partial<EmployeeInput> = {}): EmployeeInput => ({
  employeeNumber: `M-${randomUUID().slice(0, 8)}`,
  firstName: 'Awa',
  lastName: 'Ndiaye',
  position: 'Comptable',
  hireDate: '2024-01-15',
  salary: '350000',
  ...over,
});

/** An employee of the company, created through the API. */
export async function createEmployee(service: RunningService, companyId: string, over: Partial<EmployeeInput> = {}): Promise<Employee> {
  return (
    await request(service.app).post(`/api/companies/${companyId}/employees`).set(asTenant(companyId)).send(employeeInput(over)).expect(201)
  ).body as Employee;
}
