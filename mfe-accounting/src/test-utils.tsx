// Fixtures for the accounting remote's component tests (jsdom). Not part of the bundle.
// The render and fetch helpers are shared by the remotes, from web-kit.
import type { Account, ThirdParty } from '@xaalis/contracts';
import { COMPANY_ID, testUuid as uuid } from '@xaalis/web-kit/src/testing/app';
import { listPage, thirdPartyRecord } from '@xaalis/web-kit/src/testing/records';

export { mockFetch, type FakeResponse, type FetchHandler } from '@xaalis/web-kit/src/testing/fetch';
export { listPage } from '@xaalis/web-kit/src/testing/records';
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

/** GET …/accounts as the server answers it: one page of `accounts`, the chart counting them. */
export const accountsPage = (accounts: Account[]) => listPage(accounts, { pageSize: 50, counters: { total: accounts.length } });

/** GET …/third-parties as the server answers it: one page of `list`, the counters over it. */
export const thirdPartiesPage = (list: ThirdParty[]) =>
  listPage(list, {
    counters: {
      total: list.length,
      clients: list.filter((t) => t.type !== 'supplier').length,
      suppliers: list.filter((t) => t.type !== 'client').length,
    },
  });
