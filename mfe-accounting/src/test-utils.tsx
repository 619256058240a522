// Fixtures for the accounting remote's component tests (jsdom). Not part of the bundle.
// The render and fetch helpers are shared by the remotes, from web-kit.
import type { Account, ThirdParty } from '@xaalis/contracts';
import { COMPANY_ID, testUuid as uuid } from '@xaalis/web-kit/src/testing/app';
import { thirdPartyRecord } from '@xaalis/web-kit/src/testing/records';

export { mockFetch, type FakeResponse, type FetchHandler } from '@xaalis/web-kit/src/testing/fetch';
export { callsTo, company, COMPANY_ID, LocationProbe, renderWithApp, TEST_USER, type RenderOptions } from '@xaalis/web-kit/src/testing/app';

let seq = 0;

export function account(code: string, name: string, overrides: Partial<Account> = {}): Account {
  seq += 1;
  return {
    id: uuid(1000 + Number(code)),
    code,
    name,
    type: 'asset',
    category: 'actif',
    level: code.length,
    parentAccountId: null,
    isActive: true,
    companyId: COMPANY_ID,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function thirdParty(name: string, overrides: Partial<ThirdParty> = {}): ThirdParty {
  seq += 1;
  return thirdPartyRecord(uuid(500000 + seq), name, overrides);
}
