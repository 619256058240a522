import type { TreasuryAccountList } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyUrl } from '@xaalis/web-kit';

// The treasury accounts, read by two features: the treasury page (its cards, the transfer and
// create-entry dialogs) and the payment dialog (the account a payment goes through). It sits below
// both so that payments does not import treasury, which imports payments (the dialog on its page).

/** The tag every treasury write invalidates (treasury/api.ts). */
export const TREASURY_ACCOUNTS_TAG = { type: 'Treasury' as const, id: 'ACCOUNTS' };

/** The treasury accounts a company has: a handful, read at once. */
export const TREASURY_ACCOUNTS_PAGE_SIZE = 50;

/** GET /api/companies/:id/treasury-accounts?pageSize=50: defaults first, then by kind and creation. */
export const treasuryAccountListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listTreasuryAccounts: build.query<TreasuryAccountList, string>({
      query: (companyId) => ({ url: companyUrl(companyId, '/treasury-accounts'), params: { pageSize: TREASURY_ACCOUNTS_PAGE_SIZE } }),
      providesTags: [TREASURY_ACCOUNTS_TAG, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useListTreasuryAccountsQuery } = treasuryAccountListApi;
