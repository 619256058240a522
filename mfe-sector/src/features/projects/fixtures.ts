// Test data of the projects feature (component tests only; not imported by the pages).
import type { Employee, Project, ThirdParty, Timesheet } from '@xaalis/contracts';
import { employeeRecord, STAMPS, thirdPartyRecord } from '@xaalis/web-kit/src/testing/records';
import { testUuid } from '../../test-utils';

let seq = 0;
const nextId = () => {
  seq += 1;
  return testUuid(900000 + seq);
};

export function client(name: string, overrides: Partial<ThirdParty> = {}): ThirdParty {
  return thirdPartyRecord(nextId(), name, { type: 'client', ...overrides });
}

export function employee(firstName: string, lastName: string, overrides: Partial<Employee> = {}): Employee {
  const id = nextId();
  return employeeRecord(id, `M${seq}`, {
    firstName,
    lastName,
    position: 'Consultant',
    department: null,
    hireDate: '2025-01-01',
    salary: '300000.00',
    ...overrides,
  });
}

export function project(name: string, clientParty: ThirdParty | null, overrides: Partial<Project> = {}): Project {
  const clientId = clientParty?.id ?? nextId();
  return {
    id: nextId(),
    name,
    description: null,
    clientId,
    client: { id: clientId, name: clientParty?.name ?? null },
    startDate: '2026-02-01',
    endDate: null,
    budget: '1000000.00',
    hourlyRate: '10000.00',
    status: 'active',
    totalCost: '0.00',
    totalHours: '0.00',
    unbilledHours: '0.00',
    unbilledCost: '0.00',
    progress: '0.0',
    billingPending: false,
    ...STAMPS,
    ...overrides,
  };
}

export function timesheet(who: Employee | null, onProject: Project | null, overrides: Partial<Timesheet> = {}): Timesheet {
  const employeeId = who?.id ?? nextId();
  return {
    id: nextId(),
    employeeId,
    employee: {
      id: employeeId,
      firstName: who?.firstName ?? null,
      lastName: who?.lastName ?? null,
      position: who?.position ?? null,
    },
    projectId: onProject?.id ?? null,
    project: onProject ? { id: onProject.id, name: onProject.name } : null,
    date: '2026-02-10',
    startTime: '08:00',
    endTime: '17:00',
    breakTime: 60,
    hoursWorked: '8.00',
    description: null,
    hourlyRate: '10000.00',
    totalCost: '80000.00',
    status: 'pending',
    invoiceId: null,
    invoiceNumber: null,
    ...STAMPS,
    ...overrides,
  };
}
