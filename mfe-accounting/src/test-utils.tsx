// Fixtures for the accounting remote's component tests (jsdom). Not part of the bundle.
// The render and fetch helpers are shared by the remotes, from web-kit.
import { DEFAULT_VAT_CODES, VAT_ACCOUNTS, type Account, type InventoryItem, type ThirdParty, type VatCode } from '@xaalis/contracts';
import { stockTiles } from './features/inventory/stock';
import { COMPANY_ID, testUuid as uuid } from '@xaalis/web-kit/src/testing/app';
import type { FetchHandler } from '@xaalis/web-kit/src/testing/fetch';
import { thirdPartyRecord } from '@xaalis/web-kit/src/testing/records';

export { mockFetch, type FakeResponse, type FetchHandler } from '@xaalis/web-kit/src/testing/fetch';
export { listPage } from '@xaalis/web-kit/src/testing/records';
export {
  autocompleteOptions,
  callsTo,
  chooseAutocomplete,
  company,
  COMPANY_ID,
  LocationProbe,
  renderWithApp,
  TEST_USER,
  type RenderOptions,
} from '@xaalis/web-kit/src/testing/app';

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

/** The VAT codes every company starts with (TVA18, TVA10, EXPORT, EXO, HORS), as GET …/vat-codes lists them. */
export const VAT_CODES: VatCode[] = DEFAULT_VAT_CODES.map((c, i) => ({
  ...c,
  id: uuid(900001 + i),
  collectedAccount: VAT_ACCOUNTS.collected,
  deductibleAccount: VAT_ACCOUNTS.deductibleGoods,
  fixedAssetsAccount: VAT_ACCOUNTS.deductibleAssets,
}));

/** The default VAT code `code` ('TVA18', 'EXO'...). */
export const vatCodeOf = (code: string): VatCode => VAT_CODES.find((c) => c.code === code)!;

/** A page of `matching` as the server cuts it (`page`, `pageSize` from the query; `fallbackSize` when absent). */
function pageOf<T>(matching: T[], q: URLSearchParams, fallbackSize: number) {
  const page = Number(q.get('page') ?? 1);
  const pageSize = Number(q.get('pageSize') ?? fallbackSize);
  return { items: matching.slice((page - 1) * pageSize, page * pageSize), page, pageSize, totalItems: matching.length };
}

const queryOf = (url: string) => new URL(url, 'http://localhost').searchParams;

/** GET …/accounts answered like the server: `search` (code starts, name contains), `prefix`, `type`, `active`, `id`, pages. */
export const accountsRoute =
  (accounts: Account[]): FetchHandler =>
  (_init, url) => {
    const q = queryOf(url);
    const search = q.get('search')?.toLowerCase();
    const prefixes = q.get('prefix')?.split(',');
    const matching = [...accounts]
      .sort((a, b) => a.code.localeCompare(b.code))
      .filter(
        (a) =>
          (!search || a.code.startsWith(search) || a.name.toLowerCase().includes(search)) &&
          (!prefixes || prefixes.some((p) => a.code.startsWith(p))) &&
          (!q.get('type') || a.type === q.get('type')) &&
          (q.get('active') !== 'true' || a.isActive) &&
          (!q.get('id') || a.id === q.get('id')),
      );
    return { body: { ...pageOf(matching, q, 50), counters: { total: accounts.length } } };
  };

/** GET …/third-parties answered like the server: `search` (name or code), `type`, `role`, `id`, pages, counters. */
export const thirdPartiesRoute =
  (list: ThirdParty[]): FetchHandler =>
  (_init, url) => {
    const q = queryOf(url);
    const search = q.get('search')?.toLowerCase();
    const role = q.get('role');
    const matching = [...list]
      .sort((a, b) => a.name.localeCompare(b.name))
      .filter(
        (t) =>
          (!search || t.name.toLowerCase().includes(search) || (t.code ?? '').toLowerCase().includes(search)) &&
          (!q.get('type') || t.type === q.get('type')) &&
          (!role || t.type === role || t.type === 'both') &&
          (!q.get('id') || t.id === q.get('id')),
      );
    const counters = {
      total: list.length,
      clients: list.filter((t) => t.type !== 'supplier').length,
      suppliers: list.filter((t) => t.type !== 'client').length,
    };
    return { body: { ...pageOf(matching, q, 25), counters } };
  };

/** GET …/inventory answered like the server: `search` (name), `category`, `id`, pages, the four tiles over every item. */
export const inventoryRoute =
  (items: InventoryItem[] | (() => InventoryItem[])): FetchHandler =>
  (_init, url) => {
    const all = typeof items === 'function' ? items() : items;
    const q = queryOf(url);
    const search = q.get('search')?.toLowerCase();
    const matching = [...all]
      .sort((a, b) => a.name.localeCompare(b.name))
      .filter(
        (i) =>
          (!search || i.name.toLowerCase().includes(search)) &&
          (!q.get('category') || i.category === q.get('category')) &&
          (!q.get('id') || i.id === q.get('id')),
      );
    return { body: { ...pageOf(matching, q, 25), counters: stockTiles(all) } };
  };
