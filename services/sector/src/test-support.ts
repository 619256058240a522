// Helpers for the service's integration tests (real Postgres and Redis from the
// Jest global setup; nothing is mocked). Not imported by the service itself.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { SectorModule } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';

export const TOKEN = process.env.INTERNAL_TOKEN as string;

/** The headers the gateway sends for a signed-in user of `companyId`. */
export const asTenant = (companyId: string) => ({ 'X-Internal-Token': TOKEN, 'X-Company-Id': companyId, 'X-User-Id': randomUUID() });

/** Switches these modules on for the company (its saved choice: the gate then needs no accounting service). */
export async function enableModules(service: RunningService, companyId: string, modules: SectorModule[]): Promise<void> {
  await request(service.app).put(`/api/companies/${companyId}/modules`).set(asTenant(companyId)).send({ modules }).expect(200);
}
